"""18Rhl tiles: code strings parsed into parts, rotation, exits and phase revenues.

Upgrade legality and lay enumeration live in ``engine.rhl18.lays`` style helpers at the bottom
of this module (``upgrade_error``, ``legal_lays``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from engine.rhl18 import hexmap
from engine.text import Msg, Reason, msg, worded

if TYPE_CHECKING:
    from engine.rhl18 import routes

# Why a lay is illegal, cheaply: a ``Reason`` (a catalogue key and its values, nested reasons
# too); ``worded`` makes the text. legal() rejects thousands of candidate lays.

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

    def node_indices(self, kind: str) -> tuple[int, ...]:
        # Asked tens of thousands of times per legal() of a late operating round; tiles are
        # shared and immutable, so each remembers its answers (outside the compared fields).
        known = self.__dict__.setdefault("_node_indices", {})
        found = known.get(kind)
        if found is None:
            found = known[kind] = tuple(i for i, n in enumerate(self.nodes) if n.kind == kind)
        return found

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
    """Parse a code string (see ``data/tiles.json``) into a Tile."""
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


# ---------------------------------------------------------------- upgrades (18Rhl rules)

METROPOLIS_LABELS = {"D9": "DU", "F9": "D", "I10": "K"}
METROPOLIS_GREEN = {"F9": ("X921", "X922"), "I10": ("X923", "X924"), "D9": ("X925", "X926")}
METROPOLIS_BROWN = {"F9": "927", "I10": "928", "D9": "929"}
METROPOLIS_GRAY_PROMOTION = {"F9": "932V", "I10": "932V", "D9": "949"}
# Fixed upgrade chains: old tile -> the only tiles it may become (upgrades.json).
CHAINS: dict[str, tuple[str, ...]] = {
    "3": ("141", "142", "143"), "4": ("141", "142"), "58": ("141", "142", "143", "144"),
    "141": (), "142": (), "143": (), "144": (), "2": ("87",), "56": ("87",),
    "1": ("88",), "55": ("88",), "69": ("204",), "935": (),
}
# Upgrades that need not add usable track or change a city's value.
TRACK_RESTRICTION_EXEMPT = frozenset({"87", "88", "204", "949"})
RATINGEN_TILES = ("1910", "1911")


def _has(options: Iterable[str] | dict, name: str) -> bool:
    return bool(options.get(name)) if isinstance(options, dict) else name in options


def colour_of(board: dict, hex_id: str) -> str:
    return tile(board[hex_id]["tile"]).color


def _colour(name: str | None) -> Reason:
    """A colour word inside a reason ("no" when nothing follows)."""
    return Reason(f"rhl18.colour.{name}", {}) if name else Reason("rhl18.colour.none", {})


def _next_colour(colour: str) -> str | None:
    if colour not in COLOUR_ORDER or colour == "gray":
        return None
    return COLOUR_ORDER[COLOUR_ORDER.index(colour) + 1]


def _rhl_allowed(hex_id: str, old: Tile, new_name: str, options) -> tuple[bool, Reason] | None:
    """18Rhl's own chains: (allowed, reason) when one applies, None for the normal checks."""
    promo = _has(options, "promotion_tiles")
    if old.name == "935" or new_name == "935":
        return (False, Reason("rhl18.tile.osterath", {})) \
            if old.name == "935" or hex_id != "E8" else None
    if hex_id in METROPOLIS_LABELS:
        if old.color == "yellow":
            ok = new_name in METROPOLIS_GREEN[hex_id]
        elif old.color == "green":
            ok = new_name == METROPOLIS_BROWN[hex_id]
        else:
            ok = new_name == (METROPOLIS_GRAY_PROMOTION[hex_id] if promo else "932")
        return ok, Reason("rhl18.tile.metropolis_chain", {"hex": hex_id})
    if hex_id == "D7":
        ok = (old.color == "green" and new_name == "947") or (
            old.color == "brown" and promo and new_name == "950")
        return ok, Reason("rhl18.tile.moers", {})
    if old.name in CHAINS:
        chain = list(CHAINS[old.name])
        return new_name in chain, (Reason("rhl18.tile.chain", {"tile": old.name, "tiles": chain})
                                   if chain else Reason("rhl18.tile.final", {"tile": old.name}))
    if new_name in ("87", "88", "204"):
        return False, Reason("rhl18.tile.small_town", {"tile": new_name})
    if old.name == "216" and hex_id == "D13" and promo:
        return new_name == "Essen", Reason("rhl18.tile.essen", {})
    if hex_id == "E10" and _has(options, "ratingen_variant"):
        wanted = {"white": "1910", "yellow": "1911"}.get(old.color)
        return new_name == wanted, Reason("rhl18.tile.ratingen_chain", {})
    if new_name in RATINGEN_TILES:
        return False, Reason("rhl18.tile.ratingen_only", {})
    return None


