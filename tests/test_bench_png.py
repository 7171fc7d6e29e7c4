"""A picture of at most 256 colours goes out on a palette with exactly its pixels, at any size."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from render.common import font, to_png


def drawn(width: int, height: int) -> Image.Image:
    image = Image.new("RGB", (width, height), "#F7F4EA")
    draw = ImageDraw.Draw(image)
    draw.ellipse((0, 0, width // 2, height // 2), fill="#D55E00", outline="#000000")
    draw.line((0, height - 1, width - 1, 0), fill="#0072B2", width=3)
    draw.text((2, 2), "Rheinländer Größe", fill="#222222", font=font(14))
    return image


@pytest.mark.parametrize("size", [(1, 1), (3, 2), (17, 40), (1600, 900)])
def test_png_round_trips_pixel_for_pixel(size):
    image = drawn(*size)
    back = Image.open(io.BytesIO(to_png(image)))
    back.load()
    assert back.mode == "P" and back.size == image.size
    assert back.convert("RGB").tobytes() == image.tobytes()


def test_other_modes_still_encode():
    for mode in ("L", "RGBA", "P"):
        image = drawn(20, 10).convert(mode)
        back = Image.open(io.BytesIO(to_png(image)))
        assert back.size == (20, 10) and back.mode == mode
