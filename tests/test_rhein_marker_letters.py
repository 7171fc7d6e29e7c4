"""Rhein's seat markers hold their letters whole: German's two letters ("Gr/Ge/Bl/Li/Br")
ran into a 13 px disc's rim ("Ge" was clipped) and up to the player's name beside it. Each
marker disc is now as wide as its seat's letters need, with a gap before the name."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageColor

import engine
from render import render_board
from render.rhein import PLAYER, word
from tests.board_checks import drawn


def _disc_span(image: Image.Image, x: float, y: float, fill: str) -> tuple[int, int]:
    """The leftmost and rightmost pixel of the marker's fill on its middle row."""
    want = ImageColor.getrgb(fill)
    xs = [px for px in range(int(x) - 40, int(x) + 41)
          if 0 <= px < image.width and image.getpixel((px, int(y))) == want]
    return min(xs), max(xs)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_marker_letters_fit_their_disc_and_keep_clear_of_the_name(lang):
    game = engine.get_game("rhein")
    view = {**game.view(game.setup(5, {}, 3), None), "lang": lang}
    colour_of = {word(lang, f"letter.{p['colour']}"): p["colour"] for p in view["players"]}
    texts, _ = drawn(lambda: render_board("rhein", view))
    image = Image.open(io.BytesIO(render_board("rhein", view))).convert("RGB")
    checked = 0
    for text in texts:
        if text.text not in colour_of:
            continue
        left, top, right, bottom = text.box
        cx, cy = (left + right) / 2, (top + bottom) / 2
        first, last = _disc_span(image, cx, cy, PLAYER[colour_of[text.text]])
        assert first < left and right < last, (text.text, text.box, first, last)
        beside = [t for t in texts if t.box[0] > right and t.box[1] < cy < t.box[3]
                  and t.box[0] - right < 40 and t is not text]
        for name in beside:  # the name after a player's marker
            if name.text not in colour_of:
                assert name.box[0] >= last + 4, (text.text, name.text, last, name.box)
        checked += 1
    assert checked >= 10  # the players' list and the capital track