@cache
def path_items(name: str, rotation: int) -> tuple[tuple, ...]:
    """Each path as a comparable item: its edges, or an edge with the kind of node it reaches."""
    t = tile(name)
    result = []
    for p in t.paths:
        ends = []
        for kind, value in (p.a, p.b):
            ends.append(("e", rotate_edge(value, rotation)) if kind == "edge"
                        else ("n", "city" if t.nodes[value].kind == "city" else "town"))
        result.append(tuple(sorted(ends)))
    return tuple(result)


@cache
def path_signature(name: str, rotation: int) -> frozenset[tuple]:
    """The set of a tile's path items: an upgrade must keep the old tile's set."""
    return frozenset(path_items(name, rotation))


def stop_edges(name: str, rotation: int) -> list[frozenset[int]]:
    """The edges of each city and town that has track (the reference's city/town edges)."""
    t = tile(name)
    on_track = {v for p in t.paths for kind, v in (p.a, p.b) if kind == "node"}
    return [edges for i, (node, edges) in enumerate(zip(t.nodes, node_exits(name, rotation),
                                                        strict=True))
            if node.kind in ("city", "town") and i in on_track]


def _unmatched_stops(old_name: str, old_rot: int, new_name: str, rotation: int) -> bool:
    """More stops on the new tile share no edge with an old stop than the tile adds: then
    two old stops were folded into one (G6 yellow -> 938 turned so that both old cities run
    into one new city, leaving a fresh city beside them), which the reference forbids."""
    old_sets = stop_edges(old_name, old_rot)
    new_sets = stop_edges(new_name, rotation)
    extra = max(0, len(new_sets) - len(old_sets))
    fresh = sum(1 for n in new_sets if all(not (n & o) for o in old_sets))
    return fresh > extra


def _label_reason(hex_id: str, old: Tile, new: Tile) -> Reason:
    """A label mismatch, said for what is missing: "label none" read oddly, and the German
    "hat die Kennung keine" was no sentence."""
    if not new.label:
        return Reason("rhl18.tile.label_missing", {"tile": new.name, "hex": hex_id,
                                                   "wanted": old.label})
    if not old.label:
        return Reason("rhl18.tile.label_unwanted", {"tile": new.name, "hex": hex_id,
                                                    "label": new.label})
    return Reason("rhl18.tile.label", {"tile": new.name, "hex": hex_id, "label": new.label,
                                       "wanted": old.label})


def _normal_error(hex_id: str, old: Tile, old_rot: int, new: Tile, rotation: int,
                  special: bool) -> Reason | None:
    """The shared 18xx rules: kept paths and city edge sets, then (not for private lays, as
    in the reference engine) labels and town/city counts."""
    if not path_signature(old.name, old_rot) <= path_signature(new.name, rotation):
        return Reason("rhl18.tile.keep_all_track", {"tile": new.name, "rotation": rotation, "hex": hex_id})
    old_sets = city_exits(old.name, old_rot)
    new_sets = city_exits(new.name, rotation)
    if len(old_sets) > 1 and len(new_sets) > 1 and not all(
            sum(o <= n for n in new_sets) == 1 for o in old_sets if o):
        return Reason("rhl18.tile.keep_city_track", {"tile": new.name, "rotation": rotation})
    if _unmatched_stops(old.name, old_rot, new.name, rotation):
        return Reason("rhl18.tile.merge_stops", {"tile": new.name, "rotation": rotation,
                                           "hex": hex_id})
    if special:
        return None
    if old.labels != new.labels:
        return _label_reason(hex_id, old, new)
    if len(old.towns) != len(new.towns):
        return Reason("rhl18.tile.towns", {"hex": hex_id, "count": len(old.towns), "tile": new.name,
                                      "new": len(new.towns)})
    if len(old.cities) != len(new.cities) and not old.labels:
        return Reason("rhl18.tile.cities", {"hex": hex_id, "count": len(old.cities), "tile": new.name,
                                       "new": len(new.cities)})
    if old.labels and old.cities and not new.cities:
        return Reason("rhl18.tile.remove_cities", {"tile": new.name, "hex": hex_id})
    return None


