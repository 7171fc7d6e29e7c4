"""Rheinländer: set-up, cards, turn order, hidden information, the end, final scoring,
notation and seeded full games."""

import json
import os

import pytest

from engine import RuleError, get_game
from engine.playthrough import random_playthrough, replay
from engine.rheinlaender import GAME
from engine.rheinlaender.board import get_board
from engine.rheinlaender.duchies import group_of, groups
from engine.rheinlaender.scenario import scenario

A, B, C, D, E = range(5)


def turn(state, seat, text):
    state["current"], state["step"], state["bastion_placed"] = seat, "start", False
    action = GAME.parse(state, seat, text)
    if "card" in action and action["card"] not in state["hands"][seat]:
        state["hands"][seat].append(action["card"])
    return GAME.apply(state, seat, action)


# --- set-up and cards ------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "knights"), [(3, 25), (4, 20), (5, 17)])
def test_o1_setup_components(players, knights):
    state = GAME.setup(players, {}, seed=11)
    assert state["supply"] == [knights] * players
    assert state["bastions_left"] == [3] * players
    assert all(len(h) == 5 and 0 not in h for h in state["hands"]) and state["discard"] == []
    assert state["archbishop"] is None and state["dukes"] == []
    cards = sorted(state["deck"] + [c for h in state["hands"] for c in h])
    assert cards == list(range(55))  # 54 numbers and the shuffle card; no archbishop card
    assert get_game("rheinlaender") is GAME


def test_o2_realm_markers_dealt_at_random():
    first, second = GAME.setup(3, {}, seed=1), GAME.setup(3, {}, seed=2)
    kinds = [m["kind"] for m in first["realms"].values()]
    assert len(first["realms"]) == 26
    assert kinds.count("castle") == 7 and kinds.count("church") == 7 and kinds.count("city") == 12
    values = sorted(m["value"] for m in first["realms"].values() if m["kind"] == "city")
    assert values == [2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4]
    assert first["realms"] != second["realms"]
    assert GAME.setup(3, {}, seed=1) == first


def test_s41_k2_shuffle_card_in_the_initial_deal_is_replaced():
    seed = next(s for s in range(200) if GAME.setup(3, {}, seed=s)["reshuffles"] > 0)
    state = GAME.setup(3, {}, seed=seed)
    assert all(len(h) == 5 and 0 not in h for h in state["hands"])
    assert 0 in state["deck"] and state["discard"] == []


def _shuffle_turn(seed):
    state = scenario("", hands={"A": [12, 20, 21, 22, 23]}, seed=seed)
    state["deck"], state["discard"] = [0], [7, 40]
    turn(state, A, "play 12 left")
    GAME.apply(state, A, {"type": "done"})
    return state


def test_s42_k3_shuffle_card_drawn_in_play_reshuffles_everything():
    state = _shuffle_turn(seed=3)
    assert state["discard"] == []
    hand = state["hands"][A]
    assert len(hand) == 5 and 0 not in hand
    assert sorted(state["deck"] + hand) == sorted([0, 7, 40, 12, 20, 21, 22, 23])
    repeated = next(s for s in range(100) if _shuffle_turn(s)["reshuffles"] >= 2)
    again = _shuffle_turn(repeated)
    assert again["reshuffles"] >= 2 and again["discard"] == [] and 0 in again["deck"]
    assert len(again["hands"][A]) == 5


def test_l1_turns_follow_seat_order_and_each_draws_one_card():
    state = GAME.setup(4, {}, seed=5)
    first = state["current"]
    for step in range(4):
        seat = state["current"]
        assert seat == (first + step) % 4
        move = next(a for a in GAME.legal(state, seat) if a["type"] in ("play", "reinforce"))
        GAME.apply(state, seat, move)
        if state["current"] == seat:
            GAME.apply(state, seat, {"type": "done"})
        assert len(state["hands"][seat]) == 5


