"""What changed since the previous full board, outlined on the full boards of Rhein,
Rheinländer and Trödler in the shared highlight (render.common.changed_*: pink with a dark
inner line), as 18Rhl's map outlines its hexes: one mark meaning the same on every game's pictures.

``mark(game_key, image, view)`` reads ``view["changed"]["places"]`` (render.changes) and
draws nothing when the view has none, so a board drawn without a previous one is unchanged.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine import text as texts
from render.common import HIGHLIGHT_WIDTH, changed_outline, changed_rectangle, changed_ring
from render.text_draw import text_width

SWATCH_W, SWATCH_H, SWATCH_LINE = 28, 18, 5


def words(lang: str) -> str:
    """The legend's words for the highlight, alike in every game."""
    return texts.render("render.highlight.changed", {}, lang)


def swatch(draw: ImageDraw.ImageDraw, x: float, cy: float) -> float:
    """The highlight's legend mark, a small frame in its form, from ``x`` around the middle
    height ``cy``; returns where its words start."""
    changed_rectangle(draw, (x, cy - SWATCH_H / 2, x + SWATCH_W, cy + SWATCH_H / 2), SWATCH_LINE)
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
            changed_rectangle(draw, (x, top, x + width, layout.lying[1]))
            # just outside the diamond's corners: a wider ring reached the city name
            # below and hid its umlaut ("Koln")
            cx, cy = x + width / 2, rhein.CITY_TOP + 20
            r = rhein.DIAMOND + 1 + HIGHLIGHT_WIDTH
            changed_ring(draw, (cx - r, cy - r, cx + r, cy + r))


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
            changed_ring(ImageDraw.Draw(image), (x - r, y - r, x + r, y + r))
        else:
            changed_outline(image, [(float(x), float(y)) for x, y in record["poly"]])


def _troedler(image: Image.Image, view: dict, touched: list[str]) -> None:
    """A touched village: a ring around its circle."""
    from render import troedler

    draw = ImageDraw.Draw(image)
    for place in touched:
        if place in troedler.POSITIONS:
            x, y = troedler.POSITIONS[place]
            r = troedler.VILLAGE_R + HIGHLIGHT_WIDTH + 2
            changed_ring(draw, (x - r, y - r, x + r, y + r))