def upgrade_error(board: dict, hex_id: str, new_name: str, rotation: int, phase: str,
                  options: Iterable[str] | dict = (), corp: str | None = None,
                  special: bool = False, network: routes.Network | None = None,
                  quick: bool = False) -> Msg | None:
    """Why laying ``new_name`` at ``rotation`` on ``hex_id`` is illegal (a sentence for the
    player), or None if it is legal. See ``upgrade_reason``."""
    reason = upgrade_reason(board, hex_id, new_name, rotation, phase, options, corp, special,
                            network, quick)
    return None if reason is None else worded(reason)




def upgrade_reason(board: dict, hex_id: str, new_name: str, rotation: int, phase: str,
                   options: Iterable[str] | dict = (), corp: str | None = None,
                   special: bool = False, network: routes.Network | None = None,
                   quick: bool = False) -> Reason | None:
    """Why laying ``new_name`` at ``rotation`` on ``hex_id`` is illegal, or None if it is legal.

    A cheap ``(key, params)`` pair: the lay enumeration rejects many candidates, and only the
    one refused to a player needs its text (``worded``).

    ``corp`` set: also check the corporation's connection and the semi-restrictive track rule
    (private lays pass ``special=True`` and skip both, as the reference engine does).
    ``network``: the corporation's ``routes.Network`` on this board, for many questions about
    one board (the same answers, faster); ``quick`` lets it answer the track rule's quick yes
    (see ``routes.uses_new_track``).
    """
    cell = board[hex_id]
    reason = _phase_reason(cell, hex_id, new_name, phase, special)
    if reason is not None:
        return reason
    on_network = corp is not None and not special
    question = (hex_id, cell["tile"], cell["rotation"], new_name,
                question_flags(phase, options, special, on_network))
    if 0 <= rotation < 6 and fitting_rotations(*question) >> rotation & 1:
        reason = None
    else:  # refused: the reason is made only now (or a rotation legal() never offers)
        reason = _tile_reason(*question, rotation)
    if reason is not None or not on_network:
        return reason
    assert corp is not None
    return _network_reason(board, hex_id, tile(cell["tile"]), tile(new_name), rotation, corp,
                           network, quick)


def _phase_reason(cell: dict, hex_id: str, new_name: str, phase: str,
                  special: bool) -> Reason | None:
    """The first checks: a fixed hex, then a colour the phase does not allow yet (kept out of
    ``fitting_rotations``, whose answers hold for every phase with the same flags)."""
    if tile(cell["tile"]).preprinted and hexmap.hex_info(hex_id).color in ("red", "gray"):
        return Reason("rhl18.tile.fixed_hex", {"hex": hex_id,
                                         "colour": _colour(hexmap.hex_info(hex_id).color)})
    new = tile(new_name)
    if new.color not in PHASE_COLOURS[phase] and not (new.color == "orange" and special):
        return Reason("rhl18.tile.phase_colour", {"colour": Reason(f"rhl18.colour_cap.{new.color}", {}),
                                              "phase": phase})
    return None


# What of the phase, the optional rules and the kind of lay the board-free checks read, as
# the bits of one int (a small cache key): phase 2, phase 5 or later, promotion tiles, the
# Ratingen variant, a private's lay, a corporation's own lay (its stops must be kept).
EARLY, LATE, PROMOTION, RATINGEN, SPECIAL, ON_NETWORK = 1, 2, 4, 8, 16, 32


