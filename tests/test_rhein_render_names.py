"""Rhein's board names players "Anna (Lila)", not by colour alone ("Am Zug: Lila" left a
five-player table to remember who plays purple); a long name is shortened, the colour word
stays whole, and every text stays readable and apart."""

from __future__ import annotations

import pytest

import engine
from engine import ai
from render import render_board
from render.rhein import colour_word
from tests.board_checks import drawn, problems

NAMES = ("Maximiliane von Hohenzollern", "Anna", "Bartholomäus Schwarzenegger-Lindqvist",
         "Kunigunde Wolkenstein-Trostburg", "Ödön")
SEATS = [{"seat": seat, "name": name, "colour": "x"} for seat, name in enumerate(NAMES)]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_players_are_named_with_their_colour_on_the_board(lang):
    game = engine.get_game("rhein")
    state = game.setup(5, {}, 7)
    for _ in range(80):  # into the game: a stop, a reservation, open orders
        seat = game.active(state)[0]
        game.apply(state, seat, ai.choose(game, state, seat, "normal", 7))
    view = {**game.view(state, None), "lang": lang, "seats": SEATS}
    texts, sizes = drawn(lambda: render_board("rhein", view))
    found = problems(texts, sizes[0])
    assert not found, found[:5]
    said = " ".join(t.text for t in texts)
    for seat, name in enumerate(NAMES):
        colour = colour_word(view, seat, lang)
        shown = name if len(name) < 20 else name[:8]
        assert f"{shown}" in said and f"({colour})" in said, (name, colour)
    assert f"Anna ({colour_word(view, 1, lang)})" in said
    mover = view["active"][0]
    assert f"({colour_word(view, mover, lang)})" in next(t.text for t in texts
                                                          if t.text.startswith(
                                                              ("Turn:", "Am Zug:")))
