"""Drawing one 18Rhl hex: its tile from the code string, cities with token slots, towns,
off-board revenues, labels, terrain costs, badges (coal, steel, RGE...), the coordinate, the
place name and the tile number (pointy-top geometry).

The words and numbers of a hex are laid out so that none covers another or a city: each is
given a few candidate spots in order of preference and takes the first one that is inside
the hex and clear of everything placed before it (:class:`HexLayout`)."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

from PIL import ImageDraw

from engine.rhl18 import data, tiles
from render.common import font, text_colour_on
from render.text_draw import draw_text, text_width

Box = tuple[float, float, float, float]

SQ3 = math.sqrt(3)
INK = "#1A1A1A"
# The upgrade stages darken yellow -> green -> brown, so they part by lightness as well as
# hue: under deuteranopia the former green #79B65B and brown #B98350 were 7 apart (CIE ΔE),
# brown and the red off-boards 4 (tests/test_rhl18_tile_colours.py)
TILE_FILL = {
    "white": "#F3EEDC", "yellow": "#F5D94A", "green": "#A6D88A", "brown": "#7A4E26",
    "gray": "#B4B4B4", "red": "#D8544A", "orange": "#F0A04B",
}
BLANK_GRAY = "#8C8C8C"  # gray hexes with nothing on them: the edge of the map
RIVER = "#2C6FBF"
PHASE_BOX = {stage: TILE_FILL[stage] for stage in ("yellow", "green", "brown", "gray")}
# Corporation colours and marks: corporations.json's "color" and "mark" (why those hues, in
# its "display" note), one source for every picture. The coal and steel dummy tokens are no
# corporations: they are drawn in the two shades below.
CORP_COLOURS = {**{sym: corp["color"] for sym, corp in data.corporations().items()},
                "K": "#222222", "S": "#5A6E7F"}
# The one character a corporation's station carries where its symbol has no room (the turn
# card's small map)
CORP_MARKS = {sym: corp["mark"] for sym, corp in data.corporations().items()}


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


# Token letters must fit their disc: the widest symbol ("CCE") at this share of the hex size.
def text_size(size: float, share: float = 0.175, least: int = 13) -> int:
    """A font size in pixels for a hex of ``size``: ``share`` of it, never below ``least``
    (13 px keeps every word of the map picture above 1.1 % of its width)."""
    return max(least, round(size * share))


# Texts drawn while building a cached layer are also reported here, hex by hex, so that a
# picture made from the cache can report them again (see render.rhl18._base).
_SINK: list[list] = []


@contextmanager
def collecting() -> Iterator[list]:
    """Collect (text, size, bold, box) of every hex text drawn in the block."""
    found: list = []
    _SINK.append(found)
    try:
        yield found
    finally:
        _SINK.remove(found)


def say(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, *,
        bold: bool = False, fill: str = INK, anchor: str = "mm", stroke_width: int = 0,
        stroke_fill: str | None = None) -> None:
    """Every text of a hex goes through here (render.text_draw, plus the cache's sink)."""
    if isinstance(draw, _NullDraw):
        return
    draw_text(draw, xy, text, size, bold=bold, fill=fill, anchor=anchor,
              stroke_width=stroke_width, stroke_fill=stroke_fill)
    if _SINK and text.strip():
        box = draw.textbbox(xy, text, font=font(size, bold), anchor=anchor)
        _SINK[-1].append((text, size, bold, box))


def text_box(xy: tuple[float, float], text: str, size: int, bold: bool = False,
             pad: float = 1) -> Box:
    """The box a centred (anchor "mm") one-line text takes."""
    left, top, right, bottom = font(size, bold).getbbox(text, anchor="mm")
    return (xy[0] + left - pad, xy[1] + top - pad, xy[0] + right + pad, xy[1] + bottom + pad)


def _overlap(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


@dataclass
class HexLayout:
    """What a hex already shows (boxes) and where a new item may go."""

    cx: float
    cy: float
    size: float
    taken: list[Box] = field(default_factory=list)
    # Where earlier drawings of the same hex put things, relative to its centre: a hex is
    # laid out once and its answers replayed (the search costs more than the drawing).
    answers: list = field(default_factory=list)
    replay: list | None = None
    penalty: float = 0.0  # how much the items placed so far clash
    margin: float = 2.0  # how far inside the hex's edge an item must stay

    def _answer(self, work, *args):  # noqa: ANN001, ANN202 - a recorded decision
        if self.replay is not None:
            kind, value = self.replay.pop(0)
            if kind == "box":
                x, y, box = value
                return (x + self.cx, y + self.cy,
                        (box[0] + self.cx, box[1] + self.cy, box[2] + self.cx, box[3] + self.cy))
            return value
        value = work(*args)
        if isinstance(value, tuple):
            x, y, box = value
            self.answers.append(("box", (x - self.cx, y - self.cy,
                                         (box[0] - self.cx, box[1] - self.cy,
                                          box[2] - self.cx, box[3] - self.cy))))
        else:
            self.answers.append(("cost", value))
        return value

    def inside(self, box: Box) -> bool:
        s = self.size - self.margin
        for x, y in ((box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])):
            dx, dy = abs(x - self.cx), abs(y - self.cy)
            if dx > s * SQ3 / 2 or dx / SQ3 + dy > s:
                return False
        return True

    def take(self, box: Box) -> Box:
        if self.replay is None:
            self.penalty += self._cost(box)
        self.taken.append(box)
        return box

    def cost(self, box: Box) -> float:
        """0 for a free spot; else how badly it clashes (outside the hex counts most)."""
        return self._answer(self._cost, box)

    def _cost(self, box: Box) -> float:
        clash = sum(_overlap(box, other) for other in self.taken)
        return clash + (0 if self.inside(box) else 1e6)

    def place(self, spots: Sequence[tuple[float, float]], w: float, h: float,
              absolute: bool = False) -> tuple[float, float]:
        """The first free spot for a w x h item centred there (spots in hex sizes from the
        centre, or pixels with ``absolute``); failing those, the free spot of a fine grid
        over the hex nearest the first choice; the least bad one if none is free."""
        points = [(dx, dy) if absolute else (self.cx + dx * self.size, self.cy + dy * self.size)
                  for dx, dy in spots]
        x, y, box = self.best(points, w, h)
        self.take(box)
        return x, y

    def best(self, points: Sequence[tuple[float, float]], w: float, h: float
             ) -> tuple[float, float, Box]:
        return self._answer(self._best, points, w, h)

    def _best(self, points: Sequence[tuple[float, float]], w: float, h: float
              ) -> tuple[float, float, Box]:
        best, best_cost = None, math.inf
        for x, y in [*points, *self.grid(points[0] if points else (self.cx, self.cy))]:
            box = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
            cost = self._cost(box)
            if cost == 0:
                return x, y, box
            if cost < best_cost:
                best, best_cost = (x, y, box), cost
        assert best is not None
        return best

    def grid(self, near: tuple[float, float]) -> list[tuple[float, float]]:
        """Spots every tenth of a hex size over the hex, nearest ``near`` first."""
        s = self.size
        spots = [(self.cx + i * s / 10, self.cy + j * s / 10) for i in range(-8, 9)
                 for j in range(-9, 10)]
        return sorted(spots, key=lambda p: math.hypot(p[0] - near[0], p[1] - near[1]))


def slot_offsets(slots: int, r: float) -> list[tuple[float, float]]:
    if slots <= 1:
        return [(0.0, 0.0)]
    if slots == 2:
        return [(-r, 0.0), (r, 0.0)]
    if slots == 3:
        return [(-r, r * 0.58), (r, r * 0.58), (0.0, -r * 1.15)]
    return [(-r, -r), (r, -r), (-r, r), (r, r)]


def slot_radius(size: float, slots: int) -> float:
    # Two neighbouring slots sit 2r apart: wide enough for two tokens' symbols at 12 px.
    return size * (0.21 if slots <= 2 else 0.206)


def city_box(pos: tuple[float, float], slots: int, size: float) -> Box:
    """The ground a city (all its token slots) covers."""
    r = slot_radius(size, slots)
    x, y = pos
    if slots == 2:
        return (x - 2 * r - 2, y - r - 2, x + 2 * r + 2, y + r + 2)
    pad = r * 2.2 + 2 if slots >= 3 else r + 2
    return (x - pad, y - pad, x + pad, y + pad)


def city_ground(pos: tuple[float, float], slots: int, size: float) -> list[Box]:
    """The city's ground as boxes a layout keeps clear of: a round city of three or more
    slots as a cross of two boxes, so a label or tile number may use the empty corners of
    its square (Aachen's "931 AC" had no room left but over the hex's coordinate)."""
    box = city_box(pos, slots, size)
    if slots < 3:
        return [box]
    x, y = pos
    half = (box[2] - box[0]) / 2
    inner = half * 0.75  # a corner of the square beyond this is outside the circle
    return [(x - half, y - inner, x + half, y + inner), (x - inner, y - half, x + inner, y + half)]


def draw_token(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, sym: str,
               reserved: bool = False) -> None:
    """A corporation token: a disc in its colour with its symbol (a dashed ring if only
    reserved). The symbol's size follows the disc, so it stays inside it."""
    fill = CORP_COLOURS.get(sym, "#DDDDDD")
    size = token_font(r, sym)
    if reserved:
        draw.ellipse((x - r, y - r, x + r, y + r), fill="#FFFFFF", outline=fill, width=3)
        say(draw, (x, y), sym, size, fill=INK)
        return
    draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=INK, width=2)
    say(draw, (x, y), sym, size, bold=True, fill=text_colour_on(fill))


