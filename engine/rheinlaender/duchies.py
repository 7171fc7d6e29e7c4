"""Groups of knights, duchies, their owners and values (rulebook "Forming Duchies", rulings E, F).

A group is a maximal set of knights connected through adjacency (castle knights included,
bastions and empty spaces never connect). A duchy is a group of two or more knights. Each duke
is tied to one occupied space of its duchy, its *anchor*: knights never leave their space and
duchies never split (E9), so the anchor identifies the duchy through every merge.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.rheinlaender.board import Board

State = dict[str, Any]
REALM_POINTS = {"castle": 1, "church": 1}


def groups(state: State, board: Board) -> list[list[str]]:
    """Every group of knights, each in board order; groups listed by their first space."""
    return [list(group) for group in shared_groups(state, board)[0]]


Groups = tuple[tuple[str, ...], ...]


def shared_groups(state: State, board: Board) -> tuple[Groups, dict[str, tuple[str, ...]]]:
    """``groups`` as tuples, and the group of each occupied space, remembered per board by
    the set of occupied spaces (colours do not join or split groups): the AI's look-ahead
    asks for the groups of the same few positions again and again (before each tried move,
    after it, for its bishops and for its score). Shared: never to be changed."""
    key = frozenset(state["knights"])
    memo = board.memo
    found = memo.get(key)
    if found is None:
        found = _remember(memo, key, [tuple(group) for group in _find_groups(state, board)])
    return found


# Positions remembered per board before the memo starts afresh. The board is shared by every
# game in the process and an entry is about 3.4 KB; one AI turn asks about a few dozen new
# positions (normal) to about a thousand (hard, at most), so this holds the look-ahead of
# the turn being played. At 20,000 the memo kept every position of about 20 finished games:
# 68 MB that nothing would ask about again.
MEMO_KEPT = 2_000


def _remember(memo: dict, key: frozenset[str],
              every: list[tuple[str, ...]]) -> tuple[Groups, dict[str, tuple[str, ...]]]:
    if len(memo) >= MEMO_KEPT:
        memo.clear()
    found = memo[key] = (tuple(every), {space: group for group in every for space in group})
    return found


def remember_joined(state: State, board: Board, before: tuple[Groups, dict[str, Any]],
                    group: Sequence[str]) -> None:
    """After a knight action, whose new knights (the knight and its castle knights) all
    stand in ``group``: the groups are those ``before`` it, with every group it touched
    joined into ``group``. Remembered like ``shared_groups``, so that the questions the
    settlement asks next (bishops) need no flood fill of the whole board."""
    key = frozenset(state["knights"])
    memo = board.memo
    if key in memo:
        return
    members = set(group)
    every = [g for g in before[0] if members.isdisjoint(g)]
    every.append(tuple(group))
    every.sort(key=lambda g: board.order[g[0]])
    _remember(memo, key, every)


def _find_groups(state: State, board: Board) -> list[list[str]]:
    knights = state["knights"]
    order = board.order.__getitem__
    seen: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(knights, key=order):
        if start in seen:
            continue
        members = _flood(knights, board, start)
        seen |= members
        found.append(sorted(members, key=order) if len(members) > 1 else [start])
    return found


def group_of(state: State, board: Board, space: str) -> list[str]:
    """The group containing the knight on ``space``, in board order."""
    return sorted(_flood(state["knights"], board, space), key=board.order.__getitem__)


def _flood(knights: dict[str, int], board: Board, start: str) -> set[str]:
    members = {start}
    todo = [start]
    neighbours = board.neighbours
    while todo:
        for neighbour in neighbours[todo.pop()]:
            if neighbour in knights and neighbour not in members:
                members.add(neighbour)
                todo.append(neighbour)
    return members


def counts(state: State, spaces: Sequence[str]) -> dict[int, int]:
    """Knights per player in ``spaces`` (castle knights included)."""
    tally: dict[int, int] = {}
    for space in spaces:
        seat = state["knights"][space]
        tally[seat] = tally.get(seat, 0) + 1
    return tally


def leader(tally: dict[int, int]) -> int | None:
    """The player with at least two knights and strictly more than each other player (E3)."""
    if not tally:
        return None
    best = max(tally.values())
    top = [seat for seat, count in tally.items() if count == best]
    return top[0] if best >= 2 and len(top) == 1 else None


def realms_in(state: State, board: Board, spaces: Sequence[str]) -> list[str]:
    """Realm spaces bordering a knight of the group, whatever its colour (F1), board order."""
    found = {realm for space in spaces for realm in board.realms_of[space]
             if realm in state["realms"]}
    return sorted(found, key=board.order.__getitem__)


def realm_points(marker: dict[str, Any]) -> int:
    return marker.get("value", 0) if marker["kind"] == "city" else REALM_POINTS[marker["kind"]]


def value(state: State, board: Board, spaces: Sequence[str], duke_points: int = 1) -> int:
    """A duchy's worth: ``duke_points`` (1 in play, 5 at the end) plus its realms (F3, M4)."""
    realms = state["realms"]
    # a sum needs no board order: this skips realms_in's sort, on the AI's hottest path
    found = {realm for space in spaces for realm in board.realms_of[space] if realm in realms}
    return duke_points + sum(realm_points(realms[r]) for r in found)


