"""Drawing helpers shared by the four board renderers (Pillow only)."""

from __future__ import annotations

import io
import math
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).with_name("fonts")

# Let Pillow keep a few freed image buffers for the next board instead of handing them back
# to the OS (its default keeps none). A board is a handful of 6 MB images; fresh memory costs
# a page fault per 4 KB, which on our VM made up a third of a render (bench: rhein 41 ->
# 27 ms, 8,200 -> 1,800 faults per board). Costs at most 4 blocks of memory, about 25 MB.
KEPT_IMAGE_BLOCKS = 4
if hasattr(Image.core, "set_blocks_max") and Image.core.get_blocks_max() < KEPT_IMAGE_BLOCKS:
    Image.core.set_blocks_max(KEPT_IMAGE_BLOCKS)

# Colour-blind safe player colours (Okabe-Ito), each with a letter drawn on the marker
# so that colour is never the only cue.
PLAYER_COLOURS: dict[str, tuple[str, str]] = {
    "orange": ("#E69F00", "O"),
    "sky": ("#56B4E9", "S"),
    "green": ("#009E73", "G"),
    "yellow": ("#F0E442", "Y"),
    "blue": ("#0072B2", "B"),
    "red": ("#D55E00", "R"),
    "purple": ("#CC79A7", "P"),
    "black": ("#222222", "K"),
}


@lru_cache(maxsize=32)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans (bundled, has umlauts) at ``size`` pixels."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return _Face(str(FONT_DIR / name), size)


