"""The Rheinländer turn card's standing keeps what a player needs: the points the board would
score now and that the hidden coins come on top. The German card cut every row to
"24 P., wenn es jetzt…", losing the coins and the duchies; /spiel stand read the same clumsy
"0 P., wenn es jetzt endete (+ Münzen), 0 Herzogt.". Now the row says
"jetzt 24 P. + Münzen · 2 Herzogtümer" and the card, short of room, drops the duchies whole
(the board counts them) rather than cut the words."""

from __future__ import annotations

import pytest

from engine.rheinlaender import GAME
from engine.rheinlaender.scenario import scenario
from render import render_turn_card
from render.text_draw import recording
from render.turn_card import standings

A = 0
ROW = {"de": ("jetzt ", " P. + Münzen"), "en": ("", " pts now + coins")}


def _view(lang: str, names: list[str], board: bool = True) -> dict:
    if board:  # the card draws the real board's tiles
        state = GAME.setup(4, {}, 3)
        for _ in range(8):
            seat = GAME.view(state, None)["current"]
            GAME.apply(state, seat, GAME.legal(state, seat)[0])
    else:
        state = scenario("A:L12", hands={"A": [13, 20]})
        GAME.apply(state, A, GAME.parse(state, A, "play 13 left"))
    view = GAME.view(state, None)
    seats = [{"seat": p["seat"], "name": names[p["seat"] % len(names)]}
             for p in view["players"]]
    return {**view, "lang": lang, "seats": seats}


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("names", [["Bot 1", "Bot 2", "Bot 3"],
                                   ["Bert Beispielname", "Annemarie Oberhausen"]])
def test_each_card_row_keeps_the_points_and_the_coins_whole(lang: str, names: list[str]):
    view = _view(lang, names)
    with recording() as texts:
        render_turn_card("rheinlaender", view)
    said = [t.text for t in texts]
    before, after = ROW[lang]
    rows = [s for s in said if s.startswith(before) and after in s]
    assert len(rows) == len(view["players"]), said
    for row in rows:
        assert "…" not in row, row


def test_the_standing_reads_as_german_says_it() -> None:
    view = _view("de", ["Anna"], board=False)
    points = next(p["board_points"] for p in view["players"] if p["seat"] == A)
    assert dict(standings("rheinlaender", view, "de"))[A] == \
        f"jetzt {points} P. + Münzen · 1 Herzogtum"
