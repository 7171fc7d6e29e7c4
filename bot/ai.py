"""AI seats: choose a move from ``legal()``, deterministically from the game's seed.

``easy`` picks uniformly among the legal moves. The choice depends only on the game seed,
the state version and the seat, so a replayed or reloaded game makes the same choices.
"""

from __future__ import annotations

from engine.core import Action, Game, State, new_rng, rng_below

LEVELS = ("easy",)


def choose(game: Game, state: State, seat: int, level: str, seed: int, version: int) -> Action:
    """The move an AI seat of ``level`` makes now. ``seat`` must have a legal move."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}")
    moves = game.legal(state, seat)
    if not moves:
        raise ValueError(f"seat {seat} has no legal move")
    # Mix seed, version and seat into one 64-bit seed (golden-ratio multipliers spread them).
    mixed = (seed * 0x9E3779B97F4A7C15 + version * 0xC2B2AE3D27D4EB4F + seat * 0x165667B1)
    rng = new_rng(mixed & ((1 << 64) - 1))
    return moves[rng_below(rng, len(moves))]
