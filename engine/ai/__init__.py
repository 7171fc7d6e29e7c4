"""Computer players: ``choose(game, state, seat, level, seed) -> Action``.

``easy`` (``engine.ai.easy``) is a beginner: it plays ``normal``'s move now and then and
otherwise any move its game's ``normal`` judgement does not rate as ruinous. ``normal`` asks
the game's heuristic module (``engine.ai.rhein``, ``rheinlaender``, ``troedler``, ``rhl18``);
whenever a heuristic fails or proposes something ``legal()`` does not list, it falls back to
a uniformly random legal move (``uniform``), so an AI seat never stalls a table. ``hard`` (``engine.ai.hard``) searches: it samples the hidden cards
consistently with the seat's view and plays each candidate move out with ``normal`` for every
seat; a game without a hard searcher (18Rhl) plays ``normal`` at that level. Everything is a pure function of the state and ``seed``: the same
position and seed give the same move (replays stay identical).
"""

from __future__ import annotations

import importlib
import json
import logging
from collections.abc import Callable

from engine.core import Action, Game, State, copied, new_rng, rng_below

LEVELS = ("easy", "normal", "hard")

# game key -> module with ``choose(game, state, seat, moves, rng) -> Action``
_HEURISTICS = {
    "rhein": "engine.ai.rhein",
    "rheinlaender": "engine.ai.rheinlaender",
    "troedler": "engine.ai.troedler",
    "18rhl": "engine.ai.rhl18",
}

log = logging.getLogger(__name__)

Heuristic = Callable[[Game, State, int, list[Action], dict[str, int]], Action]


def heuristic(key: str) -> Heuristic | None:
    name = _HEURISTICS.get(key)
    return None if name is None else importlib.import_module(name).choose


def choose(game: Game, state: State, seat: int, level: str, seed: int,
           strict: bool = False) -> Action:
    """The move an AI seat of ``level`` makes now. ``seat`` must have a legal move.

    ``strict`` (tests, bench) re-raises heuristic errors instead of falling back.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}")
    moves = game.legal(state, seat)
    if not moves:
        raise ValueError(f"seat {seat} has no legal move")
    if len(moves) == 1:
        return moves[0]
    # A canonical order: legal() may list moves differently after a dump/load round trip,
    # and the AI must choose the same move from a reloaded state.
    ordered = sorted(moves, key=lambda m: json.dumps(m, sort_keys=True))
    if level == "easy":
        from engine.ai import easy

        return easy.choose(game.key, state, seat, ordered, seed,
                           lambda: _planned(game, state, seat, "normal", seed, moves, ordered,
                                            strict))
    return _planned(game, state, seat, level, seed, moves, ordered, strict)


def uniform(game: Game, state: State, seat: int, seed: int) -> Action:
    """A uniformly random legal move (the fuzzer's play, and the fallback of a failed
    heuristic): every legal move is as likely."""
    moves = game.legal(state, seat)
    if not moves:
        raise ValueError(f"seat {seat} has no legal move")
    return moves[rng_below(new_rng(seed), len(moves))]


def _planned(game: Game, state: State, seat: int, level: str, seed: int,
             moves: list[Action], ordered: list[Action], strict: bool) -> Action:
    """The heuristic's (``normal``) or searcher's (``hard``) move, or a random one when it
    fails."""
    rng = new_rng(seed)
    pick = heuristic(game.key)
    if pick is None:
        return moves[rng_below(rng, len(moves))]
    try:
        if played_level(game.key, level) == "hard":
            action = _hard_choose(game, state, seat, ordered, seed)
        else:
            action = pick(game, state, seat, ordered, rng)
    except Exception:
        if strict:
            raise
        log.exception("%s %s AI failed; playing a random legal move", game.key, level)
        action = None
    if action in moves:
        return action
    if strict and action is not None:
        raise AssertionError(f"{game.key} heuristic chose an illegal move: {action!r}")
    return ordered[rng_below(new_rng(seed), len(ordered))]


def played_level(key: str, level: str) -> str:
    """The level an AI seat of ``level`` plays in game ``key``: a game without a hard
    searcher (18Rhl) plays ``normal`` there."""
    return "normal" if level == "hard" and key not in _searchers() else level


def _searchers() -> dict:
    from engine.ai.hard_games import SEARCHERS

    return SEARCHERS


def _hard_choose(game: Game, state: State, seat: int, moves: list[Action], seed: int) -> Action:
    from engine.ai import hard

    return hard.choose(game, state, seat, moves, seed, _searchers()[game.key])


def move_seed(seed: int, version: int, seat: int) -> int:
    """One 64-bit seed from the game seed, the state version and the seat."""
    # golden-ratio style multipliers spread the three inputs over all bits
    mixed = seed * 0x9E3779B97F4A7C15 + version * 0xC2B2AE3D27D4EB4F + seat * 0x165667B1
    return mixed & ((1 << 64) - 1)


def after(game: Game, state: State, seat: int, action: Action) -> State:
    """The state after ``action`` (a copy; ``state`` is untouched)."""
    work = copied(state)
    game._apply(work, seat, action)  # a legal move: skip apply()'s second copy
    return work
