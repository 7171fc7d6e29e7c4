"""The 18Rhl map: hexes, neighbours across edges, printed tiles, homes and the setup board.

Coordinates follow 18xx.games: pointy-top hexes, rows are letters, columns numbers, and edges
0-5 run clockwise from the lower-left side. Data comes from ``data/hexes.json`` (dumped from
the reference engine); nothing here is invented.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

from engine.rhl18.data import DATA_DIR

DATA = DATA_DIR  # the one copy of the map data, which engine.rhl18.data loads too

# Neighbour offsets (dx, dy) across each edge in the engine's doubled coordinates.
EDGE_OFFSETS: tuple[tuple[int, int], ...] = ((-1, 1), (-2, 0), (-1, -1), (1, -1), (2, 0), (1, 1))

# The Ratingen variant changes two printed hexes; their tiles get this suffix (as in board.py).
RATINGEN_SUFFIX = "~rv"

# Dummy coal (K) and steel (S) tokens placed at setup in the Eastern Ruhr cities.
DUMMY_TOKENS = {"C14": [["S"], ["K"]], "D15": [["K"], ["S"]]}


@dataclass(frozen=True)
class HexInfo:
    """One map hex as printed."""

    id: str
    x: int
    y: int
    color: str
    name: str | None
    tile: str  # preprinted tile id, e.g. "D11-1"
    code: str
    passable: frozenset[int]  # edges the engine links for track
    neighbors: dict[int, str]  # every geometric neighbour on the map
    homes: tuple[tuple[str, ...], ...]  # reservations per city index
    ratingen_code: str | None


@cache
def _raw() -> dict:
    return json.loads((DATA / "hexes.json").read_text(encoding="utf-8"))


@cache
def _hexes() -> dict[str, HexInfo]:
    result: dict[str, HexInfo] = {}
    # Later definitions win: this reproduces the engine's G8 duplicate (the bordered one).
    for raw in _raw()["hexes"]:
        ratingen = raw.get("ratingen_variant")
        result[raw["id"]] = HexInfo(
            id=raw["id"], x=raw["x"], y=raw["y"], color=raw["color"],
            name=raw.get("location_name"), tile=raw["preprinted_tile_id"], code=raw["code"],
            passable=frozenset(int(e) for e in raw["passable_neighbors"]),
            neighbors={int(e): h for e, h in raw["all_neighbors"].items()},
            homes=tuple(tuple(c) for c in raw.get("home_reservations_by_city_index") or ()),
            ratingen_code=ratingen["code"] if ratingen else None,
        )
    return result


def all_hexes() -> list[str]:
    """Every hex id on the map (89, G8 once)."""
    return list(_hexes())


def hex_info(hex_id: str) -> HexInfo:
    return _hexes()[hex_id]


@cache
def _by_xy() -> dict[tuple[int, int], str]:
    return {(h.x, h.y): h.id for h in _hexes().values()}


@cache  # the route graph asks it for every step of every walk
def neighbor(hex_id: str, edge: int) -> str | None:
    """The hex across ``edge`` of ``hex_id``, or None off the map."""
    info = _hexes()[hex_id]
    dx, dy = EDGE_OFFSETS[edge]
    return _by_xy().get((info.x + dx, info.y + dy))


def passable(hex_id: str, edge: int) -> bool:
    """Whether track may cross this edge (no impassable border, a hex that links back)."""
    return edge in _hexes()[hex_id].passable


@cache
def preprinted_codes() -> Mapping[str, tuple[str, str]]:
    """Preprinted tile id -> (code, hex colour), including the Ratingen variant versions
    (read-only, made once: every preprinted tile parsed asks for it)."""
    codes: dict[str, tuple[str, str]] = {}
    for info in _hexes().values():
        codes[info.tile] = (info.code, info.color)
        if info.ratingen_code is not None:
            codes[info.tile + RATINGEN_SUFFIX] = (info.ratingen_code, info.color)
    return MappingProxyType(codes)


def preprinted_hex(tile_name: str) -> str | None:
    """The hex a preprinted tile belongs to (None for supply tiles)."""
    for info in _hexes().values():
        if tile_name.split("~", 1)[0] == info.tile:
            return info.id
    return None


def home_hexes() -> dict[str, list[tuple[str, int]]]:
    """Corporation sym -> [(home hex, city index)] from the map's reservations (CCE has two)."""
    homes: dict[str, list[tuple[str, int]]] = {}
    for info in _hexes().values():
        for city_index, syms in enumerate(info.homes):
            for sym in syms:
                homes.setdefault(sym, []).append((info.id, city_index))
    return homes


def initial_board(options: set[str] | frozenset[str] | dict = frozenset()) -> dict:
    """The setup board: every printed tile at rotation 0, empty slots, K/S dummy tokens.

    ``options``: a set of optional-rule names or a dict name -> bool.
    """
    from engine.rhl18 import tiles  # local import: tiles imports this module

    ratingen = bool(options.get("ratingen_variant")) if isinstance(options, dict) else (
        "ratingen_variant" in options)
    board: dict[str, dict] = {}
    for info in _hexes().values():
        name = info.tile
        if ratingen and info.ratingen_code is not None:
            name += RATINGEN_SUFFIX
        tokens = [[None] * city.slots for city in tiles.tile(name).cities]
        board[info.id] = {"tile": name, "rotation": 0, "tokens": tokens}
    for hex_id, tokens in DUMMY_TOKENS.items():
        board[hex_id]["tokens"] = [list(t) for t in tokens]
    return board


def terrain_cost(board: dict, hex_id: str) -> int:
    """What laying on this hex costs now: the terrain printed on the tile being replaced."""
    from engine.rhl18 import tiles

    return tiles.tile(board[hex_id]["tile"]).upgrade_cost


def board_key(board: dict) -> tuple:
    """A hashable snapshot of what the map functions read (tiles, rotations, tokens), used to
    cache their answers for a board that has not changed."""
    return tuple((h, c["tile"], c.get("rotation", 0),
                  tuple(tuple(city) for city in c.get("tokens", ()))) for h, c in board.items())
