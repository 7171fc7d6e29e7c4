"""Rheinländer: adjacency, number placement, reinforcement, bastions, islands, stuck turns.

Tests are named after the rulings' scenario ids (S1...) and rule ids (A2, B2...).
"""

import pytest

from engine import RuleError
from engine.rheinlaender import GAME
from engine.rheinlaender.board import get_board
from engine.rheinlaender.duchies import counts, group_of
from engine.rheinlaender.placement import reinforcement_targets
from engine.rheinlaender.scenario import scenario

A, B, C = 0, 1, 2


def turn(state, seat, text):
    """Make ``text`` the move of ``seat`` now, giving it the card if needed."""
    state["current"], state["step"], state["bastion_placed"] = seat, "start", False
    action = GAME.parse(state, seat, text)
    card = action.get("card")
    if card is not None and card not in state["hands"][seat]:
        state["hands"][seat].append(card)
    return GAME.apply(state, seat, action)


def owner(state, space):
    members = set(group_of(state, get_board(state["board"]), space))
    owners = [d["owner"] for d in state["dukes"] if d["anchor"] in members]
    assert len(owners) <= 1
    return owners[0] if owners else None


def offered(state, seat, kind, card=None):
    return sorted(a["space"] for a in GAME.legal(state, seat)
                  if a["type"] == kind and (card is None or a.get("card") == card))


def test_s1_a3_river_knight_joins_both_banks_and_owner_appears_on_other_turn():
    state = scenario("A:L12 A:T12", hands={"B": [12]})
    turn(state, B, "play 12 river")
    board = get_board(state["board"])
    assert set(group_of(state, board, "L12")) == {"L12", "R12", "T12"}
    assert owner(state, "R12") == A
    assert state["coins"] == [0, 0, 0]


def test_s2_b2_river_space_waits_for_both_banks():
    state = scenario("A:L12", hands={"A": [12]})
    assert offered(state, A, "play", 12) == ["T12"]


def test_s3_b2_a2_bastion_counts_as_occupied_and_no_diagonal_adjacency():
    state = scenario("bastion:L13 bastion:T13 A:L12", hands={"A": [13]})
    assert offered(state, A, "play", 13) == ["R13"]
    turn(state, A, "play 13 river")
    assert set(get_board(state["board"]).neighbours["R13"]) == {"L13", "T13", "R12", "R14"}
    assert state["dukes"] == []


def test_s4_a4_consecutive_river_spaces_are_adjacent():
    state = scenario("bastion:L12 bastion:T12 bastion:L13 bastion:T13 A:R12")
    turn(state, A, "play 13 river")
    assert owner(state, "R13") == A
    assert GAME.view(state, None)["duchies"][0]["value"] == 1


def test_s5_b3_full_area_offers_no_number_placement():
    state = scenario("A:L12 B:R12 bastion:T12 C:L30", hands={"C": [12, 40, 41, 42, 43]},
                     current="C")
    assert [a for a in GAME.legal(state, C) if a.get("card") == 12 and a["type"] == "play"] == []
    reinforce = offered(state, C, "reinforce", 12)
    assert reinforce == ["L29", "L31"]


def test_s6_c2_c4_reinforcement_targets():
    state = scenario("A:L12 B:T14")
    board = get_board(state["board"])
    assert reinforcement_targets(state, board, A) == ["L11", "L13"]
    assert reinforcement_targets(state, board, B) == ["T13", "T15"]
    both = scenario("A:L12 A:T12", hands={"A": [12]})
    assert "R12" not in offered(both, A, "reinforce")
    assert offered(both, A, "play", 12) == ["R12"]


def test_c2_reinforcement_rejected_with_the_rule():
    state = scenario("A:L12 B:L14", hands={"A": [5]})
    with pytest.raises(RuleError, match="opponent"):
        turn(state, A, "reinforce 5 onto 13 left")
    with pytest.raises(RuleError, match="own knights"):
        turn(state, A, "reinforce 5 onto 30 left")
    with pytest.raises(RuleError, match="river"):
        turn(state, A, "reinforce 5 onto 12 river")


def test_s7_river_knight_forbids_reinforcement_next_to_island():
    state = scenario("C:L19 C:T19 B:R19 A:T20", island=True)
    board = get_board(state["board"])
    assert "I20/21" not in reinforcement_targets(state, board, A)
    assert "I20/21" not in reinforcement_targets(state, board, B)


def test_s8_c3_opponents_castle_knight_forbids_reinforcement():
    state = scenario("A:L10 A:L11 B:L12 A:C1", realms={"C1": ("castle", 0, ["L12", "L13"])},
                     dukes=[("A", "L10")])
    assert "L13" not in reinforcement_targets(state, get_board(state["board"]), B)
    state["knights"]["L13"] = B
    assert "L14" in reinforcement_targets(state, get_board(state["board"]), B)


