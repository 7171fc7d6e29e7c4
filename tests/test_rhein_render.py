"""The board image: drawn from the public view at several moments of a seeded game."""

import io

from PIL import Image
from rhein_helpers import GAME, board, fresh, lay, place_truck, start_phase4
from test_rhein_playthrough import steady_choice

from engine.core import new_rng
from render import render_board


def png_size(data: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(data)).size


def test_render_start_of_game_is_about_1600_wide():
    data = render_board("rhein", GAME.view(fresh(5), None))
    width, height = png_size(data)
    assert width == 1600 and 700 < height < 2000
    assert len(data) < 2_000_000


def test_render_a_busy_stop_with_every_kind_of_piece():
    state = fresh(4)
    board(state, "red-train", None, {0: 3, 1: 2, 2: 4, 3: 1}, [2, 5])
    board(state, "white-ship", 6, {1: 5}, [8, 10])
    board(state, "red-plane", 7, {2: 2}, [14])
    place_truck(state, 0, "a", 5, 2)
    lay(state, 1, 8, 3)
    lay(state, 3, 8, 2)
    state["trucks"][2]["b"]["where"] = "mortgaged"
    start_phase4(state)
    view = GAME.view(state, None)
    assert view["stop"] is not None
    width, _ = png_size(render_board("rhein", view))
    assert width == 1600


def test_render_through_a_whole_game_and_at_the_end():
    state = GAME.setup(3, {"relax": True}, seed=4)
    rng = new_rng(4)
    last_phase = None
    while GAME.result(state) is None:
        if GAME.phase(state) != last_phase and state["round"] <= 2:
            last_phase = GAME.phase(state)
            assert png_size(render_board("rhein", GAME.view(state, None)))[0] == 1600
        seat = GAME.active(state)[0]
        GAME.apply(state, seat, steady_choice(state, seat, GAME.legal(state, seat), rng))
    assert png_size(render_board("rhein", GAME.view(state, None)))[0] == 1600
