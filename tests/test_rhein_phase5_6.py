"""Phase 5 (fulfilling), Phase 6 (end of round), money, bankruptcy and final scoring."""

import pytest
from rhein_helpers import (
    BLUE,
    GAME,
    GREEN,
    PURPLE,
    YELLOW,
    act,
    board,
    current,
    fresh,
    give,
    lay,
    place_truck,
    set_capital,
    stack,
    start_phase4,
    start_phase5,
    start_phase6,
)

from engine import RuleError
from engine.rhein.state import turn_order

K, D = 4, 41
P, Q = 22, 20  # Koblenz cards: 22 takes 3/4/5, 20 takes 2/3


def test_r40_e40_two_orders_for_the_same_city():
    state = fresh(3)
    set_capital(state, blue=10, green=20, yellow=30)
    lay(state, BLUE, 6, 6)
    give(state, BLUE, P)
    give(state, BLUE, Q)
    start_phase5(state)
    assert state["city"] == 6 and current(state) == BLUE
    act(state, BLUE, f"fulfil {P} 4")
    act(state, BLUE, f"fulfil {Q} 2")
    assert state["capital"][BLUE] == 10 + 12 + 7
    assert state["lying"][BLUE][6] == 0
    assert sorted(state["fulfilled"][BLUE]) == [Q, P]


def test_r40_e41_exact_quantities_only():
    state = fresh(3)
    set_capital(state, green=10, yellow=20, blue=30)
    lay(state, GREEN, 2, 5)
    give(state, GREEN, K)
    start_phase5(state)
    legal = {a["n"] for a in GAME.legal(state, GREEN) if a["type"] == "fulfil"}
    assert legal == {2, 3, 4}
    with pytest.raises(RuleError, match="exactly one of these quantities: 2, 3, 4"):
        act(state, GREEN, f"fulfil {K} 5")
    # 10 + 9 for the order; with no order left the turn ends by itself, and the 1 left
    # lying pays storage at the round's end.
    act(state, GREEN, f"fulfil {K} 4")
    assert state["capital"][GREEN] == 18


def test_r39_e42_containers_aboard_do_not_count():
    state = fresh(3)
    board(state, "red-train", 2, {GREEN: 4}, [])
    give(state, GREEN, K)
    start_phase5(state)
    assert state["step"] != "fulfil" or current(state) != GREEN
    assert state["orders"][GREEN][0]["card"] == K


def test_r41_e43_order_of_fulfilment_sets_the_stack():
    state = fresh(3)
    set_capital(state, green=14, yellow=25, blue=40)
    lay(state, GREEN, 10, 4)
    lay(state, YELLOW, 2, 4)
    give(state, GREEN, D)
    give(state, YELLOW, K)
    start_phase5(state)
    assert state["city"] == 10 and current(state) == GREEN
    act(state, GREEN, f"fulfil {D} 4")
    assert state["city"] == 2
    act(state, YELLOW, f"fulfil {K} 4")
    assert state["capital"][GREEN] == state["capital"][YELLOW] == 34
    assert turn_order(state)[:2] == [YELLOW, GREEN]


def test_r41_phase5_players_in_turn_order_within_a_city():
    state = fresh(3)
    set_capital(state, green=30, yellow=10, blue=20)
    for seat, card_id in ((GREEN, 17), (YELLOW, 16), (BLUE, 18)):
        lay(state, seat, 5, 4)
        give(state, seat, card_id)
    start_phase5(state)
    seen = []
    while state["step"] == "fulfil":
        seen.append(current(state))
        act(state, current(state), "done")
    assert seen == [YELLOW, BLUE, GREEN]


def test_r4_e4_tied_players_paying_the_same_keep_their_order():
    state = fresh(3)
    set_capital(state, yellow=10, green=10, blue=8)
    stack(state, YELLOW, GREEN)
    lay(state, YELLOW, 6, 2)
    lay(state, GREEN, 7, 2)
    state["phase"] = 6
    start_phase6(state)
    assert state["capital"] == [8, 8, 8]
    assert turn_order(state) == [YELLOW, GREEN, BLUE]


