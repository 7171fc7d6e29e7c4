"""A small ring of the "changed" band (a Trödler village's, 26 px) is drawn in pink and dark
quarters: in dashes of 12 px it ran together into a dark blob at a phone's 550 px, where the
old pink ring had read as a ring (the verifying review). Larger rings keep their dashes."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from render import highlight
from render.common import HIGHLIGHT, HIGHLIGHT_WIDTH


def _changes_along(radius: float) -> int:
    """How often the band turns from pink to dark or back, once round the ring."""
    image = Image.new("RGB", (200, 200), "white")
    highlight.ring(ImageDraw.Draw(image), (100 - radius, 100 - radius, 100 + radius,
                                           100 + radius))
    middle = radius - HIGHLIGHT_WIDTH / 2
    pink = tuple(int(HIGHLIGHT[i:i + 2], 16) for i in (1, 3, 5))
    seen = []
    for step in range(360):
        angle = math.radians(step)
        pixel = image.getpixel((round(100 + middle * math.cos(angle)),
                                round(100 + middle * math.sin(angle))))
        seen.append(sum(abs(a - b) for a, b in zip(pixel, pink, strict=True)) < 60)
    return sum(a != b for a, b in zip(seen, seen[1:] + seen[:1], strict=True))


def test_a_village_sized_ring_is_in_quarters() -> None:
    assert _changes_along(26) == 4


def test_a_large_ring_keeps_dashes_about_twelve_pixels_long() -> None:
    changes = _changes_along(90)
    assert changes >= 2 * round(2 * math.pi * 87 / (2 * highlight.DASH)) - 2, changes
