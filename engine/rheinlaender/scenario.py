"""The abstract test board of the rulings (section S) and a builder for scenario states.

Used by the tests (and handy in a REPL). The test board is *not* the house board: a straight
river of ordinary areas (``Lk``, ``Rk``, ``Tk``), optionally the island ``I20/21`` in place of
R20 and R21, and realm spaces only where a scenario names them.

>>> state = scenario("A:L12 B:T14")
>>> sorted(state["knights"].items())
[('L12', 0), ('T14', 1)]
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from engine.rheinlaender.board import get_board, register_board
from engine.rheinlaender.churches import archbishop_holder, bishops
from engine.rheinlaender.game import Rheinlaender

LETTERS = "ABCDE"


def rulings_board_data(realms: dict[str, tuple], island: bool = False, areas: int = 54) -> dict:
    """Board data: ``realms`` maps a realm id (C1, K1, S1...) to (kind, value, [two spaces])."""
    spaces: list[dict[str, Any]] = []
    adjacent: list[list[str]] = []
    for k in range(1, areas + 1):
        x = 40.0 * k
        spaces.append({"id": f"L{k}", "kind": "land", "bank": "L", "areas": [k],
                       "centre": [x, 40.0]})
        if island and k == 20:
            spaces.append({"id": "I20/21", "kind": "land", "bank": "I", "areas": [20, 21],
                           "centre": [x + 20, 80.0]})
        elif not (island and k == 21):
            spaces.append({"id": f"R{k}", "kind": "river", "bank": "R", "areas": [k],
                           "centre": [x, 80.0]})
        spaces.append({"id": f"T{k}", "kind": "land", "bank": "T", "areas": [k],
                       "centre": [x, 120.0]})
    for k in range(1, areas + 1):
        river = "I20/21" if island and k in (20, 21) else f"R{k}"
        adjacent += [[f"L{k}", river], [river, f"T{k}"]]
        if k < areas:
            adjacent += [[f"L{k}", f"L{k + 1}"], [f"T{k}", f"T{k + 1}"]]
            following = "I20/21" if island and k + 1 in (20, 21) else f"R{k + 1}"
            if river != following:
                adjacent.append([river, following])
    for realm_id, (_kind, _value, borders) in realms.items():
        bank = borders[0][0]
        first = int(borders[0][1:])
        spaces.append({"id": realm_id, "kind": "realm", "bank": bank,
                       "areas": [first, first + 1], "borders": list(borders),
                       "centre": [40.0 * first + 20, 0.0 if bank == "L" else 160.0]})
        adjacent += [[realm_id, b] for b in borders]
    return {"name": "rulings test board", "source": "house", "areas": areas,
            "markers": {"castle": 0, "church": 0, "city_values": []},
            "spaces": spaces, "adjacent": adjacent}


def scenario(pieces: str = "", realms: dict[str, tuple] | None = None, island: bool = False,
             players: int = 3, dukes: list[tuple[str, str]] | None = None,
             supply: dict[str, int] | None = None, hands: dict[str, list[int]] | None = None,
             current: str = "A", archbishop: str | None = "auto", seed: int = 1) -> dict:
    """A state on the test board. ``pieces``: ``"A:L10 B:L12 bastion:T12 A:C1"``; ``dukes``:
    ``[("A", "L10")]`` (owner, anchor); ``realms``: ``{"C1": ("castle", 0, ["L12", "L13"])}``.
    The archbishop follows the bishops unless given (a letter, or None)."""
    realms = realms or {}
    data = rulings_board_data(realms, island)
    key = "test-" + hashlib.sha1(json.dumps(data, sort_keys=True).encode()).hexdigest()[:12]
    register_board(key, data)
    state = Rheinlaender.empty_state(players, key, seed)
    state["realms"] = {rid: ({"kind": kind, "value": value} if kind == "city" else {"kind": kind})
                       for rid, (kind, value, _b) in realms.items()}
    for piece in pieces.split():
        who, space = piece.split(":")
        if who == "bastion":
            state["bastions"][space] = 0
        else:
            state["knights"][space] = LETTERS.index(who)
            state["supply"][LETTERS.index(who)] -= 1
    for owner, anchor in dukes or []:
        state["dukes"].append({"owner": LETTERS.index(owner), "anchor": anchor,
                               "figure": LETTERS.index(owner)})
    for who, count in (supply or {}).items():
        state["supply"][LETTERS.index(who)] = count
    for who, cards in (hands or {}).items():
        state["hands"][LETTERS.index(who)] = sorted(cards)
        state["deck"] = [c for c in state["deck"] if c not in cards]
    state["current"] = LETTERS.index(current)
    if archbishop == "auto":
        state["archbishop"] = archbishop_holder(bishops(state, get_board(key)))
    else:
        state["archbishop"] = LETTERS.index(archbishop) if archbishop else None
    return state
