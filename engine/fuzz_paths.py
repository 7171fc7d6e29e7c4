"""Two paths for every game: in memory, and through a re-ordered snapshot after every move.

The service keeps a game as its JSON snapshot (``Game.dump``, keys sorted) and loads it for
the next move; ``rheinbot replay`` and the fuzzer's replay check keep the state in memory. A
rule that takes an order from a dict's key order (Python keeps insertion order, a dump with
sorted keys and a load does not) then plays differently on the two, and ``load(dump(s)) == s``
cannot see it, since dict equality ignores order. So :func:`run_two_paths` plays one random
game twice at once:

- *memory*: the state ``setup()`` made, changed only by ``apply()``;
- *stored*: after set-up and after every move the state is dumped, every dict's keys are put
  in another order (reversed, or shuffled by a seeded stream; recursively) and it is loaded
  again, as a snapshot from elsewhere could come back. Its moves go through the notation
  (``parse(format(a))``), as the service's do.

At every step both paths must agree on the result, the active seats, the phase, the legal
moves of the seat to move (the same list in the same order), the chosen move's notation (an
AI seat's choice too), the log lines (catalogue key, values and English) and the dumped state;
every ``view_stride`` moves also every seat's view and the public one. The first difference is
a :class:`engine.fuzz.Fault` with stage ``"two paths"``.
"""

from __future__ import annotations

import json
import random
import traceback
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from engine.core import Game, State, new_rng, rng_below
from engine.fuzz import DEFAULT_MAX_MOVES, Case, Fault, Outcome, _call, ai_move
from engine.text import to_json

STAGE = "two paths"


def reordered(value: Any, rng: random.Random | None = None) -> Any:
    """``value`` with every dict's keys in another order: reversed without ``rng``, else
    rotated by a random offset and reversed half the time (one draw a dict, so a big 18Rhl
    state stays cheap to re-order). Lists keep their order."""
    if isinstance(value, dict):
        keys = list(value)
        if rng is None:
            keys.reverse()
        elif len(keys) > 1:
            draw = rng.randrange(2 * len(keys))
            turn = draw // 2
            keys = keys[turn:] + keys[:turn]
            if draw % 2:
                keys.reverse()
        return {key: reordered(value[key], rng) for key in keys}
    if isinstance(value, list):
        return [reordered(item, rng) for item in value]
    return value


def snapshot_trip(game: Game, state: State, rng: random.Random | None = None) -> State:
    """``state`` as a stored snapshot brings it back: dumped, keys re-ordered, loaded."""
    data = json.loads(game.dump(state))
    return game.load(json.dumps(reordered(data, rng), ensure_ascii=False))


def run_two_paths(game: Game, case: Case, max_moves: int = DEFAULT_MAX_MOVES,
                  stop_after: int | None = None, view_stride: int = 8) -> Outcome:
    """Play ``case`` along both paths (to the end, or its first ``stop_after`` moves);
    ``outcome.checks`` counts the steps compared."""
    outcome = Outcome(case)
    try:
        _play(game, case, outcome, max_moves, stop_after, max(1, view_stride))
    except Fault as fault:
        outcome.fault, outcome.stage, outcome.failing_move = str(fault), fault.stage, fault.move
        outcome.trace = traceback.format_exc(limit=-6)
    return outcome


def _same(what: str, memory: Any, stored: Any, move: tuple[int, str] | None = None) -> None:
    if memory != stored:
        where, one, other = first_difference(memory, stored)
        raise Fault(STAGE, f"{what} differ at {where or 'the top'}: in memory {_short(one)}, "
                    f"after a snapshot {_short(other)}", move)


def first_difference(one: Any, other: Any, path: str = "") -> tuple[str, Any, Any]:
    """Where two JSON-like values first differ (a path like ``transports[2].key``), and the
    two values there; a dumped state is compared as the data it holds."""
    if isinstance(one, str) and isinstance(other, str) and one[:1] in "{[" and \
            other[:1] in "{[":
        try:
            one, other = json.loads(one), json.loads(other)
        except ValueError:
            return path, one, other
    if isinstance(one, dict) and isinstance(other, dict):
        for key in one:
            if key not in other:
                return f"{path}.{key}", one[key], "(missing)"
            if one[key] != other[key]:
                return first_difference(one[key], other[key], f"{path}.{key}")
        return path, sorted(set(other) - set(one)), "(extra keys)"
    if isinstance(one, list) and isinstance(other, list) and len(one) == len(other):
        for index, (left, right) in enumerate(zip(one, other, strict=True)):
            if left != right:
                return first_difference(left, right, f"{path}[{index}]")
    return path, one, other


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 300 else text[:300] + "..."


