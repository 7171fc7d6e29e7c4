"""The notation sweep: every verb of every game, in every phase random play reaches, typed with
plausible and with hostile words, is either read and then applied or refused with a
``RuleError``; never another exception (issue 18).

:func:`engine.fuzz.run_case` mistypes the legal moves of the moment. This goes further: it also
types the verbs that are *not* legal now (``run none`` in a stock round, ``deliver`` while piles
are being taken), and it puts Discord-sized hostile words (6,000 digits, past Python's
4,300-digit ``int()`` limit; superscript and Arabic-Indic digits; NUL; emoji) into every word of
each verb, and into every part of a word made of parts (``I10-0``, ``K6.1``, ``#12``).

:data:`VERBS` lists each game's verbs in every written form of its notation; a test checks that
every verb ``legal()`` formats in seeded games is in it, so the table cannot fall behind the
notation. A refusal must also fit a Discord reply (:data:`REFUSAL_LIMIT`, in every language):
it may quote a long word only cut short. :func:`sweep_state` checks one state; :func:`run_sweep`
plays a seeded random game and sweeps at every step it has not seen yet and every ``stride``
moves. The first failure is an :class:`engine.fuzz.Fault` with stage ``"sweep"``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from engine.core import Game, RuleError, State, new_rng, rng_below
from engine.fuzz import DEFAULT_MAX_MOVES, Case, Fault, Outcome, _call
from engine.text import LANGUAGES, say

STAGE = "sweep"

DISCORD_OPTION = 6000  # the longest string option Discord sends
# Discord shows at most 2,000 characters in a reply; the service adds a few words around.
REFUSAL_LIMIT = 1000

# Words no notation accepts; each must be refused, in every position.
HOSTILE: tuple[str, ...] = (
    "9" * DISCORD_OPTION,            # past int()'s 4,300-digit limit: ValueError if read
    "1" * 4301, "9" * 19, "0" * 40,
    "#" + "7" * DISCORD_OPTION,      # Trödler's card numbers may start with "#"
    "x" * DISCORD_OPTION,
    "\u00b2", "\u0661\u0662", "\uff11", "-1", "+3", "1.5", "1e9", "0x10", "1_000",
    "\x00", "\u200b", "\U0001f642" * 50, "%s{0}", "None", "[]",
)


# Each game's verbs in every written form (a plausible word in each argument position).
VERBS: dict[str, tuple[str, ...]] = {
    "rhein": (
        "take 1", "retake 1", "bid 1 2", "load red-train 1", "unload white-ship 1",
        "truck a koblenz 2", "reserve red-train karlsruhe", "reserve-stop red-train 4",
        "transfer red-train a 1", "move a koblenz", "move truck-b 3", "fulfil 1 2",
        "fulfill 1 2", "mortgage a", "repay b", "done", "pass",
    ),
    "rheinlaender": (
        "play 17 left", "play 10 island", "reinforce 5 onto 22 right", "reinforce 5 22 river",
        "convert 17 right", "discard 3", "bastion 22 right", "done",
    ),
    "troedler": (
        "take-pile 1", "discard-pile 2", "move bridge glenmore", "move moor-path 3",
        "take anvil", "extra pots", "deliver 12", "deliver #12", "deliver 12 replace anvil pot",
        "discard 3 7", "discard #3, #7", "end", "feed route ferry 4", "feed extra cup",
        "feed replace anvil pot",
    ),
    "18rhl": (
        "bid nlk 125", "par rhe 80", "buy gve ipo", "buy dee pool 20", "sell dee 2",
        "sell rhe 1 pres", "sell rhe 1 half-pres", "lay 9 F11 1", "szl lay 9 F11 1",
        "token K6", "token I10.1", "run auto", "run none", "run 2-0: I10-0 K6",
        "run 2-0: I10-0 K6; 3-1: F9-1 G10 I10-0", "payout", "withhold", "buy-train 3 depot",
        "buy-train 2-3 depot", "buy-train 2-3 from dee 150", "discard 3-1", "pass",
        "bankrupt", "accept", "decline",
    ),
}

_PARTS = re.compile(r"([-.:#/;,])")


def verb_of(text: str) -> str:
    """The verb a move's notation starts with (``feed replace`` and ``szl lay`` keep two
    words: the first alone does not say which move it is)."""
    words = text.lower().split()
    if not words:
        return ""
    if words[0] == "feed" and len(words) > 1:
        return f"feed {words[1]}"
    if len(words) > 1 and words[1] == "lay":
        return "<company> lay"
    return words[0]


def known_verbs(key: str) -> set[str]:
    found = {verb_of(text) for text in VERBS[key]}
    return found | ({"<company> lay"} if key == "18rhl" else set())


def variants_of(template: str) -> list[str]:
    """``template`` with each word, and each part of a word made of parts, replaced by each
    hostile word; the template itself first."""
    words = template.split()
    out = [template]
    for index, word in enumerate(words):
        parts = _PARTS.split(word)
        slots: list[int | None] = [None]  # the whole word, then each of its parts
        slots += [p for p, part in enumerate(parts)
                  if len(parts) > 1 and part and not _PARTS.fullmatch(part)]
        for part_index in slots:
            for bad in HOSTILE:
                if part_index is None:
                    changed = bad
                else:
                    changed = "".join(bad if p == part_index else piece
                                      for p, piece in enumerate(parts))
                out.append(" ".join(words[:index] + [changed] + words[index + 1:]))
    return out


def texts_for(verbs: tuple[str, ...], game: Game, state: State, seat: int,
              rng: dict[str, int], sample: int | None) -> list[str]:
    """``verbs`` plus a few of the moves legal now, each with hostile words; ``sample`` keeps
    that many of them (all when None; the plain forms always), picked by ``rng``."""
    templates = list(verbs)
    moves = game.legal(state, seat)
    for _ in range(min(3, len(moves))):
        templates.append(game.format(state, moves[rng_below(rng, len(moves))]))
    texts = [text for template in templates for text in variants_of(template)]
    if sample is None or sample >= len(texts):
        return texts
    # every template's plain form, then a seeded sample of the hostile ones
    picked = list(dict.fromkeys(templates))
    while len(picked) < sample:
        picked.append(texts[rng_below(rng, len(texts))])
    return picked


def _short_enough(error: RuleError, shown: str, seat: int) -> None:
    """A refusal fits a Discord reply whatever was typed: it quotes a long word cut short."""
    for lang in LANGUAGES:
        said = say(error.text, lang)
        if len(said) > REFUSAL_LIMIT:
            raise Fault(STAGE, f"refusing {shown!r} takes {len(said)} characters in {lang} "
                        f"(at most {REFUSAL_LIMIT}): {said[:80]}…", (seat, shown))


def _attempt(what: str, shown: str, seat: int, call: Callable[..., Any],
             *args: Any) -> tuple[Any, bool]:
    """One engine call on typed text: (its result, False), or (None, True) when it refused
    with a short ``RuleError``; any other exception is a Fault."""
    try:
        return call(*args), False
    except RuleError as error:
        _short_enough(error, shown, seat)
        return None, True
    except Exception as error:
        raise Fault(STAGE, f"{what} of {shown!r} by seat {seat} raised "
                    f"{type(error).__name__}: {str(error)[:200]}", (seat, shown)) from error


def try_text(game: Game, state: State, seat: int, text: str) -> None:
    """``text`` typed by ``seat``: read and applied (on a copy), or refused with a short
    ``RuleError`` that leaves the state as it was; anything else is a Fault."""
    shown = text if len(text) <= 60 else f"{text[:40]}…({len(text)} characters)"
    action, refused = _attempt("parse", shown, seat, game.parse, state, seat, text)
    if refused:
        return
    # the service writes the move's notation down before it applies it
    _, refused = _attempt("format", shown, seat, game.format, state, action)
    if refused:
        return
    work = game.load(game.dump(state))
    before = game.dump(work)
    _, refused = _attempt("apply", shown, seat, game.apply, work, seat, action)
    if refused:
        if game.dump(work) != before:
            raise Fault(STAGE, f"a refused {shown!r} changed the state", (seat, shown))
        return
    # Applied, so a legal move: the autocomplete and the buttons word it.
    _call(STAGE, game.label, state, action, move=(seat, shown))


def sweep_state(game: Game, state: State, players: int, rng: dict[str, int],
                sample: int | None = None, verbs: tuple[str, ...] | None = None) -> int:
    """Sweep one state for an active seat and a seat not to move (``verbs``: the game's
    :data:`VERBS` unless given); returns the number of texts tried."""
    verbs = VERBS.get(game.key, ()) if verbs is None else verbs
    active = game.active(state)
    seats = [active[rng_below(rng, len(active))]] if active else [0]
    seats.append((seats[0] + 1 + rng_below(rng, max(players - 1, 1))) % players)
    tried = 0
    for seat in dict.fromkeys(seats):
        for text in texts_for(verbs, game, state, seat, rng, sample):
            try_text(game, state, seat, text)
            tried += 1
    return tried


def run_sweep(game: Game, case: Case, stride: int = 1, stop_after: int | None = None,
              sample: int | None = None, max_moves: int = DEFAULT_MAX_MOVES,
              verbs: tuple[str, ...] | None = None) -> Outcome:
    """Random legal play of ``case`` (first ``stop_after`` moves, or to the end), sweeping
    every ``stride`` moves, at the end, and at every step not seen before (its phase and the
    kinds of move legal in it: an 18Rhl route step between track lays comes and goes in one
    move). ``outcome.checks`` counts the texts tried."""
    outcome = Outcome(case)
    try:
        state = _call("setup", game.setup, case.players, dict(case.options), case.seed)
        chooser, words = new_rng(case.seed ^ 0x5EE9), new_rng(case.seed ^ 0xB0B)
        steps: set[tuple[str, frozenset]] = set()
        for count in range(max_moves + 1):
            active = _call("active", game.active, state)
            over = _call("result", game.result, state) is not None
            seat = active[rng_below(chooser, len(active))] if active else None
            moves = _call("legal", game.legal, state, seat) if seat is not None else []
            step = (str(game.phase(state)), frozenset(str(m.get("type")) for m in moves))
            if count % stride == 0 or step not in steps or over or count == stop_after:
                steps.add(step)
                outcome.checks += sweep_state(game, state, case.players, words, sample, verbs)
            if over or not active or count == stop_after:
                outcome.finished = over
                break
            if not moves:
                raise Fault("dead end", f"seat {seat} is active but has no legal move")
            action = moves[rng_below(chooser, len(moves))]
            text = _call("format", game.format, state, action)
            _call("apply", game.apply, state, seat, action, move=(seat, text))
            outcome.moves.append((seat, text))
    except Fault as fault:
        outcome.fault, outcome.stage, outcome.failing_move = str(fault), fault.stage, fault.move
    return outcome
