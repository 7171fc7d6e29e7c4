"""Drawing one 18Rhl hex: its tile from the code string, cities with token slots, towns,
off-board revenues, labels, terrain costs and coordinates (pointy-top geometry)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import ImageDraw

from engine.rhl18 import tiles
from render.common import font, text_colour_on

SQ3 = math.sqrt(3)
INK = "#1A1A1A"
TILE_FILL = {
    "white": "#F3EEDC", "yellow": "#F5D94A", "green": "#79B65B", "brown": "#B98350",
    "gray": "#B4B4B4", "red": "#D8544A", "orange": "#F0A04B",
}
BLANK_GRAY = "#8C8C8C"  # gray hexes with nothing on them: the edge of the map
RIVER = "#2C6FBF"
PHASE_BOX = {"yellow": "#F5D94A", "green": "#79B65B", "brown": "#B98350", "gray": "#B4B4B4"}
# Corporation colours (corporations.json) and the coal/steel dummy tokens.
CORP_COLOURS = {
    "ADR": "#2E8B3E", "BME": "#8B5A2B", "CME": "#CD5C5C", "DEE": "#F2D024", "KEG": "#F08C1E",
    "GVE": "#8A8A8A", "CCE": "#2A5DB0", "RhE": "#7B3FA0", "K": "#222222", "S": "#5A6E7F",
}


def edge_angle(edge: int) -> float:
    """Screen angle (radians, y down) from the centre to the middle of an edge (0 = SW)."""
    return math.radians(((edge - 4) * 60) % 360)


def edge_mid(cx: float, cy: float, size: float, edge: int) -> tuple[float, float]:
    a = edge_angle(edge)
    r = size * SQ3 / 2
    return cx + r * math.cos(a), cy + r * math.sin(a)


def corners(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    return [(cx + size * math.cos(math.radians(30 + 60 * k)),
             cy + size * math.sin(math.radians(30 + 60 * k))) for k in range(6)]


def edge_segment(cx: float, cy: float, size: float, edge: int) -> tuple[tuple, tuple]:
    """The two corners bounding an edge."""
    a = math.degrees(edge_angle(edge))
    pts = []
    for d in (-30, 30):
        t = math.radians(a + d)
        pts.append((cx + size * math.cos(t), cy + size * math.sin(t)))
    return pts[0], pts[1]


def _bezier(p0, p1, p2, p3, steps: int = 14) -> list[tuple[float, float]]:
    out = []
    for i in range(steps + 1):
        t = i / steps
        u = 1 - t
        out.append((u ** 3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t ** 3 * p3[0],
                    u ** 3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t ** 3 * p3[1]))
    return out


def _towards(p, q, k: float) -> tuple[float, float]:
    return p[0] + (q[0] - p[0]) * k, p[1] + (q[1] - p[1]) * k


def track_curve(cx: float, cy: float, size: float, e1: int, e2: int) -> list[tuple]:
    """Points of a track between two edges: straight, gentle or sharp curve."""
    a, b = edge_mid(cx, cy, size, e1), edge_mid(cx, cy, size, e2)
    if (e1 - e2) % 6 == 3:
        return [a, b]
    k = 0.55 if (e1 - e2) % 3 else 0.35
    return _bezier(a, _towards(a, (cx, cy), k), _towards(b, (cx, cy), k), b)


def node_positions(name: str, rotation: int, cx: float, cy: float,
                   size: float) -> list[tuple[float, float]]:
    """Where each city/town/off-board of the tile is drawn."""
    t = tiles.tile(name)
    exits = tiles.node_exits(name, rotation)
    count = len(t.nodes)
    positions = []
    for i, node in enumerate(t.nodes):
        if node.loc is not None and node.loc != "center":
            a = math.radians(((float(node.loc) + rotation - 4) * 60) % 360)
            positions.append((cx + 0.5 * size * math.cos(a), cy + 0.5 * size * math.sin(a)))
            continue
        if count == 1 or node.loc == "center":
            if count == 1 and node.kind == "town" and len(exits[i]) == 2:
                e1, e2 = sorted(exits[i])
                curve = track_curve(cx, cy, size, e1, e2)
                positions.append(curve[len(curve) // 2] if len(curve) > 2 else (cx, cy))
            else:
                positions.append((cx, cy))
            continue
        if exits[i]:
            vx = sum(math.cos(edge_angle(e)) for e in exits[i])
            vy = sum(math.sin(edge_angle(e)) for e in exits[i])
            length = math.hypot(vx, vy)
            if length > 0.3:
                k = 0.45 * size / length
                positions.append((cx + vx * k, cy + vy * k))
                continue
        # No exits (printed cities) or balanced exits: spread the nodes around the centre.
        a = math.pi + 2 * math.pi * i / count
        r = 0.4 * size
        positions.append((cx + r * math.cos(a), cy + r * math.sin(a) * 0.8))
    return positions


def slot_offsets(slots: int, r: float) -> list[tuple[float, float]]:
    if slots <= 1:
        return [(0.0, 0.0)]
    if slots == 2:
        return [(-r, 0.0), (r, 0.0)]
    if slots == 3:
        return [(-r, r * 0.58), (r, r * 0.58), (0.0, -r * 1.15)]
    return [(-r, -r), (r, -r), (-r, r), (r, r)]


def slot_radius(size: float, slots: int) -> float:
    return size * (0.19 if slots <= 2 else 0.17)


def draw_token(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, sym: str,
               reserved: bool = False) -> None:
    """A corporation token: a disc in its colour with its symbol (a dashed ring if only
    reserved)."""
    fill = CORP_COLOURS.get(sym, "#DDDDDD")
    if reserved:
        draw.ellipse((x - r, y - r, x + r, y + r), fill="#FFFFFF", outline=fill, width=3)
        draw.text((x, y), sym, fill=INK, font=font(14), anchor="mm")
        return
    draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=INK, width=2)
    size = 15 if len(sym) <= 2 else 14
    draw.text((x, y), sym, fill=text_colour_on(fill), font=font(size, bold=True), anchor="mm")


def draw_city(draw: ImageDraw.ImageDraw, pos: tuple[float, float], slots: int, size: float,
              tokens: Sequence[str | None], reserved: Sequence[str | None] = ()) -> None:
    r = slot_radius(size, slots)
    x, y = pos
    offsets = slot_offsets(slots, r)
    if slots == 2:
        draw.rounded_rectangle((x - 2 * r, y - r, x + 2 * r, y + r), radius=r, fill="#FFFFFF",
                               outline=INK, width=3)
    elif slots >= 3:
        pad = r * 2.2
        draw.ellipse((x - pad, y - pad, x + pad, y + pad), fill="#FFFFFF", outline=INK, width=3)
    for k, (dx, dy) in enumerate(offsets):
        sx, sy = x + dx, y + dy
        draw.ellipse((sx - r, sy - r, sx + r, sy + r), fill="#FFFFFF", outline=INK, width=2)
        sym = tokens[k] if k < len(tokens) else None
        if sym:
            draw_token(draw, sx, sy, r - 3, sym)
        elif k == 0 and reserved and reserved[0]:
            draw_token(draw, sx, sy, r - 3, str(reserved[0]), reserved=True)


def draw_revenue(draw: ImageDraw.ImageDraw, pos: tuple[float, float],
                 value: int | tuple[tuple[str, int], ...], phase: str | None = None) -> None:
    """A revenue: a white bubble, or a row of phase-coloured boxes (the current one framed)."""
    x, y = pos
    if isinstance(value, int):
        if value <= 0:
            return
        r = 15
        draw.ellipse((x - r, y - r, x + r, y + r), fill="#FFFFFF", outline=INK, width=2)
        draw.text((x, y), str(value), fill=INK, font=font(15, bold=True), anchor="mm")
        return
    current = tiles.revenue_of(value, phase) if phase else None
    w, h = 34, 24
    left = x - w * len(value) / 2
    for i, (colour, amount) in enumerate(value):
        box = (left + i * w, y - h / 2, left + (i + 1) * w, y + h / 2)
        frame = 3 if amount == current and phase else 1
        draw.rectangle(box, fill=PHASE_BOX.get(colour, "#FFFFFF"), outline=INK, width=frame)
        draw.text(((box[0] + box[2]) / 2, y), str(amount), fill=INK, font=font(15, bold=True),
                  anchor="mm")


def _dashed(draw: ImageDraw.ImageDraw, a, b, colour: str, width: int) -> None:
    length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1
    steps = max(2, int(length // 8))
    for i in range(0, steps, 2):
        p = _towards(a, b, i / steps)
        q = _towards(a, b, min(1, (i + 1) / steps))
        draw.line((p, q), fill=colour, width=width)


def draw_tile(draw: ImageDraw.ImageDraw, name: str, rotation: int, cx: float, cy: float,
              size: float, tokens: Sequence[Sequence[str | None]] = (),
              reserved: Sequence[str | None] = (), phase: str | None = None,
              fill: str | None = None) -> None:
    """The hex background, track, towns, cities (with tokens), revenues, label and terrain."""
    t = tiles.tile(name)
    blank = t.preprinted and t.color == "gray" and not t.paths and not t.nodes
    draw.polygon(corners(cx, cy, size), fill=fill or (BLANK_GRAY if blank else
                                                       TILE_FILL.get(t.color, "#FFFFFF")),
                 outline="#5A5A5A")
    positions = node_positions(name, rotation, cx, cy, size)
    width = max(6, int(size / 9))
    _draw_paths(draw, t, rotation, cx, cy, size, positions, width)
    for stub in t.stubs:  # a stub: the start of track any new tile must continue
        mid = edge_mid(cx, cy, size, (stub + rotation) % 6)
        draw.line((mid, _towards(mid, (cx, cy), 0.3)), fill=INK, width=width)
    _draw_nodes(draw, t, positions, (cx, cy), size, tokens, reserved, phase)
    _draw_marks(draw, t, cx, cy, size, positions)


def _draw_paths(draw, t: tiles.Tile, rotation: int, cx, cy, size, positions, width) -> None:
    for path in t.paths:
        (ka, va), (kb, vb) = path.a, path.b
        if ka == "edge" and kb == "edge":
            pts = track_curve(cx, cy, size, (va + rotation) % 6, (vb + rotation) % 6)
        elif ka == "node" and kb == "node":
            _dashed(draw, positions[va], positions[vb], RIVER, max(4, width // 2))
            continue
        else:
            edge = (va if ka == "edge" else vb) + rotation
            node = vb if ka == "edge" else va
            mid = edge_mid(cx, cy, size, edge % 6)
            pts = [mid, positions[node]]
        draw.line(pts, fill=INK, width=width, joint="curve")
        if path.terminal:
            end = pts[0]
            draw.ellipse((end[0] - width, end[1] - width, end[0] + width, end[1] + width),
                         fill=INK)


def _draw_nodes(draw, t: tiles.Tile, positions, centre, size, tokens, reserved,
                phase) -> None:
    city_i = 0
    revenues = {n.revenue for n in t.nodes}
    shared = len(t.nodes) > 1 and len(revenues) == 1
    for i, node in enumerate(t.nodes):
        x, y = positions[i]
        if node.kind == "town":
            r = size * 0.09
            draw.ellipse((x - r, y - r, x + r, y + r), fill=INK)
        elif node.kind == "city":
            slots = tokens[city_i] if city_i < len(tokens) else [None] * node.slots
            res = [reserved[city_i]] if city_i < len(reserved) and reserved[city_i] else []
            draw_city(draw, (x, y), node.slots, size, slots, res)
            city_i += 1
        if shared and i > 0:
            continue
        _revenue_spot(draw, t, node, (x, y), centre, size, shared, phase)


def _revenue_spot(draw, t: tiles.Tile, node: tiles.Node, pos, centre, size, shared,
                  phase) -> None:
    """Where a revenue goes: phase boxes above the node, one bubble in the upper left for a
    single or shared value, else a bubble above each city (kept inside the hex)."""
    x, y = pos
    cx, cy = centre
    if isinstance(node.revenue, tuple) or node.kind == "offboard":
        draw_revenue(draw, (cx, cy - size * 0.45), node.revenue, phase)
        return
    if shared or len(t.nodes) == 1:
        draw_revenue(draw, (cx - size * 0.52, cy - size * 0.28), node.revenue)
        return
    r = slot_radius(size, max(node.slots, 1)) * (2.2 if node.slots >= 3 else 1)
    bx, by = x, y - r - 14
    dist = math.hypot(bx - cx, by - cy)
    if dist > 0.62 * size:
        bx, by = cx + (bx - cx) * 0.62 * size / dist, cy + (by - cy) * 0.62 * size / dist
    draw_revenue(draw, (bx, by), node.revenue)


# Places for the terrain cost, tried in order; the first one clear of every city is used.
TERRAIN_SPOTS = ((0.50, 0.30), (0.52, -0.30), (-0.05, 0.40), (0.0, -0.42), (-0.5, -0.3))


def _draw_marks(draw, t: tiles.Tile, cx, cy, size, positions) -> None:
    if t.label and t.color != "red":  # red D15's "+10/link" is shown by the link count
        draw.text((cx - size * 0.78, cy + size * 0.22), t.label, fill=INK,
                  font=font(18 if len(t.label) <= 3 else 15, bold=True), anchor="lm",
                  stroke_width=2, stroke_fill="#FFFFFF")
    if t.upgrade_cost:
        spot = next(((cx + dx * size, cy + dy * size) for dx, dy in TERRAIN_SPOTS
                     if all(math.hypot(cx + dx * size - x, cy + dy * size - y) > 0.36 * size
                            for x, y in positions)), (cx + 0.5 * size, cy + 0.3 * size))
        draw_terrain(draw, spot[0], spot[1], t.terrain or "", t.upgrade_cost)


def draw_terrain(draw: ImageDraw.ImageDraw, x: float, y: float, terrain: str, cost: int) -> None:
    """Upgrade cost: a mountain triangle, or waves for water and river."""
    if terrain == "mountain":
        draw.polygon([(x - 16, y + 10), (x, y - 16), (x + 16, y + 10)], fill="#8B6B4A",
                     outline=INK)
        draw.text((x, y + 2), str(cost), fill="#FFFFFF", font=font(14, bold=True), anchor="mm")
    else:
        draw.rounded_rectangle((x - 20, y - 12, x + 20, y + 12), radius=8, fill=RIVER,
                               outline=INK)
        draw.text((x, y), str(cost), fill="#FFFFFF", font=font(14, bold=True), anchor="mm")