def token_font(r: float, sym: str) -> int:
    """The largest size at which ``sym`` fits a disc of radius ``r`` (12 px at least, 1.1 %
    of the map picture's width; the symbol may then reach over the disc's rim a little)."""
    size = max(12, int(r * 1.1))
    while size > 12 and text_width(sym, size, True) > 1.9 * r:
        size -= 1
    return size


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
            draw_token(draw, sx, sy, r - 2, sym)
        elif k == 0 and reserved and reserved[0]:
            draw_token(draw, sx, sy, r - 2, str(reserved[0]), reserved=True)


def bubble_radius(size: float) -> float:
    return max(12.0, size * 0.155)


def revenue_box(pos: tuple[float, float], value: int | tuple, size: float) -> Box:
    x, y = pos
    if isinstance(value, int):
        r = bubble_radius(size)
        return (x - r - 1, y - r - 1, x + r + 1, y + r + 1)
    w, h = _phase_box(size)
    return (x - w * len(value) / 2 - 1, y - h / 2 - 1, x + w * len(value) / 2 + 1, y + h / 2 + 1)


def _phase_box(size: float) -> tuple[float, float]:
    # a red area's revenue by phase is a number a player reads off the map to plan a run:
    # at 0.34 x 0.24 of the hex (13 px figures) it was 6 px tall on a phone's 550 px
    return max(30.0, size * 0.52), max(20.0, size * 0.38)


