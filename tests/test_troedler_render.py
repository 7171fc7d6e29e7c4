"""The board image: drawn from the public view, about 1600 px wide, routes by line style."""

from __future__ import annotations

import io

from PIL import Image, ImageChops, ImageDraw

from engine.playthrough import random_playthrough
from engine.troedler.data import VILLAGES
from render import render_board
from render.troedler import _route_line
from tests.test_troedler_support import GAME


def png(view) -> Image.Image:
    data = render_board("troedler", view)
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) < 2_000_000
    return Image.open(io.BytesIO(data))


def test_board_for_each_stage_and_player_count():
    for n in (2, 3, 4):
        state = GAME.setup(n, {}, n)
        image = png(GAME.view(state, None))
        assert image.size == (1600, 1000)
        run = random_playthrough(GAME, n, {}, seed=n)
        assert png(GAME.view(run.state, None)).width == 1600


def test_open_piles_board_shows_more_than_the_top_cards():
    closed = png(GAME.view(GAME.setup(4, {}, 9), None)).convert("RGB")
    opened = png(GAME.view(GAME.setup(4, {"open_piles": True}, 9), None)).convert("RGB")
    assert opened.height >= closed.height
    panel = (1062, 60, 1600, 600)
    diff = ImageChops.difference(closed.crop(panel), opened.crop(panel))
    assert diff.getbbox() is not None


def test_route_kinds_differ_in_shape_not_only_colour():
    masks = []
    for kind in ("trail", "bridge", "ferry", "moor"):
        image = Image.new("L", (200, 40), 0)
        _route_line(ImageDraw.Draw(image), kind, (10, 20), (190, 20))
        masks.append(image.point(lambda v: 255 if v else 0).tobytes())
    assert len(set(masks)) == 4


def test_public_view_is_enough_to_draw_mid_turn():
    run = random_playthrough(GAME, 3, {"open_counts": True}, seed=31)
    state = GAME.setup(3, {"open_counts": True}, 31)
    drawn = 0
    for seat, text in run.moves:
        GAME.apply(state, seat, GAME.parse(state, seat, text))
        if state["stage"] in ("play", "limit") and state["played"] and drawn < 3:
            assert png(GAME.view(state, None)).width == 1600
            drawn += 1
    assert drawn == 3


def test_start_villages_nobody_plays_from_are_not_drawn_as_homes():
    from render.common import PLAYER_COLOURS
    from render.troedler import POSITIONS, VILLAGE_R

    state = GAME.setup(2, {}, 4)
    view = GAME.view(state, None)
    image = png(view).convert("RGB")
    homes = {p["start"] for p in view["players"]}
    starts = {v["key"]: v["start_colour"] for v in VILLAGES if v["start_colour"]}
    assert len(homes) == 2 and len(starts) == 4
    for key, colour in starts.items():
        x, y = POSITIONS[key]
        ring = image.getpixel((round(x + VILLAGE_R - 2), round(y)))
        home = tuple(int(PLAYER_COLOURS[colour][0][i:i + 2], 16) for i in (1, 3, 5))
        assert (ring == home) == (key in homes), key


def test_the_final_ranking_says_why_it_is_ordered_so():
    """The damage rule under the standings, and whom the highest damage struck (R45-R49)."""
    from render.text_draw import recording
    from render.troedler import _name_of

    seen = set()
    for n, seed in ((2, 2), (3, 3), (4, 4), (4, 5), (3, 7)):
        run = random_playthrough(GAME, n, {}, seed=seed)
        view = GAME.view(run.state, None)
        seen.add(any(s["detail"]["total_damage"] for s in view["result"]))
        for lang, rule, out, shared in (
                ("en", "Damage = feed", "total damage, ranked last", "nobody suffers"),
                ("de", "Schaden = Kraftfutter", "Totalschaden, letzter Platz",
                 "niemand erleidet")):
            with recording() as texts:
                render_board("troedler", {**view, "lang": lang})
            said = " ".join(t.text for t in texts)
            assert rule in said
            loser = [s for s in view["result"] if s["detail"]["total_damage"]]
            if loser:
                assert loser[0]["rank"] == n
                name = _name_of(view, loser[0]["seat"], lang)
                assert f"{name} " in said and out in said and shared not in said
            else:
                assert shared in said and out not in said
    assert seen == {True, False}  # games with and without total damage
