"""Rheinländer board image: drawn from the public view, about 1600 px wide, small enough."""

import io

from PIL import Image

from engine.playthrough import random_playthrough
from engine.rheinlaender import GAME
from engine.rheinlaender.board import get_board
from render import render_board
from render.rheinlaender import render


def test_render_start_and_end_of_a_game():
    state = GAME.setup(5, {}, seed=3)
    image = Image.open(io.BytesIO(render(GAME.view(state, None))))
    assert image.size[0] == 1600 and image.format == "PNG"
    run = random_playthrough(GAME, 5, seed=3)
    png = render_board("rheinlaender", GAME.view(run.state, None))
    assert len(png) < 2_000_000


def test_render_draws_pieces_in_player_colours():
    empty = GAME.setup(3, {}, seed=9)
    state = GAME.setup(3, {}, seed=9)
    state["knights"] = {"L30": 0, "L31": 0, "T30": 1}
    state["bastions"] = {"T31": 2}
    state["dukes"] = [{"owner": 0, "anchor": "L30", "figure": None}]
    before = Image.open(io.BytesIO(render(GAME.view(empty, None)))).convert("RGB")
    after = Image.open(io.BytesIO(render(GAME.view(state, None)))).convert("RGB")
    x, y = get_board().spaces["L30"]["centre"]
    assert after.getpixel((int(x) + 5, int(y) + 8)) != before.getpixel((int(x) + 5, int(y) + 8))
    assert after.getpixel((int(x) + 5, int(y) + 8)) == (0xE6, 0x9F, 0x00)  # orange knight
