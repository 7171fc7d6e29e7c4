"""The fuzzer: random legal play of every game, player count and variant, checking everything.

One *case* is a game, a player count, a variant (options), a seed and the seats an AI plays.
:func:`run_case` plays it to the end and stops at the first fault:

- an exception from ``active()``, ``legal()``, ``format()``/``parse()`` or from ``apply()`` of a
  move ``legal()`` offered (a ``RuleError`` there too: the engine refused its own move);
- a dead end (a seat is active with no legal move, nobody is active before the end, or
  somebody is active after it) or no end within ``max_moves``;
- a broken invariant (``Game.check_invariants`` plus :data:`EXTRA_CHECKS`);
- ``load(dump(s)) != s``, a view that is not JSON, ``parse(format(a)) != a``;
- mistyped notation (:func:`mutants`) that makes ``parse()`` or ``apply()`` raise anything
  but a ``RuleError``, or a refused move that changed the state;
- a hidden item (``Game.hidden_items``) missing from its owner's view or present in the
  public view or another seat's view; a text that the owner's view shows only within its
  hidden things (a card's wording) found in another view, even inside a longer text (a log
  line); anything of the hidden state (``Game.secret_items``: a draw pile) in any view;
- a replay of the same seed and moves that is not byte-identical to the game played.

The chosen move's notation round trip is checked on every move; the costlier checks (all
legal moves' notation, dump/load, invariants, every seat's view) every ``stride`` moves and
after the last. A failing case is written as a replayable export (the service's export
format, so ``rheinbot replay`` loads it) with the fault under ``"fuzz"``.
"""

from __future__ import annotations

import itertools
import json
import re
import traceback
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core import Game, RuleError, State, new_rng, rng_below
from engine.text import LANGUAGES, say

DEFAULT_MAX_MOVES = 20_000  # the longest random games are ~1,000 moves (18Rhl, 5 players)


# == what the engines do not check themselves =================================================
def _rhl18_money(state: State) -> list[str]:
    """18Rhl: the bank, the players and the corporations hold 9000 between them, always
    (the bank may go below zero once it breaks; the total stays)."""
    total = state["bank"] + sum(state["cash"]) + sum(c["cash"] for c in state["corps"].values())
    return [] if total == 9000 else [f"money is {total}, not 9000"]


# Checks kept here for games whose package this module does not own (18Rhl is being finished
# elsewhere); they run in addition to ``Game.check_invariants``.
EXTRA_CHECKS: dict[str, Callable[[State], list[str]]] = {"18rhl": _rhl18_money}


class Fault(Exception):
    """One fuzzing failure: ``stage`` names the check, the message says what broke."""

    def __init__(self, stage: str, message: str, move: tuple[int, str] | None = None) -> None:
        super().__init__(f"{stage}: {message}")
        self.stage = stage
        self.move = move  # the move being tried when it broke, if any


@dataclass(frozen=True)
class Case:
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    ai_seats: tuple[int, ...] = ()

    def describe(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in sorted(self.options.items())) or "base"
        ai = f" ai={list(self.ai_seats)}" if self.ai_seats else ""
        return f"{self.game} {self.players}p [{opts}] seed {self.seed}{ai}"


@dataclass
class Outcome:
    case: Case
    moves: list[tuple[int, str]] = field(default_factory=list)
    finished: bool = False
    fault: str | None = None
    stage: str | None = None
    failing_move: tuple[int, str] | None = None
    trace: str = ""
    checks: int = 0  # full-state check rounds done (dump/load, invariants, views)
    export: str | None = None

    @property
    def ok(self) -> bool:
        return self.fault is None


# == cases ====================================================================================
def variants(game: Game) -> list[dict[str, Any]]:
    """The base game, each option away from its default alone, then all of them together
    (skipped when the rules forbid the combination)."""
    singles: list[dict[str, Any]] = []
    for option in game.options:
        if option.type == "bool":
            singles.append({option.name: not option.default})
        elif option.type == "choice":
            singles += [{option.name: c} for c in option.choices if c != option.default]
    found = [{}] + singles
    together: dict[str, Any] = {}
    for single in singles:
        together.update(single)
    if len(singles) > 1 and len(together) == len(singles) and _valid(game, together):
        found.append(together)
    return [v for v in found if _valid(game, v)]