def phase_text_size(size: float) -> int:
    """The figures in the phase boxes: 21 px on the map (11 px at 550 px wide)."""
    return text_size(size, 0.29)


def draw_revenue(draw: ImageDraw.ImageDraw, pos: tuple[float, float],
                 value: int | tuple[tuple[str, int], ...], phase: str | None = None,
                 size: float = 74) -> None:
    """A revenue: a white bubble, or a row of phase-coloured boxes (the current one framed)."""
    x, y = pos
    fsize = text_size(size)
    if isinstance(value, int):
        if value <= 0:
            return
        r = bubble_radius(size)
        draw.ellipse((x - r, y - r, x + r, y + r), fill="#FFFFFF", outline=INK, width=2)
        say(draw, (x, y), str(value), fsize, bold=True)
        return
    current = tiles.revenue_of(value, phase) if phase else None
    w, h = _phase_box(size)
    left = x - w * len(value) / 2
    for i, (colour, amount) in enumerate(value):
        box = (left + i * w, y - h / 2, left + (i + 1) * w, y + h / 2)
        fill = PHASE_BOX.get(colour, "#FFFFFF")
        draw.rectangle(box, fill=fill, outline=INK, width=1)
        if amount == current and phase:  # the value paid now: framed dark, lined white
            # inside, to show on the brown box as on the yellow
            draw.rectangle(box, outline=INK, width=4)
            draw.rectangle((box[0] + 4, box[1] + 4, box[2] - 4, box[3] - 4), outline="#FFFFFF",
                           width=2)
        say(draw, ((box[0] + box[2]) / 2, y), str(amount), phase_text_size(size), bold=True,
            fill=text_colour_on(fill))