def question_flags(phase: str, options: Iterable[str] | dict, special: bool,
                   on_network: bool) -> int:
    return (EARLY * (phase == "2") | LATE * (int(phase) >= 5)
            | PROMOTION * _has(options, "promotion_tiles")
            | RATINGEN * _has(options, "ratingen_variant") | SPECIAL * special
            | ON_NETWORK * on_network)


# Distinct questions: about 1,500 per game (hex, its tile, the tile laid, flags), most shared
# between games; an entry (key and int) is about 200 bytes.
TILE_FITS_CACHED = 1 << 14


@lru_cache(maxsize=TILE_FITS_CACHED)
def fitting_rotations(hex_id: str, old_name: str, old_rot: int, new_name: str,
                      flags: int) -> int:
    """The rotations 0-5 at which ``_tile_reason`` has nothing against the lay, as bits
    (bit r: rotation r). The same questions come back in every position of a game, thousands
    per legal(), so their answers are remembered."""
    return sum(1 << rotation for rotation in range(6)
               if _tile_reason(hex_id, old_name, old_rot, new_name, flags, rotation) is None)


def _tile_reason(hex_id: str, old_name: str, old_rot: int, new_name: str, flags: int,
                 rotation: int) -> Reason | None:
    """The checks of ``upgrade_reason`` after the phase's colours that read only the two
    tiles, the hex and ``flags`` (``question_flags``), never the rest of the board."""
    promo, ratingen = bool(flags & PROMOTION), bool(flags & RATINGEN)
    special, on_network = bool(flags & SPECIAL), bool(flags & ON_NETWORK)
    old = tile(old_name)
    new = tile(new_name)
    if new_name == "935" and flags & LATE:
        return Reason("rhl18.tile.osterath_late", {})
    if hex_id == "E12" and flags & EARLY and ratingen:
        return Reason("rhl18.tile.ratingen_e12", {})
    special_rule = _rhl_allowed(hex_id, old, new_name,
                                {"promotion_tiles": promo, "ratingen_variant": ratingen})
    if special_rule is not None and not special_rule[0]:
        return special_rule[1]
    if new_name != "935" and _next_colour(old.color) != new.color:
        return Reason("rhl18.tile.next_colour", {"old": _colour(old.color),
                                           "wanted": _colour(_next_colour(old.color)),
                                           "new": _colour(new.color)})
    if hex_id in METROPOLIS_LABELS:
        if rotation != 0:
            return Reason("rhl18.tile.metropolis_rotation", {})
    elif special_rule is not None:
        if not exits(old.name, old_rot) <= exits(new_name, rotation):
            return Reason("rhl18.tile.keep_track", {"tile": new_name, "rotation": rotation,
                                          "hex": hex_id})
    elif new_name != "935":
        reason = _normal_error(hex_id, old, old_rot, new, rotation, special)
        if reason:
            return reason
    return _geometry_error(hex_id, old, old_rot, new, rotation, on_network)


def _geometry_error(hex_id: str, old: Tile, old_rot: int, new: Tile, rotation: int,
                    on_network: bool) -> Reason | None:
    new_exits = exits(new.name, rotation)
    if hex_id not in METROPOLIS_LABELS:
        bad = sorted(e for e in new_exits if not hexmap.passable(hex_id, e))
        if bad:
            return Reason("rhl18.tile.off_map", {"tile": new.name, "rotation": rotation,
                                           "edge": bad[0], "hex": hex_id})
    stubs = old.stubs if old.preprinted else ()
    if any(s not in new_exits for s in stubs):
        return Reason("rhl18.tile.stub", {"hex": hex_id, "edges": [str(e) for e in stubs],
                                          "count": len(stubs)})
    if new.name == "1910" and new_exits != frozenset(stubs):
        return Reason("rhl18.tile.ratingen_stubs", {})
    old_slots = [c.slots for c in old.cities]
    new_slots = [c.slots for c in new.cities]
    if len(old_slots) == len(new_slots) and any(
            n < o for o, n in zip(old_slots, new_slots, strict=True)):
        return Reason("rhl18.tile.slots", {"tile": new.name, "hex": hex_id})
    if not on_network:
        return None
    old_nodes = [e for n, e in zip(old.nodes, node_exits(old.name, old_rot), strict=True)
                 if n.kind != "offboard"]
    new_nodes = [e for n, e in zip(new.nodes, node_exits(new.name, rotation), strict=True)
                 if n.kind != "offboard"]
    if new.name not in TRACK_RESTRICTION_EXEMPT and any(
            not any(o <= n for n in new_nodes) for o in old_nodes):
        return Reason("rhl18.tile.keep_stops", {})
    return None