def test_r42_r44_r46_e50_discards_unload_in_basel_storage():
    state = fresh(4)
    set_capital(state, green=30, yellow=10, blue=11, purple=12)
    state["list"] = [1, 2, 3]
    lay(state, GREEN, 8, 3)
    lay(state, GREEN, 14, 2)
    board(state, "red-train", 5, {GREEN: 2}, [8])
    place_truck(state, GREEN, "a", 7, 1)
    board(state, "white-train", None, {GREEN: 3}, [])
    assert state["warehouse"][GREEN] == 4
    state["phase"] = 6
    start_phase6(state)
    assert {1, 2, 3} <= set(state["discards"])
    assert state["warehouse"][GREEN] == 7
    assert state["capital"][GREEN] == 25
    assert state["transports"]["red-train"]["pos"] == 5


def test_r43_e49_no_double_penalty_in_the_last_round():
    state = fresh(3)
    set_capital(state, green=30, yellow=10, blue=11)
    state["round"] = state["rounds"]
    give(state, GREEN, K, tokens=1)
    state["phase"] = 6
    start_phase6(state)
    assert state["capital"][GREEN] == 28
    assert state["final"][str(GREEN)]["penalties"] == 0
    assert state["final"][str(GREEN)]["score"] == 28


def test_r49_forced_mortgage_only_as_far_as_needed():
    state = fresh(3)
    set_capital(state, blue=2, green=20, yellow=30)
    give(state, BLUE, 19, tokens=1)  # penalty 4
    state["orders"][BLUE][0]["card"] = 13  # Mainz, penalty 4
    lay(state, BLUE, 6, 4)
    state["phase"] = 6
    log = start_phase6(state)
    # penalty 4: truck A mortgaged (8), pays 4 (4); storage 4: pays 4 (0) without B
    assert state["trucks"][BLUE]["a"]["where"] == "mortgaged"
    assert state["trucks"][BLUE]["b"]["where"] == "reserve"
    assert state["capital"][BLUE] == 0
    assert any("must mortgage truck A" in line for line in log)


def test_r49_e52_forced_mortgages_in_phase6():
    state = fresh(3)
    set_capital(state, blue=2, green=20, yellow=30)
    give(state, BLUE, 21, tokens=1)  # Koblenz, penalty 4
    state["orders"][BLUE][0]["card"] = 31  # Köln, penalty 5
    lay(state, BLUE, 6, 4)
    state["phase"] = 6
    start_phase6(state)
    assert state["capital"][BLUE] == 5  # 2+6-5 = 3; 3+6-4 = 5
    assert [t["where"] for t in state["trucks"][BLUE].values()] == ["mortgaged", "mortgaged"]


def test_r50_r51_e53_bankruptcy_with_a_truck_on_the_board():
    state = fresh(3)
    set_capital(state, blue=1, green=20, yellow=30)
    state["trucks"][BLUE]["a"]["where"] = "mortgaged"
    place_truck(state, BLUE, "b", 7, 1)
    lay(state, BLUE, 8, 3)
    board(state, "red-train", 5, {BLUE: 2, GREEN: 1}, [8])
    give(state, BLUE, 30, tokens=3)
    state["phase"] = 6
    start_phase6(state)
    assert state["out"][BLUE] == 1
    assert state["lying"][BLUE] == [0] * 15
    assert state["transports"]["red-train"]["load"][BLUE] == 0
    assert state["transports"]["red-train"]["markers"] == [8]
    assert state["orders"][BLUE] == []
    assert BLUE not in turn_order(state)
    assert state["round"] == 2 and len(state["list"]) == 5  # R7: still 5 cards


def test_r47_r50_voluntary_payments_never_bankrupt():
    state = fresh(3)
    set_capital(state, green=0, yellow=10, blue=20)
    state["trucks"][GREEN]["a"]["where"] = "mortgaged"
    state["trucks"][GREEN]["b"]["where"] = "mortgaged"
    from rhein_helpers import at_load
    at_load(state)
    # Green can do nothing but done: the turn ends by itself and nobody is bankrupt.
    assert current(state) == YELLOW
    assert state["out"] == [None, None, None]