def test_apply_is_atomic_and_explains_turn_order():
    state = GAME.setup(3, {}, seed=2)
    other = (state["current"] + 1) % 3
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(RuleError, match="turn"):
        GAME.apply(state, other, GAME.legal(state, state["current"])[0])
    with pytest.raises(RuleError, match="do not hold"):
        missing = next(c for c in range(1, 55) if c not in state["hands"][state["current"]])
        GAME.apply(state, state["current"], {"type": "play", "card": missing,
                                             "space": f"L{missing}"})
    assert json.dumps(state, sort_keys=True) == before


# --- dukes and hidden information ------------------------------------------------------------

def test_s43_e11_dukes_beyond_six_borrow_or_are_extra():
    pieces = " ".join(f"E:L{k} E:L{k + 1}" for k in range(2, 32, 5))
    dukes = [("E", f"L{k}") for k in range(2, 32, 5)]
    state = scenario(pieces + " E:L40", players=5, dukes=dukes)
    turn(state, E, "play 41 left")
    assert sum(d["owner"] == E for d in state["dukes"]) == 7
    assert state["dukes"][-1]["figure"] is None  # 5 players: an extra duke, no unused colour
    three = scenario(pieces.replace("E:", "C:") + " C:L40", players=3,
                     dukes=[("C", a) for _, a in dukes])
    turn(three, C, "play 41 left")
    assert three["dukes"][-1]["figure"] == 3  # borrowed from the first unused colour


def test_s44_n2_payments_are_hidden():
    realms = {"K1": ("church", 0, ["L10", "L11"]), "S1": ("city", 4, ["L14", "L15"])}
    state = scenario("A:L10 A:L11 B:L12 B:L13", realms=realms, dukes=[("A", "L10")])
    log = turn(state, B, "play 14 left")
    assert "Orange's duke leaves the duchy at 10 left; Orange is paid face down." in log
    mine = GAME.view(state, A)
    assert mine["coins"] == 2 and mine["payments"][0]["amount"] == 2
    for seat in (None, B, C):
        view = GAME.view(state, seat)
        assert "coins" not in view.get("players")[A]
        assert view.get("coins") in (None, 0) and not view.get("payments")


def _hidden_keys_absent(view, state, seat):
    for player in view["players"]:
        assert not {"hand", "coins", "payments"} & set(player)
    if seat is None:
        assert not {"hand", "coins", "payments"} & set(view)
    else:
        assert view["hand"] == sorted(state["hands"][seat])


def test_n1_public_view_never_shows_hands_or_coins():
    run = random_playthrough(GAME, 4, seed=21)
    state = GAME.setup(4, {}, seed=21)
    for index, (seat, text) in enumerate(run.moves):
        if index % 5 == 0:
            _hidden_keys_absent(GAME.view(state, None), state, None)
            _hidden_keys_absent(GAME.view(state, (seat + 1) % 4), state, (seat + 1) % 4)
            public = json.dumps(GAME.view(state, None))
            assert '"deck": [' not in public
        GAME.apply(state, seat, GAME.parse(state, seat, text))
    final = GAME.view(state, None)
    assert all("coins" in p and "hand" in p for p in final["players"])
    assert state["reveals"] == 1


# --- the end and final scoring ------------------------------------------------------------

def test_s45_m1_m2_only_the_current_turn_is_completed():
    state = scenario("", supply={"A": 1}, hands={"A": [12, 20, 21, 22, 23]})
    turn(state, A, "play 12 left")
    assert state["end_triggered"] and state["step"] == "after"
    assert any(a["type"] == "bastion" for a in GAME.legal(state, A))
    GAME.apply(state, A, GAME.parse(state, A, "bastion 30 left"))
    assert state["step"] == "over" and GAME.active(state) == []
    assert len(state["hands"][A]) == 4  # no draw
    assert GAME.result(state) is not None and GAME.phase(state) == "Game over"