def _valid(game: Game, options: dict[str, Any]) -> bool:
    try:
        game.setup(game.min_players, options, 0)
    except RuleError:
        return False
    return True


def cases(games: Mapping[str, Game], keys: Iterable[str], per_count: int,
          first_seed: int = 0) -> Iterator[Case]:
    """``per_count`` cases per game and player count (see :func:`game_cases`)."""
    for key in keys:
        game = games[key]
        counts = game.max_players - game.min_players + 1
        yield from game_cases(game, key, per_count * counts, first_seed)


def game_cases(game: Game, key: str, total: int, first_seed: int = 0) -> Iterator[Case]:
    """``total`` cases of one game: player counts in turn, then the variants in turn, seeds
    counting up from ``first_seed``; every third round gives some seats (picked by the
    seed) to the AI."""
    options = variants(game)
    counts = list(range(game.min_players, game.max_players + 1))
    for index in range(total):
        players, turn = counts[index % len(counts)], index // len(counts)
        seed = first_seed + turn
        ai: tuple[int, ...] = ()
        if turn % 3 == 2:
            pick = new_rng(seed * 7919 + players)
            ai = tuple(s for s in range(players) if rng_below(pick, 2))
        yield Case(key, players, options[turn % len(options)], seed, ai)


# == one game =================================================================================
def run_case(game: Game, case: Case, stride: int = 1, max_moves: int = DEFAULT_MAX_MOVES,
             stop_after: int | None = None, bad_input: bool = True) -> Outcome:
    """Play ``case`` to the end (or only its first ``stop_after`` moves, checked the same
    way, for quick runs); the outcome says how far it got and the first fault.
    ``bad_input=False`` skips the mistyped-notation check (for an engine with a known fault
    there, so its other checks keep running)."""
    outcome = Outcome(case)
    try:
        _play(game, case, outcome, max(1, stride), max_moves, stop_after, bad_input)
    except Fault as fault:
        outcome.fault, outcome.stage, outcome.failing_move = str(fault), fault.stage, fault.move
        outcome.trace = traceback.format_exc(limit=-6)
    return outcome


def _call(stage: str, function: Callable[..., Any], *args: Any,
          move: tuple[int, str] | None = None) -> Any:
    """Run one engine call; any exception becomes a Fault naming the stage."""
    try:
        return function(*args)
    except Fault:
        raise
    except Exception as error:
        raise Fault(stage, f"{type(error).__name__}: {error}", move) from error


def _play(game: Game, case: Case, outcome: Outcome, stride: int, max_moves: int,
          stop_after: int | None, bad_input: bool) -> None:
    state = _call("setup", game.setup, case.players, dict(case.options), case.seed)
    chooser = new_rng(case.seed ^ 0xF022)
    noise = new_rng(case.seed ^ 0xBAD)  # its own stream: bad input never changes the game
    full_check(game, case, state)
    outcome.checks += 1
    for count in range(max_moves + 1):
        over = _call("result", game.result, state) is not None
        active = _call("active", game.active, state)
        if over:
            if active:
                raise Fault("dead end", f"the game is over but seats {active} are active")
            _check_notes(game, state)
            outcome.finished = True
            break
        if count == stop_after:
            break
        if count == max_moves:
            raise Fault("no end", f"the game did not end within {max_moves} moves")
        if not active:
            raise Fault("dead end", f"nobody is active after {count} moves")
        seat = active[rng_below(chooser, len(active))]
        moves = _call("legal", game.legal, state, seat)
        if not moves:
            raise Fault("dead end", f"seat {seat} is active but has no legal move")
        if count % stride == 0:
            _check_notation(game, state, seat, moves)
            if bad_input:
                _check_bad_input(game, state, seat, moves, noise, case.players)
        action = _choose(game, case, state, seat, moves, chooser, count)
        text = _call("format", game.format, state, action)
        parsed = _call("parse", game.parse, state, seat, text, move=(seat, text))
        if parsed != action:
            raise Fault("notation", f"parse(format(a)) != a for {text!r}", (seat, text))
        _call("apply", game.apply, state, seat, action, move=(seat, text))
        outcome.moves.append((seat, text))
        if count % stride == stride - 1:
            full_check(game, case, state)
            outcome.checks += 1
    full_check(game, case, state)
    outcome.checks += 1
    check_replay(game, case, outcome.moves, game.dump(state))


