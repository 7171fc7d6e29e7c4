"""18Rhl routes: validation, revenue with every bonus, and the best-routes finder.

A route is ``{"train": "5-1", "stops": ["B15-0", "B13-1", ...], "connections": [[hex, ...]]}``:
stops are ``<hex>-<part index>`` in travel order, connections (optional) one hex chain per leg.
The track graph is rebuilt from the board on each call (the board is small), then routes are
enumerated per train type and the best combination is found by branch and bound over
track bitmasks.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache, lru_cache

from engine.rhl18 import hexmap, tiles
from engine.rhl18 import words as W
from engine.text import Msg, msg

METROPOLES = ("D9", "F9", "I10")
GREEN_METROPOLIS_TILES = frozenset({"X921", "X922", "X923", "X924", "X925", "X926"})
EASTERN_RUHR = ("C14", "D15")
ER_LINK_EDGES = (("C12", 4), ("D13", 3), ("D13", 4), ("E14", 3))
# City index reached through the coal / steel edge of each Eastern Ruhr hex.
ER_COAL_CITY = {"C14": 1, "D15": 0}
ER_STEEL_CITY = {"C14": 0, "D15": 1}
RGE_HEXES = frozenset({"A4", "A6", "L11", "L13"})
OUT_TOKENED = frozenset({"A14", "B15", "C2"})
EXCLUSIVE_PAIRS = (frozenset({"A4", "A6"}), frozenset({"L11", "L13"}), frozenset(EASTERN_RUHR))
IRON_RHINE = ("G2", 80)
TRAJEKT_PENALTY = 10
RGE_PAID_STOPS = 8


class RouteError(ValueError):
    """A route breaks a rule; the message says which, for the player."""


@dataclass(frozen=True)
class RouteContext:
    """Everything besides the board that decides revenue."""

    phase: str
    coal_hexes: frozenset[str] = frozenset()
    steel_hexes: frozenset[str] = frozenset()
    er_links: int | None = None  # None: count the links from the board
    options: frozenset[str] = frozenset()


@dataclass
class RouteResult:
    train: str
    stops: list[str]
    connections: list[list[str]]
    revenue: int
    text: str
    mask: int = field(default=0, repr=False)


@dataclass
class _Node:
    hex: str
    index: int  # node index in the tile
    kind: str
    revenue: int
    name: str  # "<hex>-<part>"
    city_index: int | None
    through: bool  # a route may pass through it
    tokened: bool  # holds the corporation's token
    metro: bool  # city of a green metropolis (Trajekt)
    groups: tuple[str, ...]


@dataclass
class _Graph:
    nodes: list[_Node]
    adj: list[list[tuple[int, int, tuple[str, ...]]]]  # node -> (node, track mask, hex chain)


def train_name(train_id: str) -> str:
    return train_id.rsplit("-", 1)[0]


def run_train_names(trains: Iterable[str]) -> list[Msg]:
    """Each train of a run as players read it ("2-train"), two of a kind told apart by their
    order in the run ("2-train (1)", "2-train (2)"): the depot copies' ids say nothing to them,
    and a player writes routes with these names ("run 2: ...; 2: ...")."""
    kinds = [W.train_kind(t) for t in trains]
    names = []
    for number, kind in enumerate(kinds):
        name = W.train_name(kind)
        if kinds.count(kind) > 1:
            name = msg("rhl18.log.train_nth", train=name, n=kinds[:number + 1].count(kind))
        names.append(name)
    return names


def train_reach(train_id: str) -> int | None:
    """Cities and off-boards a train may count; None for the unlimited 8-train (RGE)."""
    name = train_name(train_id)
    return None if name == "8" else int(name.split("+")[0])


def eastern_ruhr_links(board: dict) -> int:
    """Links established so far: laid track never loses an exit, so read them off the board."""
    count = 0
    for hex_id, edge in ER_LINK_EDGES:
        cell = board[hex_id]
        if edge in tiles.exits(cell["tile"], cell["rotation"]):
            count += 1
    return count


def _neutral_hexes(board: dict, corp: str) -> set[str]:
    """Green metropolises whose tokens do not block ``corp`` (fewer than 3 or one is its own)."""
    neutral = set()
    for hex_id in METROPOLES:
        cell = board[hex_id]
        if cell["tile"] not in GREEN_METROPOLIS_TILES:
            continue
        held = [t for city in cell["tokens"] for t in city if t is not None]
        if len(held) < 3 or corp in held:
            neutral.add(hex_id)
    return neutral


def _blocked(cell: dict, city_index: int, corp: str, neutral: bool) -> bool:
    slots = cell["tokens"][city_index] if city_index < len(cell["tokens"]) else []
    return not neutral and bool(slots) and None not in slots and corp not in slots


def build_graph(board: dict, corp: str, phase: str) -> _Graph:
    """Stops as nodes, track segments between them as edges carrying a bitmask of track used.

    The graphs of the last few boards are kept: a recorded run is matched to our stops, then
    validated, and both ask for the graph of the same board (a graph is never changed)."""
    return _graph_cached(hexmap.board_key(board), corp, phase)


@lru_cache(maxsize=4)
def _graph_cached(key: tuple, corp: str, phase: str) -> _Graph:
    return _build_graph(_board_of(key), corp, phase)


def _board_of(key: tuple) -> dict:
    """The board a ``hexmap.board_key`` was taken of, as far as the map functions read it."""
    return {h: {"tile": t, "rotation": r, "tokens": [list(c) for c in toks]}
            for h, t, r, toks in key}


def _build_graph(board: dict, corp: str, phase: str, whole: bool = True) -> _Graph:
    """The graph of the whole board, or (``whole`` False) with track walked only from the
    nodes a route of ``corp`` can reach (``_component``): the route search reads no other
    node's segments, and a corporation's network is a part of the map's track. Every node
    is kept, numbered as in the whole graph, so searches break ties alike."""
    neutral = _neutral_hexes(board, corp)
    nodes: list[_Node] = []
    ids: dict[tuple[str, int], int] = {}
    for hex_id, cell in board.items():
        t = tiles.tile(cell["tile"])
        city_i = 0
        for i, node in enumerate(t.nodes):
            city_index = None
            terminal = any(p.terminal and ("node", i) in (p.a, p.b) for p in t.paths)
            through = not terminal and node.kind != "offboard"
            tokened = False
            if node.kind == "city":
                city_index = city_i
                city_i += 1
                if _blocked(cell, city_index, corp, hex_id in neutral):
                    through = False
                tokened = corp in (cell["tokens"][city_index] if city_index < len(cell["tokens"])
                                   else [])
            ids[(hex_id, i)] = len(nodes)
            nodes.append(_Node(hex_id, i, node.kind, tiles.revenue_of(node.revenue, phase),
                               f"{hex_id}-{node.part}", city_index, through, tokened,
                               node.kind == "city" and cell["tile"] in GREEN_METROPOLIS_TILES,
                               node.groups))
    adj: list[list[tuple[int, int, tuple[str, ...]]]] = [[] for _ in nodes]
    bits: dict[tuple, int] = {}
    if whole:
        for (hex_id, i), n in ids.items():
            _walk_from(board, hex_id, i, n, ids, adj, bits)
        return _Graph(nodes, adj)
    # A node's segments do not depend on the order nodes are walked in; only the numbers
    # of the track bits do, and a mask is only ever tested for overlap.
    todo = [n for n, node in enumerate(nodes) if node.tokened]
    seen = set(todo)
    while todo:
        n = todo.pop()
        node = nodes[n]
        _walk_from(board, node.hex, node.index, n, ids, adj, bits)
        if node.through or node.tokened:
            for v, _mask, _chain in adj[n]:
                if v not in seen:
                    seen.add(v)
                    todo.append(v)
    return _Graph(nodes, adj)


def _bit(bits: dict[tuple, int], key: tuple) -> int:
    if key not in bits:
        bits[key] = 1 << len(bits)
    return bits[key]


def _crossing(hex_id: str, edge: int, other: str) -> tuple:
    a, b = (hex_id, edge), (other, (edge + 3) % 6)
    return min(a, b)


def _rotated_paths(cell: dict) -> list[tuple[tuple[str, int], tuple[str, int], bool]]:
    return _rotated_paths_cached(cell["tile"], cell["rotation"])


_ROT_CACHE: dict[tuple[str, int], list] = {}


def _rotated_paths_cached(name: str, rotation: int) -> list:
    key = (name, rotation)
    if key not in _ROT_CACHE:
        out = []
        for p in tiles.tile(name).paths:
            a = ("edge", (p.a[1] + rotation) % 6) if p.a[0] == "edge" else p.a
            b = ("edge", (p.b[1] + rotation) % 6) if p.b[0] == "edge" else p.b
            out.append((a, b, p.narrow))
        _ROT_CACHE[key] = out
    return _ROT_CACHE[key]


def _walk_from(board: dict, hex_id: str, node_i: int, n: int, ids: dict, adj: list,
               bits: dict) -> None:
    """Record every segment leaving node ``n``: walk edge-only track to the next node."""
    for pi, (a, b, _narrow) in enumerate(_rotated_paths(board[hex_id])):
        for end, other in ((a, b), (b, a)):
            if end != ("node", node_i):
                continue
            if other[0] == "node":  # node to node in one hex: the Trajekt or a spur
                mask = _bit(bits, ("inner", hex_id, pi))
                adj[n].append((ids[(hex_id, other[1])], mask, (hex_id,)))
                continue
            mask = _bit(bits, ("path", hex_id, pi))
            _follow(board, hex_id, other[1], mask, (hex_id,), n, ids, adj, bits)


def _follow(board: dict, hex_id: str, edge: int, mask: int, chain: tuple[str, ...], start: int,
            ids: dict, adj: list, bits: dict) -> None:
    if not hexmap.passable(hex_id, edge):
        return
    nxt = hexmap.neighbor(hex_id, edge)
    if nxt is None:
        return
    mask |= _bit(bits, _crossing(hex_id, edge, nxt))
    cell = board[nxt]
    for pi, kind, value in _entered_by(cell["tile"], cell["rotation"]).get((edge + 3) % 6, ()):
        step_mask = mask | _bit(bits, ("path", nxt, pi))
        if kind == "node":
            adj[start].append((ids[(nxt, value)], step_mask, chain + (nxt,)))
        elif nxt not in chain or chain.count(nxt) < 2:
            crossing = _crossing(nxt, value, hexmap.neighbor(nxt, value) or "")
            if crossing in bits and mask & bits[crossing]:
                continue
            _follow(board, nxt, value, step_mask, chain + (nxt,), start, ids, adj, bits)


@cache
def _entered_by(name: str, rotation: int) -> dict[int, tuple[tuple[int, str, int], ...]]:
    """For each (rotated) edge of the tile, the paths that start there, in path order: (path
    index, "node" or "edge", the node index or edge at the other end). The graph walk enters
    a tile thousands of times per build; this is its per-tile lookup."""
    found: dict[int, list[tuple[int, str, int]]] = {}
    for pi, (a, b, _narrow) in enumerate(_rotated_paths_cached(name, rotation)):
        for end, other in ((a, b), (b, a)):
            if end[0] == "edge":
                found.setdefault(end[1], []).append((pi, other[0], other[1]))
    return {edge: tuple(paths) for edge, paths in found.items()}


# ---------------------------------------------------------------- revenue of one route


def _groups(graph: _Graph, stops: list[int]) -> list[list[int]]:
    """Stops grouped so that a Trajekt crossing (two cities of one metropolis) is one stop."""
    groups: list[list[int]] = []
    for s in stops:
        node = graph.nodes[s]
        if groups and node.metro:
            last = graph.nodes[groups[-1][-1]]
            if last.metro and last.hex == node.hex:
                groups[-1].append(s)
                continue
        groups.append([s])
    return groups


def _group_revenue(graph: _Graph, group: list[int]) -> int:
    first = graph.nodes[group[0]]
    return first.revenue - TRAJEKT_PENALTY if len(group) > 1 else first.revenue


def _check_common(graph: _Graph, stops: list[int]) -> list[list[int]]:
    nodes = graph.nodes
    if len(stops) < 2:
        raise RouteError(msg("rhl18.route.two_stops"))
    if len(set(stops)) != len(stops):
        raise RouteError(msg("rhl18.route.twice"))
    groups = _groups(graph, stops)
    hexes = [nodes[g[0]].hex for g in groups if nodes[g[0]].metro]
    if len(hexes) != len(set(hexes)):
        raise RouteError(msg("rhl18.route.trajekt"))
    if len(groups) < 2:
        raise RouteError(msg("rhl18.route.one_metropolis"))
    for s in stops[1:-1]:
        if not nodes[s].through:
            raise RouteError(msg("rhl18.route.pass_through", hex=nodes[s].hex))
    if not any(nodes[s].tokened for s in stops):
        raise RouteError(msg("rhl18.route.token"))
    return groups


def _revenue_normal(graph: _Graph, board: dict, stops: list[int], reach: int,
                    ctx: RouteContext, links: int) -> tuple[int, str]:
    nodes = graph.nodes
    groups = _check_common(graph, stops)
    for end in (stops[0], stops[-1]):
        node = nodes[end]
        if node.kind == "town":
            raise RouteError(msg("rhl18.route.town_end"))
        if node.hex in OUT_TOKENED and any(
                t is not None and t != "" for t in board[node.hex]["tokens"][0]) and \
                not node.tokened:
            raise RouteError(msg("rhl18.route.foreign_end", hex=node.hex))
    hexes = {nodes[s].hex for s in stops}
    for pair in EXCLUSIVE_PAIRS:
        if pair <= hexes:
            raise RouteError(msg("rhl18.route.exclusive", a=sorted(pair)[0],
                                     b=sorted(pair)[1]))
    distance = sum(1 for g in groups if nodes[g[0]].kind != "town")
    if distance > reach:
        raise RouteError(msg("rhl18.route.too_long", distance=distance, reach=reach))
    revenue = sum(_group_revenue(graph, g) for g in groups)
    bonus, text = _bonuses(graph, board, stops, hexes, ctx, links)
    return revenue + bonus, text


def _bonuses(graph: _Graph, board: dict, stops: list[int], hexes: set[str],
             ctx: RouteContext, links: int) -> tuple[int, str]:
    nodes = graph.nodes
    late = int(ctx.phase) >= 5
    coal = sum(1 for h in hexes if tiles.has_icon(board, h, "K", ctx.coal_hexes))
    steel = sum(1 for h in hexes if tiles.has_icon(board, h, "S", ctx.steel_hexes))
    for s in stops:
        node = nodes[s]
        if node.hex in ER_COAL_CITY:
            coal += node.city_index == ER_COAL_CITY[node.hex]
            steel += node.city_index == ER_STEEL_CITY[node.hex]
    bonus, text = 0, ""
    if coal >= 1 and steel >= 1:
        amount = 40 if late else 20
        double = coal > 1 and steel > 1
        amount *= 2 if double else 1
        bonus += amount
        text += f" + Montan{'x2' if double else ''} (=+{amount}M)"
    if hexes & set(EASTERN_RUHR):
        if links:
            bonus += 10 * links
            text += f" + {links} link{'s' if links > 1 else ''} (=+{10 * links}M)"
        if IRON_RHINE[0] in hexes:
            bonus += IRON_RHINE[1]
            text += f" + Iron Rhine (=+{IRON_RHINE[1]}M)"
    if "ratingen_variant" in ctx.options and "E12" in hexes and steel >= 1:
        bonus += 30
        text += " + Ratingen (=+30M)"
    return bonus, text


def _revenue_rge(graph: _Graph, stops: list[int]) -> tuple[int, str]:
    """The 8-train (Rheingold Express): RGE end, no other red hex, best 8 stops paid."""
    nodes = graph.nodes
    groups = _check_common(graph, stops)
    ends = {nodes[stops[0]].hex, nodes[stops[-1]].hex}
    if not ends & RGE_HEXES:
        raise RouteError(msg("rhl18.route.rge_end"))
    for s in stops:
        node = nodes[s]
        if node.hex not in RGE_HEXES and hexmap.hex_info(node.hex).color == "red":
            raise RouteError(msg("rhl18.route.rge_red", hex=node.hex))
    if len({nodes[s].hex for s in stops} & {"A4", "A6"}) > 1:
        raise RouteError(msg("rhl18.route.exclusive", a="A4", b="A6"))
    both = ends <= RGE_HEXES and len(ends) == 2
    values = []
    for g in groups:
        node = nodes[g[0]]
        if node.kind == "town":
            continue
        value = _group_revenue(graph, g)
        values.append((value * 2 if both and node.hex in METROPOLES else value, value))
    paid = sorted(values, reverse=True)[:RGE_PAID_STOPS]
    revenue = sum(v for v, _ in paid)
    extra = revenue - sum(base for _, base in paid)
    text = f" + RGE{'x2' if both else ''} (=+{extra}M)" if extra else ""
    return revenue, text


def _route_revenue(graph: _Graph, board: dict, train: str, stops: list[int],
                   ctx: RouteContext, links: int) -> tuple[int, str]:
    reach = train_reach(train)
    if reach is None:
        revenue, bonus_text = _revenue_rge(graph, stops)
    else:
        revenue, bonus_text = _revenue_normal(graph, board, stops, reach, ctx, links)
    names = []
    for g in _groups(graph, stops):
        names.append(graph.nodes[g[0]].hex + ("[Tr]" if len(g) > 1 else ""))
    return revenue, "-".join(names) + bonus_text


# ---------------------------------------------------------------- validating given routes


def _links(board: dict, ctx: RouteContext) -> int:
    return eastern_ruhr_links(board) if ctx.er_links is None else ctx.er_links


def _legs(graph: _Graph, stops: list[int], chains: list[list[str]] | None,
          used: int) -> tuple[int, list[tuple[str, ...]]] | None:
    """Pick track for each leg (matching the given hex chains) without reusing track."""
    if len(stops) < 2:
        return used, []
    a, b = stops[0], stops[1]
    want = None
    if chains:
        want = tuple(chains[0])
    for target, mask, chain in graph.adj[a]:
        if target != b or mask & used:
            continue
        if want is not None and want not in (chain, chain[::-1]):
            continue
        rest = _legs(graph, stops[1:], chains[1:] if chains else None, used | mask)
        if rest is not None:
            return rest[0], [chain, *rest[1]]
    return None


def _node_lookup(graph: _Graph) -> dict[str, int]:
    return {n.name: i for i, n in enumerate(graph.nodes)}


def validate_routes(board: dict, corp: str, routes: list[dict],
                    ctx: RouteContext) -> list[RouteResult]:
    """Check every route and return each with its revenue; raise RouteError on a broken rule."""
    graph = build_graph(board, corp, ctx.phase)
    lookup = _node_lookup(graph)
    links = _links(board, ctx)
    used = 0
    results = []
    trains_seen: set[str] = set()
    for route in routes:
        if route["train"] in trains_seen:
            raise RouteError(msg("rhl18.route.train_once", train=str(route["train"])))
        trains_seen.add(route["train"])
        unknown = [s for s in route["stops"] if s not in lookup]
        if unknown:
            raise RouteError(msg("rhl18.route.no_stop", stop=str(unknown[0])))
        stops = [lookup[s] for s in route["stops"]]
        chains = route.get("connections") or None
        picked = _legs(graph, stops, chains, used)
        if picked is None:
            raise RouteError(msg("rhl18.route.no_track"))
        revenue, text = _route_revenue(graph, board, route["train"], stops, ctx, links)
        results.append(RouteResult(route["train"], list(route["stops"]),
                                   [list(c) for c in picked[1]], revenue, text,
                                   picked[0] & ~used))
        used = picked[0]
    return results


def from_18xx(board: dict, corp: str, route: dict, phase: str = "2") -> dict:
    """Our route for a recorded 18xx.games route.

    The recorded ``hexes`` do not always list the stops one by one (a Trajekt or a city-town
    path inside one hex shows up as a one-hex connection), so the stop order is searched: a
    path through exactly the recorded ``nodes`` whose legs follow ``connections`` in order.
    """
    graph = build_graph(board, corp, phase)
    lookup = _node_lookup(graph)
    wanted = [lookup[n] for n in route["nodes"] if n in lookup]
    if len(wanted) != len(route["nodes"]):
        raise RouteError(msg("rhl18.route.recorded_stop"))
    chains = [tuple(c) for c in route["connections"]]
    order = _order_stops(graph, set(wanted), chains)
    if order is None:
        raise RouteError(msg("rhl18.route.recorded_connections"))
    return {"train": route["train"], "stops": [graph.nodes[i].name for i in order],
            "connections": [list(c) for c in chains]}


def _order_stops(graph: _Graph, wanted: set[int], chains: list[tuple[str, ...]]
                 ) -> list[int] | None:
    def extend(path: list[int]) -> list[int] | None:
        if len(path) == len(wanted):
            return path
        chain = chains[len(path) - 1]
        for target, _mask, seg in graph.adj[path[-1]]:
            if target in wanted and target not in path and chain in (seg, seg[::-1]):
                found = extend([*path, target])
                if found:
                    return found
        return None

    if len(chains) != len(wanted) - 1:
        return None
    for start in wanted:
        found = extend([start])
        if found:
            return found
    return None


def validate_18xx(board: dict, corp: str, route: dict, ctx: RouteContext) -> RouteResult:
    """Validate a recorded 18xx.games route and compute its revenue."""
    return validate_routes(board, corp, [from_18xx(board, corp, route, ctx.phase)], ctx)[0]


# ---------------------------------------------------------------- the best routes


@dataclass
class _Candidate:
    revenue: int
    mask: int
    distance: int
    stops: tuple[int, ...]
    legs: tuple[int, ...]  # for each leg, the index of the segment in graph.adj


def _component(graph: _Graph) -> set[int]:
    """Nodes a route of this corporation can reach: walked from its token cities."""
    start = [i for i, n in enumerate(graph.nodes) if n.tokened]
    seen = set(start)
    todo = list(start)
    while todo:
        u = todo.pop()
        if not graph.nodes[u].through and not graph.nodes[u].tokened:
            continue
        for v, _mask, _chain in graph.adj[u]:
            if v not in seen:
                seen.add(v)
                todo.append(v)
    return seen


def _enumerate(graph: _Graph, board: dict, reach: int | None, ctx: RouteContext,
               links: int) -> list[_Candidate]:
    """Every legal route (one direction each) for a train of this reach (None = 8-train)."""
    nodes = graph.nodes
    comp = _component(graph)
    rge = reach is None
    allowed = [i in comp and not (rge and nodes[i].hex not in RGE_HEXES
                                  and hexmap.hex_info(nodes[i].hex).color == "red")
               for i in range(len(nodes))]
    if rge:
        starts = [i for i in comp if nodes[i].hex in RGE_HEXES and allowed[i]]
    else:
        starts = [i for i in comp if nodes[i].kind != "town"]
    out: list[_Candidate] = []
    facts = _NodeFacts(graph, board, ctx, allowed)
    if rge:
        search = [(_dfs_rge, (graph, facts, s, out)) for s in starts]
    else:
        search = [(_dfs_normal, (graph, facts, s, reach, ctx, links, out)) for s in starts
                  if not facts.bad_end[s]]
    with contextlib.suppress(_OutOfBudget):  # keep the routes found so far (SEARCH_BUDGET)
        for function, args in search:
            function(*args)
    return out


class _OutOfBudget(Exception):
    """The route search took its budget of steps: it stops with what it found."""


# Steps (route extensions, combination tries) one search may take: far above what the
# recorded and generated games need (their largest search takes ~35 000), it bounds the time
# of a pathological network to about a second instead of letting it grow exponentially.
SEARCH_BUDGET = 600_000


class _NodeFacts:
    """Per-node values, in flat lists, that the fast search for 2-6 trains adds up."""

    def __init__(self, graph: _Graph, board: dict, ctx: RouteContext,
                 allowed: list[bool]) -> None:
        nodes = graph.nodes
        hex_ids = {h: i for i, h in enumerate(sorted({n.hex for n in nodes}))}
        self.hex = [hex_ids[n.hex] for n in nodes]
        self.hex_count = [0] * len(hex_ids)
        self.revenue = [n.revenue for n in nodes]
        self.town = [n.kind == "town" for n in nodes]
        self.through = [n.through for n in nodes]
        self.metro = [n.metro for n in nodes]
        self.tokened = [n.tokened for n in nodes]
        self.coal_hex = [tiles.has_icon(board, n.hex, "K", ctx.coal_hexes) for n in nodes]
        self.steel_hex = [tiles.has_icon(board, n.hex, "S", ctx.steel_hexes) for n in nodes]
        self.er_coal = [int(n.hex in ER_COAL_CITY and n.city_index == ER_COAL_CITY[n.hex])
                        for n in nodes]
        self.er_steel = [int(n.hex in ER_STEEL_CITY and n.city_index == ER_STEEL_CITY[n.hex])
                         for n in nodes]
        self.bad_end = [n.hex in OUT_TOKENED and not n.tokened and any(
            t for t in board[n.hex]["tokens"][0]) for n in nodes]
        # Nodes of the exclusive pairs, Eastern Ruhr and Roermond are all terminal, so they
        # can only be a route's ends: these flags are checked on the two ends only.
        pair_of = {h: k + 1 for k, pair in enumerate(EXCLUSIVE_PAIRS) for h in pair}
        self.pair = [pair_of.get(n.hex, 0) for n in nodes]
        self.er = [n.hex in EASTERN_RUHR for n in nodes]
        self.roermond = [n.hex == IRON_RHINE[0] for n in nodes]
        self.e12 = [int(n.hex == "E12") for n in nodes]
        self.montan = 40 if int(ctx.phase) >= 5 else 20
        self.steps = 0
        self.rge = [n.hex in RGE_HEXES for n in nodes]
        self.metropole = [n.hex in METROPOLES for n in nodes]
        self.adj = [[(v, mask, k) for k, (v, mask, _c) in enumerate(graph.adj[u]) if allowed[v]]
                    for u in range(len(nodes))]


def _dfs_normal(graph: _Graph, f: _NodeFacts, start: int, limit: int, ctx: RouteContext,
                links: int, out: list[_Candidate]) -> None:
    """Depth-first search from ``start`` keeping revenue and bonus counts as it goes (the
    validator recomputes every chosen route the slow, rule-by-rule way)."""
    path = [start]
    legs: list[int] = []
    on_path = [False] * len(f.hex)
    on_path[start] = True
    hex_count = f.hex_count
    hex_count[f.hex[start]] += 1
    metro_seen: set[int] = {f.hex[start]} if f.metro[start] else set()
    ratingen = "ratingen_variant" in ctx.options
    er_bonus = 10 * links
    adj, through, metro, town, hexes = f.adj, f.through, f.metro, f.town, f.hex
    counts = [f.coal_hex[start] + f.er_coal[start], f.steel_hex[start] + f.er_steel[start],
              f.e12[start]]

    def record(v: int, used: int, dist: int, revenue: int) -> None:
        if f.pair[start] and f.pair[start] == f.pair[v]:
            return
        if len(path) == 2 and metro[start] and hexes[v] == hexes[start]:
            return  # one metropolis hex only
        coal, steel, e12 = counts
        if coal >= 1 and steel >= 1:
            revenue += f.montan * (2 if coal > 1 and steel > 1 else 1)
        if f.er[start] or f.er[v]:
            revenue += er_bonus + (IRON_RHINE[1] if f.roermond[start] or f.roermond[v] else 0)
        if ratingen and e12 and steel >= 1:
            revenue += 30
        out.append(_Candidate(revenue, used, dist, tuple(path), tuple(legs)))

    def visit(u: int, used: int, dist: int, revenue: int, has_token: bool) -> None:
        if u != start and not through[u]:
            return
        f.steps += 1
        if f.steps > SEARCH_BUDGET:
            raise _OutOfBudget
        metro_u, hex_u = metro[u], hexes[u]
        for v, mask, k in adj[u]:
            if on_path[v] or mask & used:
                continue
            hex_v = hexes[v]
            trajekt = metro_u and metro[v] and hex_v == hex_u
            if not trajekt and metro[v] and hex_v in metro_seen:
                continue
            step = 0 if trajekt or town[v] else 1
            if dist + step > limit:
                continue
            gain = -TRAJEKT_PENALTY if trajekt else f.revenue[v]
            new_hex = not hex_count[hex_v]
            hex_count[hex_v] += 1
            coal_gain = (f.coal_hex[v] if new_hex else 0) + f.er_coal[v]
            steel_gain = (f.steel_hex[v] if new_hex else 0) + f.er_steel[v]
            counts[0] += coal_gain
            counts[1] += steel_gain
            counts[2] += f.e12[v]
            path.append(v)
            legs.append(k)
            on_path[v] = True
            added_metro = metro[v] and hex_v not in metro_seen
            if added_metro:
                metro_seen.add(hex_v)
            token = has_token or f.tokened[v]
            if token and not town[v] and start < v and not f.bad_end[v]:
                record(v, used | mask, dist + step, revenue + gain)
            visit(v, used | mask, dist + step, revenue + gain, token)
            if added_metro:
                metro_seen.discard(hex_v)
            on_path[v] = False
            legs.pop()
            path.pop()
            counts[0] -= coal_gain
            counts[1] -= steel_gain
            counts[2] -= f.e12[v]
            hex_count[hex_v] -= 1

    visit(start, 0, 0 if town[start] else 1, f.revenue[start], f.tokened[start])
    hex_count[hexes[start]] -= 1


def _dfs_rge(graph: _Graph, f: _NodeFacts, start: int, out: list[_Candidate]) -> None:
    """The Rheingold Express search from an RGE end: the 8 best stops are paid, metropolises
    twice when both ends are RGE hexes; towns neither count nor pay."""
    path = [start]
    legs: list[int] = []
    on_path = [False] * len(f.hex)
    on_path[start] = True
    metro_seen: set[int] = {f.hex[start]} if f.metro[start] else set()
    values = [(f.revenue[start], f.metropole[start])]
    adj, through, metro, town, hexes = f.adj, f.through, f.metro, f.town, f.hex

    def record(v: int, used: int) -> None:
        if f.pair[start] == f.pair[v] == 1:  # Nimwegen and Arnheim (group NorthWest) only
            return
        if len(path) == 2 and metro[start] and hexes[v] == hexes[start]:
            return
        both = f.rge[v]
        paid = sorted((value * 2 if both and big else value for value, big in values),
                      reverse=True)[:RGE_PAID_STOPS]
        out.append(_Candidate(sum(paid), used, 0, tuple(path), tuple(legs)))

    def visit(u: int, used: int, has_token: bool) -> None:
        if u != start and not through[u]:
            return
        f.steps += 1
        if f.steps > SEARCH_BUDGET:
            raise _OutOfBudget
        metro_u, hex_u = metro[u], hexes[u]
        for v, mask, k in adj[u]:
            if on_path[v] or mask & used:
                continue
            hex_v = hexes[v]
            trajekt = metro_u and metro[v] and hex_v == hex_u
            if not trajekt and metro[v] and hex_v in metro_seen:
                continue
            popped = None
            if trajekt:
                popped = values.pop()
                values.append((popped[0] - TRAJEKT_PENALTY, popped[1]))
            elif not town[v]:
                values.append((f.revenue[v], f.metropole[v]))
            path.append(v)
            legs.append(k)
            on_path[v] = True
            added_metro = metro[v] and hex_v not in metro_seen
            if added_metro:
                metro_seen.add(hex_v)
            token = has_token or f.tokened[v]
            if token and not town[v] and (not f.rge[v] or start < v):
                record(v, used | mask)
            visit(v, used | mask, token)
            if added_metro:
                metro_seen.discard(hex_v)
            on_path[v] = False
            legs.pop()
            path.pop()
            if trajekt:
                values.pop()
                values.append(popped)
            elif not town[v]:
                values.pop()

    visit(start, 0, f.tokened[start])


def best_routes(board: dict, corp: str, trains: Iterable[str],
                ctx: RouteContext) -> list[RouteResult]:
    """The set of routes (at most one per train) with the highest total revenue.

    Cached per board content, corporation, trains and context (fresh copies returned).
    """
    found = _best_cached(hexmap.board_key(board), corp, tuple(trains), ctx)
    return [RouteResult(r.train, list(r.stops), [list(c) for c in r.connections], r.revenue,
                        r.text, r.mask) for r in found]


@lru_cache(maxsize=32)
def _best_cached(key: tuple, corp: str, trains: tuple[str, ...],
                 ctx: RouteContext) -> tuple[RouteResult, ...]:
    # Hexes in a fixed order: a loaded state (keys sorted by dump) and a live one must break
    # ties between equal routes alike.
    board = {h: {"tile": t, "rotation": r, "tokens": [list(c) for c in toks]}
             for h, t, r, toks in sorted(key)}
    return tuple(_best_routes(board, corp, list(trains), ctx))


def _best_routes(board: dict, corp: str, trains: list[str],
                 ctx: RouteContext) -> list[RouteResult]:
    graph = _build_graph(board, corp, ctx.phase, whole=False)
    links = _links(board, ctx)
    cache: dict[int | None, list[_Candidate]] = {}
    normal = [train_reach(t) for t in trains if train_reach(t) is not None]
    if normal:
        biggest = max(normal)
        cands = _enumerate(graph, board, biggest, ctx, links)
        cands.sort(key=lambda c: -c.revenue)
        for reach in set(normal):
            cache[reach] = [c for c in cands if c.distance <= reach]
    if any(train_reach(t) is None for t in trains):
        cands = _enumerate(graph, board, None, ctx, links)
        cands.sort(key=lambda c: -c.revenue)
        cache[None] = cands
    order = sorted(trains, key=lambda t: -(train_reach(t) or 99))
    lists = [cache[train_reach(t)] for t in order]
    choice = _combine(lists)
    results = []
    for train, cand in zip(order, choice, strict=True):
        if cand is None:
            continue
        revenue, text = _route_revenue(graph, board, train, list(cand.stops), ctx, links)
        chains = [list(graph.adj[s][k][2]) for s, k in zip(cand.stops, cand.legs, strict=False)]
        results.append(RouteResult(train, [graph.nodes[s].name for s in cand.stops], chains,
                                   revenue, text, cand.mask))
    return results


def _combine(lists: list[list[_Candidate]]) -> list[_Candidate | None]:
    """Branch and bound: the non-overlapping pick (one or none per train) of maximum revenue.

    Lists are sorted by revenue, so a level stops as soon as even the best remaining
    candidates cannot beat the best total found. Trains of the same type share one list and
    pick in increasing list order (the other order is the same set of routes).
    """
    n = len(lists)
    revs = [[c.revenue for c in lst] for lst in lists]
    masks = [[c.mask for c in lst] for lst in lists]
    bound = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        bound[i] = bound[i + 1] + (revs[i][0] if revs[i] else 0)
    best: list = [0, [None] * n]
    chosen: list[int | None] = [None] * n

    steps = [0]

    def go(i: int, used: int, total: int, first: int) -> None:
        steps[0] += 1
        if steps[0] > SEARCH_BUDGET:
            raise _OutOfBudget
        if total > best[0]:
            best[0] = total
            best[1] = chosen[:i] + [None] * (n - i)
        if i == n or total + bound[i] <= best[0]:
            return
        rev, mask, rest = revs[i], masks[i], bound[i + 1]
        same_next = i + 1 < n and lists[i + 1] is lists[i]
        for j in range(first, len(rev)):
            if total + rev[j] + rest <= best[0]:
                break
            if mask[j] & used:
                continue
            chosen[i] = j
            go(i + 1, used | mask[j], total + rev[j], j + 1 if same_next else 0)
        chosen[i] = None
        go(i + 1, used, total, 0)

    with contextlib.suppress(_OutOfBudget):  # keep the best combination found so far
        go(0, 0, 0, 0)
    return [None if j is None else lists[i][j] for i, j in enumerate(best[1])]


def total_revenue(results: list[RouteResult]) -> int:
    return sum(r.revenue for r in results)


# ---------------------------------------------------------------- connectivity for tile lays
#
# The corporation's track walk. A walk state is ``(hex, code)``: standing on node ``code`` of
# the hex's tile when ``code >= 0``, or having arrived through edge ``e`` from the neighbour
# when ``code == -1 - e``. Path ends use the same codes, so one table per tile and rotation
# lists the paths leaving each state.


@lru_cache(maxsize=4096)
def _moves(name: str, rotation: int) -> dict[int, tuple[tuple[int, int, bool], ...]]:
    """State code -> (path index, code of the path's other end, terminal) for each path
    with an end there."""
    found: dict[int, list[tuple[int, int, bool]]] = {}
    for pi, (a, b, _narrow) in enumerate(_rotated_paths_cached(name, rotation)):
        terminal = tiles.tile(name).paths[pi].terminal
        codes = [v if kind == "node" else -1 - v for kind, v in (a, b)]
        for end, other in ((codes[0], codes[1]), (codes[1], codes[0])):
            found.setdefault(end, []).append((pi, other, terminal))
    return {code: tuple(items) for code, items in found.items()}


_STEPS: dict[tuple[str, int], tuple[str, int] | None] = {}


def _step(hex_id: str, edge: int) -> tuple[str, int] | None:
    """(neighbour, entry edge) when track may cross ``edge`` of ``hex_id``, else None."""
    key = (hex_id, edge)
    if key not in _STEPS:
        nxt = hexmap.neighbor(hex_id, edge) if hexmap.passable(hex_id, edge) else None
        _STEPS[key] = None if nxt is None else (nxt, (edge + 3) % 6)
    return _STEPS[key]


def _token_starts(board: dict, corp: str, hexes: Iterable[str]) -> list[tuple[str, int]]:
    """Node states of the corporation's token cities."""
    starts = []
    for hex_id in hexes:
        cell = board[hex_id]
        for city_index, slots in enumerate(cell["tokens"]):
            if corp in slots:
                starts.append((hex_id, tiles.tile(cell["tile"]).node_indices("city")[city_index]))
    return starts


def _walk(board: dict, corp: str, arrivals: set[tuple[str, int]] | None = None,
          successors: dict[tuple[str, int], list[tuple[str, int]]] | None = None,
          ) -> tuple[dict[str, set[int]], set[tuple[str, int]]]:
    """Walk the corporation's track from its token cities.

    Returns the connected edges per hex (a new tile must use one) and the (hex, path index)
    pairs walked. A token's hex is connected on all its passable edges; walking stops at
    cities blocked by other tokens, at off-boards and after terminal paths. The walk's state
    is "arrived at hex through edge", so paths meeting at an edge are all followed.
    ``arrivals`` collects the (hex, edge) arrivals; ``successors`` each state's next states.
    """
    neutral = _neutral_hexes(board, corp)
    starts = _token_starts(board, corp, board)
    connected: dict[str, set[int]] = {}
    for hex_id, _node in starts:
        connected.setdefault(hex_id, set()).update(hexmap.hex_info(hex_id).passable)
    walked: set[tuple[str, int]] = set()
    start_set = set(starts)
    seen = set(starts)
    todo = list(starts)
    while todo:
        state = todo.pop()
        hex_id, code = state
        cell = board[hex_id]
        nxt_states: list[tuple[str, int]] = []
        if successors is not None:
            successors[state] = nxt_states
        if code >= 0 and state not in start_set and _stops_walk(
                tiles.tile(cell["tile"]), cell, code, corp, hex_id in neutral):
            continue
        for pi, other, terminal in _moves(cell["tile"], cell["rotation"]).get(code, ()):
            walked.add((hex_id, pi))
            if other >= 0:
                if terminal:
                    continue  # a node entered by a terminal path is not walked on from
                nxt = (hex_id, other)
            else:
                step = _step(hex_id, -1 - other)
                if step is None:
                    continue
                connected.setdefault(hex_id, set()).add(-1 - other)
                connected.setdefault(step[0], set()).add(step[1])
                nxt = (step[0], -1 - step[1])
            nxt_states.append(nxt)
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    if arrivals is not None:
        arrivals.update((h, -1 - code) for h, code in seen if code < 0)
    return connected, walked


def _stops_walk(t: tiles.Tile, cell: dict, node_i: int, corp: str, neutral: bool) -> bool:
    node = t.nodes[node_i]
    if node.kind == "offboard":
        return True
    if node.kind == "city":
        return _blocked(cell, t.node_indices("city").index(node_i), corp, neutral)
    return False


def connected_edges(board: dict, corp: str) -> dict[str, set[int]]:
    """Hex -> edges where a new tile connects to the corporation's network."""
    return _walk(board, corp)[0]


def walk_arrivals(board: dict, corp: str) -> set[tuple[str, int]]:
    """(hex, edge) pairs where the corporation's walk enters a hex from its neighbour."""
    arrivals: set[tuple[str, int]] = set()
    _walk(board, corp, arrivals)
    return arrivals


def _trial_cell(cell: dict, new_name: str, rotation: int) -> dict:
    return {"tile": new_name, "rotation": rotation,
            "tokens": tiles.moved_tokens(cell["tile"], cell["rotation"], cell["tokens"],
                                         new_name, rotation)}


def uses_new_track(board: dict, corp: str, hex_id: str, new_name: str, rotation: int,
                   arrivals: set[tuple[str, int]] | None = None) -> bool:
    """Semi-restrictive rule: with the new tile placed, does the corporation reach a new path
    on it, or a path whose city/town value changed?

    ``arrivals`` (from ``walk_arrivals`` on the current board) allows a quick yes: a new path
    touching an edge the network already enters is walked. This walks the whole network on
    the changed board; ``Network.uses_new_track`` gives the same answer incrementally.
    """
    cell = board[hex_id]
    if arrivals is not None and _quick_new_track(cell, hex_id, new_name, rotation, arrivals):
        return True
    trial = dict(board)
    trial[hex_id] = _trial_cell(cell, new_name, rotation)
    _connected, walked = _walk(trial, corp)
    fresh = _fresh_paths(cell["tile"], cell["rotation"], new_name, rotation)
    return any((hex_id, pi) in walked for pi in fresh)


@lru_cache(maxsize=8192)
def _fresh_paths(old_name: str, old_rotation: int, new_name: str, rotation: int
                 ) -> frozenset[int]:
    """Paths of the new tile that count as new track when the corporation walks them: edges
    joined that the old tile did not join, or an edge running to a stop where the old tile
    had none or one of another value."""
    old_tile, new_tile = tiles.tile(old_name), tiles.tile(new_name)
    old_edges: dict[int, list[tuple[str, int]]] = {}
    for a, b, _n in _rotated_paths_cached(old_name, old_rotation):
        for x, y in ((a, b), (b, a)):
            if x[0] == "edge":
                old_edges.setdefault(x[1], []).append(y)
    fresh = set()
    for pi, (a, b, _narrow) in enumerate(_rotated_paths_cached(new_name, rotation)):
        for x, y in ((a, b), (b, a)):
            if x[0] != "edge":
                continue
            olds = old_edges.get(x[1], [])
            if y[0] == "edge" and y not in olds:
                fresh.add(pi)
            if y[0] == "node":
                old_values = [old_tile.nodes[o[1]].revenue for o in olds if o[0] == "node"]
                if new_tile.nodes[y[1]].revenue not in old_values:
                    fresh.add(pi)
    return frozenset(fresh)


def _quick_new_track(cell: dict, hex_id: str, new_name: str, rotation: int,
                     arrivals: set[tuple[str, int]]) -> bool:
    old = tiles.path_signature(cell["tile"], cell["rotation"])
    new_tile = tiles.tile(new_name)
    for path, item in zip(new_tile.paths, tiles.path_items(new_name, rotation), strict=True):
        if item in old:
            continue
        for kind, value in (path.a, path.b):
            if kind == "edge" and (hex_id, (value + rotation) % 6) in arrivals:
                return True
    return False


class Network:
    """The corporation's walk on one board, for the many lays ``legal()`` tries there.

    ``uses_new_track`` answers as the function of that name does, without walking the whole
    network again for each tile and rotation: every walk state is recorded with the states
    it leads to, so the states reachable without entering a hex (and the edges through which
    the network enters it) are found once per hex from that record. A trial tile then only
    needs the walk from those entries and from its own token cities onwards: the rest of the
    board is unchanged, so everything else the walk reaches is already known.
    """

    def __init__(self, board: dict, corp: str) -> None:
        self.board, self.corp = board, corp
        self.arrivals: set[tuple[str, int]] = set()
        self._successors: dict[tuple[str, int], list[tuple[str, int]]] = {}
        self.connected, _walked = _walk(board, corp, self.arrivals, self._successors)
        self._starts = _token_starts(board, corp, board)
        self._neutral = _neutral_hexes(board, corp)
        self._around: dict[str, tuple[set[tuple[str, int]], list[int]]] = {}

    def _without(self, hex_id: str) -> tuple[set[tuple[str, int]], list[int]]:
        """States reached without entering ``hex_id``, and the entry codes into it."""
        found = self._around.get(hex_id)
        if found is None:
            successors = self._successors
            seen = {s for s in self._starts if s[0] != hex_id}
            todo = list(seen)
            entries: set[int] = set()
            while todo:
                for nxt in successors[todo.pop()]:
                    if nxt[0] == hex_id:
                        entries.add(nxt[1])
                    elif nxt not in seen:
                        seen.add(nxt)
                        todo.append(nxt)
            found = self._around[hex_id] = (seen, sorted(entries))
        return found

    def uses_new_track(self, hex_id: str, new_name: str, rotation: int,
                       quick: bool = True) -> bool:
        """``uses_new_track(board, corp, hex_id, new_name, rotation, arrivals)``, with the
        network's arrivals when ``quick``."""
        board, corp = self.board, self.corp
        cell = board[hex_id]
        if quick and _quick_new_track(cell, hex_id, new_name, rotation, self.arrivals):
            return True
        fresh = _fresh_paths(cell["tile"], cell["rotation"], new_name, rotation)
        if not fresh:
            return False
        known, entries = self._without(hex_id)
        trial = _trial_cell(cell, new_name, rotation)
        trial_neutral = hex_id in _neutral_hexes({**board, hex_id: trial}, corp) \
            if hex_id in METROPOLES else False
        starts = set(_token_starts({hex_id: trial}, corp, (hex_id,)))
        todo = [*starts, *((hex_id, code) for code in entries)]
        local = set(todo)
        while todo:
            state = todo.pop()
            here, code = state
            on_trial = here == hex_id
            cur = trial if on_trial else board[here]
            neutral = trial_neutral if on_trial else here in self._neutral
            if code >= 0 and state not in starts and _stops_walk(
                    tiles.tile(cur["tile"]), cur, code, corp, neutral):
                continue
            for pi, other, terminal in _moves(cur["tile"], cur["rotation"]).get(code, ()):
                if on_trial and pi in fresh:
                    return True
                if other >= 0:
                    if terminal:
                        continue
                    nxt = (here, other)
                else:
                    step = _step(here, -1 - other)
                    if step is None:
                        continue
                    nxt = (step[0], -1 - step[1])
                if nxt in local or nxt in known:
                    continue
                local.add(nxt)
                todo.append(nxt)
        return False


def network(board: dict, corp: str) -> Network:
    """The corporation's ``Network`` on this board; ``legal()`` asks about one position from
    several places, so networks are cached on the board's content."""
    return _network_cached(hexmap.board_key(board), corp)


@lru_cache(maxsize=8)
def _network_cached(key: tuple, corp: str) -> Network:
    return Network(_board_of(key), corp)
