"""An 18Rhl corporation's pass says what it passes on: "GVE passes" read alike for track,
station and trains, and a player could not tell whether GVE was done for the turn."""

from __future__ import annotations

import engine
from engine import ai
from engine.rhl18.snapshot import active_step
from engine.text import say

WORDS = {"Track": ("lays no track", "legt keine Strecke"),
         "Token": ("places no station", "setzt keinen Bahnhof"),
         "BuyTrain": ("is done buying trains", "kauft keine Züge mehr")}


def test_a_corporations_pass_names_the_step():
    game = engine.get_game("18rhl")
    state = game.setup(3, {}, 2)
    seen: set[str] = set()
    for _ in range(3000):
        if game.result(state) is not None or seen == set(WORDS):
            break
        seat = game.active(state)[0]
        action = ai.choose(game, state, seat, "normal", 2)
        step = active_step(state)
        lines = game.apply(state, seat, action)
        if action["type"] == "pass" and step in WORDS:
            english, german = WORDS[step]
            assert f"{action['entity']} {english}" == say(lines[0], "en")
            assert f"{action['entity']} {german}" == say(lines[0], "de")
            seen.add(step)
    assert seen >= {"Track", "BuyTrain"}, seen
