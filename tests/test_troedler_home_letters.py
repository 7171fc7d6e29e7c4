"""A Trödler start village says whose home it is by the seat's letter inside its ring, as a
cart carries its letter: the ring's colour alone told it, and under tritanopia the sky, green
and blue rings are all teal."""

from __future__ import annotations

import pytest

from engine.troedler.data import VILLAGES
from render import render_board
from render.troedler import POSITIONS, word
from tests.board_checks import board_problems, drawn
from tests.test_troedler_support import GAME


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("players", [2, 4])
def test_each_home_village_carries_its_seats_letter(lang, players):
    view = {**GAME.view(GAME.setup(players, {}, 5), None), "lang": lang}
    texts, _ = drawn(lambda: render_board("troedler", view))
    homes = {p["start"] for p in view["players"]}
    colour = {v["key"]: v["start_colour"] for v in VILLAGES}
    for key in homes:
        x, y = POSITIONS[key]
        letter = word(lang, f"letter.{colour[key]}")
        inside = [t for t in texts if t.text == letter
                  and t.box[0] <= x <= t.box[2] and t.box[1] <= y <= t.box[3]]
        assert inside, (key, letter)
    for village in VILLAGES:  # a start village nobody plays from is an ordinary one
        if village["start_colour"] and village["key"] not in homes:
            x, y = POSITIONS[village["key"]]
            assert not [t for t in texts if t.box[0] <= x <= t.box[2]
                        and t.box[1] <= y <= t.box[3]], village["key"]
    assert board_problems(lambda: render_board("troedler", view)) == []