def test_r52_r53_e55_two_player_bankruptcy_ends_the_game():
    state = fresh(2)
    set_capital(state, green=20, yellow=0)
    for truck in state["trucks"][YELLOW].values():
        truck["where"] = "mortgaged"
    lay(state, YELLOW, 6, 2)
    state["round"] = 6
    state["phase"] = 6
    start_phase6(state)
    result = GAME.result(state)
    assert [(s.seat, s.rank) for s in result] == [(GREEN, 1), (YELLOW, 2)]
    assert GAME.active(state) == []
    assert result[0].detail["score"] == 20


def test_r53_later_bankrupt_ranks_higher():
    state = fresh(4)
    state["out"] = [None, 2, 3, 3]
    state["final"] = {"0": {"score": 5, "fulfilled": 0}}
    state["step"] = "over"
    ranks = {s.seat: s.rank for s in GAME.result(state)}
    assert ranks == {GREEN: 1, BLUE: 2, PURPLE: 2, YELLOW: 4}


def test_r55_e56_final_scoring():
    state = fresh(3)
    set_capital(state, green=50, yellow=10, blue=11)
    give(state, GREEN, K, tokens=3)  # penalty 2
    give(state, GREEN, 10, tokens=3)  # Mannheim, penalty 2
    state["orders"][GREEN][1]["card"] = 14  # Mainz, penalty 3
    board(state, "white-train", 6, {GREEN: 2}, [8])
    place_truck(state, GREEN, "a", 7, 1)
    lay(state, GREEN, 8, 3)
    state["trucks"][GREEN]["b"]["where"] = "mortgaged"
    state["round"] = state["rounds"]
    state["phase"] = 6
    start_phase6(state)
    final = state["final"][str(GREEN)]
    assert final["capital"] == 47  # storage 3 paid in the last Phase 6
    assert (final["penalties"], final["aboard"], final["mortgages"]) == (5, 3, 9)
    assert final["score"] == 47 - 5 - 3 - 9


def test_r55_final_total_may_be_negative():
    state = fresh(3)
    set_capital(state, green=1)
    state["trucks"][GREEN]["a"]["where"] = "mortgaged"
    state["round"] = state["rounds"]
    state["phase"] = 6
    start_phase6(state)
    assert state["final"][str(GREEN)]["score"] == -8


def test_r56_e57_ties_by_fulfilled_orders_then_shared():
    state = fresh(3)
    state["step"] = "over"
    state["final"] = {"0": {"score": 40, "fulfilled": 6}, "1": {"score": 40, "fulfilled": 5},
                      "2": {"score": 10, "fulfilled": 9}}
    assert [(s.seat, s.rank) for s in GAME.result(state)] == [(0, 1), (1, 2), (2, 3)]
    state["final"]["1"]["fulfilled"] = 6
    assert [(s.seat, s.rank) for s in GAME.result(state)] == [(0, 1), (1, 1), (2, 3)]


def test_r48_mortgage_only_on_own_turn_and_repay():
    state = fresh(3)
    set_capital(state, green=5, yellow=10, blue=20)
    from rhein_helpers import at_reserve
    at_reserve(state)
    with pytest.raises(RuleError, match="Green's turn"):
        act(state, BLUE, "mortgage a")
    act(state, GREEN, "mortgage a")
    act(state, GREEN, "mortgage b")
    assert state["capital"][GREEN] == 17
    act(state, GREEN, "repay a")
    assert state["capital"][GREEN] == 8
    with pytest.raises(RuleError, match="not mortgaged"):
        act(state, GREEN, "repay a")
    assert current(state) == GREEN  # mortgaging never ends the turn


def test_r48_mortgage_and_repay_at_a_stop_in_the_truck_step_and_in_phase5():
    state = fresh(3)
    set_capital(state, green=10, yellow=20, blue=30)
    board(state, "red-train", None, {GREEN: 4}, [2])
    give(state, GREEN, K)
    start_phase4(state)
    act(state, GREEN, "mortgage b")  # at the stop
    act(state, GREEN, "transfer red-train a 2")
    act(state, GREEN, "unload red-train 2")  # nothing left aboard: the stop ends by itself
    assert state["step"] == "trucks"
    act(state, GREEN, "repay b")  # in the truck step
    assert state["capital"][GREEN] == 7
    act(state, GREEN, "move a mannheim")
    act(state, GREEN, "unload a 2")  # the truck's move is spent: the step ends by itself
    assert state["phase"] == 5 and state["city"] == 2
    act(state, GREEN, "mortgage a")  # in Phase 5, on Green's own turn
    assert state["capital"][GREEN] == 12


