"""What changed since the previous full board, outlined on the full boards of Rhein,
Rheinländer and Trödler in the shared highlight, as 18Rhl's map outlines its hexes: one mark
meaning the same on every game's pictures.

The highlight is a band of pink and near-black dashes (``rectangle``, ``ring``, ``outline``).
Its form, not its colour, tells it apart: under protanopia the pink reads as the Blue seat,
under deuteranopia as purple, and on a green-owned Rheinländer shade it all but vanished; a
plain frame with a 2 px dark inner line shrank to under a pixel on a phone (550 px of 1600).
A dash of 12 px stays 4 px there, dark on light ground and pink on dark.

``mark(game_key, image, view)`` reads ``view["changed"]["places"]`` (render.changes) and
draws nothing when the view has none, so a board drawn without a previous one is unchanged.
"""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from engine import text as texts
from render.common import HIGHLIGHT, HIGHLIGHT_EDGE, HIGHLIGHT_WIDTH
from render.text_draw import text_width

SWATCH_W, SWATCH_H, SWATCH_LINE = 36, 20, 6
DASH = 12  # each pink and each dark dash, about: a whole number of pairs fills a closed path
SMALL_RING = 16 * DASH  # a ring shorter than this is drawn in quarters

Point = tuple[float, float]
Box = tuple[float, float, float, float]


def dashed(draw: ImageDraw.ImageDraw, path: list[Point], width: int = HIGHLIGHT_WIDTH,
           pairs: int | None = None) -> None:
    """The highlight's band ``width`` wide along the closed ``path``: pink, every other dash
    dark (``pairs`` pink and dark dashes all round, else dashes about ``DASH`` long)."""
    closed = [*path, path[0]]
    draw.line(closed, fill=HIGHLIGHT, width=width, joint="curve")
    lengths = [math.dist(a, b) for a, b in zip(closed, closed[1:], strict=False)]
    total = sum(lengths)
    if total <= 0:
        return
    dash = total / (pairs or max(1, round(total / (2 * DASH)))) / 2
    for piece in _pieces(closed, lengths, dash):
        draw.line(piece, fill=HIGHLIGHT_EDGE, width=width, joint="curve")


def _pieces(closed: list[Point], lengths: list[float], dash: float) -> list[list[Point]]:
    """The dark dashes: the stretches [2k·dash, (2k+1)·dash) of the path's length."""
    pieces: list[list[Point]] = []
    current: list[Point] = []
    start = 0.0  # the path's length at the segment's start
    for (a, b), length in zip(zip(closed, closed[1:], strict=False), lengths, strict=True):
        cuts = [start]
        k = math.floor(start / dash) + 1
        while k * dash < start + length:
            cuts.append(k * dash)
            k += 1
        cuts.append(start + length)
        for low, high in zip(cuts, cuts[1:], strict=False):
            if high <= low:
                continue
            if math.floor((low + high) / 2 / dash) % 2:  # a pink stretch
                if current:
                    pieces.append(current)
                    current = []
                continue
            t0, t1 = (low - start) / length, (high - start) / length
            p0 = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
            p1 = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
            if not current:
                current = [p0]
            current.append(p1)
        start += length
    if current:
        pieces.append(current)
    return pieces


def rectangle(draw: ImageDraw.ImageDraw, box: Box, width: int = HIGHLIGHT_WIDTH) -> None:
    """The highlight along the inside of ``box``."""
    half = width / 2
    left, top, right, bottom = box[0] + half, box[1] + half, box[2] - half, box[3] - half
    dashed(draw, [(left, top), (right, top), (right, bottom), (left, bottom)], width)


def ring(draw: ImageDraw.ImageDraw, box: Box, width: int = HIGHLIGHT_WIDTH) -> None:
    """The highlight along the inside of the circle in ``box``."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    r = (box[2] - box[0]) / 2 - width / 2
    steps = max(24, round(2 * math.pi * r / 3))
    # a small ring (a Trödler village's) in dashes of DASH ran together into a dark blob at
    # 550 px: two pink and two dark quarters still read as a ring
    pairs = 2 if 2 * math.pi * r < SMALL_RING else None
    dashed(draw, [(cx + r * math.cos(2 * math.pi * i / steps),
                   cy + r * math.sin(2 * math.pi * i / steps)) for i in range(steps)], width,
           pairs)


def outline(image: Image.Image, points: list[Point], width: int = HIGHLIGHT_WIDTH) -> None:
    """The highlight centred on the closed outline ``points``."""
    dashed(ImageDraw.Draw(image), points, width)


def words(lang: str) -> str:
    """The legend's words for the highlight, alike in every game."""
    return texts.render("render.highlight.changed", {}, lang)


def swatch(draw: ImageDraw.ImageDraw, x: float, cy: float) -> float:
    """The highlight's legend mark, a small frame in its form, from ``x`` around the middle
    height ``cy``; returns where its words start."""
    rectangle(draw, (x, cy - SWATCH_H / 2, x + SWATCH_W, cy + SWATCH_H / 2), SWATCH_LINE)
    return x + SWATCH_W + 8


def entry_width(lang: str, size: int) -> float:
    return SWATCH_W + 8 + text_width(words(lang), size)


def places(view: dict) -> list[str]:
    changed = view.get("changed")
    found = changed.get("places") if isinstance(changed, dict) else None
    return [str(place) for place in found or []]


def mark(game_key: str, image: Image.Image, view: dict[str, Any]) -> None:
    touched = places(view)
    if not touched:
        return
    {"rhein": _rhein, "rheinlaender": _rheinlaender, "troedler": _troedler}[game_key](
        image, view, touched)


def _rhein(image: Image.Image, view: dict, touched: list[str]) -> None:
    """A touched river position: a ring around its number and its column from the lanes down
    to the lying containers (the city names above run wider than their column: a box from
    the top would cross them)."""
    from render import rhein

    draw = ImageDraw.Draw(image)
    layout = rhein.plan(view, rhein.language(view))
    top = min(lane[0] for lane in layout.lanes.values())
    for place in touched:
        if place.isdigit() and 0 <= int(place) < 15:
            x, width = rhein.x_of(int(place)), rhein.width_of(int(place))
            rectangle(draw, (x, top, x + width, layout.lying[1]))
            # just outside the diamond's corners: a wider ring reached the city name
            # below and hid its umlaut ("Koln")
            cx, cy = x + width / 2, rhein.CITY_TOP + 20
            r = rhein.DIAMOND + 1 + HIGHLIGHT_WIDTH
            ring(draw, (cx - r, cy - r, cx + r, cy + r))


def _rheinlaender(image: Image.Image, view: dict, touched: list[str]) -> None:
    """A touched space: its outline; a touched realm: a ring around its circle."""
    from engine.rheinlaender.board import get_board

    board = get_board(view["board"])
    for place in touched:
        record = board.spaces.get(place)
        if record is None:
            continue
        if record["kind"] == "realm":
            (x, y), r = record["centre"], record["radius"] + HIGHLIGHT_WIDTH
            ring(ImageDraw.Draw(image), (x - r, y - r, x + r, y + r))
        else:
            outline(image, [(float(x), float(y)) for x, y in record["poly"]])


def _troedler(image: Image.Image, view: dict, touched: list[str]) -> None:
    """A touched village: a ring around its circle."""
    from render import troedler

    draw = ImageDraw.Draw(image)
    for place in touched:
        if place in troedler.POSITIONS:
            x, y = troedler.POSITIONS[place]
            r = troedler.VILLAGE_R + HIGHLIGHT_WIDTH + 2
            ring(draw, (x - r, y - r, x + r, y + r))
