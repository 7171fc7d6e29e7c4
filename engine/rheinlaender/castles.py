"""Castles (rulebook "Taking a Castle", "How Do Castles Change Their Owner?", rulings H).

A castle is decided by the first knight placed on a land space bordering it; its knight then
stands on the castle's realm space, counts in the duchy, and follows the duke.
"""

from __future__ import annotations

from typing import Any

from engine.rheinlaender.board import Board

State = dict[str, Any]


def undecided_castles(state: State, board: Board, space: str) -> list[str]:
    """Castles bordering ``space`` that hold no knight yet, in board order (H1, H5)."""
    return [realm for realm in board.realms_of[space]
            if state["realms"].get(realm, {}).get("kind") == "castle"
            and realm not in state["knights"]]


def castle_receiver(snapshot_dukes: list[dict[str, Any]], group: list[str], placer: int) -> int:
    """Who receives a castle decided by a knight whose group (before castle knights) is
    ``group`` (H2): the one player whose dukes are in it, otherwise the placing player."""
    members = set(group)
    owners = {duke["owner"] for duke in snapshot_dukes if duke["anchor"] in members}
    return owners.pop() if len(owners) == 1 else placer


def castle_knights(state: State, board: Board, spaces: list[str]) -> list[str]:
    return [s for s in spaces if board.kind(s) == "realm"]