def test_s46_m1_end_triggered_on_another_players_turn():
    state = scenario("A:L11 A:L12", realms={"C1": ("castle", 0, ["L13", "L14"])},
                     dukes=[("A", "L11")], supply={"A": 1})
    turn(state, B, "play 13 left")
    assert state["knights"]["C1"] == A and state["supply"][A] == 0
    assert state["end_triggered"] and state["ended_by"] == A
    assert state["step"] == "after" and state["current"] == B
    GAME.apply(state, B, {"type": "done"})
    assert state["step"] == "over"


def test_s47_m3_triggered_end_stands_when_a_knight_comes_back():
    state = scenario("A:L10 A:L11 A:C1 C:L13 C:L14 C:L15 C:L16 C:L17",
                     realms={"C1": ("castle", 0, ["L9", "L10"])},
                     dukes=[("A", "L10"), ("C", "L13")], supply={"A": 1})
    turn(state, A, "play 12 left")
    assert state["dukes"] == [{"owner": C, "anchor": "L13", "figure": C}]
    assert state["coins"][A] == 2 and state["knights"]["C1"] == C
    assert state["supply"][A] == 1 and state["end_triggered"]
    GAME.apply(state, A, {"type": "done"})
    assert state["step"] == "over"


def test_s48_h6_castle_receiver_without_knights_leaves_it_undecided():
    state = scenario("", realms={"C1": ("castle", 0, ["L12", "L13"])}, supply={"A": 1})
    turn(state, A, "play 12 left")
    assert "C1" not in state["knights"] and state["end_triggered"]
    assert state["dukes"] == []


def test_s49_j5_last_knight_placed_by_a_conversion():
    state = scenario("B:L12", archbishop="A", supply={"A": 1})
    supply_b = state["supply"][B]
    turn(state, A, "convert 12 left")
    assert state["end_triggered"] and state["supply"][B] == supply_b + 1


def _final_state(coins_b):
    realms = {"S1": ("city", 3, ["L10", "L11"]), "C1": ("castle", 0, ["L11", "L12"]),
              "S2": ("city", 4, ["L30", "L31"])}
    state = scenario("A:L10 A:L11 A:C1 A:L20 A:L21 B:L30 C:L31", realms=realms,
                     dukes=[("A", "L10"), ("A", "L20")], archbishop="A")
    state["coins"] = [6, coins_b, 0]
    state["end_triggered"], state["step"] = True, "after"
    GAME.apply(state, A, {"type": "done"})
    return state


def test_s50_m4_m5_final_scoring_and_shared_win():
    result = GAME.result(_final_state(14))
    totals = {s.seat: s.score for s in result}
    assert totals == {A: 25, B: 14, C: 0}
    first = result[0]
    assert first.seat == A and first.detail["archbishop"] == 5 and first.detail["coins"] == 6
    assert sorted(d["points"] for d in first.detail["duchies"]) == [5, 9]
    tied = GAME.result(_final_state(25))
    assert [(s.seat, s.rank) for s in tied][:2] == [(A, 1), (B, 1)]


# --- notation ----------------------------------------------------------------------------

def test_notation_round_trip_and_junk():
    state = scenario("A:L12", island=True, archbishop="A", hands={"A": [12, 20, 21, 33]})
    state["knights"]["T33"] = B
    for action in GAME.legal(state, A):
        text = GAME.format(state, action)
        assert GAME.parse(state, A, text) == action
        assert GAME.parse(state, A, text.upper()) == action
        assert 0 < len(GAME.label(state, action)) <= 100
    board = get_board(state["board"])
    assert GAME.parse(state, A, "play 17 river") == {"type": "play", "card": 17, "space": "R17"}
    assert GAME.parse(state, A, "reinforce 5 22 right")["space"] == "T22"
    assert GAME.parse(state, A, "play 21 island")["space"] == "I20/21"
    assert board.name("I20/21") == "island 20/21"
    with pytest.raises(RuleError, match="onto"):
        GAME.parse(state, A, "reinforce 17 left")
    for junk in ("", "play", "play 99 left", "play 12 up", "bastion 20 river", "fly 3", "done 3"):
        with pytest.raises(RuleError):
            GAME.parse(state, A, junk)


