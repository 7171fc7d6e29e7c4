"""The board inside our state: tiles, rotations, city tokens, reservations, and the track graph.

``state["board"][hex] = {"tile": name, "id": tile id, "rotation": r, "tokens": [[sym|None]],
"reserved": [sym|[sym, ...]|None]}`` (a city holds a list only when an upgrade merged the
cities of several reserved homes, e.g. Köln's brown tile). Preprinted tiles are named by their
preprinted id ("K6-0"); in the Ratingen variant the changed preprinted hexes carry a ``~rv``
suffix so their parts differ.

The graph walk here is only what the operating round needs to decide which steps are
available (token spots, "some route exists", must-buy, the KDA link). Route validation and
revenue belong to ``routes.py`` (the map side).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from functools import cache, lru_cache
from typing import Any

from engine.rhl18 import data

RV = "~rv"


def tile_id_of(name: str) -> str:
    return name.split("~", 1)[0]


@cache
def parts_of(name: str) -> list[dict]:
    if name.endswith(RV):
        hex_id = name.split("-", 1)[0]
        return data.hexes()[hex_id]["ratingen_variant"]["parts"]
    return data.tile_parts(name)


@cache
def cities_of(name: str) -> list[int]:
    return [p["index"] for p in parts_of(name) if p["type"] == "city"]


@cache
def slots_of(name: str) -> list[int]:
    return [p.get("slots", 1) for p in parts_of(name) if p["type"] == "city"]


@cache
def nodes_of(name: str) -> dict[int, str]:
    return {p["index"]: p["type"] for p in parts_of(name)
            if p["type"] in ("city", "town", "offboard")}


@cache
def paths_of(name: str, rotation: int) -> list[tuple[tuple, tuple, bool]]:
    """Paths as ((kind, value), (kind, value), terminal) with kinds "e" (edge) / "n" (node)."""
    out = []
    for part in parts_of(name):
        if part["type"] != "path":
            continue
        ends = []
        for end in (part["a"], part["b"]):
            if "edge" in end:
                ends.append(("e", (end["edge"] + rotation) % 6))
            else:
                ends.append(("n", end["node_part_index"]))
        out.append((ends[0], ends[1], bool(part.get("terminal"))))
    return out


@cache
def exits_of(name: str, rotation: int) -> frozenset[int]:
    edges = set()
    for a, b, _ in paths_of(name, rotation):
        for kind, value in (a, b):
            if kind == "e":
                edges.add(value)
    return frozenset(edges)


def city_exits(name: str, rotation: int) -> list[set[int]]:
    cities = cities_of(name)
    exits: list[set[int]] = [set() for _ in cities]
    for a, b, _ in paths_of(name, rotation):
        for node, edge in ((a, b), (b, a)):
            if node[0] == "n" and edge[0] == "e" and node[1] in cities:
                exits[cities.index(node[1])].add(edge[1])
    return exits


def color_of(board: dict, hex_id: str) -> str:
    name = board[hex_id]["tile"]
    base = tile_id_of(name)
    if base in data.tiles():
        return data.tiles()[base]["color"]
    return data.hexes()[hex_id]["color"]


# Bounded, though the names are those of the tile manifest and the map: a snapshot asks for
# every hex of the board, twice a move.
@lru_cache(maxsize=1024)
def is_preprinted(name: str) -> bool:
    return tile_id_of(name) not in data.tiles()


def initial_board(options: dict) -> dict[str, dict]:
    board: dict[str, dict] = {}
    for hex_id in data.hex_order():
        record = data.hexes()[hex_id]
        name = record["preprinted_tile_id"]
        if options.get("ratingen_variant") and record.get("ratingen_variant"):
            name += RV
        slots = slots_of(name)
        reserved: list[Any] = [None] * len(slots)
        for i, syms in enumerate(record.get("home_reservations_by_city_index") or []):
            if i < len(reserved) and syms:
                reserved[i] = syms[0]
        board[hex_id] = {"tile": name, "id": tile_id_of(name), "rotation": 0,
                         "tokens": [[None] * s for s in slots], "reserved": reserved}
    # The coal (K) and steel (S) dummy tokens of the Eastern Ruhr.
    board["C14"]["tokens"] = [["S"], ["K"]]
    board["D15"]["tokens"] = [["K"], ["S"]]
    return board


def city_id(board: dict, hex_id: str, city_index: int) -> str:
    cell = board[hex_id]
    return f"{cell['id']}-{cities_of(cell['tile'])[city_index]}"


def find_city(board: dict, city: str) -> tuple[str, int] | None:
    """(hex, city index) of a city id such as "K6-0-0" or "920-0-1"."""
    tile_id, _, part = city.rpartition("-")
    for hex_id, cell in board.items():
        if cell["id"] == tile_id:
            cities = cities_of(cell["tile"])
            if part.isdigit() and int(part) in cities:
                return hex_id, cities.index(int(part))
    return None


def replace_tile(board: dict, hex_id: str, name: str, tile_id: str, rotation: int) -> None:
    """Put a new tile on a hex and move tokens and reservations to matching cities."""
    cell = board[hex_id]
    old_name, old_rot = cell["tile"], cell["rotation"]
    old_exits = city_exits(old_name, old_rot)
    new_exits = city_exits(name, rotation)
    new_slots = slots_of(name)
    tokens = [[None] * s for s in new_slots]
    reserved: list[Any] = [None] * len(new_slots)
    used: set[int] = set()
    # Cities with track first: an old city without track (G12's dead city) then takes a
    # new city left over, not one a tracked city already moved into.
    order = sorted(range(len(cell["tokens"])),
                   key=lambda i: i >= len(old_exits) or not old_exits[i])
    for i in order:
        old = cell["tokens"][i]
        target = _match_city(i, old_exits, new_exits, used, len(old_exits))
        if target is None:
            continue
        used.add(target)
        for sym in old:
            if sym is None:
                continue
            if None in tokens[target]:
                tokens[target][tokens[target].index(None)] = sym
            else:
                tokens[target].append(sym)
        # Every reservation survives a merge (the reference appends them): a merged city
        # that kept only one left a later home token no slot (Köln's brown 928 filled up
        # before CME's first turn and the game stuck).
        merged = reservations(reserved, target) + reservations(cell["reserved"], i)
        reserved[target] = _packed(merged)
    cell.update({"tile": name, "id": tile_id, "rotation": rotation, "tokens": tokens,
                 "reserved": reserved})


def reservations(reserved: list[Any], city: int) -> list[str]:
    """The corporations holding a home slot in city ``city`` of a hex's ``reserved`` list."""
    held = reserved[city] if city < len(reserved) else None
    if held is None:
        return []
    return list(held) if isinstance(held, list) else [held]