def duke_index(state: State, spaces: list[str]) -> int | None:
    """Index in ``state["dukes"]`` of the duke governing this group, if any."""
    members = set(spaces)
    for index, duke in enumerate(state["dukes"]):
        if duke["anchor"] in members:
            return index
    return None


def duchies(state: State, board: Board) -> list[dict[str, Any]]:
    """Every duchy on the board with its owner, value and bishop (public, F6)."""
    found = []
    for spaces in groups(state, board):
        if len(spaces) < 2:
            continue
        index = duke_index(state, spaces)
        duke = state["dukes"][index] if index is not None else None
        found.append({
            "spaces": spaces,
            "owner": duke["owner"] if duke else None,
            "anchor": duke["anchor"] if duke else spaces[0],
            "figure": duke["figure"] if duke else None,
            "value": value(state, board, spaces),
            "bishop": bool(duke) and has_church(state, board, spaces),
            "realms": realms_in(state, board, spaces),
        })
    return found


def has_church(state: State, board: Board, spaces: Sequence[str]) -> bool:
    # every settlement asks this for every duke (bishops), the AI's look-ahead settles
    # thousands per move: one set test against the spaces that border a church
    return not church_neighbours(state, board).isdisjoint(spaces)


def church_neighbours(state: State, board: Board) -> frozenset[str]:
    """The spaces bordering a church, remembered per board by where the churches lie (the
    realms are dealt once, at set-up, and never change)."""
    realms = state["realms"]
    churches = frozenset(r for r, marker in realms.items() if marker["kind"] == "church")
    found = board.churches.get(churches)
    if found is None:
        if len(board.churches) >= 1_000:
            board.churches.clear()
        found = board.churches[churches] = frozenset(
            space for space, near in board.realms_of.items() if not churches.isdisjoint(near))
    return found


def place_duke(state: State, owner: int, anchor: str) -> None:
    """Put a duke for ``owner``; figures beyond six are borrowed or marked (E11, E12).

    With 3 or 4 players the next figure comes from an unused colour (the rulebook's
    borrowing); with 5 players, or once those are gone too, the duke is an *extra* duke:
    it counts exactly like any other and is drawn in the owner's colour with a mark.
    """
    state["dukes"].append({"owner": owner, "anchor": anchor,
                           "figure": _free_figure(state, owner)})


FIGURES_PER_COLOUR = 6


def _free_figure(state: State, owner: int) -> int | None:
    in_use: dict[int | None, int] = {}
    for duke in state["dukes"]:
        in_use[duke["figure"]] = in_use.get(duke["figure"], 0) + 1
    candidates = [owner] + list(range(state["players"], 5))
    for colour in candidates:
        if in_use.get(colour, 0) < FIGURES_PER_COLOUR:
            return colour
    return None
