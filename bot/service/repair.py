"""Replaying a game's move log with the current engine, for /game repair: a game saved while
an engine bug was live keeps its broken snapshot (loading reads the snapshot; the log is
replayed only when the snapshot no longer loads), and the log of acknowledged moves is what
the table agreed happened."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import State

if TYPE_CHECKING:
    from bot.service.base import Table
    from bot.store import ActionRow


def replay_log(table: Table, actions: list[ActionRow]) -> State | int:
    """The state the live ``actions`` lead to from the game's start (an import's origin, or
    a new set-up at the table's seed), or the index of the first action the engine refuses
    or fails on: then no state, since every acknowledged move must be kept."""
    game, row = table.game, table.row
    seated = sum(1 for s in table.seats if s.seat is not None)
    state = game.load(table.origin) if table.origin else \
        game.setup(seated, row.options, row.seed)
    for number, action in enumerate(actions):
        try:
            game.apply(state, action.seat, game.parse(state, action.seat, action.notation))
        except Exception:  # a broken move is said by its number, whatever broke it
            return number
    return state
