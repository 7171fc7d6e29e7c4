"""Rheinländer's refusals of a knight action name the rule broken, never "That placement is
not allowed."

engine/rheinlaender/placement.py ended its explanations with two texts: "That placement is
not allowed." (a play on a free space of the card's area that was not its river space) and
"You have no knight left to place." Both were met only by a seat without a knight in supply,
and ruling M1 ends the game in the turn a supply empties: no seat ever starts a turn without
one (checks.invariants now says so, for the fuzzer). The one other way there, a card played
on a realm space of its area, a move no typed text names, now gets the area's rule. Both
texts are gone; every refusal of a knight action in a played game is one of the specific
ones."""

from __future__ import annotations

import random

from refusal_checks import assert_refused

from engine.core import RuleError
from engine.rheinlaender import GAME
from engine.rheinlaender.board import get_board
from engine.rheinlaender.scenario import scenario
from engine.text import has

A = 0
SPECIFIC = {f"rheinlaender.refuse.{key}" for key in (
    "knight_done", "no_card", "wrong_area", "occupied_one", "river_last", "no_space",
    "reinforce_river", "occupied", "reinforce_own", "reinforce_opponent", "not_archbishop",
    "convert_bastion", "convert_area", "convert_empty", "convert_own", "discard",
    "bastions_used", "one_bastion", "bastion_land", "bastion_last_knight", "done_first")}


def test_a_card_played_on_a_realm_of_its_area_is_told_the_area_rule():
    state = scenario("", realms={"C1": ("castle", 0, ["L12", "L13"])}, hands={"A": [12]})
    assert 12 in get_board(state["board"]).spaces["C1"]["areas"]
    said = assert_refused(GAME, state, A, {"type": "play", "card": 12, "space": "C1"},
                          "rheinlaender.refuse.wrong_area")
    assert said["en"] == "Card 12 places a knight only on a land or river space of area 12.", \
        said
    assert said["de"] == ("Karte 12 setzt einen Ritter nur auf ein Land- oder Flussfeld von "
                          "Abschnitt 12."), said


def test_the_unreachable_texts_are_gone():
    assert not has("rheinlaender.refuse.placement")
    assert not has("rheinlaender.refuse.no_knights")


def knight_moves(state: dict, board, seat: int) -> list[dict]:
    """Every knight action and bastion a hand-made move could name: each card of the hand on
    each space of the board (realms too), as each kind."""
    moves = [{"type": "bastion", "space": space} for space in board.spaces]
    for card in state["hands"][seat]:
        moves += [{"type": kind, "card": card, "space": space}
                  for kind in ("play", "reinforce", "convert") for space in board.spaces]
    return moves


def test_every_refused_knight_action_of_a_game_says_a_specific_rule():
    state = GAME.setup(4, None, 7)
    board = get_board(state["board"])
    rng = random.Random(7)
    seen: set[str] = set()
    turn = 0
    while state["step"] != "over":
        seat = state["current"]
        assert not GAME.check_invariants(state), GAME.check_invariants(state)
        if turn % 10 == 0:
            legal = GAME.legal(state, seat)
            for action in knight_moves(state, board, seat):
                if action in legal:
                    continue
                try:
                    GAME.apply(state, seat, action)
                except RuleError as refused:
                    seen.add(refused.text.key)
                else:
                    raise AssertionError(("played", action))
        GAME.apply(state, seat, rng.choice(GAME.legal(state, seat)))
        turn += 1
    assert seen <= SPECIFIC, seen - SPECIFIC
    assert {"wrong_area", "occupied_one", "river_last", "reinforce_own"} <= \
        {key.rsplit(".", 1)[1] for key in seen}, seen
