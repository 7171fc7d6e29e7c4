"""Generator of the house board (``board.json``). Run ``python -m engine.rheinlaender.make_board``.

The printed board's geometry is not published, so the project designed its own (house-made).
The JSON file it writes is the single source of truth for the rules and the picture; this
script only exists so the geometry can be regenerated after a change of layout. A table that
owns the printed game can edit ``board.json`` directly.

Layout: the Rhine snakes over three rows (east, west, east) joined by two half-circle bends.
Area *k* covers an equal length of the river. Seen in the direction of flow, the left bank is
on the left: on screen it is above the river in rows 1 and 3 and below it in row 2.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

AREAS = 54
RIVER_HALF = 30      # half width of the river strip (px)
BANK = 62            # width of a bank strip (px)
REALM_OFFSET = RIVER_HALF + BANK + 25
REALM_RADIUS = 21
ROW_Y = (215, 515, 815)
TURN_RADIUS = 150
WIDTH, HEIGHT = 1600, 1235
BEND_STRETCH = 1.45  # areas in a bend take more river length, so inner-bank tiles stay usable

# Islands: the island space stands where the river spaces of both areas would be (rulings A6).
ISLANDS = ((10, 11), (44, 45))
# Realm spaces: (bank, k) borders the bank spaces k and k+1 (26 in all, none in a bend).
REALMS_LEFT = (2, 6, 9, 13, 22, 25, 29, 32, 40, 43, 47, 50, 53)
REALMS_RIGHT = (4, 7, 11, 14, 21, 24, 28, 31, 39, 42, 45, 49, 52)
CITY_VALUES = [2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4]  # house split of the 12 cities

Point = tuple[float, float]


def _segments() -> list[tuple]:
    """The river's centre line: straight runs and bends, each with its length."""
    x0, x1, x2, x3 = 40.0, 1340.0, 260.0, 1560.0
    y1, y2, y3 = ROW_Y
    return [
        ("line", (x0, y1), (x1, y1)),
        ("arc", (x1, y1 + TURN_RADIUS), -math.pi / 2, math.pi / 2),
        ("line", (x1, y2), (x2, y2)),
        ("arc", (x2, y2 + TURN_RADIUS), -math.pi / 2, -3 * math.pi / 2),
        ("line", (x2, y3), (x3, y3)),
    ]


def _length(segment: tuple) -> float:
    if segment[0] == "line":
        (ax, ay), (bx, by) = segment[1], segment[2]
        return math.hypot(bx - ax, by - ay)
    return abs(segment[3] - segment[2]) * TURN_RADIUS


def _at(s: float) -> tuple[Point, Point]:
    """Point and unit direction of flow at distance ``s`` along the river."""
    for segment in _segments():
        length = _length(segment)
        if s <= length + 1e-9:
            t = s / length
            if segment[0] == "line":
                (ax, ay), (bx, by) = segment[1], segment[2]
                return (ax + (bx - ax) * t, ay + (by - ay) * t), ((bx - ax) / length,
                                                                  (by - ay) / length)
            (cx, cy), start, end = segment[1], segment[2], segment[3]
            theta = start + (end - start) * t
            sign = 1 if end > start else -1
            point = (cx + TURN_RADIUS * math.cos(theta), cy + TURN_RADIUS * math.sin(theta))
            return point, (-math.sin(theta) * sign, math.cos(theta) * sign)
        s -= length
    raise ValueError("beyond the river mouth")


def _total() -> float:
    return sum(_length(segment) for segment in _segments())


def _weighted_total() -> float:
    return sum(_length(seg) / (BEND_STRETCH if seg[0] == "arc" else 1) for seg in _segments())


def _boundary(k: int) -> float:
    """River distance where area ``k`` ends (``k`` = 0: the source)."""
    goal = _weighted_total() * k / AREAS
    s = 0.0
    for segment in _segments():
        length = _length(segment)
        weight = length / (BEND_STRETCH if segment[0] == "arc" else 1)
        if goal <= weight + 1e-9:
            return s + length * goal / weight
        goal -= weight
        s += length
    return s


def _offset(s: float, distance: float) -> Point:
    """The point ``distance`` px to the left of the river (negative: to the right)."""
    (x, y), (dx, dy) = _at(s)
    return (round(x + dy * distance, 1), round(y - dx * distance, 1))


def _strip(s0: float, s1: float, inner: float, outer: float) -> list[list[float]]:
    steps = max(2, math.ceil((s1 - s0) / 12))
    samples = [s0 + (s1 - s0) * i / steps for i in range(steps + 1)]
    near = [list(_offset(s, inner)) for s in samples]
    far = [list(_offset(s, outer)) for s in reversed(samples)]
    return near + far