def _play(game: Game, case: Case, outcome: Outcome, max_moves: int, stop_after: int | None,
          view_stride: int) -> None:
    memory = _call("setup", game.setup, case.players, dict(case.options), case.seed)
    chooser = new_rng(case.seed ^ 0xF022)
    order = random.Random(case.seed)  # its own stream: re-ordering never changes the game
    stored = _call("snapshot", snapshot_trip, game, memory, None)  # first reversed, then shuffled
    _compare_views(game, case, memory, stored, None)
    for count in range(max_moves + 1):
        outcome.checks += 1
        done = [_call("result", game.result, state) for state in (memory, stored)]
        _same("results", *[None if d is None else [s.to_dict() for s in d] for d in done])
        active = _call("active", game.active, memory)
        _same("active seats", active, _call("active", game.active, stored))
        _same("phases", *[to_json(_call("phase", game.phase, s)) for s in (memory, stored)])
        if done[0] is not None:
            outcome.finished = True
            break
        if count == stop_after:
            break
        if count == max_moves:
            raise Fault("no end", f"the game did not end within {max_moves} moves")
        if not active:
            raise Fault("dead end", f"nobody is active after {count} moves")
        seat = active[rng_below(chooser, len(active))]
        moves = _call("legal", game.legal, memory, seat)
        _same(f"seat {seat}'s legal moves", moves, _call("legal", game.legal, stored, seat))
        if not moves:
            raise Fault("dead end", f"seat {seat} is active but has no legal move")
        action = _choose(game, case, memory, stored, seat, moves, chooser, count)
        text = _call("format", game.format, memory, action)
        move = (seat, text)
        _same("notations", text, _call("format", game.format, stored, action), move)
        parsed = _call("parse", game.parse, stored, seat, text, move=move)
        _same("parsed moves", action, parsed, move)
        lines = _call("apply", game.apply, memory, seat, action, move=move)
        again = _call("apply", game.apply, stored, seat, parsed, move=move)
        _same("log lines", to_json(list(lines)), to_json(list(again)), move)
        _same("English log lines", [str(line) for line in lines], [str(ln) for ln in again], move)
        outcome.moves.append(move)
        if memory != stored:  # dict equality ignores key order, as it should here
            _same("states", game.dump(memory), game.dump(stored), move)
        stored = _call("snapshot", snapshot_trip, game, stored, order, move=move)
        if count % view_stride == view_stride - 1:
            _compare_views(game, case, memory, stored, move)
    _compare_views(game, case, memory, stored, None)


def _choose(game: Game, case: Case, memory: State, stored: State, seat: int, moves: list,
            chooser: dict[str, int], count: int) -> Any:
    if seat not in case.ai_seats:
        return moves[rng_below(chooser, len(moves))]
    # the AI decides on whichever state the service loaded: memory or the stored snapshot
    picks = [_call("ai", ai_move, game, state, seat, case.seed, count)
             for state in (memory, stored)]
    _same(f"AI seat {seat}'s choices", *picks)
    return picks[0]


def _compare_views(game: Game, case: Case, memory: State, stored: State,
                   move: tuple[int, str] | None) -> None:
    for seat in [None, *range(case.players)]:
        who = "public views" if seat is None else f"seat {seat}'s views"
        _same(who, *[_call("view", game.view, state, seat) for state in (memory, stored)], move)


# == many games ===============================================================================
PathsJob = tuple[Case, "int | None"]


def _run_one(job: PathsJob) -> Outcome:
    case, stop_after = job
    from engine import get_game

    return run_two_paths(get_game(case.game), case, stop_after=stop_after)


def run_many(jobs: Iterable[Case | PathsJob], stop_after: int | None = None,
             workers: int = 1) -> Iterator[Outcome]:
    """Run cases along both paths (in ``workers`` processes when > 1), in case order; a job
    is a case (played to ``stop_after``) or a (case, its own stop_after) pair."""
    work = [job if isinstance(job, tuple) else (job, stop_after) for job in jobs]
    if workers <= 1:
        yield from map(_run_one, work)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(_run_one, work)
