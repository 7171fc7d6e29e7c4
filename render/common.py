"""Drawing helpers shared by the four board renderers (Pillow only)."""

from __future__ import annotations

import io
import struct
import zlib
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFont

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
    return ImageFont.truetype(str(FONT_DIR / name), size)


def text_colour_on(fill: str) -> str:
    """Black or white, whichever reads better on ``fill`` (a #rrggbb colour)."""
    r, g, b = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
    return "#000000" if (0.299 * r + 0.587 * g + 0.114 * b) > 140 else "#FFFFFF"


def marker(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float,
           fill: str, letter: str, outline: str = "#000000") -> None:
    """A round player marker with its letter, readable without colour vision."""
    x, y = centre
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill, outline=outline,
                 width=2)
    from render.text_draw import draw_text  # text_draw needs this module's font()

    draw_text(draw, (x, y), letter, max(10, int(radius * 1.2)), bold=True,
              fill=text_colour_on(fill), anchor="mm")


def to_png(image: Image.Image) -> bytes:
    """Encode at a fast compression level: boards are posted often and must stay small.

    RGB images (every board) take the fast path below; other modes go through Pillow.
    """
    if image.mode == "RGB":
        return _png_rgb(image)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=1)
    return buffer.getvalue()


def _png_rgb(image: Image.Image) -> bytes:
    """The same pixels as Pillow's PNG in about half the time (bench/RESULTS.md).

    Pillow tries all five PNG row filters on every row, which costs more than the deflate
    itself. Boards are flat colours and straight edges, for which the "Up" filter alone
    compresses within a few per cent of that, and it is one C call: each byte minus the byte
    above it, modulo 256 (``subtract_modulo`` against the image shifted down by one row).
    Rows are fed to the compressor one by one rather than joined first: on this machine a
    fresh multi-megabyte buffer costs more in page faults than the copy itself.
    """
    width, height = image.size
    above = Image.new("RGB", image.size)
    above.paste(image, (0, 1))  # the last row falls off the bottom
    data = memoryview(ImageChops.subtract_modulo(image, above).tobytes())
    stride = 3 * width
    deflate = zlib.compressobj(1)
    parts = []
    for y in range(height):
        parts.append(deflate.compress(b"\x02"))  # filter type 2, "Up", for this row
        parts.append(deflate.compress(data[y * stride:(y + 1) * stride]))
    parts.append(deflate.flush())
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB, no interlace
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) +
            _chunk(b"IDAT", b"".join(parts)) + _chunk(b"IEND", b""))


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


# What changed since a player last looked (a touched city, area or hex) is outlined in this
# colour and width on every game's pictures, so the mark means the same everywhere.
HIGHLIGHT = "#FF1FA5"
HIGHLIGHT_WIDTH = 6
# ...with a dark line along its inside, a form no other mark takes: under protanopia the pink
# alone read as the slate blue of 18Rhl's Rhine line, under deuteranopia as the grey of an
# edge hex's or a start village's ring (a plain frame hardly showed in Rheinländer)
HIGHLIGHT_EDGE = "#111111"
HIGHLIGHT_EDGE_WIDTH = 2


Box = tuple[float, float, float, float]


def _inside(box: Box, by: float) -> Box:
    return (box[0] + by, box[1] + by, box[2] - by, box[3] - by)


def changed_rectangle(draw: ImageDraw.ImageDraw, box: Box, width: int = HIGHLIGHT_WIDTH,
                      radius: float = 0, edge: int = HIGHLIGHT_EDGE_WIDTH) -> None:
    """The highlight along the inside of ``box`` (a rectangle, rounded by ``radius``); a small
    mark (a market chip) takes a thinner ``edge``."""
    draw.rounded_rectangle(box, radius, outline=HIGHLIGHT, width=width)
    draw.rounded_rectangle(_inside(box, width), max(0.0, radius - width),
                           outline=HIGHLIGHT_EDGE, width=edge)


def changed_ring(draw: ImageDraw.ImageDraw, box: Box, width: int = HIGHLIGHT_WIDTH) -> None:
    """The highlight along the inside of the circle in ``box``."""
    draw.ellipse(box, outline=HIGHLIGHT, width=width)
    draw.ellipse(_inside(box, width), outline=HIGHLIGHT_EDGE, width=HIGHLIGHT_EDGE_WIDTH)


def changed_outline(image: Image.Image, points: list[tuple[float, float]],
                    width: int = HIGHLIGHT_WIDTH) -> None:
    """The highlight as a band ``width`` wide along the closed outline ``points``, its dark
    line on the side the outline encloses (a mask of the inside clips a wider dark band, so
    any shape, convex or not, gets it)."""
    pad = width + HIGHLIGHT_EDGE_WIDTH + 2
    left = max(0, int(min(x for x, _ in points)) - pad)
    top = max(0, int(min(y for _, y in points)) - pad)
    right = min(image.width, int(max(x for x, _ in points)) + pad + 1)
    bottom = min(image.height, int(max(y for _, y in points)) + pad + 1)
    if right <= left or bottom <= top:
        return
    local = [(x - left, y - top) for x, y in points]
    inside = Image.new("L", (right - left, bottom - top), 0)
    ImageDraw.Draw(inside).polygon(local, fill=255)
    band = Image.new("L", inside.size, 0)
    ImageDraw.Draw(band).line([*local, local[0]], fill=255,
                              width=width + 2 * HIGHLIGHT_EDGE_WIDTH, joint="curve")
    image.paste(HIGHLIGHT_EDGE, (left, top, right, bottom), ImageChops.multiply(inside, band))
    ImageDraw.Draw(image).line([*points, points[0]], fill=HIGHLIGHT, width=width,
                               joint="curve")
