"""Rheinländer's refusals of a knight action (engine/rheinlaender/placement.py) in a position
where each is the reason: apply() raises that rule's own text, a whole sentence in English
and German, and changes nothing. Positions are the rulings' test board (scenario) and a
whole game played to its end."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from refusal_checks import assert_refused

from engine.rheinlaender import GAME
from engine.rheinlaender.scenario import scenario

A = 0


def finished() -> dict:
    state = GAME.setup(3, None, 0)
    rng = random.Random(0)
    while state["step"] != "over":
        seat = state["current"]
        GAME.apply(state, seat, rng.choice(GAME.legal(state, seat)))
    return state


CASES: list[tuple[str, Callable[[], dict], dict]] = [
    # card 12 places only in area 12
    ("wrong_area", lambda: scenario("", hands={"A": [12]}),
     {"type": "play", "card": 12, "space": "L30"}),
    ("wrong_area", lambda: scenario("", hands={"A": [12]}),
     {"type": "play", "card": 12, "space": "nowhere"}),
    ("occupied_one", lambda: scenario("B:L12", hands={"A": [12]}),
     {"type": "play", "card": 12, "space": "L12"}),
    ("no_space", lambda: scenario("A:L12", hands={"A": [5]}),
     {"type": "reinforce", "card": 5, "space": "L99"}),
    ("convert_bastion", lambda: scenario("bastion:L12", hands={"A": [12]}, archbishop="A"),
     {"type": "convert", "card": 12, "space": "L12"}),
    ("convert_empty", lambda: scenario("B:T12", hands={"A": [12]}, archbishop="A"),
     {"type": "convert", "card": 12, "space": "L12"}),
    ("convert_own", lambda: scenario("A:L12 B:T12", hands={"A": [12]}, archbishop="A"),
     {"type": "convert", "card": 12, "space": "L12"}),
    ("unknown", lambda: scenario("", hands={"A": [12]}), {"type": "fly", "card": 12}),
    ("unknown", lambda: scenario("", hands={"A": [12]}), {"card": 12}),
    ("over", finished, {"type": "done"}),
]


@pytest.mark.parametrize(("key", "position", "action"), CASES,
                         ids=[f"{key}-{action.get('type')}" for key, _, action in CASES])
def test_each_rule_refuses_with_its_reason_and_changes_nothing(key, position, action):
    state = position()
    seat = A if state["step"] != "over" else 0
    assert_refused(GAME, state, seat, action, f"rheinlaender.refuse.{key}")


def test_a_refusal_names_the_card_and_the_space():
    state = scenario("B:L12", hands={"A": [12]})
    said = assert_refused(GAME, state, A, {"type": "play", "card": 12, "space": "L12"},
                          "rheinlaender.refuse.occupied_one")
    assert said["en"].endswith("is already occupied: each space holds one piece."), said
    state = scenario("", hands={"A": [12]})
    said = assert_refused(GAME, state, A, {"type": "play", "card": 12, "space": "L30"},
                          "rheinlaender.refuse.wrong_area")
    assert said["en"] == "Card 12 places a knight only on a land or river space of area 12.", \
        said
