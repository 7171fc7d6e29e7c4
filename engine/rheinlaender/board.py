"""The board: spaces, areas, realm spaces and who borders whom, loaded from ``board.json``.

The house board is house-made (see ``board.json``'s ``source`` and ``note``). Other boards
(for example the abstract test boards) can be registered under their own key; a game state
names its board by key, so the state itself stays small plain data.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

BOARD_FILE = Path(__file__).with_name("board.json")


class BoardError(ValueError):
    """The board data breaks one of the checks the rules rely on (rulings section Q)."""


@dataclass
class Board:
    """Read-only board geometry and adjacency."""

    data: dict[str, Any]
    spaces: dict[str, dict[str, Any]] = field(init=False)
    order: dict[str, int] = field(init=False)
    neighbours: dict[str, tuple[str, ...]] = field(init=False)
    area_land: dict[int, tuple[str, ...]] = field(init=False)
    area_river: dict[int, tuple[str, ...]] = field(init=False)
    realm_spaces: tuple[str, ...] = field(init=False)
    realms_of: dict[str, tuple[str, ...]] = field(init=False)
    land: tuple[str, ...] = field(init=False)  # land spaces in board order, asked every move
    land_set: frozenset[str] = field(init=False, repr=False)  # the AI asks is_land millions of times
    # each space's land neighbours, in ``neighbours``' order: the AI's open doors of a duchy
    land_neighbours: dict[str, tuple[str, ...]] = field(init=False, repr=False)
    # groups of knights by occupied spaces (engine.rheinlaender.duchies.shared_groups)
    memo: dict = field(init=False, repr=False, compare=False)
    # spaces bordering a church, by where the churches lie (duchies.church_neighbours)
    churches: dict = field(init=False, repr=False, compare=False)
    # each space's name in the log (engine.rheinlaender.words.place), one per space
    places: dict = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        records = self.data["spaces"]
        self.spaces = {record["id"]: record for record in records}
        self.order = {record["id"]: index for index, record in enumerate(records)}
        links: dict[str, list[str]] = {space: [] for space in self.spaces}
        for a, b in self.data["adjacent"]:
            links[a].append(b)
            links[b].append(a)
        self.neighbours = {s: tuple(sorted(n, key=self.order.__getitem__)) for s, n in links.items()}
        land: dict[int, list[str]] = {k: [] for k in self.numbers}
        river: dict[int, list[str]] = {k: [] for k in self.numbers}
        for record in records:
            target = land if record["kind"] == "land" else river if record["kind"] == "river" else None
            if target is not None:
                for k in record["areas"]:
                    target.setdefault(k, []).append(record["id"])
        self.area_land = {k: tuple(v) for k, v in land.items()}
        self.area_river = {k: tuple(v) for k, v in river.items()}
        self.realm_spaces = tuple(r["id"] for r in records if r["kind"] == "realm")
        self.realms_of = {
            space: tuple(n for n in self.neighbours[space] if self.spaces[n]["kind"] == "realm")
            for space in self.spaces
        }
        self.land = tuple(s for s, r in self.spaces.items() if r["kind"] == "land")
        self.land_set = frozenset(self.land)
        self.land_neighbours = {space: tuple(n for n in near if n in self.land_set)
                                for space, near in self.neighbours.items()}
        self.memo = {}
        self.churches = {}
        self.places = {}

    @property
    def numbers(self) -> range:
        return range(1, self.data["areas"] + 1)

    def kind(self, space: str) -> str:
        return self.spaces[space]["kind"]

    def is_land(self, space: str) -> bool:
        return space in self.land_set

    def area_spaces(self, number: int) -> tuple[str, ...]:
        return self.area_land.get(number, ()) + self.area_river.get(number, ())

    def land_spaces(self) -> list[str]:
        return list(self.land)

    def space_for(self, number: int, where: str) -> str | None:
        """The space of area ``number`` called ``where`` (left, right, river, island)."""
        bank = {"left": "L", "right": "T", "river": "R", "island": "I"}.get(where)
        for space in self.area_spaces(number):
            if self.spaces[space]["bank"] == bank:
                return space
        return None

    def where(self, space: str) -> tuple[int, str]:
        """(area number, word) naming ``space`` in the notation; islands by their first area."""
        record = self.spaces[space]
        word = {"L": "left", "T": "right", "R": "river", "I": "island"}[record["bank"]]
        return record["areas"][0], word

    def name(self, space: str) -> str:
        number, word = self.where(space)
        if word == "island":
            first, second = self.spaces[space]["areas"]
            return f"island {first}/{second}"
        return f"{number} {word}"


def validate(data: dict[str, Any], full: bool = True) -> None:
    """Reject a board that breaks a rule the engine relies on (rulings Q).

    ``full`` also checks the published counts (54 areas, 26 realm spaces); abstract test
    boards with only a few realm spaces skip that part.
    """
    ids = [record["id"] for record in data["spaces"]]
    if len(set(ids)) != len(ids):
        raise BoardError("two spaces share an id")
    spaces = {record["id"]: record for record in data["spaces"]}
    links: dict[str, set[str]] = {space: set() for space in spaces}
    for a, b in data["adjacent"]:
        if a == b or a not in spaces or b not in spaces:
            raise BoardError(f"bad adjacency {a}-{b}")
        if not _allowed_pair(spaces[a], spaces[b]):
            raise BoardError(f"{a} and {b} cannot be neighbours: ruling A2 allows only "
                             "Lk-Lk+1, Tk-Tk+1, Lk-Rk, Rk-Tk and Rk-Rk+1")
        links[a].add(b)
        links[b].add(a)
    for space, record in spaces.items():
        if "centre" not in record:
            raise BoardError(f"{space} has no drawing position")
        _check_space(space, record, spaces, links)
    numbers = range(1, data["areas"] + 1)
    for k in numbers:
        if not any(r["kind"] == "land" and k in r["areas"] for r in spaces.values()):
            raise BoardError(f"area {k} has no land space")
    _check_areas(data, spaces, links)
    _check_connected(spaces, links)
    if full:
        realms = [r for r in spaces.values() if r["kind"] == "realm"]
        if data["areas"] != 54 or len(realms) != 26:
            raise BoardError("the board needs 54 areas and 26 realm spaces")
        markers = data["markers"]
        if markers["castle"] + markers["church"] + len(markers["city_values"]) != 26:
            raise BoardError("the realm markers must fill the 26 realm spaces")


def _allowed_pair(first: dict, second: dict) -> bool:
    """Whether ruling A2 lets these two spaces share a border. An island stands where the
    river spaces of its two areas would be (A6), so it counts as the river of both; a realm
    space's borders are checked against its own list (A8, ``_check_space``)."""
    if "realm" in (first["kind"], second["kind"]):
        return True
    banks = {first["bank"], second["bank"]}
    a, b = first["areas"], second["areas"]
    if len(banks) == 1 and banks <= {"L", "T"}:
        return abs(a[0] - b[0]) == 1  # along one bank, to the next area only
    if banks <= {"R", "I"}:
        return min(b) == max(a) + 1 or min(a) == max(b) + 1  # up- or downstream
    if banks in ({"L", "R"}, {"T", "R"}, {"L", "I"}, {"T", "I"}):
        return bool(set(a) & set(b))  # a bank space and the river of its own area
    return False  # the two banks meet only through the river