def _check_notes(game: Game, state: State) -> None:
    """Every final score's note (the result post's "how it came about") says itself in every
    language, whatever way the game ended (a bankruptcy, a total damage)."""
    for standing in _call("result", game.result, state):
        note = _call("score_note", game.score_note, state, standing)
        for lang in LANGUAGES:
            said = _call("score_note", say, note, lang) if note is not None else ""
            if "{" in said:
                raise Fault("score_note", f"seat {standing.seat}'s note left a blank: {said}")


def _choose(game: Game, case: Case, state: State, seat: int, moves: list,
            chooser: dict[str, int], count: int) -> Any:
    if seat in case.ai_seats:
        return _call("ai", ai_move, game, state, seat, case.seed, count)
    return moves[rng_below(chooser, len(moves))]


def ai_move(game: Game, state: State, seat: int, seed: int, version: int) -> Any:
    """An AI seat's move, seeded exactly as the bot seeds its AI seats (from the game seed,
    the state version and the seat), drawn uniformly from the legal moves: the ``easy`` AI
    now steers clear of ruinous moves, and the fuzzer must keep trying every move."""
    from engine import ai

    return ai.uniform(game, state, seat, ai.move_seed(seed, version, seat))


def _check_notation(game: Game, state: State, seat: int, moves: list) -> None:
    """Every legal move's notation parses back to it, and no two moves share one."""
    seen: dict[str, Any] = {}
    for action in moves:
        text = _call("format", game.format, state, action)
        if text in seen:
            raise Fault("notation", f"{text!r} names two legal moves", (seat, text))
        seen[text] = action
        parsed = _call("parse", game.parse, state, seat, text, move=(seat, text))
        if parsed != action:
            raise Fault("notation", f"parse(format(a)) != a for {text!r}", (seat, text))