def test_r7_r51_e54_bankruptcy_in_a_five_player_game():
    state = fresh(5)
    set_capital(state, brown=0, green=20, yellow=21, blue=22, purple=23)
    for truck in state["trucks"][4].values():
        truck["where"] = "mortgaged"
    board(state, "red-train", 5, {4: 3, GREEN: 2}, [8])
    lay(state, 4, 6, 1)
    state["round"] = 3
    state["phase"] = 6
    start_phase6(state)
    assert state["out"][4] == 3
    assert state["transports"]["red-train"]["load"] == [2, 0, 0, 0, 0]
    assert state["transports"]["red-train"]["markers"] == [8]
    assert state["round"] == 4 and len(state["list"]) == 7
    assert 4 not in GAME.view(state, None)["turn_order"]


def test_reveals_grow_with_each_new_orders_list_and_retake():
    state = fresh(3)
    before = GAME.reveals(state)
    state["phase"] = 6
    start_phase6(state)
    assert GAME.reveals(state) == before + 5


def test_r5_order_fixed_when_the_sequence_starts():
    state = fresh(3)
    set_capital(state, green=10, blue=12, yellow=20)
    from rhein_helpers import at_load
    at_load(state)
    assert state["seq"]["order"] == [GREEN, BLUE, YELLOW]
    act(state, GREEN, "mortgage a")
    act(state, GREEN, "mortgage b")  # Green now has 22, more than everyone
    # Loads, so that Green and Blue have stops to reserve in Phase 3 (a turn without any
    # choice is skipped).
    act(state, GREEN, "load red-train 1")
    act(state, GREEN, "done")
    assert current(state) == BLUE
    act(state, BLUE, "load red-train 1")
    act(state, BLUE, "done")
    assert current(state) == YELLOW
    act(state, YELLOW, "done")
    assert state["phase"] == 3 and current(state) == BLUE  # recomputed for Phase 3
    assert state["seq"]["order"][-1] == GREEN


def test_r54_last_round_phase6_in_full_then_the_end():
    state = fresh(3)
    set_capital(state, green=10, yellow=20, blue=30)
    state["round"] = state["rounds"]
    state["list"] = [1, 2]
    lay(state, GREEN, 6, 2)
    board(state, "red-train", None, {YELLOW: 3}, [4])
    board(state, "white-train", 5, {}, [])
    state["phase"] = 6
    start_phase6(state)
    assert state["step"] == "over" and GAME.active(state) == []
    assert {1, 2} <= set(state["discards"])
    assert state["warehouse"][YELLOW] == 15  # unloaded in Basel before scoring
    assert state["transports"]["white-train"]["pos"] is None
    assert state["final"][str(GREEN)]["capital"] == 8  # storage charged
    assert state["final"][str(YELLOW)]["aboard"] == 0
    assert GAME.phase(state).startswith("Game over")


def test_r59_component_limits():
    state = fresh(3)
    set_capital(state, green=28, yellow=30, blue=40)
    state["warehouse"][GREEN] = 3
    state["lying"][GREEN][6] = 12
    from rhein_helpers import at_load, at_reserve
    at_load(state)
    with pytest.raises(RuleError, match="only 3 containers in your warehouse"):
        act(state, GREEN, "load white-ship 4")
    act(state, GREEN, "load white-plane 2")
    act(state, GREEN, "load red-train 1")  # so that Phase 3 stays open after the plane's
    with pytest.raises(RuleError, match="1 or 2"):
        act(state, GREEN, "truck a koblenz 3")
    act(state, GREEN, "done")
    at_reserve(state)
    act(state, GREEN, "reserve white-plane london")
    act(state, GREEN, "reserve white-plane frankfurt")
    with pytest.raises(RuleError, match="no reservation markers left"):
        act(state, GREEN, "reserve white-plane duesseldorf")
