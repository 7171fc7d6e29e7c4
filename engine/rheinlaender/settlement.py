"""The settlement that follows every knight action, step by step (rulings section P).

1 snapshot, 2 knight action, 3 castles, 4 group, 5 earlier duchies, 6 ownership (join or
single duchy), 7 payments, 8 castle replacements, 9 bishops and archbishop, 10 end check.
Payments are private: the public log says a duke was paid, never how much (N2).
"""

from __future__ import annotations

from typing import Any

from engine.rheinlaender.board import Board
from engine.rheinlaender.castles import castle_knights, castle_receiver, undecided_castles
from engine.rheinlaender.churches import update_archbishop
from engine.rheinlaender.duchies import (
    counts,
    duke_index,
    group_of,
    leader,
    place_duke,
    remember_joined,
    shared_groups,
    value,
)
from engine.rheinlaender.scoring import FINAL_DUKE_POINTS
from engine.rheinlaender.words import place
from engine.text import Msg, msg

State = dict[str, Any]


def take_knight(state: State, seat: int) -> bool:
    """Take one knight from ``seat``'s supply; an empty supply triggers the end (M1, M3)."""
    if state["supply"][seat] <= 0:
        return False
    state["supply"][seat] -= 1
    if state["supply"][seat] == 0 and not state["end_triggered"]:
        state["end_triggered"] = True
        state["ended_by"] = seat
    return True


def settle(state: State, board: Board, seat: int, space: str, conversion: bool,
           names: list[Any]) -> list[str]:
    """Perform the knight action on ``space`` and everything that follows from it."""
    snapshot = _snapshot(state, board)
    lines = _knight_action(state, seat, space, conversion, names)
    if not conversion and board.is_land(space):
        lines += _decide_castles(state, board, seat, space, snapshot, names)
    group = group_of(state, board, space)
    remember_joined(state, board, snapshot["groups"], group)
    members = set(group)
    earlier = [duchy for duchy in snapshot["duchies"] if duchy[0] in members]
    tally = counts(state, group)
    in_group = [i for i, duke in enumerate(state["dukes"]) if duke["anchor"] in members]
    # Only the dukes of this group can go or be paid: the others' worth is never asked.
    before = snapshot["groups"][1]
    anchors = {i: state["dukes"][i]["anchor"] for i in in_group}
    values = {i: value(state, board, before.get(anchor, [anchor]))
              for i, anchor in anchors.items()}
    if len(earlier) >= 2:
        removed, new_owner = _join(state, board, in_group, leader(tally), values)
    else:
        removed, new_owner = _single(state, in_group, tally)
    lines += _remove_and_pay(state, board, removed, values, names)
    if new_owner is not None:
        place_duke(state, new_owner, group[0])
        lines.append(_duchy_taken(state, board, group, names[new_owner]))
    lines += _replace_castle_knights(state, board, group, names)
    lines += update_archbishop(state, board, names)
    return lines


def _duchy_taken(state: State, board: Board, group: list[str], name: Any) -> Msg:
    """Both of the duchy's worths as totals: "+4 at the end" beside "worth 2" read as 4
    points, while /game status said 6 (the duke counts 5 instead of 1 at the end, M4)."""
    worth = value(state, board, group)
    return msg("rheinlaender.log.duchy_taken", name=name, place=place(board, group[0]),
               count=worth, end=value(state, board, group, duke_points=FINAL_DUKE_POINTS))


def _snapshot(state: State, board: Board) -> dict[str, Any]:
    """The groups and dukes before the knight action (F4): a duchy's worth when its duke
    leaves is its worth before the action. The realms never change, so that worth can be
    read from these groups after it."""
    found = shared_groups(state, board)  # a flood per duke was most of its cost
    duchies = [g for g in found[0] if len(g) >= 2]
    return {"groups": found, "duchies": duchies, "dukes": [dict(d) for d in state["dukes"]]}


def _knight_action(state: State, seat: int, space: str, conversion: bool,
                   names: list[Any]) -> list[str]:
    if conversion:
        victim = state["knights"][space]
        state["supply"][victim] += 1
        state["knights"][space] = seat
        take_knight(state, seat)
        return [msg("rheinlaender.log.knight_returns", name=names[victim])]
    state["knights"][space] = seat
    take_knight(state, seat)
    return []


def _decide_castles(state: State, board: Board, seat: int, space: str,
                    snapshot: dict[str, Any], names: list[Any]) -> list[str]:
    pending = undecided_castles(state, board, space)
    if not pending:
        return []
    receiver = castle_receiver(snapshot["dukes"], group_of(state, board, space), seat)
    lines = []
    for castle in pending:
        if take_knight(state, receiver):
            state["knights"][castle] = receiver
            lines.append(msg("rheinlaender.log.castle", name=names[receiver],
                             place=place(board, castle)))
        else:
            lines.append(msg("rheinlaender.log.castle_no_knight", name=names[receiver],
                             place=place(board, castle)))
    return lines


def _join(state: State, board: Board, in_group: list[int], lead: int | None,
          values: dict[int, int]) -> tuple[list[int], int | None]:
    """Joining duchies (G1-G6): which dukes go, and who places a new one."""
    if lead is None:
        return in_group, None
    mine = [i for i in in_group if state["dukes"][i]["owner"] == lead]
    if not mine:
        return in_group, lead
    keep = max(mine, key=lambda i: (values[i], -board.order[state["dukes"][i]["anchor"]]))
    return [i for i in in_group if i != keep], None


def _single(state: State, in_group: list[int],
            tally: dict[int, int]) -> tuple[list[int], int | None]:
    """One earlier duchy at most (E6-E8): a tie keeps the duke unless he is overtaken."""
    present = in_group[0] if in_group else None
    owner = state["dukes"][present]["owner"] if present is not None else None
    lead = leader(tally)
    if lead is not None:
        if lead == owner:
            return [], None
        return ([present] if present is not None else []), lead
    if owner is not None and max(tally.values()) > tally.get(owner, 0):
        return [present], None
    return [], None


def _remove_and_pay(state: State, board: Board, removed: list[int], values: dict[int, int],
                    names: list[Any]) -> list[str]:
    lines = []
    for index in sorted(removed, reverse=True):
        duke = state["dukes"].pop(index)
        owner, amount = duke["owner"], values[index]
        state["coins"][owner] += amount
        state["payments"][owner].append({"turn": state["turn"], "amount": amount,
                                         "duchy": board.name(duke["anchor"])})
        lines.append(msg("rheinlaender.log.duke_leaves", name=names[owner],
                         place=place(board, duke["anchor"])))
    lines.reverse()
    return lines


def _replace_castle_knights(state: State, board: Board, group: list[str],
                            names: list[Any]) -> list[str]:
    """Castle knights follow the duke (H8); skipped once the owner's supply is empty."""
    index = duke_index(state, group)
    if index is None:
        return []
    owner = state["dukes"][index]["owner"]
    lines = []
    for castle in castle_knights(state, board, group):
        old = state["knights"][castle]
        if old == owner:
            continue
        if not take_knight(state, owner):
            lines.append(msg("rheinlaender.log.no_castle_knight", name=names[owner]))
            break
        state["supply"][old] += 1
        state["knights"][castle] = owner
        lines.append(msg("rheinlaender.log.castle_replaced", name=names[owner], old=names[old],
                         place=place(board, castle)))
    return lines
