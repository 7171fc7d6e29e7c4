"""Bishops and the archbishop (rulebook "Bishops and the Archbishop", rulings I).

Bishops are derived from the board: a duke has one bishop when his duchy contains at least
one church (I1). The archbishop card goes to the player with at least one bishop and strictly
more bishops than each other player, and lies beside the board otherwise (I4).
"""

from __future__ import annotations

from typing import Any

from engine.rheinlaender.board import Board
from engine.rheinlaender.duchies import church_neighbours, group_of, shared_groups
from engine.text import msg

State = dict[str, Any]


def bishops(state: State, board: Board) -> list[int]:
    """Bishops per player."""
    tally = [0] * state["players"]
    if not state["dukes"]:
        return tally
    # one pass over the groups, not a flood fill per duke: every settlement asks this
    where = shared_groups(state, board)[1]
    near = church_neighbours(state, board)
    for duke in state["dukes"]:
        anchor = duke["anchor"]
        group = where[anchor] if anchor in where else group_of(state, board, anchor)
        if not near.isdisjoint(group):
            tally[duke["owner"]] += 1
    return tally


def archbishop_holder(tally: list[int]) -> int | None:
    best = max(tally)
    if best == 0 or tally.count(best) > 1:
        return None
    return tally.index(best)


def update_archbishop(state: State, board: Board, names: list[Any]) -> list[str]:
    """Re-evaluate the archbishop after a settlement (I4, I5); return public log lines."""
    holder = archbishop_holder(bishops(state, board))
    before = state["archbishop"]
    if holder == before:
        return []
    state["archbishop"] = holder
    if holder is None:
        return [msg("rheinlaender.log.archbishop_lost", name=names[before])]
    return [msg("rheinlaender.log.archbishop", name=names[holder])]
