"""Ruling L4: whether a turn is a discard turn (L3) is decided at its start, before any
bastion; a bastion before the knight action that would leave no knight action, where one
existed, is refused with the reason. The knight action is compulsory (L2)."""

from __future__ import annotations

import pytest

from engine import get_game
from engine.core import RuleError
from engine.text import say

GAME = get_game("rheinlaender")


def _state(hand, knights, bastions=()):
    state = GAME.empty_state(3, "house", 1)
    state["deck"] = [c for c in state["deck"] if c not in hand]
    state["hands"][0] = list(hand)
    state["knights"] = dict(knights)
    state["bastions"] = {space: 1 for space in bastions}
    for seat in range(3):
        state["supply"][seat] -= sum(1 for owner in knights.values() if owner == seat)
    state["bastions_left"][1] -= len(bastions)
    return state


def _kinds(moves):
    return {move["type"] for move in moves}


def test_the_last_free_space_of_an_island_area_takes_no_bastion_first():
    # areas 10 and 11 share the island and have no river space: card 10 offers only it
    state = _state([10], {"L10": 1, "T10": 2})
    legal = GAME.legal(state, 0)
    assert [m for m in legal if m["type"] != "bastion"] == \
        [{"type": "play", "card": 10, "space": "I10/11"}]
    assert {"type": "bastion", "space": "I10/11"} not in legal
    assert {"type": "bastion", "space": "L40"} in legal
    with pytest.raises(RuleError) as refused:
        GAME.apply(state, 0, GAME.parse(state, 0, "bastion 10 island"))
    assert refused.value.text.key == "rheinlaender.refuse.bastion_last_knight"
    assert "island 10/11" in str(refused.value) and "play your card first" in str(refused.value)
    assert "Pflicht" in say(refused.value.text, "de")
    assert "I10/11" not in state["bastions"]  # the refusal changed nothing


def test_a_single_reinforcement_target_takes_no_bastion_first():
    # area 30 is full, so card 30 can only reinforce; L29 is taken, so L31 is the one target
    state = _state([30], {"L30": 0, "T30": 1, "R30": 1}, bastions=["L29"])
    legal = GAME.legal(state, 0)
    assert [m for m in legal if m["type"] != "bastion"] == \
        [{"type": "reinforce", "card": 30, "space": "L31"}]
    assert {"type": "bastion", "space": "L31"} not in legal
    with pytest.raises(RuleError) as refused:
        GAME.apply(state, 0, {"type": "bastion", "space": "L31"})
    assert refused.value.text.key == "rheinlaender.refuse.bastion_last_knight"
    # a bastion elsewhere keeps the knight action, which stays compulsory: no discard
    GAME.apply(state, 0, GAME.parse(state, 0, "bastion 40 left"))
    assert _kinds(GAME.legal(state, 0)) == {"reinforce"}


def test_after_the_knight_action_the_bastion_may_go_anywhere_free():
    state = _state([30], {"L30": 0, "T30": 1, "R30": 1}, bastions=["L29"])
    GAME.apply(state, 0, {"type": "reinforce", "card": 30, "space": "L31"})
    assert state["step"] == "after"
    assert {"type": "bastion", "space": "L32"} in GAME.legal(state, 0)


def test_a_bastion_that_opens_the_river_space_keeps_the_knight_action():
    # card 20's only land space left is T20; a bastion there makes the river space R20 the
    # card's space (B2), so a knight action remains and the bastion is allowed
    state = _state([20], {"L20": 1})
    assert {"type": "bastion", "space": "T20"} in GAME.legal(state, 0)
    GAME.apply(state, 0, {"type": "bastion", "space": "T20"})
    assert GAME.legal(state, 0)[0] == {"type": "play", "card": 20, "space": "R20"}


def test_a_turn_that_starts_without_a_knight_action_stays_a_discard_turn():
    # card 10's spaces are all taken and there is nothing to reinforce: an L3 turn
    state = _state([10], {"L10": 1, "T10": 2, "I10/11": 1})
    assert _kinds(GAME.legal(state, 0)) == {"discard", "bastion"}
    GAME.apply(state, 0, {"type": "bastion", "space": "L40"})
    assert _kinds(GAME.legal(state, 0)) == {"discard"}
