"""AI seats: the bot's side of ``engine.ai``.

The choice depends only on the game seed, the state version and the seat (mixed into one
seed by ``engine.ai.move_seed``), so a reloaded game makes the same choices; a game rebuilt
from its log replays the moves stored there and chooses none again. ``easy`` plays as a
beginner (``engine.ai.easy``); ``normal`` plays the game's heuristics.
"""

from __future__ import annotations

from engine import ai as engine_ai
from engine.core import Action, Game, State

LEVELS = engine_ai.LEVELS
played_level = engine_ai.played_level


def choose(game: Game, state: State, seat: int, level: str, seed: int, version: int) -> Action:
    """The move an AI seat of ``level`` makes now. ``seat`` must have a legal move."""
    return engine_ai.choose(game, state, seat, level, engine_ai.move_seed(seed, version, seat))