def mutants(text: str, rng: dict[str, int]) -> list[str]:
    """Near misses of a move's notation, as a player might mistype or a client might send."""
    words = text.split()
    cut = rng_below(rng, len(words)) if words else 0
    return [
        text.upper(), f"  {text}\t\n", text + " " + (words[-1] if words else "1"),
        " ".join(words[:cut] + words[cut + 1:]), " ".join(reversed(words)), text[:len(text) // 2],
        text.replace("1", "\u00b2"), text.replace("1", "\u0661"), text.replace("2", "9" * 25),
        text.replace("1", "-1"), text.replace("1", "1.5"), text.replace(" ", ""),
        text.replace("e", "\u00e9"), text + " " + text, "x " + text, text.replace("0", "00"),
    ]


def _check_bad_input(game: Game, state: State, seat: int, moves: list, rng: dict[str, int],
                     players: int) -> None:
    """Mistyped notation parses to an action or a RuleError; an action parsed from it either
    applies or is refused with a RuleError that leaves the state as it was."""
    text = _call("format", game.format, state, moves[rng_below(rng, len(moves))])
    variants = mutants(text, rng)
    for _ in range(4):
        typed = variants[rng_below(rng, len(variants))]
        who = seat if rng_below(rng, 3) else (seat + 1) % players
        try:
            action = game.parse(state, who, typed)
        except RuleError:
            continue
        except Exception as error:
            raise Fault("bad input", f"parse({typed!r}) raised {type(error).__name__}: "
                        f"{error}", (who, typed)) from error
        work, before = game.load(game.dump(state)), game.dump(state)
        try:
            game.apply(work, who, action)
        except RuleError:
            if game.dump(work) != before:
                raise Fault("bad input", f"a refused {typed!r} changed the state",
                            (who, typed)) from None
        except Exception as error:
            raise Fault("bad input", f"apply of parsed {typed!r} raised "
                        f"{type(error).__name__}: {error}", (who, typed)) from error


def full_check(game: Game, case: Case, state: State) -> None:
    """dump/load, invariants, JSON views and hidden items of one state."""
    dumped = _call("dump", game.dump, state)
    if _call("load", game.load, dumped) != state:
        raise Fault("dump/load", "load(dump(s)) != s")
    problems = list(_call("invariants", game.check_invariants, state))
    extra = EXTRA_CHECKS.get(case.game)
    if extra is not None:
        problems += _call("invariants", extra, state)
    if problems:
        raise Fault("invariant", "; ".join(problems))
    views = {seat: _call("view", game.view, state, seat) for seat in range(case.players)}
    views[None] = _call("view", game.view, state, None)
    for seat, view in views.items():
        try:
            json.dumps(view)
        except (TypeError, ValueError) as error:
            raise Fault("view", f"view for {seat} is not JSON: {error}") from error
    check_hidden(_call("hidden_items", game.hidden_items, state), views,
                 _call("secret_items", game.secret_items, state))


def check_hidden(hidden: Mapping[int, list], views: Mapping[int | None, Any],
                 secret: Iterable[Any] = ()) -> None:
    """Each seat's hidden items are in its own view and in no other view; no view holds a
    secret item (the hidden state); and no view holds a text that only another seat's view
    shows, within that seat's hidden things (:func:`private_texts`): a hand card's wording
    in a log line leaks the card as surely as the card itself.

    An item a viewer also holds among its own secrets (two players with 0 coins) proves
    nothing in that viewer's view, so it is only looked for in the others."""
    indexed = {seat: _Index(view) for seat, view in views.items()}

    def who(seat: int | None) -> str:
        return "the public view" if seat is None else f"seat {seat}'s view"

    for owner, items in hidden.items():
        for item in items:
            if not indexed[owner].holds(item):
                raise Fault("hidden", f"seat {owner}'s hidden {item!r} is not in its own view")
            for seat, index in indexed.items():
                if seat == owner or (seat is not None and item in hidden.get(seat, ())):
                    continue
                if index.holds(item):
                    raise Fault("hidden", f"seat {owner}'s hidden {item!r} is in {who(seat)}")
    for item in secret:
        for seat, index in indexed.items():
            if index.holds(item, within=True):
                raise Fault("hidden", f"the hidden state's {item!r} is in {who(seat)}")
    texts = {seat: private_texts(indexed[seat], hidden.get(seat, ())) for seat in hidden}
    for owner, marks in texts.items():
        for seat, index in indexed.items():
            if seat == owner:
                continue
            own = texts.get(seat, set()) if seat is not None else set()
            for mark in sorted(marks - own):
                if index.holds(mark, within=True):
                    raise Fault("hidden", f"seat {owner}'s hidden text {mark!r} is in "
                                f"{who(seat)}")


def private_texts(index: _Index, items: Iterable[Any]) -> set[str]:
    """The texts an owner's view shows only within the dicts that are its hidden items (a
    hand card's ``"text"``), found without asking the game how it words things.

    Only a dict that stands for the item counts: not the view itself (its top level may
    hold ``{"coins": 3}`` beside everything else), holding each of the item's values itself
    (not in a list: ``{"hand": [...]}`` holds a whole hand) and no dict inside (a card, a
    payment). Only texts with a digit count: a bare word ("feed", "anvil") names a kind of
    thing that others may well hold too, not one hidden thing."""
    inside: Counter[str] = Counter()
    seen: set[int] = set()
    for item in items:
        if not isinstance(item, dict):
            continue
        for number in index.matching(item):
            node = index.dicts[number]
            if number in seen or number == 0 or any(isinstance(v, dict) for v in node.values()):
                continue
            if all(type(node[key]) is type(value) and node[key] == value
                   for key, value in item.items()):
                seen.add(number)
                inside.update(_strings(node))
    return {text for text, count in inside.items()
            if index.counts[text] <= count and any(ch.isdigit() for ch in text)}


def _strings(node: Any) -> list[str]:
    found, stack = [], [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            found.append(item)
    return found


def hidden_in(view: Any, hidden: Mapping[int, list], reader: int | None = None) -> list:
    """The hidden items of seats other than ``reader`` that ``view`` shows (none is right)."""
    index = _Index(view)
    own = hidden.get(reader, []) if reader is not None else []
    return [item for seat, items in hidden.items() if seat != reader
            for item in items if item not in own and index.holds(item)]


class _Index:
    """The strings and dicts of a view, walked once, for hidden-item look-ups.

    Dicts are indexed by (key, type, value) for scalar values and for scalar members of
    list values, so a dict item is a few set intersections instead of a scan."""

    def __init__(self, view: Any) -> None:
        self.counts: Counter[str] = Counter()
        self.dicts: list[dict] = []
        self.pairs: dict[tuple[str, type, Any], set[int]] = {}
        stack = [view]  # the view itself, if a dict, is dict number 0
        while stack:
            node = stack.pop()
            if isinstance(node, dict):
                self._add(node)
                stack.extend(node.values())
            elif isinstance(node, list):
                stack.extend(node)
            elif isinstance(node, str):
                self.counts[node] += 1
        self.strings = set(self.counts)
        self._text: str | None = None

    def within(self, text: str) -> bool:
        """``text`` inside some string of the view, not as part of a longer word or number
        ("#3 ferry" is not within "#13 ferry")."""
        if self._text is None:
            self._text = "\x00".join(self.strings)
        if text not in self._text:
            return False
        pattern = (r"(?<![\w#])" if text[:1].isalnum() or text[:1] == "#" else "") + \
            re.escape(text) + (r"(?!\w)" if text[-1:].isalnum() else "")
        return re.search(pattern, self._text) is not None

    def _add(self, node: dict) -> None:
        number = len(self.dicts)
        self.dicts.append(node)
        for key, value in node.items():
            for member in value if isinstance(value, list) else [value]:
                if isinstance(member, _SCALARS):
                    self.pairs.setdefault((key, type(member), member), set()).add(number)

    def holds(self, item: Any, within: bool = False) -> bool:
        """Whether the view holds ``item``; ``within``: a string item inside a longer text
        counts too."""
        if isinstance(item, str):
            return self.within(item) if within else item in self.strings
        if not isinstance(item, dict):
            raise TypeError(f"hidden items are strings or dicts, not {item!r}")
        return bool(self.matching(item, first=True))

    def matching(self, item: dict, first: bool = False) -> list[int]:
        """The numbers of the view's dicts that hold ``item`` (``first``: stop at one)."""
        found: set[int] | None = None
        for key, value in item.items():
            if isinstance(value, _SCALARS):
                numbers = self.pairs.get((key, type(value), value), set())
                found = numbers if found is None else found & numbers
                if not found:
                    return []
        candidates = range(len(self.dicts)) if found is None else sorted(found)
        out = []
        for n in candidates:
            if all(_has(self.dicts[n], key, value) for key, value in item.items()):
                out.append(n)
                if first:
                    break
        return out


_SCALARS = (str, int, float, bool, type(None))


def _has(node: dict, key: str, value: Any) -> bool:
    if key not in node:
        return False
    held = node[key]
    # ``value in held`` alone would let True match 1; compare types as well.
    return (held == value and type(held) is type(value)) or (
        isinstance(held, list) and any(h == value and type(h) is type(value) for h in held))


def check_replay(game: Game, case: Case, moves: list[tuple[int, str]], expected: str) -> None:
    """The same seed and moves, replayed from their notation, give the same bytes."""
    state = _call("replay", game.setup, case.players, dict(case.options), case.seed)
    for seat, text in moves:
        action = _call("replay", game.parse, state, seat, text, move=(seat, text))
        _call("replay", game.apply, state, seat, action, move=(seat, text))
    if game.dump(state) != expected:
        raise Fault("replay", f"replaying the {len(moves)} moves does not give the same state")


# == failures as exports ======================================================================
def export(game: Game, outcome: Outcome) -> dict[str, Any]:
    """The case as the service exports a game (``rheinbot replay`` loads it), plus the fault."""
    case = outcome.case
    return {
        "format": "rheinbot-export", "format_version": 1, "game": case.game,
        "players": case.players, "options": case.options, "seed": case.seed,
        "status": "fuzz-failure" if outcome.fault else
                  "finished" if outcome.finished else "unfinished",
        "seats": [{"seat": s, "name": f"{'AI' if s in case.ai_seats else 'Seat'} {s}",
                   "colour": None, "ai": s in case.ai_seats} for s in range(case.players)],
        "actions": [{"seat": seat, "move": text, "user": None, "time": 0}
                    for seat, text in outcome.moves],
        "fuzz": {"case": case.describe(), "stage": outcome.stage, "fault": outcome.fault,
                 "failing_move": list(outcome.failing_move) if outcome.failing_move else None,
                 "ai_seats": list(case.ai_seats), "trace": outcome.trace},
    }


def save_failure(game: Game, outcome: Outcome, folder: str | Path) -> str:
    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    case = outcome.case
    name = path / f"fuzz-{case.game}-{case.players}p-seed{case.seed}.json"
    name.write_text(json.dumps(export(game, outcome), indent=1, ensure_ascii=False),
                    encoding="utf-8")
    return str(name)


# == many games ===============================================================================
Job = tuple[Case, int, int, "int | None", "str | None", bool]


def _run_one(job: Job) -> Outcome:
    case, stride, max_moves, stop_after, out, bad_input = job
    from engine import get_game

    game = get_game(case.game)
    outcome = run_case(game, case, stride, max_moves, stop_after, bad_input)
    if outcome.fault and out:
        outcome.export = save_failure(game, outcome, out)
    return outcome


def run_many(jobs: Iterable[Case], stride: int = 1, max_moves: int = DEFAULT_MAX_MOVES,
             out: str | Path | None = None, workers: int = 1,
             stop_after: int | None = None, bad_input: bool = True) -> Iterator[Outcome]:
    """Run cases (in ``workers`` processes when > 1), yielding outcomes in case order."""
    work: Iterator[Job] = ((case, stride, max_moves, stop_after, str(out) if out else None,
                            bad_input) for case in jobs)
    if workers <= 1:
        yield from map(_run_one, work)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        # chunks keep a big run's memory flat while both cores stay busy
        while chunk := list(itertools.islice(work, workers * 8)):
            yield from pool.map(_run_one, chunk)


# == the command line (``rheinbot fuzz``) ======================================================
@dataclass
class Tally:
    games: int = 0
    finished: int = 0
    moves: int = 0
    checks: int = 0
    failures: list[Outcome] = field(default_factory=list)

    def add(self, outcome: Outcome) -> None:
        self.games += 1
        self.finished += outcome.finished
        self.moves += len(outcome.moves)
        self.checks += outcome.checks
        if outcome.fault:
            self.failures.append(outcome)


def command(games: Mapping[str, Game], keys: list[str], total: int, first_seed: int,
            out: str, stride: int, workers: int, write: Callable[[str], Any],
            bad_input: bool = True) -> int:
    """``total`` games of each game in ``keys``; prints a line per game and per failure."""
    tally = Tally()
    for key in keys:
        mine = Tally()
        jobs = game_cases(games[key], key, total, first_seed)
        for outcome in run_many(jobs, stride=stride, out=out, workers=workers,
                                bad_input=bad_input):
            mine.add(outcome)
            tally.add(outcome)
            if outcome.fault:
                write(f"FAIL {outcome.case.describe()} after {len(outcome.moves)} moves: "
                      f"{outcome.fault}\n  replayable export: {outcome.export}\n")
        write(f"{key}: {mine.games} games, {mine.finished} finished, {mine.moves} moves, "
              f"{mine.checks} full checks, {len(mine.failures)} failed\n")
    write(f"Fuzzed {tally.games} games, {tally.moves} moves, {tally.checks} full checks "
          f"(every {stride} moves): {len(tally.failures)} failures.\n")
    return 1 if tally.failures else 0