def _packed(syms: list[str]) -> str | list[str] | None:
    # One reservation stays a plain symbol, as every state stored before merges existed.
    if not syms:
        return None
    return syms[0] if len(syms) == 1 else syms


def drop_reservation(reserved: list[Any], sym: str) -> None:
    """A token of ``sym`` in the hex ends its reservation in every city there (one token a
    hex: a reservation left in another city would block a slot for good)."""
    for city in range(len(reserved)):
        reserved[city] = _packed([s for s in reservations(reserved, city) if s != sym])


def reserved_city(reserved: list[Any], sym: str) -> int | None:
    return next((i for i in range(len(reserved)) if sym in reservations(reserved, i)), None)


def _match_city(i: int, old_exits: list[set[int]], new_exits: list[set[int]],
                used: set[int], old_count: int) -> int | None:
    if not new_exits:
        return None
    if len(new_exits) == 1:
        return 0
    if old_exits[i]:
        for j, exits in enumerate(new_exits):
            if old_exits[i] <= exits:
                return j
    elif old_count == len(new_exits):
        return i if i not in used else next(
            (j for j in range(len(new_exits)) if j not in used), i)
    if i < len(new_exits):
        return i
    for j in range(len(new_exits)):
        if j not in used:
            return j
    return 0


# --- track graph -----------------------------------------------------------------------


def _neighbor(hex_id: str, edge: int) -> str | None:
    """The hex across ``edge`` as the reference links it (this hex's passable list only)."""
    return data.hexes()[hex_id]["passable_neighbors"].get(str(edge))


