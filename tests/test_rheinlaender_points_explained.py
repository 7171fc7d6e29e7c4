"""Rheinländer's two numbers for one duchy are said so a newcomer can put them together.
A review's newcomer read "Nora takes the duchy at 3 left (worth 2)" and then "6 pts, 1 duchy"
in /game status and on the turn card, with nothing to say why. The 2 is the duchy's worth in
play (1 for the duke plus its realms), paid out to its owner when the duke leaves; the 6 is
what the board would score if the game ended now, when each duke counts 5 instead of 1
(rulebook "The Value of Duchies", "Final Scoring"), coins not counted as they stay hidden."""

from __future__ import annotations

import pytest

from engine.rheinlaender import GAME
from engine.rheinlaender.scenario import scenario
from engine.text import say
from render.turn_card import standings

A = 0
TOLD = {"en": "Orange takes the duchy at 12 left (worth {worth} if lost, +4 at the end).",
        "de": "Orange übernimmt das Herzogtum bei 12 links (bei Verlust {worth}, am Ende +4)."}
NOW = {"en": "{points} pts now + coins · 1 duchy",
       "de": "jetzt {points} P. + Münzen · 1 Herzogtum"}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_duchy_line_and_the_running_score_add_up(lang: str) -> None:
    state = scenario("A:L12", hands={"A": [13, 20]})
    lines = GAME.apply(state, A, GAME.parse(state, A, "play 13 left"))
    worth = lines[-1].params["worth"]
    assert say(lines[-1], lang) == TOLD[lang].format(worth=worth)
    view = GAME.view(state, None)
    points = next(p["board_points"] for p in view["players"] if p["seat"] == A)
    assert points == worth + 4  # the duke counts 5 at the end, 1 in play
    # /game status's line and the turn card's standings say the same numbers
    assert dict(standings("rheinlaender", view, lang))[A] == NOW[lang].format(points=points)