def _dashed(draw: ImageDraw.ImageDraw, a, b, colour: str, width: int) -> None:
    length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1
    steps = max(2, int(length // 8))
    for i in range(0, steps, 2):
        p = _towards(a, b, i / steps)
        q = _towards(a, b, min(1, (i + 1) / steps))
        draw.line((p, q), fill=colour, width=width)


@dataclass(frozen=True)
class HexText:
    """The words a hex shows besides its tile: coordinate, place name, tile number (laid
    tiles, as 18xx.games shows them) and badges ((text, fill) such as coal "K")."""

    hex_id: str | None = None
    place: str | None = None
    number: str | None = None
    badges: tuple[tuple[str, str], ...] = ()
    dark: bool = False


def draw_tile(draw: ImageDraw.ImageDraw, name: str, rotation: int, cx: float, cy: float,
              size: float, tokens: Sequence[Sequence[str | None]] = (),
              reserved: Sequence[str | None] = (), phase: str | None = None,
              fill: str | None = None, words: HexText | None = None,
              ground: bool = True) -> None:
    """The hex background, track, towns, cities (with tokens), revenues, label, terrain and,
    with ``words``, its coordinate, name, tile number and badges, none covering another.
    Without ``ground`` only what sits above the track is drawn: the map draws a route or an
    outline over the track and then this, so that neither covers a token or a word."""
    t = tiles.tile(name)
    positions = node_positions(name, rotation, cx, cy, size)
    if ground:
        blank = t.preprinted and t.color == "gray" and not t.paths and not t.nodes
        draw.polygon(corners(cx, cy, size), fill=fill or (BLANK_GRAY if blank else
                                                           TILE_FILL.get(t.color, "#FFFFFF")),
                     outline="#5A5A5A")
        width = max(5, int(size / 9))
        _draw_paths(draw, t, rotation, cx, cy, size, positions, width)
        for stub in t.stubs:  # a stub: the start of track any new tile must continue
            mid = edge_mid(cx, cy, size, (stub + rotation) % 6)
            draw.line((mid, _towards(mid, (cx, cy), 0.3)), fill=INK, width=width)
    words = words or HexText()
    key = (name, rotation, size, words)
    plan = _PLANS.get(key)
    if plan is None:
        plan = _plan(t, positions, cx, cy, size, words)
        if len(_PLANS) > 4096:
            _PLANS.clear()
        _PLANS[key] = plan
    layout = HexLayout(cx, cy, size, replay=list(plan[1]))
    _items(draw, t, positions, cx, cy, size, tokens, reserved, phase, words, layout, plan[0])


def _plan(t: tiles.Tile, positions, cx, cy, size, words: HexText) -> tuple[int, tuple]:
    """Lay the hex out in each order of items, without drawing, and keep the order whose
    items clash least (a few hexes, such as three cities, are tight)."""
    best = None
    for order in ORDERS:
        layout = HexLayout(cx, cy, size)
        _items(_NULL, t, positions, cx, cy, size, (), (), None, words, layout, order)
        if best is None or layout.penalty < best[0]:
            best = (layout.penalty, order, tuple(layout.answers))
        if layout.penalty == 0:
            break
    assert best is not None
    return best[1], best[2]


# Orders to lay a hex out in: revenues before the name, the name first, revenues below
# their cities first.
ORDERS = (0, 1, 2)


class _NullDraw:
    """Draws nothing: a layout trial run."""

    def __getattr__(self, name: str):  # noqa: ANN204 - every drawing call does nothing
        return lambda *args, **kwargs: None


_NULL = _NullDraw()


def _items(draw, t: tiles.Tile, positions, cx, cy, size, tokens, reserved, phase,
           words: HexText, layout: HexLayout, order: int) -> None:
    """Everything on the hex above its track: coordinate, cities and towns with tokens and
    revenues, name, label, terrain, badges, tile number."""
    small = text_size(size)
    if words.hex_id:  # the coordinate sits at the top; everything else keeps clear of it
        at = (cx, cy - size * 0.77)
        # with room for the 2-px halo of a label or tile number below: "931 AC" hid "K2"
        layout.take(text_box(at, words.hex_id, small, True, pad=3))
        say(draw, at, words.hex_id, small, bold=True,
            fill="#FFFFFF" if words.dark else "#444444")
    if order == 1 and words.place:
        _draw_nodes(draw, t, positions, (cx, cy), size, tokens, reserved, phase, layout,
                    order, revenues=False)
        _place_name(draw, layout, words.place, size, words.dark)
        _draw_nodes(draw, t, positions, (cx, cy), size, tokens, reserved, phase, layout,
                    order, cities=False)
    else:
        _draw_nodes(draw, t, positions, (cx, cy), size, tokens, reserved, phase, layout, order)
        if words.place:
            _place_name(draw, layout, words.place, size, words.dark)
    _draw_marks(draw, t, cx, cy, size, layout, words.place)
    for text, colour in words.badges:
        _badge(draw, layout, text, colour, size)
    if words.number:
        _tile_number(draw, layout, words.number, size, t.color)


# (tile, rotation, size, words) -> the layout's decisions (see HexLayout.answers)
_PLANS: dict[tuple, tuple] = {}


def _draw_paths(draw, t: tiles.Tile, rotation: int, cx, cy, size, positions, width) -> None:
    for path in t.paths:
        (ka, va), (kb, vb) = path.a, path.b
        if ka == "node" and kb == "node":
            _dashed(draw, positions[va], positions[vb], RIVER, max(4, width // 2))
    for pts, terminal in track_lines(t, rotation, cx, cy, size, positions):
        draw.line(pts, fill=INK, width=width, joint="curve")
        if terminal:
            end = pts[0]
            draw.ellipse((end[0] - width, end[1] - width, end[0] + width, end[1] + width),
                         fill=INK)


def track_lines(t: tiles.Tile, rotation: int, cx: float, cy: float, size: float,
                positions: Sequence[tuple[float, float]]) -> list[tuple[list[tuple], bool]]:
    """A tile's track as lines of points (edge to edge, edge to a city or town), each with
    whether it ends at a terminal; the board draws them, and the turn card's small map."""
    out = []
    for path in t.paths:
        (ka, va), (kb, vb) = path.a, path.b
        if ka == "edge" and kb == "edge":
            out.append((track_curve(cx, cy, size, (va + rotation) % 6, (vb + rotation) % 6),
                        path.terminal))
        elif ka != "node" or kb != "node":
            edge = (va if ka == "edge" else vb) + rotation
            node = vb if ka == "edge" else va
            out.append(([edge_mid(cx, cy, size, edge % 6), positions[node]], path.terminal))
    return out


def _draw_nodes(draw, t: tiles.Tile, positions, centre, size, tokens, reserved,
                phase, layout: HexLayout, order: int = 0, cities: bool = True,
                revenues: bool = True) -> None:
    if cities:
        # Every city and town claims its ground first: later words keep clear of them.
        for i, node in enumerate(t.nodes):
            if node.kind == "city":
                for box in city_ground(positions[i], node.slots, size):
                    layout.take(box)
            elif node.kind == "town":
                r = size * 0.09 + 2
                x, y = positions[i]
                layout.take((x - r, y - r, x + r, y + r))
        city_i = 0
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
    if not revenues:
        return
    shared = len(t.nodes) > 1 and len({n.revenue for n in t.nodes}) == 1
    for i, node in enumerate(t.nodes):
        if shared and i > 0:
            continue
        _revenue_spot(draw, t, node, positions[i], centre, size, shared, phase, layout, order)


def _revenue_spot(draw, t: tiles.Tile, node: tiles.Node, pos, centre, size, shared,
                  phase, layout: HexLayout, order: int = 0) -> None:
    """Where a revenue goes: phase boxes above the centre, one bubble in the upper left for a
    single or shared value, else a bubble beside its city; always on free ground."""
    x, y = pos
    cx, cy = centre
    value = node.revenue
    if isinstance(value, int) and value <= 0:
        return
    box = revenue_box((0, 0), value, size)
    w, h = box[2] - box[0], box[3] - box[1]
    if isinstance(value, tuple) or node.kind == "offboard":
        spots = [(0, -0.45), (0, 0.45), (0, -0.2)]
        at = layout.place(spots, w, h)
    elif shared or len(t.nodes) == 1:
        spots = [(-0.52, -0.28), (0.52, -0.28), (-0.52, 0.28), (0.52, 0.28), (0, -0.5),
                 (0, 0.5), (-0.35, -0.45), (0.35, -0.45)]
        at = layout.place(spots, w, h)
    else:
        r = (city_box(pos, node.slots, size)[3] - y) if node.kind == "city" else size * 0.1
        gap = r + h / 2 + 1
        spots = [(x, y + gap), (x, y - gap)] if order == 2 else [(x, y - gap), (x, y + gap)]
        spots += [(x - gap, y), (x + gap, y),
                 (x - gap * 0.8, y - gap * 0.8), (x + gap * 0.8, y - gap * 0.8),
                 (x - gap * 0.8, y + gap * 0.8), (x + gap * 0.8, y + gap * 0.8)]
        at = layout.place(spots, w, h, absolute=True)
    draw_revenue(draw, at, value, phase, size)


def _place_name(draw, layout: HexLayout, place: str, size: float, dark: bool) -> None:
    """The place name in one or two lines, in the first free spot of the lower half, then
    the upper half, then anywhere in the hex; white-edged so that it reads over track."""
    fsize = text_size(size, 0.18)
    line_h = fsize + 2
    found = None
    layout.margin = -3  # a name may reach over the hex's edge a little: nothing is there
    for lines in _wordings(place, fsize):
        width = max(text_width(line, fsize) for line in lines) + 4
        height = line_h * len(lines)
        spots = [(layout.cx + dx * size, layout.cy + dy * size)
                 for dy in (0.60, 0.45, -0.50, 0.30, -0.35) for dx in (0.0, -0.15, 0.15)]
        x, y, box = layout.best(spots, width, height)
        cost = layout.cost(box)
        if found is None or cost < found[0]:
            found = (cost, x, y, lines, box)
        if cost == 0:
            break
    assert found is not None
    _cost, x, y, lines, box = found
    layout.take(box)
    layout.margin = 2.0
    top = y - line_h * len(lines) / 2 + line_h / 2
    for k, line in enumerate(lines):
        say(draw, (x, top + k * line_h), line, fsize, fill="#FFFFFF" if dark else INK,
            stroke_width=0 if dark else 2, stroke_fill=None if dark else "#FFFFFF")


def _wordings(place: str, fsize: int) -> list[list[str]]:
    """The name on one line, then split in two at the best word break."""
    words = place.split()
    out = [[place]]
    if len(words) > 1:
        splits = [[" ".join(words[:k]), " ".join(words[k:])] for k in range(1, len(words))]
        out.append(min(splits, key=lambda ls: max(text_width(x, fsize) for x in ls)))
    if "-" in place and len(words) == 1:
        head, _, tail = place.partition("-")
        out.append([head + "-", tail])
    return out


# Places for the terrain cost and the label, tried in order.
TERRAIN_SPOTS = ((0.50, 0.30), (0.52, -0.30), (-0.5, 0.3), (-0.5, -0.3), (0.0, 0.42),
                 (0.0, -0.45), (0.3, 0.55), (-0.3, 0.55))
LABEL_SPOTS = ((-0.66, 0.0), (-0.6, 0.25), (-0.6, -0.25), (0.66, 0.0), (0.6, 0.25),
               (0.6, -0.25), (-0.3, 0.55), (0.3, 0.55), (-0.3, -0.5), (0.3, -0.5),
               (0.42, -0.42), (-0.42, -0.42), (0.42, 0.42), (-0.42, 0.42))
BADGE_SPOTS = ((0.33, -0.55), (-0.33, -0.55), (0.6, -0.2), (-0.6, -0.2), (0.6, 0.2),
               (-0.6, 0.2), (0.33, 0.55), (-0.33, 0.55), (0.0, 0.3), (0.0, -0.3))
NUMBER_SPOTS = ((0.42, 0.58), (-0.42, 0.58), (0.6, 0.35), (-0.6, 0.35), (0.6, -0.35),
                (-0.6, -0.35), (0.0, 0.75), (0.3, -0.6), (-0.3, -0.6))


def _draw_marks(draw, t: tiles.Tile, cx, cy, size, layout: HexLayout,
                place: str | None = None) -> None:
    # Red D15's "+10/link" is shown by the link count; Moers' label is its name.
    if t.label and t.color != "red" and t.label != place:
        fsize = text_size(size, 0.22 if len(t.label) <= 3 else 0.18)
        box = text_box((0, 0), t.label, fsize, True, pad=3)
        at = layout.place(LABEL_SPOTS, box[2] - box[0], box[3] - box[1])
        say(draw, at, t.label, fsize, bold=True, stroke_width=2, stroke_fill="#FFFFFF")
    if t.upgrade_cost:
        w, h = terrain_size(size)
        at = layout.place(TERRAIN_SPOTS, w + 2, h + 2)
        draw_terrain(draw, at[0], at[1], t.terrain or "", t.upgrade_cost, size)


def _badge(draw, layout: HexLayout, text: str, colour: str, size: float) -> None:
    """A small square (or lozenge) with a word: coal K, steel S, RGE, link counts."""
    fsize = text_size(size)
    box = text_box((0, 0), text, fsize, True, pad=4)
    w, h = max(box[2] - box[0], box[3] - box[1]), box[3] - box[1]
    x, y = layout.place(BADGE_SPOTS, w + 2, h + 2)
    draw.rectangle((x - w / 2, y - h / 2, x + w / 2, y + h / 2), fill=colour, outline="#FFFFFF",
                   width=2)
    say(draw, (x, y), text, fsize, bold=True, fill=text_colour_on(colour))


def _tile_number(draw, layout: HexLayout, number: str, size: float, colour: str) -> None:
    fsize = text_size(size)
    box = text_box((0, 0), number, fsize, pad=3)
    at = layout.place(NUMBER_SPOTS, box[2] - box[0], box[3] - box[1])
    # edged in the tile's colour: the number stays readable where track runs under it
    dark = colour in ("brown", "red")
    say(draw, at, number, fsize, fill="#FFFFFF" if dark else "#333333", stroke_width=2,
        stroke_fill=TILE_FILL.get(colour, "#FFFFFF") if not dark else INK)


def terrain_size(size: float) -> tuple[float, float]:
    return max(30.0, size * 0.40), max(20.0, size * 0.27)


def draw_terrain(draw: ImageDraw.ImageDraw, x: float, y: float, terrain: str, cost: int,
                 size: float = 74) -> None:
    """Upgrade cost: a mountain triangle, or waves for water and river."""
    w, h = terrain_size(size)
    fsize = text_size(size)
    if terrain == "mountain":
        draw.polygon([(x - w / 2, y + h / 2), (x, y - h / 2 - 4), (x + w / 2, y + h / 2)],
                     fill="#8B6B4A", outline=INK)
        say(draw, (x, y + h * 0.12), str(cost), fsize, bold=True, fill="#FFFFFF")
    else:
        draw.rounded_rectangle((x - w / 2, y - h / 2, x + w / 2, y + h / 2), radius=8,
                               fill=RIVER, outline=INK)
        say(draw, (x, y), str(cost), fsize, bold=True, fill="#FFFFFF")
