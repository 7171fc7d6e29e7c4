"""Rheinländer: the archbishop lost to a tie says why (ruling I4). In a tie two players have
the most bishops, so the English line said something untrue ("nobody has the most bishops");
the German one was right ("niemand hat allein die meisten")."""

from __future__ import annotations

from engine.rheinlaender import GAME
from engine.rheinlaender.scenario import scenario
from engine.text import say

A, B = 0, 1


def test_a_tie_for_the_most_bishops_takes_the_archbishop_away() -> None:
    # A's duchy at 11/12 left borders a church; B's knight on 15 left makes B's duchy at
    # 14/15 left, by another church: one bishop each, so nobody alone has the most
    realms = {"K1": ("church", 0, ["L11", "L12"]), "K2": ("church", 0, ["L14", "L15"])}
    state = scenario("A:L11 A:L12 B:L14", realms=realms, dukes=[("A", "L11")])
    assert state["archbishop"] == A
    state["current"], state["step"] = B, "start"
    state["hands"][B].append(15)
    lines = GAME.apply(state, B, GAME.parse(state, B, "play 15 left"))
    assert state["archbishop"] is None
    lost = next(line for line in lines if line.key == "rheinlaender.log.archbishop_lost")
    assert say(lost, "en").endswith("loses the archbishop: nobody alone has the most bishops.")
    assert "niemand hat allein die meisten Bischöfe" in say(lost, "de")