def _check_space(space: str, record: dict, spaces: dict, links: dict[str, set[str]]) -> None:
    kind = record["kind"]
    if kind == "realm":
        borders = record["borders"]
        if set(borders) != links[space] or len(borders) != 2:
            raise BoardError(f"realm {space} must border exactly its two listed land spaces")
        first, second = (spaces[b] for b in borders)
        if first["kind"] != "land" or second["kind"] != "land" or "I" in (first["bank"],
                                                                          second["bank"]):
            raise BoardError(f"realm {space} must border two bank spaces")
        if first["bank"] != second["bank"] or abs(first["areas"][0] - second["areas"][0]) != 1:
            raise BoardError(f"realm {space} must border consecutive spaces of one bank")
        if borders[1] not in links[borders[0]]:
            raise BoardError(f"the two land spaces of realm {space} must be adjacent")
        return
    if kind == "land" and record["bank"] == "I":
        areas = record["areas"]
        if len(areas) != 2 or areas[1] - areas[0] != 1:
            raise BoardError(f"island {space} must belong to two consecutive areas")
    elif len(record["areas"]) != 1:
        raise BoardError(f"{space} must belong to exactly one area")
    if kind == "land" and record["bank"] in "LT":
        other = "T" if record["bank"] == "L" else "L"
        if any(spaces[n]["kind"] == "land" and spaces[n]["bank"] == other for n in links[space]):
            raise BoardError(f"{space} touches the other bank directly")


def _check_areas(data: dict[str, Any], spaces: dict, links: dict[str, set[str]]) -> None:
    """Ordinary areas follow the standard pattern (A2): banks continue along the river and a
    river space borders both banks of its area and the river spaces beside it."""
    for k in range(1, data["areas"] + 1):
        for bank in ("L", "T"):
            here, following = f"{bank}{k}", f"{bank}{k + 1}"
            if here in spaces and following in spaces and following not in links[here]:
                raise BoardError(f"{here} and {following} must be neighbours")
        river = f"R{k}"
        if river in spaces:
            for bank in ("L", "T"):
                if f"{bank}{k}" in spaces and f"{bank}{k}" not in links[river]:
                    raise BoardError(f"{river} must border {bank}{k}")
            if f"R{k + 1}" in spaces and f"R{k + 1}" not in links[river]:
                raise BoardError(f"{river} and R{k + 1} must be neighbours")


def _check_connected(spaces: dict, links: dict[str, set[str]]) -> None:
    playable = [s for s, r in spaces.items() if r["kind"] != "realm"]
    seen = {playable[0]}
    todo = [playable[0]]
    while todo:
        for n in links[todo.pop()]:
            if n not in seen and spaces[n]["kind"] != "realm":
                seen.add(n)
                todo.append(n)
    if len(seen) != len(playable):
        raise BoardError("the spaces do not form one connected board")


_REGISTRY: dict[str, dict[str, Any]] = {}


def register_board(key: str, data: dict[str, Any], full: bool = False) -> None:
    """Make a board available to game states under ``key`` (validated first)."""
    validate(data, full=full)
    _REGISTRY[key] = data
    get_board.cache_clear()


@cache
def get_board(key: str = "house") -> Board:
    if key == "house":
        data = json.loads(BOARD_FILE.read_text(encoding="utf-8"))
        validate(data, full=True)
        return Board(data)
    if key not in _REGISTRY:
        raise BoardError(f"unknown board {key!r}")
    return Board(_REGISTRY[key])