def test_s37_d3_bastion_first_opens_a_river_space():
    state = scenario("A:L12", hands={"A": [12, 40, 41, 42, 43]})
    assert offered(state, A, "play", 12) == ["T12"]
    GAME.apply(state, A, GAME.parse(state, A, "bastion 12 right"))
    assert offered(state, A, "play", 12) == ["R12"]
    assert offered(state, A, "bastion") == []
    GAME.apply(state, A, GAME.parse(state, A, "play 12 river"))
    assert owner(state, "R12") == A
    assert state["current"] == B  # no second bastion slot: the turn ended with the draw


def test_s38_d1_d2_d5_bastion_limits():
    state = scenario("A:L10 A:L11 B:L13 B:L14", dukes=[("A", "L10"), ("B", "L13")],
                     hands={"C": [40, 41, 42, 43, 44]}, current="C")
    spaces = offered(state, C, "bastion")
    board = get_board(state["board"])
    assert spaces and all(board.is_land(s) for s in spaces)
    GAME.apply(state, C, GAME.parse(state, C, "bastion 12 left"))
    assert offered(state, C, "bastion") == []
    assert [d["owner"] for d in state["dukes"]] == [A, B]
    assert counts(state, group_of(state, board, "L10")) == {A: 2}
    state["hands"][A] = [12]
    state["current"], state["step"], state["bastion_placed"] = A, "start", False
    assert offered(state, A, "play", 12) == ["T12"]
    state["knights"]["T12"] = B
    assert offered(state, A, "play", 12) == ["R12"]
    with pytest.raises(RuleError, match="bastion"):
        state["bastions_left"][A] = 0
        turn(state, A, "bastion 30 left")


def test_d2_one_bastion_per_turn_and_after_the_knight():
    state = scenario("", hands={"A": [12, 13, 14, 15, 16]})
    turn(state, A, "play 12 left")
    assert state["step"] == "after"
    assert {"type": "done"} in GAME.legal(state, A)
    with pytest.raises(RuleError, match="knight action"):
        GAME.apply(state, A, GAME.parse(state, A, "play 13 left"))
    GAME.apply(state, A, GAME.parse(state, A, "bastion 30 right"))
    assert state["current"] == B and state["bastions_left"][A] == 2


def test_s39_island_basics():
    state = scenario("", island=True, hands={"A": [20, 21]})
    assert "I20/21" in offered(state, A, "play", 20)
    assert "I20/21" in offered(state, A, "play", 21)
    assert "I20/21" in offered(state, A, "bastion")
    state["knights"]["L20"] = A
    assert "I20/21" in reinforcement_targets(state, get_board(state["board"]), A)
    state["knights"]["R22"] = B
    assert "I20/21" not in reinforcement_targets(state, get_board(state["board"]), A)
    del state["knights"]["R22"]
    turn(state, B, "play 21 island")
    assert "I20/21" not in offered(state, A, "play")
    state["knights"]["T21"] = A
    state["current"] = A
    board = get_board(state["board"])
    assert set(group_of(state, board, "L20")) == {"L20", "I20/21", "T21"}
    state["knights"]["T20"] = C
    assert set(board.area_spaces(20)) == {"L20", "T20", "I20/21"}
    state["hands"][A] = [20]
    assert offered(state, A, "play", 20) == []  # area 20 is full


def test_s39_island_duchy_owned_by_a():
    state = scenario("A:L20 A:T21", island=True)
    turn(state, B, "play 20 island")
    assert owner(state, "I20/21") == A


def test_s40_l3_discard_only_when_no_knight_action():
    hand = [12, 13, 14, 15, 16]
    pieces = " ".join(f"B:L{k} C:T{k} B:R{k}" for k in range(12, 17))
    state = scenario(pieces, hands={"A": hand})
    moves = GAME.legal(state, A)
    assert sorted(a["card"] for a in moves if a["type"] == "discard") == hand
    assert all(a["type"] in ("discard", "bastion") for a in moves)
    supply = state["supply"][A]
    GAME.apply(state, A, GAME.parse(state, A, "discard 14"))
    assert state["discard"] == [14] and state["supply"][A] == supply
    GAME.apply(state, A, {"type": "done"})
    assert len(state["hands"][A]) == 5
    counter = scenario(pieces, hands={"A": [12, 13, 14, 15, 30]})
    assert not [a for a in GAME.legal(counter, A) if a["type"] == "discard"]


def test_l2_discard_refused_while_a_knight_can_be_placed():
    state = scenario("", hands={"A": [12, 13, 14, 15, 16]})
    with pytest.raises(RuleError, match="no card allows"):
        turn(state, A, "discard 12")