def _hex_paths(board: dict, hex_id: str) -> list[tuple[tuple, tuple, bool]]:
    cell = board[hex_id]
    return paths_of(cell["tile"], cell["rotation"])


def city_blocked(board: dict, hex_id: str, node: int, corp: str, neutral: set[str]) -> bool:
    """A city is blocked for ``corp`` when every slot holds another corporation's token."""
    name = board[hex_id]["tile"]
    cities = cities_of(name)
    if node not in cities:
        return False
    slots = board[hex_id]["tokens"][cities.index(node)]
    if hex_id in neutral:
        return False
    return all(s is not None and s != corp for s in slots) and bool(slots)


# --- the reference engine's walk (depth first, order dependent) ---------------------------


def _path_edges(path: tuple) -> list[int]:
    return [end[1] for end in path[:2] if end[0] == "e"]


def _path_nodes(path: tuple) -> list[int]:
    return [end[1] for end in path[:2] if end[0] == "n"]


def reaches(board: dict, corp: str, start: tuple[str, int], target: tuple[str, int],
            neutral: set[str]) -> bool:
    """Whether the reference's node walk (full backtracking: each chain of track used once)
    from ``start`` touches ``target``, blocking as ``corp``. Used for the KDA link.

    The backtracking walk costs up to tens of ms on a late board, and until the link exists
    (every check but the last) its answer is no; plain reachability answers most of those
    no's in a fraction of that, and only a maybe is walked."""
    return may_reach(board, corp, start, target, neutral) and \
        walk_reaches(board, corp, start, target, neutral)


def _paths_with(board: dict, hex_id: str, end: tuple[str, int]) -> list[tuple[str, int]]:
    return [(hex_id, idx) for idx, path in enumerate(_hex_paths(board, hex_id))
            if end in path[:2]]


def may_reach(board: dict, corp: str, start: tuple[str, int], target: tuple[str, int],
              neutral: set[str]) -> bool:
    """Whether any path that ``walk_reaches`` could walk touches ``target``, found by plain
    reachability: the walk's moves (a path's nodes unless it is terminal or the city is
    blocked, the neighbouring paths across its edges) without its limits on each chain
    (nodes, paths and edges used once, not back the way it came). So it reaches at least
    every path the walk does: False here is False there."""
    hex_id, node = start
    todo = _paths_with(board, hex_id, ("n", node))
    seen = set(todo)
    while todo:
        hex_id, idx = todo.pop()
        path = _hex_paths(board, hex_id)[idx]
        nodes = _path_nodes(path)
        if any((hex_id, n) == target for n in nodes):
            return True
        onward: list[tuple[str, int]] = []
        if not path[2]:
            for n in nodes:
                if not city_blocked(board, hex_id, n, corp, neutral):
                    onward += _paths_with(board, hex_id, ("n", n))
        for edge in _path_edges(path):
            neighbour = _neighbor(hex_id, edge)
            if neighbour is not None and neighbour in board:
                onward += _paths_with(board, neighbour, ("e", (edge + 3) % 6))
        for item in onward:
            if item not in seen:
                seen.add(item)
                todo.append(item)
    return False


def walk_reaches(board: dict, corp: str, start: tuple[str, int], target: tuple[str, int],
                 neutral: set[str]) -> bool:
    """``reaches`` by the reference's walk alone."""
    walker = RefWalk(board, corp, neutral)

    def on_path(hex_id: str, idx: int, path: tuple) -> None:
        if any((hex_id, n) == target for n in _path_nodes(path)):
            raise _Done

    try:
        walker._node_walk(start, set(), set(), {}, on_path, True)
    except _Done:
        return True
    return False


class _Done(Exception):
    """Raised to end a walk early once its question is answered."""


