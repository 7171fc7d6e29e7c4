"""Boards and turn cards go out on a palette: under half the bytes of the RGB picture, and no
change a player could see (players read them on phones, often on mobile data)."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

import render.common
from engine import GAMES
from engine.playthrough import random_playthrough
from render import render_board


def drawn_board(monkeypatch: pytest.MonkeyPatch, key: str) -> tuple[Image.Image, bytes]:
    """A late 4-player board of ``key``: the picture as drawn and the bytes that are posted."""
    drawn: list[Image.Image] = []

    def keep(image: Image.Image) -> bytes:
        drawn.append(image.copy())
        return render.common.to_png(image)

    monkeypatch.setattr(f"render.{key}.to_png", keep)
    run = random_playthrough(GAMES[key], 4, seed=3)
    posted = render_board(key, GAMES[key].view(run.state, None))
    assert isinstance(posted, bytes) and len(drawn) == 1
    return drawn[0], posted


def lossless_bytes(image: Image.Image) -> int:
    """Pillow's fast lossless PNG: what we posted before, within 3 %."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=1)
    return len(buffer.getvalue())


def channel_errors(image: Image.Image, png: bytes) -> list[int]:
    """How many pixels are off by each amount 0-255 in their worst channel."""
    back = Image.open(io.BytesIO(png)).convert("RGB")
    assert back.size == image.size
    red, green, blue = ImageChops.difference(image, back).split()
    return ImageChops.lighter(ImageChops.lighter(red, green), blue).histogram()


@pytest.mark.parametrize("key", ["rhein", "rheinlaender", "troedler"])
def test_board_is_under_half_the_bytes_and_looks_the_same(monkeypatch, key):
    image, png = drawn_board(monkeypatch, key)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    size, before = len(png), lossless_bytes(image)
    assert size * 1.8 < before, (size, before)  # 2.0-2.4x smaller
    errors = channel_errors(image, png)
    pixels = image.width * image.height
    # Flat colours (fills, lanes, table stripes, ink) keep their colour within 2 levels in every
    # channel, and so do most blends: 97-98 % of the pixels. Pillow's octree alone moves them by
    # averaging each 16-level cube (Rhein's grey train lane took on the beige of its closed
    # stops: 17 % of the pixels beyond 2 levels, Troedler 7 %).
    assert sum(errors[3:]) < pixels * 4 / 100
    # Anti-aliased edges between unusual pairs of colours move further (the palette has room
    # for only some of their blends): 0.01-0.04 % beyond 11 levels, 0.002 % beyond 15, the
    # worst 19-39 levels on a board, a pixel's edge shade, not a colour a player tells apart.
    assert sum(errors[12:]) < pixels / 1000
    assert sum(errors[16:]) < pixels / 10_000
    assert sum(errors[64:]) == 0


def test_a_picture_of_few_colours_keeps_every_pixel():
    image = Image.new("RGB", (300, 200), "#F7F4EA")
    for i in range(250):  # 250 greys one level apart, and the highlight's pink
        image.paste((i, i, i), (i, 0, i + 1, 150))
    image.paste(render.common.HIGHLIGHT, (0, 150, 300, 200))
    assert image.getcolors(256) is not None
    back = Image.open(io.BytesIO(render.common.to_png(image))).convert("RGB")
    assert back.tobytes() == image.tobytes()