def test_house_board_notation_examples():
    state = GAME.setup(3, {}, seed=4)
    assert GAME.parse(state, 0, "play 17 left") == {"type": "play", "card": 17, "space": "L17"}
    assert GAME.parse(state, 0, "convert 17 right")["space"] == "T17"
    assert GAME.parse(state, 0, "bastion 22 right") == {"type": "bastion", "space": "T22"}
    assert GAME.parse(state, 0, "play 11 island")["space"] == "I10/11"
    assert GAME.format(state, {"type": "reinforce", "card": 17,
                               "space": "L22"}) == "reinforce 17 onto 22 left"


# --- full games ------------------------------------------------------------------------------

def _check_invariants(state):
    board = get_board(state["board"])
    players = state["players"]
    start = {3: 25, 4: 20, 5: 17}[players]
    for seat in range(players):
        on_board = sum(1 for s in state["knights"].values() if s == seat)
        assert on_board + state["supply"][seat] == start
        assert state["supply"][seat] >= 0
    for group in groups(state, board):
        anchors = [d for d in state["dukes"] if d["anchor"] in group]
        assert len(anchors) <= 1 and (not anchors or len(group) >= 2)
    for duke in state["dukes"]:
        assert duke["anchor"] in state["knights"]
        members = group_of(state, board, duke["anchor"])
        for castle in members:
            if board.kind(castle) == "realm" and state["supply"][duke["owner"]] > 0:
                assert state["knights"][castle] == duke["owner"]


@pytest.mark.parametrize(("players", "seed"), [(3, 101), (4, 202), (5, 303)])
def test_seeded_full_game(players, seed):
    run = random_playthrough(GAME, players, seed=seed)
    assert run.finished
    state = run.state
    assert state["end_triggered"] and state["ended_by"] is not None
    result = GAME.result(state)
    assert sorted(s.seat for s in result) == list(range(players)) and result[0].rank == 1
    assert result[0].score == max(row["total"] for row in state["final"])
    replayed = GAME.setup(players, {}, seed)
    for seat, text in run.moves:
        GAME.apply(replayed, seat, GAME.parse(replayed, seat, text))
        _check_invariants(replayed)
    assert replayed == replay(GAME, players, {}, seed, run.moves) == state


def test_rule_errors_name_the_rule():
    state = scenario("B:L12 A:L20", hands={"A": [12, 13, 14, 15, 16]})
    cases = {
        "convert 12 left": "archbishop",
        "play 13 river": "every land space",
        "done": "First play a card",
        "bastion 12 left": "already occupied",
        "bastion 12 river": "never on the river",
        "reinforce 13 onto 12 left": "already occupied",
        "play 17 left": "do not hold",
    }
    for text, reason in cases.items():
        with pytest.raises(RuleError, match=reason):
            GAME.apply(state, A, GAME.parse(state, A, text))
    GAME.apply(state, A, GAME.parse(state, A, "bastion 30 left"))
    with pytest.raises(RuleError, match="one bastion"):
        GAME.apply(state, A, GAME.parse(state, A, "bastion 31 left"))
    state["archbishop"] = A
    with pytest.raises(RuleError, match="Castle knights|area 13"):
        GAME.apply(state, A, {"type": "convert", "card": 13, "space": "L12"})


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("RHEINBOT_SLOW") != "1", reason="set RHEINBOT_SLOW=1")
def test_fuzz_many_seeded_games():
    for seed in range(300):
        run = random_playthrough(GAME, 3 + seed % 3, seed=seed, check_every=5)
        assert run.finished
        _check_invariants(run.state)