class RefWalk:
    """Graph computation as 18xx.games does it for one corporation.

    Each token city walks the track depth first; a path once walked is not walked again
    from that token (no backtracking), a chain never leaves twice by the same hex edge, the
    walk does not pass through the corporation's other token cities (they walk themselves)
    nor through terminal paths or cities blocked by other corporations' tokens.
    """

    def __init__(self, board: dict, corp: str, neutral: set[str]) -> None:
        self.board = board
        self.corp = corp
        self.neutral = neutral
        self.reached: set[tuple[str, int]] = set()
        self.route_available = False
        self.route_train_purchase = False

    def run(self, tokens: list[tuple[str, int]], goal: str = "all",
            wanted: Callable[[tuple[str, int]], bool] | None = None) -> RefWalk:
        """Walk from every token. ``goal`` "route" stops once a route is known to exist;
        "find" stops at the first reached node for which ``wanted`` is true (kept in
        ``self.found``); "all" walks everything."""
        self.found: tuple[str, int] | None = None
        with contextlib.suppress(_Done):
            self._run(tokens, goal, wanted)
        return self

    def _run(self, tokens: list[tuple[str, int]], goal: str,
             wanted: Callable[[tuple[str, int]], bool] | None) -> None:
        global_paths: set[tuple[str, int]] = set()
        for start in tokens:
            visited_nodes = {t for t in tokens if t != start}
            visited_paths: set[tuple[str, int]] = set()
            counter: dict[tuple[str, int], int] = {}
            local: set[tuple[str, int]] = set()

            def on_path(hex_id: str, idx: int, path: tuple,
                        local: set[tuple[str, int]] = local) -> None:
                if (hex_id, idx) in global_paths:
                    return
                global_paths.add((hex_id, idx))
                for n in _path_nodes(path):
                    self.reached.add((hex_id, n))
                    local.add((hex_id, n))
                    if goal == "find" and wanted is not None and wanted((hex_id, n)):
                        self.found = (hex_id, n)
                        raise _Done
                if goal == "route" and len(local) > 1:
                    self.route_available = self.route_train_purchase = True
                    raise _Done

            self._node_walk(start, visited_nodes, visited_paths, counter, on_path)
            if not self.route_train_purchase and len(local) > 1:
                self.route_available = True
                self.route_train_purchase = True

    def _node_walk(self, node: tuple[str, int], visited: set, vpaths: set, counter: dict,
                   on_path, converging: bool = False) -> None:
        if node in visited:
            return
        visited.add(node)
        hex_id, n = node
        for idx, path in enumerate(_hex_paths(self.board, hex_id)):
            if ("n", n) not in path[:2]:
                continue
            self._path_walk(hex_id, idx, None, vpaths, counter, node, visited, on_path,
                            converging)
        if converging:
            visited.discard(node)

    def _path_walk(self, hex_id: str, idx: int, skip: int | None, vpaths: set,
                   counter: dict, origin: tuple[str, int], visited: set, on_path,
                   converging: bool) -> None:
        if (hex_id, idx) in vpaths:
            return
        cell = self.board[hex_id]
        path = _hex_paths(self.board, hex_id)[idx]
        edges = _path_edges(path)
        if any(counter.get((hex_id, e), 0) > 0 for e in edges):
            return
        vpaths.add((hex_id, idx))
        on_path(hex_id, idx, path)
        if not path[2]:
            for n in _path_nodes(path):
                nxt = (hex_id, n)
                if nxt == origin or city_blocked(self.board, hex_id, n, self.corp,
                                                 self.neutral):
                    continue
                self._node_walk(nxt, visited, vpaths, counter, on_path, converging)
        exit_count = _exit_count(cell["tile"], cell["rotation"])
        for e in edges:
            if e == skip:
                continue
            nb = _neighbor(hex_id, e)
            if nb is None or nb not in self.board:
                continue
            back = (e + 3) % 6
            counter[(hex_id, e)] = counter.get((hex_id, e), 0) + 1
            onward = converging or exit_count.get(e, 0) > 1
            for nidx, npath in enumerate(_hex_paths(self.board, nb)):
                if ("e", back) in npath[:2]:
                    self._path_walk(nb, nidx, back, vpaths, counter, origin, visited,
                                    on_path, onward)
            counter[(hex_id, e)] -= 1
        if converging:
            vpaths.discard((hex_id, idx))


@cache
def _exit_count(name: str, rotation: int) -> dict[int, int]:
    """How many path ends of the tile touch each edge (2+ = a converging exit)."""
    counts: dict[int, int] = {}
    for a, b, _ in paths_of(name, rotation):
        for kind, value in (a, b):
            if kind == "e":
                counts[value] = counts.get(value, 0) + 1
    return counts