def _network_reason(board: dict, hex_id: str, old: Tile, new: Tile, rotation: int, corp: str,
                    network: routes.Network | None, quick: bool) -> Reason | None:
    """The checks that read the corporation's network: connection, then new track."""
    from engine.rhl18 import routes  # routes imports tiles

    connected = routes.connected_edges(board, corp) if network is None else network.connected
    reach = connected.get(hex_id, set())
    # In the metropolises the reference skips the rotation check: the hex being on the
    # corporation's network is enough.
    if not (reach if hex_id in METROPOLIS_LABELS else exits(new.name, rotation) & reach):
        return Reason("rhl18.tile.not_connected", {"corp": corp, "hex": hex_id})
    if old.paths and new.name not in TRACK_RESTRICTION_EXEMPT and not (
            routes.uses_new_track(board, corp, hex_id, new.name, rotation) if network is None
            else network.uses_new_track(hex_id, new.name, rotation, quick)):
        return Reason("rhl18.tile.no_new_track", {})
    return None


@cache
def _candidate_rotations(hex_id: str, name: str) -> tuple[int, ...]:
    """Rotations giving distinct track (rotation 0 only in the metropolises)."""
    if hex_id in METROPOLIS_LABELS:
        return (0,)
    seen, result = set(), []
    for r in range(6):
        key = path_signature(name, r)
        if key not in seen:
            seen.add(key)
            result.append(r)
    return tuple(result)


def legal_lays(board: dict, corp: str | None, phase: str, available: Iterable[str],
               options: Iterable[str] | dict = (), special: bool = False,
               hexes: Iterable[str] | None = None) -> list[tuple[str, str, int]]:
    """Every legal (hex, tile, rotation) using a tile from ``available`` (names in supply).

    Answers are cached per board content: legal() asks the same question many times.
    """
    opts = frozenset(k for k, v in options.items() if v) if isinstance(options, dict) \
        else frozenset(options)
    return list(_legal_lays_cached(hexmap.board_key(board), corp, phase,
                                   tuple(sorted(set(available))), opts, special,
                                   tuple(hexes) if hexes is not None else None))


@lru_cache(maxsize=64)
def _legal_lays_cached(key: tuple, corp: str | None, phase: str, available: tuple[str, ...],
                       options: frozenset[str], special: bool,
                       hexes: tuple[str, ...] | None) -> tuple[tuple[str, str, int], ...]:
    board = _board_from_key(key)
    return tuple(_legal_lays(board, corp, phase, available, options, special, hexes))


def _board_from_key(key: tuple) -> dict:
    return {h: {"tile": t, "rotation": r, "tokens": [list(c) for c in toks]}
            for h, t, r, toks in key}


def _legal_lays(board: dict, corp: str | None, phase: str, available: Iterable[str],
                options: frozenset[str], special: bool,
                hexes: Iterable[str] | None) -> list[tuple[str, str, int]]:
    names = sorted(set(available), key=_tile_sort_key)
    if corp is not None and not special:
        from engine.rhl18 import routes

        network = routes.network(board, corp)
        candidates = [h for h in (hexes or board) if network.connected.get(h)]
    else:
        network = None
        candidates = list(hexes or board)
    flags = question_flags(phase, options, special, network is not None)
    result = []
    for hex_id in candidates:
        cell = board[hex_id]
        old = tile(cell["tile"])
        wanted = _next_colour(old.color)
        for name in names:
            new = tile(name)
            if new.color != wanted and name != "935":
                continue
            # upgrade_reason(..., quick=True) at each rotation, its board-free part asked once
            if _phase_reason(cell, hex_id, name, phase, special) is not None:
                continue
            fits = fitting_rotations(hex_id, cell["tile"], cell["rotation"], name, flags)
            for group in _rotation_groups(hex_id, name):
                for rotation in group:
                    if fits >> rotation & 1 and (network is None or _network_reason(
                            board, hex_id, old, new, rotation, corp or "", network,
                            True) is None):
                        result.append((hex_id, name, rotation))
                        break
    return result


