"""Players are called by their names, not their seat colours, wherever the table knows the
names: a phone player reading "Turn 21: Orange" or "next to Green" (Green being themselves)
had to look up who plays which colour. Where a picture is drawn without names (tests, the
bench) the colour stays."""

from __future__ import annotations

import io

from PIL import Image

import engine
from render import render_board
from render.common import HIGHLIGHT
from render.text_draw import recording

RHEINLAENDER = engine.get_game("rheinlaender")
TROEDLER = engine.get_game("troedler")
COLOURS_DE = ("Orange", "Blau", "Grün", "Gelb", "Lila", "Himmelblau")


def _seats(names: list[str]) -> list[dict]:
    return [{"seat": seat, "name": name} for seat, name in enumerate(names)]


def _troedler_playing() -> dict:
    """A Trödler state in its first playing stage (every dealer pile taken)."""
    state = TROEDLER.setup(3, {}, 5)
    for _ in range(50):
        view = TROEDLER.view(state, None)
        if not view["piles"] and "must_discard" not in view:
            return state
        seat = TROEDLER.active(state)[0]
        TROEDLER.apply(state, seat, TROEDLER.legal(state, seat)[0])
    raise AssertionError("no playing stage within 50 moves")


def test_troedler_board_names_who_played_this_turn():
    state = _troedler_playing()
    names = ["Anna", "Bert", "Cora"]
    view = {**TROEDLER.view(state, None), "lang": "de", "seats": _seats(names)}
    with recording() as texts:
        render_board("troedler", view)
    drawn = {text.text for text in texts}
    assert f"In diesem Zug gespielt ({names[view['current']]})" in drawn
    assert not any(text.startswith("In diesem Zug gespielt (") and text.endswith(
        tuple(f"({colour})" for colour in COLOURS_DE)) for text in drawn)


def test_the_rhein_change_ring_leaves_the_city_name_whole():
    game = engine.get_game("rhein")
    view = {**game.view(game.setup(3, {}, 2), None), "lang": "de",
            "changed": {"places": ["8"]}}  # Köln
    with recording() as texts:
        picture = Image.open(io.BytesIO(render_board("rhein", view))).convert("RGB")
    name = next(text for text in texts if text.text == "Köln")
    left, top, right, bottom = name.box
    ring = Image.new("RGB", (1, 1), HIGHLIGHT).getpixel((0, 0))
    covered = [(x, y) for x in range(left, right) for y in range(top - 1, bottom)
               if picture.getpixel((x, y)) == ring]
    assert not covered, covered[:5]  # the ring hid the umlaut: "Koln"
