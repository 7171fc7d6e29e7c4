"""What changed since the previous full board, outlined on the full boards of Rhein,
Rheinländer and Trödler in the shared highlight (render.common.HIGHLIGHT), as 18Rhl's map
outlines its hexes: one mark meaning the same on every game's pictures.

``mark(game_key, image, view)`` reads ``view["changed"]["places"]`` (render.changes) and
draws nothing when the view has none, so a board drawn without a previous one is unchanged.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from render.common import HIGHLIGHT, HIGHLIGHT_WIDTH


def places(view: dict) -> list[str]:
    changed = view.get("changed")
    found = changed.get("places") if isinstance(changed, dict) else None
    return [str(place) for place in found or []]


def mark(game_key: str, image: Image.Image, view: dict[str, Any]) -> None:
    touched = places(view)
    if not touched:
        return
    draw = ImageDraw.Draw(image)
    {"rhein": _rhein, "rheinlaender": _rheinlaender, "troedler": _troedler}[game_key](
        draw, view, touched)


def _rhein(draw: ImageDraw.ImageDraw, view: dict, touched: list[str]) -> None:
    """A touched river position: a ring around its number and its column from the lanes down
    to the lying containers (the city names above run wider than their column: a box from
    the top would cross them)."""
    from render import rhein

    layout = rhein.plan(view, rhein.language(view))
    half = HIGHLIGHT_WIDTH // 2
    top = min(lane[0] for lane in layout.lanes.values())
    for place in touched:
        if place.isdigit() and 0 <= int(place) < 15:
            x, width = rhein.x_of(int(place)), rhein.width_of(int(place))
            draw.rectangle((x + half, top + half, x + width - half, layout.lying[1] - half),
                           outline=HIGHLIGHT, width=HIGHLIGHT_WIDTH)
            # just outside the diamond's corners: a wider ring reached the city name
            # below and hid its umlaut ("Koln")
            cx, cy = x + width / 2, rhein.CITY_TOP + 20
            r = rhein.DIAMOND + 1 + HIGHLIGHT_WIDTH
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=HIGHLIGHT,
                         width=HIGHLIGHT_WIDTH)


def _rheinlaender(draw: ImageDraw.ImageDraw, view: dict, touched: list[str]) -> None:
    """A touched space: its outline; a touched realm: a ring around its circle."""
    from engine.rheinlaender.board import get_board

    board = get_board(view["board"])
    for place in touched:
        record = board.spaces.get(place)
        if record is None:
            continue
        if record["kind"] == "realm":
            (x, y), r = record["centre"], record["radius"] + HIGHLIGHT_WIDTH
            draw.ellipse((x - r, y - r, x + r, y + r), outline=HIGHLIGHT, width=HIGHLIGHT_WIDTH)
        else:
            points = [tuple(p) for p in record["poly"]]
            draw.line([*points, points[0]], fill=HIGHLIGHT, width=HIGHLIGHT_WIDTH,
                      joint="curve")


def _troedler(draw: ImageDraw.ImageDraw, view: dict, touched: list[str]) -> None:
    """A touched village: a ring around its circle."""
    from render import troedler

    for place in touched:
        if place in troedler.POSITIONS:
            x, y = troedler.POSITIONS[place]
            r = troedler.VILLAGE_R + HIGHLIGHT_WIDTH + 2
            draw.ellipse((x - r, y - r, x + r, y + r), outline=HIGHLIGHT, width=HIGHLIGHT_WIDTH)
