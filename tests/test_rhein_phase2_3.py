"""Phase 2 (loading, trucks) and Phase 3 (reservations)."""

import json

import pytest
from rhein_helpers import (
    BLUE,
    GREEN,
    PURPLE,
    YELLOW,
    act,
    at_load,
    at_reserve,
    board,
    current,
    fresh,
    lay,
    place_truck,
    set_capital,
    start_phase4,
    start_phase6,
)

from engine import RuleError
from engine.rhein import flow


def test_r6_r21_e11_one_loading_turn_capacity_counts_everyone():
    state = fresh(3)
    set_capital(state, yellow=10, green=12, blue=14)
    at_load(state)
    act(state, YELLOW, "load red-train 5")
    act(state, YELLOW, "done")
    act(state, GREEN, "load red-train 4")
    act(state, GREEN, "done")
    with pytest.raises(RuleError, match="turn"):
        act(state, YELLOW, "load red-train 1")
    with pytest.raises(RuleError, match="only 1 free"):
        act(state, BLUE, "load red-train 2")
    act(state, BLUE, "load red-train 1")
    assert state["transports"]["red-train"]["load"] == [4, 5, 1]
    assert state["capital"] == [8, 5, 13]
    assert state["warehouse"] == [11, 10, 14]


def test_r20_e12_loading_onto_a_transport_in_another_city():
    state = fresh(3)
    set_capital(state, green=9, blue=10, yellow=20)
    board(state, "red-train", 3, {YELLOW: 2})
    lay(state, BLUE, 3, 3)
    at_load(state)
    with pytest.raises(RuleError, match="unloaded in Mannheim"):
        act(state, GREEN, "load red-train 1")
    act(state, GREEN, "done")
    act(state, BLUE, "load red-train 3")
    assert state["lying"][BLUE][3] == 0 and state["capital"][BLUE] == 7
    act(state, BLUE, "done")
    act(state, YELLOW, "done")
    act(state, BLUE, "reserve red-train koeln")
    assert state["capital"][BLUE] == 3
    while state["phase"] == 3:
        act(state, current(state), "done")
    assert state["transports"]["red-train"]["pos"] == 6
    assert state["transports"]["red-train"]["markers"] == [8]


def test_r20_e13_left_basel_no_loading_from_the_warehouse():
    state = fresh(4)
    set_capital(state, green=9, purple=10, yellow=20, blue=21)
    board(state, "white-plane", 9, {BLUE: 1}, [14])
    lay(state, PURPLE, 9, 3)
    at_load(state)
    with pytest.raises(RuleError, match="unloaded in Düsseldorf"):
        act(state, GREEN, "load white-plane 1")
    act(state, GREEN, "done")
    act(state, PURPLE, "load white-plane 3")
    assert state["capital"][PURPLE] == 7


def test_r19_e20_in_transit_cannot_be_loaded_or_reserved_there():
    state = fresh(4)
    set_capital(state, blue=10, green=20, yellow=30, purple=40)
    board(state, "red-plane", 7, {GREEN: 3}, [14])
    lay(state, BLUE, 7, 2)
    at_load(state)
    with pytest.raises(RuleError, match="between cities"):
        act(state, BLUE, "load red-plane 1")
    state["transports"]["red-plane"]["markers"] = []
    at_reserve(state)
    with pytest.raises(RuleError, match="no plane service"):
        act(state, GREEN, "reserve red-plane bonn")


def test_r47_e51_unaffordable_load_then_mortgage():
    state = fresh(3)
    set_capital(state, green=3, yellow=10, blue=20)
    at_load(state)
    with pytest.raises(RuleError, match="mortgage"):
        act(state, GREEN, "load red-train 4")
    act(state, GREEN, "mortgage a")
    act(state, GREEN, "load red-train 4")
    assert state["capital"][GREEN] == 5
    act(state, GREEN, "done")
    act(state, YELLOW, "done")
    act(state, BLUE, "done")
    assert state["phase"] == 3 and current(state) == GREEN
    with pytest.raises(RuleError, match="Repaying"):
        act(state, GREEN, "repay a")


def test_r22_truck_placed_with_containers_from_the_warehouse_or_a_city():
    state = fresh(3)
    set_capital(state, blue=10, green=20, yellow=30)
    lay(state, BLUE, 6, 3)
    at_load(state)
    act(state, BLUE, "truck a basel 2")
    act(state, BLUE, "truck b koblenz 1")
    act(state, BLUE, "load b 1")
    assert state["trucks"][BLUE]["a"] == {"where": "board", "pos": 0, "load": 2, "moved": False}
    assert state["trucks"][BLUE]["b"]["load"] == 2 and state["lying"][BLUE][6] == 1
    assert state["capital"][BLUE] == 6 and state["warehouse"][BLUE] == 10