def _in_bend(s: float) -> bool:
    (x, y), _ = _at(s)
    return y not in ROW_Y


def build() -> dict:
    spaces: list[dict] = []
    adjacent: set[tuple[str, str]] = set()
    island_of = {a: (a, b) for a, b in ISLANDS} | {b: (a, b) for a, b in ISLANDS}

    def link(a: str, b: str) -> None:
        adjacent.add((a, b) if a < b else (b, a))

    def river_id(k: int) -> str:
        if k in island_of:
            a, b = island_of[k]
            return f"I{a}/{b}"
        return f"R{k}"

    for k in range(1, AREAS + 1):
        s0, s1 = _boundary(k - 1), _boundary(k)
        mid = (s0 + s1) / 2
        area_length = s1 - s0
        for bank, sign in (("L", 1), ("T", -1)):
            spaces.append({
                "id": f"{bank}{k}", "kind": "land", "bank": bank, "areas": [k],
                "centre": list(_offset(mid, sign * (RIVER_HALF + BANK / 2 - 6))),
                "label": list(_offset(mid, sign * (RIVER_HALF + BANK - 11))),
                "poly": _strip(s0, s1, sign * RIVER_HALF, sign * (RIVER_HALF + BANK)),
            })
        if k in island_of and island_of[k][0] == k:
            a, b = island_of[k]
            span = (s0, _boundary(k + 1))
            centre = (span[0] + span[1]) / 2
            spaces.append({
                "id": f"I{a}/{b}", "kind": "land", "bank": "I", "areas": [a, b],
                "centre": list(_offset(centre, 0)),
                "label": list(_offset(centre - area_length * 0.62, 0)),
                # full river width: the island shares a border with both banks (rulings A1, A6)
                "poly": _strip(span[0], span[1], RIVER_HALF, -RIVER_HALF),
            })
        elif k not in island_of:
            spaces.append({
                "id": f"R{k}", "kind": "river", "bank": "R", "areas": [k],
                "centre": list(_offset(mid + area_length * 0.12, 0)),
                "label": list(_offset(mid - area_length * 0.33, 0)),
                "poly": _strip(s0, s1, RIVER_HALF, -RIVER_HALF),
            })
        link(f"L{k}", river_id(k))
        link(river_id(k), f"T{k}")
        if k < AREAS:
            link(f"L{k}", f"L{k + 1}")
            link(f"T{k}", f"T{k + 1}")
            if river_id(k) != river_id(k + 1):
                link(river_id(k), river_id(k + 1))

    realms = [("L", k) for k in REALMS_LEFT] + [("T", k) for k in REALMS_RIGHT]
    realms.sort(key=lambda realm: (realm[1], realm[0]))
    for number, (bank, k) in enumerate(realms, start=1):
        boundary = _boundary(k)
        if _in_bend(boundary):
            raise ValueError(f"realm at {bank}{k} would sit in a bend")
        sign = 1 if bank == "L" else -1
        realm_id = f"O{number}"
        spaces.append({
            "id": realm_id, "kind": "realm", "bank": bank, "areas": [k, k + 1],
            "borders": [f"{bank}{k}", f"{bank}{k + 1}"],
            "centre": list(_offset(boundary, sign * REALM_OFFSET)), "radius": REALM_RADIUS,
        })
        link(realm_id, f"{bank}{k}")
        link(realm_id, f"{bank}{k + 1}")

    river_line = [list(_offset(i * _total() / 400, 0)) for i in range(401)]
    return {
        "name": "Rheinländer house board",
        "source": "house",
        "note": ("House-made geometry: the printed board is not published. Areas, islands, "
                 "realm spaces, adjacency, drawing coordinates and the city values are our own "
                 "design, made to fit every published fact (54 areas, islands belonging to two "
                 "areas, 26 realm spaces each bordering two consecutive land spaces of one bank)."),
        "size": [WIDTH, HEIGHT],
        "areas": AREAS,
        "river_half_width": RIVER_HALF,
        "river_line": river_line,
        "markers": {
            "source": "rulebook counts; city values are house",
            "castle": 7, "church": 7, "city_values": CITY_VALUES,
        },
        "spaces": spaces,
        "adjacent": sorted([list(pair) for pair in adjacent]),
    }


def main() -> None:
    path = Path(__file__).with_name("board.json")
    path.write_text(json.dumps(build(), ensure_ascii=False, separators=(",", ":")) + "\n",
                    encoding="utf-8")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
