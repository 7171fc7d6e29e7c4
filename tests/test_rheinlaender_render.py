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


def test_a_borrowed_dukes_crown_is_ringed_in_the_lenders_colour_and_its_letter_is_big():
    """A seventh duke with 3 players borrows a figure of an unused colour (E11): the crown is
    the owner's colour and letter, ringed in the lender's colour; its letter and the value
    box read at the board's least text size."""
    from render import rheinlaender
    from render.text_draw import recording

    state = GAME.setup(3, {}, seed=9)  # the house board; the seventh duke's figure is set
    state["knights"] = {"L30": 2, "L31": 2}
    state["dukes"] = [{"owner": 2, "anchor": "L30", "figure": 3}]
    view = GAME.view(state, None)
    borrowed = next(d for d in view["duchies"] if d["figure"] == 3)
    with recording() as texts:
        image = Image.open(io.BytesIO(render(view))).convert("RGB")
    board = get_board(view["board"])
    places = rheinlaender._badge_places(board, view, image.size)
    (x, y), (tx, ty) = places[view["duchies"].index(borrowed)]
    lender = tuple(int(rheinlaender.colour(3)[i:i + 2], 16) for i in (1, 3, 5))
    ring = image.crop((int(x - 24), int(y - 20), int(x + 24), int(y + 20))).getcolors(4096)
    assert sum(n for n, c in ring if c == lender) > 40  # the ring, in yellow
    letter = rheinlaender.letter(2, rheinlaender.language(view))
    marks = [t for t in texts if t.text == letter and abs(t.box[0] + t.box[2] - 2 * x) < 8
             and abs((t.box[1] + t.box[3]) / 2 - y) < 12]
    assert marks and marks[0].size >= rheinlaender.TEXT
    value = [t for t in texts if t.text.startswith(str(borrowed["value"]))
             and abs((t.box[0] + t.box[2]) / 2 - tx) < 3
             and abs((t.box[1] + t.box[3]) / 2 - ty) < 8]
    assert value and value[0].size >= rheinlaender.TEXT


LONG_NAMES = ("Maximiliane von Hohenzollern", "Anna", "Bartholomäus Schwarzenegger-Lindqvist",
              "Jo", "Kunigunde Wolkenstein-Trostburg")


def test_the_boxes_name_players_with_their_colour_and_keep_the_to_move_marker_whole():
    """Long display names are shortened inside their box, the colour word stays whole and
    "to move" has a row of its own, so it is drawn whole on every board of a five-player
    game; no text of the board is cut or overlaps another (tests.board_checks)."""
    from render.rheinlaender import PANEL_TOP, name, say
    from tests.board_checks import drawn, problems

    run = random_playthrough(GAME, 5, seed=5)
    state = GAME.setup(5, {}, seed=5)
    seats = [{"seat": s, "name": n, "colour": "x"} for s, n in enumerate(LONG_NAMES)]
    for k, (seat, text) in enumerate([(None, None), *run.moves]):
        if seat is not None:
            GAME.apply(state, seat, GAME.parse(state, seat, text))
        if k % 10 and state["step"] != "over":
            continue
        lang = ("en", "de")[k % 2]
        view = {**GAME.view(state, None), "lang": lang, "seats": seats}
        texts, sizes = drawn(lambda view=view: render(view))
        assert not problems(texts, sizes[0]), problems(texts, sizes[0])[:5]
        panel = [t.text for t in texts if t.box[1] >= PANEL_TOP]
        mover = say(view, "to_move")
        assert panel.count(mover) == (0 if state["step"] == "over" else 1), (k, panel)
        for s, full in enumerate(LONG_NAMES):
            colour = name(view, s)
            title = next(t for t in panel if t.endswith(f"({colour})"))
            shown = title[:-len(colour) - 3]
            assert shown == full or (shown.endswith("…") and full.startswith(shown[:-1]))
        assert f"Anna ({name(view, 1)})" in panel and f"Jo ({name(view, 3)})" in panel


def test_without_names_the_boxes_name_players_by_colour():
    from render.rheinlaender import name
    from render.text_draw import recording

    view = {**GAME.view(GAME.setup(3, {}, seed=2), None), "lang": "de"}
    with recording() as texts:
        render(view)
    assert {name(view, s) for s in range(3)} <= {t.text for t in texts}
