"""The board image: drawn from the public view at several moments of a seeded game."""

import io

from PIL import Image, ImageColor
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


def test_a_reservation_flag_shows_the_player_who_reserved_the_stop():
    """The flag carries the reserving player's letter (and colour) below the transport's
    letter on the transport's colour."""
    from rhein_helpers import BLUE, YELLOW, act, at_reserve, set_capital

    from render import rhein
    from render.text_draw import recording

    state = fresh(3)
    set_capital(state, green=20, blue=20, yellow=20)
    board(state, "red-train", None, {YELLOW: 2, BLUE: 1})
    at_reserve(state)
    while GAME.active(state)[0] != BLUE:
        act(state, GAME.active(state)[0], "done")
    act(state, BLUE, "reserve red-train koeln")
    view = GAME.view(state, None)
    red = next(t for t in view["transports"] if t["key"] == "red-train")
    assert red["reserved_by"] == {"8": BLUE}
    for lang, letters in (("en", ["R", "B"]), ("de", ["R", "Bl"])):
        with recording() as texts:
            render_board("rhein", {**view, "lang": lang})
        layout = rhein.plan(view, lang)
        top, bottom = layout.lanes["train"]
        left = rhein.x_of(8)
        in_koeln = [t.text for t in texts if left <= t.box[0] < left + rhein.width_of(8)
                    and top <= t.box[1] and t.box[3] <= bottom]
        assert in_koeln == letters, (lang, in_koeln)  # the flag alone: red, Blue's letter


def _played_out(seed: int, ai_seats: bool) -> dict:
    from bot.service.ai import choose

    state = GAME.setup(4, {}, seed=seed)
    rng, count = new_rng(seed), 0
    while GAME.result(state) is None:
        seat = GAME.active(state)[0]
        move = choose(GAME, state, seat, "normal", seed, count) if ai_seats else \
            steady_choice(state, seat, GAME.legal(state, seat), rng)
        GAME.apply(state, seat, move)
        count += 1
    return state


def test_the_final_result_lists_every_players_capital_after_penalties_ranked():
    """In the Orders List's place at the end: each player's rank, name and final Capital
    (Capital less penalties, containers aboard and mortgages, each said), in the order of
    the game's result; a tie shares the rank; bankrupt players last."""
    from render import rhein
    from render.text_draw import recording

    # AI seats: all four score, two end on 64 (one after a penalty of 3); steady play:
    # three go bankrupt
    for state in (_played_out(2, True), _played_out(2, False)):
        view = GAME.view(state, None)
        standings = GAME.result(state)
        for lang, title, penalty in (("en", "Final result", "penalties {}"),
                                     ("de", "Endergebnis", "Strafen {}")):
            with recording() as texts:
                render_board("rhein", {**view, "lang": lang})
            head = next(t for t in texts if t.text.startswith(title))
            mats = next(t for t in texts if t.text == rhein.word(lang, "mats.title"))
            bold = [t.text for t in sorted(texts, key=lambda t: t.box[1])
                    if t.box[0] < rhein.PLAYERS_X - 10 and head.box[3] < t.box[1] < mats.box[1]
                    and t.bold]
            expected = [f"{s.rank}. {rhein.player_name(view, s.seat, lang)}" +
                        (f": {s.score}" if "score" in s.detail else ":") for s in standings]
            assert len(bold) == len(expected)
            for said, start in zip(bold, expected, strict=True):
                assert said.startswith(start), (said, start)
            words = " ".join(t.text for t in texts)
            for entry in view["final"].values():
                assert penalty.format(entry["penalties"]) in words
    first, second, *_ = GAME.result(_played_out(2, True))  # equal Capital: more fulfilled
    assert first.score == second.score and first.rank < second.rank


def test_the_lanes_are_as_tall_as_what_they_hold():
    """Transports waiting in Basel stand side by side, so a lane at the start is one
    transport tall, not a stack of three."""
    from render import rhein

    view = GAME.view(fresh(5), None)
    layout = rhein.plan(view, "en")
    for kind, (top, bottom) in layout.lanes.items():
        assert bottom - top <= rhein.TOKEN_HEAD + 12, kind


def test_the_change_frame_lies_under_the_pieces_of_its_column():
    """The frame around a changed column must not cover a transport standing in it: drawn
    over the pieces, its left side hid the first letter of the transport's colour."""
    from render import rhein
    from render.common import HIGHLIGHT

    state = fresh(4)
    board(state, "white-ship", 6, {1: 5}, [8, 10])
    view = dict(GAME.view(state, None), changed={"places": ["6"]})
    image = Image.open(io.BytesIO(render_board("rhein", view))).convert("RGB")
    pink = ImageColor.getrgb(HIGHLIGHT)
    layout = rhein.plan(view, "en")
    x = rhein.x_of(6)
    ship_top = layout.lanes["ship"][0] + 4
    frame_side = [image.getpixel((x + 5, y)) for y in range(ship_top + 4, ship_top + 30)]
    assert pink not in frame_side  # the ship's own colours there
    lying_top, lying_bottom = layout.lying
    assert image.getpixel((x + 5, (lying_top + lying_bottom) // 2)) == pink


def test_loading_a_transport_marks_where_it_stands():
    """Phase 2 only loads transports: the board after it marks Basel for those waiting on
    their mats, and a transport's city once it is on the river."""
    from render import changes

    def view(pos, load):
        return {"transports": [{"key": "black-ship", "pos": pos, "load": load}], "players": []}

    assert changes.touched("rhein", view(None, [0, 0, 0]), view(None, [4, 5, 0])) == {
        "places": ["0"]}
    assert changes.touched("rhein", view(6, [4, 5, 0]), view(6, [4, 0, 0])) == {"places": ["6"]}
    assert changes.touched("rhein", view(None, [4, 5, 0]), view(None, [4, 5, 0])) == {
        "places": []}
