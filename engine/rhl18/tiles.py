"""18Rhl tiles: code strings parsed into parts, rotation, exits and phase revenues.

Upgrade legality and lay enumeration live in ``engine.rhl18.lays`` style helpers at the bottom
of this module (``upgrade_error``, ``legal_lays``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache

from engine.rhl18 import hexmap

COLOUR_ORDER = ("white", "yellow", "green", "brown", "gray")

# Newest tile colour allowed in each phase; revenues "yellow_40|brown_60" are looked up from
# this colour backwards, exactly as the reference engine does.
PHASE_COLOURS: dict[str, tuple[str, ...]] = {
    "2": ("yellow",),
    "3": ("yellow", "green"),
    "4": ("yellow", "green"),
    "5": ("yellow", "green", "brown"),
    "6": ("yellow", "green", "brown"),
    "8": ("yellow", "green", "brown", "gray"),
}


@dataclass(frozen=True)
class Node:
    """A city, town or off-board: a place a route may stop."""

    kind: str  # "city" | "town" | "offboard"
    part: int  # part index in the code string (used in 18xx ids)
    revenue: int | tuple[tuple[str, int], ...]
    slots: int = 0
    loc: str | None = None
    groups: tuple[str, ...] = ()


@dataclass(frozen=True)
class Path:
    """Track between two endpoints; an endpoint is ("edge", n) or ("node", node index)."""

    a: tuple[str, int]
    b: tuple[str, int]
    terminal: bool = False
    narrow: bool = False


@dataclass(frozen=True)
class Tile:
    name: str
    color: str
    code: str
    nodes: tuple[Node, ...]
    paths: tuple[Path, ...]
    labels: tuple[str, ...] = ()
    upgrade_cost: int = 0
    terrain: str | None = None
    icons: tuple[str, ...] = ()
    sticky_icons: tuple[str, ...] = ()
    borders: tuple[int, ...] = ()
    stubs: tuple[int, ...] = ()
    preprinted: bool = False
    cities: tuple[Node, ...] = field(default=(), compare=False)

    @property
    def label(self) -> str | None:
        return self.labels[0] if self.labels else None

    def node_indices(self, kind: str) -> list[int]:
        return [i for i, n in enumerate(self.nodes) if n.kind == kind]

    @property
    def towns(self) -> list[Node]:
        return [n for n in self.nodes if n.kind == "town"]


def _revenue(text: str) -> int | tuple[tuple[str, int], ...]:
    if "|" not in text and "_" not in text:
        return int(text)
    pairs = []
    for item in text.split("|"):
        colour, value = item.split("_")
        pairs.append((colour, int(value)))
    return tuple(pairs)


def _endpoint(text: str) -> tuple[str, int]:
    return ("node", int(text[1:])) if text.startswith("_") else ("edge", int(text))


def parse(name: str, code: str, color: str, preprinted: bool = False) -> Tile:
    """Parse a code string (see mapdata README) into a Tile."""
    nodes: list[Node] = []
    paths: list[Path] = []
    labels: list[str] = []
    icons: list[str] = []
    sticky: list[str] = []
    borders: list[int] = []
    stubs: list[int] = []
    cost, terrain = 0, None
    parts = [p for p in code.split(";") if p]
    for index, part in enumerate(parts):
        kind, _, rest = part.partition("=")
        args = dict(item.split(":", 1) for item in rest.split(",") if ":" in item)
        if kind in ("city", "town", "offboard"):
            nodes.append(Node(kind, index, _revenue(args.get("revenue", "0")),
                              int(args.get("slots", 1)) if kind == "city" else 0,
                              args.get("loc"), tuple(args.get("groups", "").split("|"))
                              if args.get("groups") else ()))
        elif kind == "path":
            paths.append(Path(_endpoint(args["a"]), _endpoint(args["b"]),
                              args.get("terminal") == "1", args.get("track") == "narrow"))
        elif kind == "label":
            labels.append(rest)
        elif kind == "upgrade":
            cost, terrain = int(args.get("cost", 0)), args.get("terrain")
        elif kind == "icon":
            icon = args["image"].rsplit("/", 1)[-1]
            icons.append(icon)
            if args.get("sticky") == "1":
                sticky.append(icon)
        elif kind == "border" and args.get("type") == "impassable":
            borders.append(int(args["edge"]))
        elif kind == "stub":
            stubs.append(int(args["edge"]))
    # The engine adds a coal icon to Moers' brown tile at setup; 950 inherits it.
    if name in ("947", "950"):
        icons.append("K")
        sticky.append("K")
    cities = tuple(n for n in nodes if n.kind == "city")
    return Tile(name, color, code, tuple(nodes), tuple(paths), tuple(labels), cost, terrain,
                tuple(icons), tuple(sticky), tuple(borders), tuple(stubs), preprinted, cities)


@cache
def supply() -> dict[str, dict]:
    """Tile name -> the tiles.json record (colour, count, code)."""
    data = json.loads((hexmap.DATA / "tiles.json").read_text(encoding="utf-8"))
    return {t["name"]: t for t in data["tiles"]}


@cache
def tile(name: str) -> Tile:
    """The parsed tile for a supply name ("9", "X921") or a preprinted id ("D11-1")."""
    record = supply().get(name)
    if record is not None:
        return parse(name, record["code"], record["color"])
    code, color = hexmap.preprinted_codes()[name]
    return parse(name, code, color, preprinted=True)


def rotate_edge(edge: int, rotation: int) -> int:
    return (edge + rotation) % 6


@cache
def exits(name: str, rotation: int) -> frozenset[int]:
    """Edges with track on this tile at this rotation."""
    result = set()
    for path in tile(name).paths:
        for kind, value in (path.a, path.b):
            if kind == "edge":
                result.add(rotate_edge(value, rotation))
    return frozenset(result)


@cache
def node_exits(name: str, rotation: int) -> tuple[frozenset[int], ...]:
    """For each node, the (rotated) edges its paths reach directly."""
    t = tile(name)
    found: list[set[int]] = [set() for _ in t.nodes]
    for path in t.paths:
        ends = (path.a, path.b)
        for (kind, value), (okind, ovalue) in (ends, ends[::-1]):
            if kind == "node" and okind == "edge":
                found[value].add(rotate_edge(ovalue, rotation))
    return tuple(frozenset(s) for s in found)


def city_exits(name: str, rotation: int) -> list[frozenset[int]]:
    t = tile(name)
    per_node = node_exits(name, rotation)
    return [per_node[i] for i in t.node_indices("city")]


def phase_colour(phase: str) -> str:
    return PHASE_COLOURS[phase][-1]


def revenue_of(value: int | tuple[tuple[str, int], ...], phase: str) -> int:
    """A node's revenue in a phase: the value for the newest colour at or before the phase's."""
    if isinstance(value, int):
        return value
    table = dict(value)
    for colour in reversed(PHASE_COLOURS[phase]):
        if colour in table:
            return table[colour]
    return value[0][1]


def city_index(tile_name: str, part_index: int) -> int:
    """City index (position among cities) of the city at ``part_index`` (18xx ids)."""
    for i, city in enumerate(tile(tile_name).cities):
        if city.part == part_index:
            return i
    raise KeyError(f"tile {tile_name} has no city at part {part_index}")


def part_index(tile_name: str, city_idx: int) -> int:
    return tile(tile_name).cities[city_idx].part


def node_index_of_part(tile_name: str, part: int) -> int:
    for i, node in enumerate(tile(tile_name).nodes):
        if node.part == part:
            return i
    raise KeyError(f"tile {tile_name} has no node at part {part}")


def moved_tokens(old_name: str, old_rotation: int, tokens: list[list],
                 new_name: str, new_rotation: int) -> list[list]:
    """Tokens of the old tile placed on the new one, matched as the reference engine does.

    Each old city goes to the first new city whose exits contain all its exits; cities without
    exits match by index when counts agree; otherwise the same index or the first free city.
    """
    new_tile = tile(new_name)
    old_exits = city_exits(old_name, old_rotation)
    new_exits = city_exits(new_name, new_rotation)
    result: list[list] = [[None] * c.slots for c in new_tile.cities]
    same_count = len(old_exits) == len(new_exits)
    for i, old in enumerate(old_exits):
        target = None
        if old:
            target = next((j for j, new in enumerate(new_exits) if old <= new), None)
        elif same_count:
            target = i
        if target is None:
            target = i if i < len(result) else 0
        for sym in tokens[i] if i < len(tokens) else []:
            if sym is None:
                continue
            slot_list = result[target]
            if None in slot_list:
                slot_list[slot_list.index(None)] = sym
            else:
                free = next((j for j, s in enumerate(result) if None in s), None)
                if free is not None:
                    result[free][result[free].index(None)] = sym
    return result


def has_icon(board: dict, hex_id: str, icon: str, extra: Iterable[str] = ()) -> bool:
    """Whether the hex's current tile carries ``icon`` (or the hex is in ``extra``)."""
    return hex_id in extra or icon in tile(board[hex_id]["tile"]).icons
