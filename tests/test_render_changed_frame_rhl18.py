"""18Rhl's map and the turn cards mark what changed in the same dashed band as the other
games' boards (render.highlight): pink with a 2 px dark line along its inside had stayed
there, a line under a pixel at a phone's 550 px, so under protanopia or deuteranopia a
changed hex read as nothing more than a pink (or purple) edge."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops

import engine
from render.rhl18 import MAP_BOTTOM, MAP_W, map_picture
from tests.colour_vision import KINDS, at_phone_width, luminance, pixels, simulate_image


@pytest.mark.parametrize("kind", KINDS)
def test_a_changed_hex_has_a_dark_part_at_phone_width(kind) -> None:
    game = engine.get_game("18rhl")
    view = {**game.view(game.setup(3, {}, 1), None), "lang": "en"}
    # the map above its legend: the legend gains the frame's entry, on a line of its own
    # where the line is full, so the pictures differ in height below the map
    box = (0, 0, MAP_W, MAP_BOTTOM)
    plain = map_picture({**view, "changed": None}).convert("RGB").crop(box)
    framed = map_picture({**view, "changed": {"hexes": ["F9", "H11"]}}).convert("RGB").crop(box)
    drawn = ImageChops.difference(plain, framed).convert("L").point(lambda v: 255 if v else 0)
    small = simulate_image(at_phone_width(framed), kind)
    mask = drawn.resize(small.size, Image.Resampling.BOX)
    inside = [p for p, m in zip(pixels(small), pixels(mask), strict=True) if m >= 250]
    assert len(inside) > 20, "the frame is drawn"
    assert sum(luminance(p) < 0.02 for p in inside) / len(inside) >= 0.15, kind