def test_r22_e39_illegal_truck_actions():
    state = fresh(3)
    set_capital(state, blue=10, green=20, yellow=30)
    at_load(state)
    with pytest.raises(RuleError, match="1 or 2"):
        act(state, BLUE, "truck b mainz 0")
    with pytest.raises(RuleError, match="no containers in Mainz"):
        act(state, BLUE, "truck b mainz 1")
    with pytest.raises(RuleError, match="London"):
        act(state, BLUE, "truck b london 1")
    act(state, BLUE, "truck a basel 1")
    with pytest.raises(RuleError, match="reserve"):
        act(state, BLUE, "mortgage a")
    act(state, BLUE, "mortgage b")
    with pytest.raises(RuleError, match="mortgaged"):
        act(state, BLUE, "truck b basel 1")


def test_r23_e14_which_reservations_are_legal():
    state = fresh(3)
    set_capital(state, green=10, blue=11, yellow=30)
    board(state, "red-train", 3, {GREEN: 2}, [5])
    board(state, "white-plane", None, {YELLOW: 1}, [14, 9])
    at_reserve(state)
    assert current(state) == GREEN
    with pytest.raises(RuleError, match="Basel"):
        act(state, GREEN, "reserve red-train basel")
    with pytest.raises(RuleError, match="already in Mannheim"):
        act(state, GREEN, "reserve red-train mannheim")
    with pytest.raises(RuleError, match="already has a marker"):
        act(state, GREEN, "reserve red-train frankfurt")
    act(state, GREEN, "reserve red-train karlsruhe")
    act(state, GREEN, "reserve red-train strasbourg")
    assert state["capital"][GREEN] == 2
    with pytest.raises(RuleError, match="mortgage"):
        act(state, GREEN, "reserve red-train koeln")
    # Blue has nothing aboard and Yellow's plane no marker left, so Phase 3 does not ask
    # them (issue 15: no turn without a choice). Their refusals, on turns made for them:
    probe = json.loads(json.dumps(state))
    flow.begin_sequence(probe, "reserve", [BLUE])
    with pytest.raises(RuleError, match="container aboard"):
        act(probe, BLUE, "reserve red-train koeln")
    flow.begin_sequence(probe, "reserve", [YELLOW])
    with pytest.raises(RuleError, match="no plane service"):
        act(probe, YELLOW, "reserve white-plane bonn")
    with pytest.raises(RuleError, match="no reservation markers left"):
        act(probe, YELLOW, "reserve white-plane frankfurt")
    # a truck is read, and refused for the rule: trucks reserve nothing
    with pytest.raises(RuleError, match="Truck A needs no reservation"):
        act(probe, YELLOW, "reserve a bonn")
    lines = act(state, GREEN, "done")
    # one line for both: the channel posts a move's lines as one text
    assert "Blue and Yellow have nothing to do in Phase 3 (Reserve Stops)." in lines, lines
    assert state["stop"] == {"transport": "red-train", "city": 5}
    act(state, GREEN, "done")  # keeps both aboard
    # Phase 4: Mannheim -> Frankfurt (stop), then 1 point toward Karlsruhe: Mainz.
    assert state["transports"]["red-train"]["pos"] == 4
    assert sorted(state["transports"]["red-train"]["markers"]) == [1, 2]


def test_r24_e15_reservation_is_shared_and_markers_stay_until_stop():
    state = fresh(3)
    set_capital(state, green=10, yellow=20, blue=30)
    board(state, "red-train", None, {YELLOW: 2, GREEN: 3})
    at_reserve(state)
    act(state, GREEN, "done")
    act(state, YELLOW, "reserve red-train karlsruhe")
    act(state, YELLOW, "done")
    assert state["capital"][YELLOW] == 16
    assert state["stop"]["city"] == 2 and current(state) == GREEN
    act(state, GREEN, "unload red-train 3")
    assert state["capital"][GREEN] == 10 and state["lying"][GREEN][2] == 3


def test_r25_e17_below_minimum_markers_stay_containers_go_home():
    state = fresh(3)
    set_capital(state, yellow=10, green=20, blue=30)
    at_load(state)
    act(state, YELLOW, "load red-train 3")
    act(state, YELLOW, "done")
    act(state, GREEN, "done")
    act(state, BLUE, "done")
    act(state, YELLOW, "reserve red-train mannheim")
    for _ in range(3):
        if state["phase"] == 3:
            act(state, current(state), "done")
    assert state["transports"]["red-train"]["pos"] is None
    # the game now runs on through Phase 5 and Phase 6 (nobody else acts)
    assert (state["round"], state["phase"]) == (2, 1)
    assert state["transports"]["red-train"]["load"] == [0, 0, 0]
    assert state["warehouse"][YELLOW] == 15
    assert state["transports"]["red-train"]["markers"] == [3]
    board(state, "red-train", None, {GREEN: 4}, [3])
    start_phase4(state)
    assert state["transports"]["red-train"]["pos"] == 3
    assert state["stop"] == {"transport": "red-train", "city": 3}


def test_r38_truck_on_board_keeps_containers_pays_no_storage():
    state = fresh(3)
    place_truck(state, GREEN, "a", 6, 2)
    lay(state, GREEN, 6, 1)
    set_capital(state, green=10, yellow=20, blue=30)
    state["phase"] = 6
    start_phase6(state)
    assert state["capital"][GREEN] == 9
    assert state["trucks"][GREEN]["a"]["load"] == 2
