"""Letters on coloured fills (a seat's marker, a token, a swatch) in black or white, whichever
stands out more. The pick was by luma over 140: white on the seat colour green #009E73 at
3.4:1 where black has 6.1:1, and on red #D55E00 at 3.9:1 (WCAG asks 4.5:1 of small text)."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from render import rhl18, rhl18_tiles, troedler
from render.common import PLAYER_COLOURS, marker, text_colour_on
from tests.colour_vision import contrast

FILLS = sorted({*(colour for colour, _ in PLAYER_COLOURS.values()),
                *rhl18_tiles.CORP_COLOURS.values(), *rhl18.ROUTE_COLOURS,
                *rhl18_tiles.TILE_FILL.values(),
                *(style[0] if isinstance(style, tuple) else style
                  for style in troedler.GOOD_STYLE.values())})


@pytest.mark.parametrize("fill", FILLS)
def test_the_letters_take_the_ink_that_stands_out_more(fill: str) -> None:
    ink = text_colour_on(fill)
    other = "#FFFFFF" if ink == "#000000" else "#000000"
    assert contrast(ink, fill) >= contrast(other, fill), fill
    assert contrast(ink, fill) >= 4.5, fill  # black or white always reaches 4.58:1


@pytest.mark.parametrize("fill", ["#009E73", "#D55E00"])
def test_a_seat_markers_letter_is_drawn_in_that_ink(fill: str) -> None:
    """Measured on the picture: the letter's pixels on the green and the red marker."""
    image = Image.new("RGB", (80, 80), "#FFFFFF")
    marker(ImageDraw.Draw(image), (40, 40), 30, fill, "G")
    inner = image.crop((22, 22, 58, 58))
    colours = inner.getcolors(5000) or []
    # the letter's core: the pixel farthest from the fill
    fill_rgb = tuple(int(fill[i:i + 2], 16) for i in (1, 3, 5))
    core = max((c for _n, c in colours),
               key=lambda c: sum(abs(a - b) for a, b in zip(c, fill_rgb, strict=True)))
    assert contrast(core, fill) >= 4.5, (fill, core)