class _Face(ImageFont.FreeTypeFont):
    """A font that keeps the coverage masks of the texts it rendered (see _mask) and the
    boxes and widths it measured (see _measure)."""

    def getmask2(self, text, mode="", *args, **kwargs):  # type: ignore[no-untyped-def]
        # "RGBA" (colour glyphs) the caller alters; features may come as an unhashable list
        if mode != "RGBA":
            try:
                return _mask(self, text, mode, args, tuple(sorted(kwargs.items())))
            except TypeError:
                pass
        return super().getmask2(text, mode, *args, **kwargs)

    def getbbox(self, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        return self._measured("getbbox", text, args, kwargs)

    def getlength(self, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        return self._measured("getlength", text, args, kwargs)

    def _measured(self, how: str, text: str, args: tuple, kwargs: dict) -> Any:
        try:
            return _measure(self, how, text, args, tuple(sorted(kwargs.items())))
        except TypeError:  # an unhashable argument (features as a list)
            return getattr(super(), how)(text, *args, **kwargs)


# Boards and cards draw the same labels over and over (a city's name, a price, a seat's
# letter), each rendered by FreeType anew: a third of the board's time went there. Pillow
# draws a text by blending its mask, which the drawing only reads, so one mask per text,
# size and sub-pixel start serves every picture. 4,096 of them hold about 14 MB; a set of
# 350 varied boards and cards drew 40,000 texts from 5,900 masks.
@lru_cache(maxsize=4096)
def _mask(face: _Face, text: str, mode: str, args: tuple, kwargs: tuple
          ) -> tuple[object, tuple[int, int]]:
    return ImageFont.FreeTypeFont.getmask2(face, text, mode, *args, **dict(kwargs))


# A box or a width, as FreeType laid the text out: placing a label measures it (18Rhl's
# tiles every label of every hex, a test's recording every text drawn) as often as it is
# drawn. A few numbers each.
@lru_cache(maxsize=8192)
def _measure(face: _Face, how: str, text: str, args: tuple, kwargs: tuple) -> Any:
    return getattr(ImageFont.FreeTypeFont, how)(face, text, *args, **dict(kwargs))


def text_colour_on(fill: str) -> str:
    """Black or white, whichever has the higher WCAG contrast on ``fill`` (a #rrggbb colour).
    A luma cut-off put white on green #009E73 (3.4:1, where black has 6.1:1) and on red
    #D55E00 (3.9:1 against 5.4:1)."""
    lum = relative_luminance(fill)
    return "#000000" if (lum + 0.05) / 0.05 >= 1.05 / (lum + 0.05) else "#FFFFFF"


def relative_luminance(colour: str) -> float:
    """WCAG 2 relative luminance of a #rrggbb colour (0 black .. 1 white)."""
    def linear(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(int(colour[i : i + 2], 16)) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def marker(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float,
           fill: str, letter: str, outline: str = "#000000") -> None:
    """A round player marker with its letter, readable without colour vision."""
    x, y = centre
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill, outline=outline,
                 width=2)
    from render.text_draw import draw_text  # text_draw needs this module's font()

    draw_text(draw, (x, y), letter, marker_size(letter, radius), bold=True,
              fill=text_colour_on(fill), anchor="mm")


def marker_size(letter: str, radius: float) -> int:
    """The size :func:`marker` draws ``letter`` at: two letters (German "Ge" for Gelb) a little
    smaller, their corners inside the rim, but never under 18 px, what a phone keeps readable."""
    from render.text_draw import text_width

    size = max(10, int(radius * 1.2))
    least = min(size, 18)
    # 2 px between the letters and the 2 px rim at the disc's widest
    while size > least and math.hypot(text_width(letter, size, True) / 2 + 2,
                                      size * 0.3) > radius - 2:
        size -= 1
    return size


# zlib level for every picture. On a palette picture (a third of the bytes of RGB) level 2
# finds ~8 % more than level 1 in the same time; level 4 and up cost more than the palette saved.
PNG_LEVEL = 2
# A colour covering at least this share of a picture is one of its flat colours (a fill, a
# lane, a table stripe, the ink): each keeps an entry of its own, so two fills a few levels
# apart never merge. Boards have 15-50 of them; the rest are anti-aliased blends.
FLAT_SHARE = 1 / 4000
MAX_FLAT = 128
# Octree entries this close to a flat colour (in 4-level steps per channel) are dropped: they
# would take that colour's pixels away from it when the picture is mapped onto the palette.
NEAR_FLAT_STEPS = 1


def to_png(image: Image.Image) -> bytes:
    """Every picture we post, as PNG on a palette of at most 256 colours.

    Players read boards on phones, often on mobile data: a palette picture is under half the
    bytes of the RGB one (bench/RESULTS.md, "Pictures on a palette"). A picture of at most 256
    colours keeps every pixel exactly. A board has 1,000-3,000 (anti-aliased text and edges
    between a few dozen flat colours): its flat colours stay within a few levels and the
    blends within ~50 on a few pixels in 100,000 (tests/test_png_palette.py).
    """
    if image.mode == "RGB":
        image = _on_palette(image)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=PNG_LEVEL)
    return buffer.getvalue()


def _on_palette(image: Image.Image) -> Image.Image:
    if image.getcolors(256) is not None:
        # median cut hands back every colour exactly when there are no more than it may keep
        return image.quantize(256, Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    palette = Image.new("P", (1, 1))
    palette.putpalette([level for colour in _board_palette(image) for level in colour])
    return image.quantize(palette=palette, dither=Image.Dither.NONE)


def _board_palette(image: Image.Image) -> list[tuple[int, int, int]]:
    """The flat colours exactly, then Pillow's fast octree for the blends.

    The octree alone merges every colour within a 16-level cube into one averaged entry: Rhein's
    grey train lane took on the beige of its closed stops, and its table lost its stripes.
    Both the counting and the octree look at every other pixel of every other row (a quarter
    of the work; 4 instead of 15 ms on a full board), which any flat colour survives.
    """
    sample = image.resize((max(1, image.width // 2), max(1, image.height // 2)),
                          Image.Resampling.NEAREST)
    # None beyond 65,536 colours (a photograph, not a board): then the octree has every entry
    counts = sorted(sample.getcolors(1 << 16) or [], reverse=True)
    least = max(8, int(sample.width * sample.height * FLAT_SHARE))
    flat: list[tuple[int, int, int]] = []
    taken: set[tuple[int, int, int]] = set()
    for count, colour in counts[:MAX_FLAT]:
        if count < least:
            break
        if _cell(colour) not in taken:  # two flats in one cell would map onto one entry
            flat.append(colour)
            taken.add(_cell(colour))
    near = {(r + dr, g + dg, b + db) for r, g, b in taken
            for dr in _STEPS for dg in _STEPS for db in _STEPS}
    blends = sample.quantize(256 - len(flat), Image.Quantize.FASTOCTREE,
                             dither=Image.Dither.NONE).getpalette() or []
    entries = [(blends[i], blends[i + 1], blends[i + 2]) for i in range(0, len(blends), 3)]
    return flat + [colour for colour in entries if _cell(colour) not in near]


_STEPS = range(-NEAR_FLAT_STEPS, NEAR_FLAT_STEPS + 1)


def _cell(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    # Pillow maps a colour onto a palette by its top six bits per channel
    return (colour[0] >> 2, colour[1] >> 2, colour[2] >> 2)


# What changed since a player last looked (a touched city, area or hex) is outlined in this
# colour and width on every game's pictures (render.highlight draws it), so the mark means the
# same everywhere...
HIGHLIGHT = "#FF1FA5"
HIGHLIGHT_WIDTH = 6
# ...in dashes of it and this near-black, a form no other mark takes (render.highlight says
# why: under protanopia the pink alone read as the Blue seat, under deuteranopia as purple)
HIGHLIGHT_EDGE = "#111111"

Box = tuple[float, float, float, float]
