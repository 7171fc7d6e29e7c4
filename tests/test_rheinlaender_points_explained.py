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
# the duke alone: 1 in play, 5 at the end; the end's total is the number /game status says
TOLD = {"en": "Orange takes the duchy at 12 left (1 coin if lost, 5 points at the game's end).",
        "de": "Orange übernimmt das Herzogtum bei 12 links (bei Verlust 1 Münze, am Spielende 5 "
              "Punkte)."}
NOW = {"en": "{points} pts now + coins · 1 duchy",
       "de": "jetzt {points} P. + Münzen · 1 Herzogtum"}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_duchy_line_and_the_running_score_add_up(lang: str) -> None:
    state = scenario("A:L12", hands={"A": [13, 20]})
    lines = GAME.apply(state, A, GAME.parse(state, A, "play 13 left"))
    assert say(lines[-1], lang) == TOLD[lang]
    view = GAME.view(state, None)
    points = next(p["board_points"] for p in view["players"] if p["seat"] == A)
    assert points == lines[-1].params["end"] == lines[-1].params["count"] + 4
    # /game status's line and the turn card's standings say the same numbers
    assert dict(standings("rheinlaender", view, lang))[A] == NOW[lang].format(points=points)
