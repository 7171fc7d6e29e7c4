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


def test_the_panel_shows_what_each_player_would_score_now_without_the_hidden_coins():
    """The running score is the final scoring of the board as it stands (duchies at 5 +
    realms, the archbishop's 5) without the coins, which stay hidden until the end."""
    from engine.rheinlaender.scoring import final_scores
    from render.text_draw import recording

    run = random_playthrough(GAME, 4, seed=11)
    state = GAME.setup(4, {}, seed=11)
    board = get_board(state["board"])
    checked = 0
    for k, (seat, text) in enumerate(run.moves):
        GAME.apply(state, seat, GAME.parse(state, seat, text))
        if k % 15 or state["step"] == "over":
            continue
        view = GAME.view(state, None)
        finals = final_scores(state, board)
        for player, final in zip(view["players"], finals, strict=True):
            assert player["board_points"] == final["total"] - final["coins"]
            assert "coins" not in player
        for lang, said in (("en", "Now: {} points + coins"), ("de", "Jetzt: {} Punkte + Münzen")):
            with recording() as texts:
                render({**view, "lang": lang})
            lines = [t.text for t in texts]
            for player in view["players"]:
                assert said.format(player["board_points"]) in lines
        checked += 1
    assert checked >= 3 and any(p["board_points"] for p in view["players"])