@cache
def _rotation_groups(hex_id: str, name: str) -> tuple[tuple[int, ...], ...]:
    """Rotations by the track they give, the first of each group first. A tile with two or
    more stops can give the same track with its stops swapped, and one of those may be
    illegal (it folds two old cities into one) where another is not: those try each
    rotation of the group in turn, all other tiles only the first."""
    firsts = _candidate_rotations(hex_id, name)
    if len(tile(name).nodes) < 2 or hex_id in METROPOLIS_LABELS:
        return tuple((r,) for r in firsts)
    return tuple(tuple(r for r in range(6) if path_signature(name, r) ==
                       path_signature(name, first)) for first in firsts)


def _tile_sort_key(name: str) -> tuple[int, str]:
    digits = "".join(ch for ch in name if ch.isdigit())
    return (int(digits) if digits else 0, name)


def lay_cost(board: dict, hex_id: str, entity: str | None = None) -> int:
    """Terrain cost of laying on this hex now; lays by Szl, KEO and Tjt are free."""
    if entity in ("Szl", "KEO", "Tjt"):
        return 0
    return tile(board[hex_id]["tile"]).upgrade_cost


def new_er_links(hex_id: str, name: str, rotation: int) -> list[tuple[str, int]]:
    """Eastern Ruhr link edges a lay on ``hex_id`` establishes (C12 4, D13 3/4, E14 3)."""
    edges = exits(name, rotation)
    return [(h, e) for h, e in (("C12", 4), ("D13", 3), ("D13", 4), ("E14", 3))
            if h == hex_id and e in edges]


EDGE_NAMES = ("SW", "W", "NW", "NE", "E", "SE")


def describe_rotation(hex_id: str, name: str, rotation: int) -> Msg:
    """A rotation in words for menus: the exits and the hexes they lead to, e.g. "exits W
    to K4, NE to J7"; a tile with separate tracks names each ("tracks (W to F3, SE to G6),
    (NW to E4, E to F7)"), for its rotations differ in which exits connect."""
    groups = track_groups(name, rotation)
    if len(groups) > 1:
        return msg("rhl18.tracks", tracks=[msg("rhl18.track", exits=_exits(hex_id, edges))
                                           for edges, _ in groups])
    edges = frozenset().union(*(edges for edges, _ in groups))
    return msg("rhl18.exits", exits=_exits(hex_id, edges)) if edges else msg("rhl18.no_track")


def _exits(hex_id: str, edges: frozenset[int]) -> list[Msg]:
    parts = []
    for edge in sorted(edges):
        target = hexmap.neighbor(hex_id, edge)
        side = msg(f"rhl18.edge.{EDGE_NAMES[edge]}")
        parts.append(msg("rhl18.exit_to", edge=side, hex=target) if target else side)
    return parts


@cache
def track_groups(name: str, rotation: int) -> tuple[tuple[frozenset[int], tuple[str, ...]], ...]:
    """The tile's connected pieces of track at ``rotation``: each piece's exits and the
    kinds of its stops, sorted. Two rotations with the same pieces lay the same track."""
    t = tile(name)
    owner: dict[tuple[str, int], tuple[str, int]] = {}

    def root(end: tuple[str, int]) -> tuple[str, int]:
        while owner.setdefault(end, end) != end:
            end = owner[end]
        return end

    for path in t.paths:
        owner[root(path.a)] = root(path.b)
    pieces: dict[tuple[str, int], tuple[set[int], list[str]]] = {}
    for end in list(owner):
        edges, stops = pieces.setdefault(root(end), (set(), []))
        kind, value = end
        if kind == "edge":
            edges.add(rotate_edge(value, rotation))
        else:
            stops.append(t.nodes[value].kind)
    return tuple(sorted(((frozenset(edges), tuple(sorted(stops)))
                         for edges, stops in pieces.values() if edges),
                        key=lambda piece: sorted(piece[0])))
