"""Phase 4: shared transports move, stop, unload and transfer; then trucks move."""

import pytest
from rhein_helpers import (
    BLUE,
    GAME,
    GREEN,
    PURPLE,
    YELLOW,
    act,
    at_load,
    at_reserve,
    board,
    current,
    finish_turns,
    fresh,
    give,
    hold_in_trucks,
    lay,
    place_truck,
    set_capital,
    start_phase4,
    start_phase6,
)

from engine import RuleError
from engine.rhein import flow

K, D = 4, 41


def transport(state, key):
    return state["transports"][key]


def test_r27_e16_minimum_load_counts_every_player():
    state = fresh(3)
    set_capital(state, yellow=10, green=20, blue=30)
    board(state, "red-train", None, {YELLOW: 2, GREEN: 2}, [2])
    hold_in_trucks(state, BLUE)
    start_phase4(state)
    assert state["stop"] == {"transport": "red-train", "city": 2}
    assert current(state) == YELLOW
    act(state, YELLOW, "unload red-train 2")
    act(state, GREEN, "unload red-train 2")
    assert transport(state, "red-train")["pos"] == 2
    assert transport(state, "red-train")["markers"] == []


def test_r27_e16_variant_three_aboard_does_not_leave():
    state = fresh(3)
    set_capital(state, yellow=10, green=20, blue=30)
    board(state, "red-train", None, {YELLOW: 2, GREEN: 1}, [2])
    start_phase4(state)
    # Phase 4 to 6 ran by themselves: the train never left, containers are home again.
    assert transport(state, "red-train")["pos"] is None
    assert transport(state, "red-train")["markers"] == [2]
    assert state["warehouse"][YELLOW] == 15 and state["warehouse"][GREEN] == 15
    assert state["round"] == 2


def test_e18_red_train_example_karlsruhe_then_mannheim_then_frankfurt_trucks_to_bonn():
    # Rulebook worked example (E18): Yellow 5 and Green 4 aboard, markers Frankfurt and
    # Karlsruhe; next round Yellow unloads 2 in Frankfurt, 3 go onto his trucks, to Bonn.
    state = fresh(3)
    set_capital(state, yellow=11, green=12, blue=30)
    board(state, "red-train", None, {YELLOW: 5, GREEN: 4}, [5, 2])
    give(state, GREEN, K)
    start_phase4(state)
    assert state["stop"] == {"transport": "red-train", "city": 2}
    act(state, YELLOW, "done")
    act(state, GREEN, "unload red-train 4")  # nothing left aboard: the stop ends by itself
    assert transport(state, "red-train")["pos"] == 3  # Mannheim, no stop
    assert transport(state, "red-train")["markers"] == [5]
    assert state["phase"] == 5 and current(state) == GREEN
    act(state, GREEN, f"fulfil {K} 4")  # Green's last order: the turn ends by itself
    assert state["capital"][GREEN] == 21
    # Phase 6: not empty, so the train stays in Mannheim; Yellow pays no storage.
    assert transport(state, "red-train")["pos"] == 3
    assert state["capital"][YELLOW] == 11
    start_phase4(state)
    assert state["stop"] == {"transport": "red-train", "city": 5}
    act(state, YELLOW, "unload red-train 2")
    act(state, YELLOW, "transfer red-train a 2")
    act(state, YELLOW, "transfer red-train b 1")
    # Nothing left aboard: Yellow's stop turn ends by itself (done was the only move).
    assert transport(state, "red-train")["pos"] == 5 and transport(state, "red-train")["markers"] == []
    assert state["step"] == "trucks" and current(state) == YELLOW
    act(state, YELLOW, "move a bonn")
    act(state, YELLOW, "move b bonn")
    assert state["capital"][YELLOW] == 9
    act(state, YELLOW, "unload a 2")
    act(state, YELLOW, "unload b 1")
    assert state["trucks"][YELLOW]["a"]["where"] == "reserve"
    assert state["trucks"][YELLOW]["b"]["where"] == "reserve"
    assert state["lying"][YELLOW][7] == 3 and state["lying"][YELLOW][5] == 2
    act(state, YELLOW, "done")
    # Phase 6: the empty train without markers goes home; storage 2 + 3.
    assert transport(state, "red-train")["pos"] is None
    assert state["capital"][YELLOW] == 4


def test_e19_white_plane_example_passes_duesseldorf_then_london():
    # Rulebook worked example (E19).
    state = fresh(4)
    set_capital(state, purple=10, green=20, yellow=30, blue=40)
    board(state, "white-plane", None, {PURPLE: 3}, [14])
    lay(state, BLUE, 9, 2)
    start_phase4(state)
    assert transport(state, "white-plane")["pos"] == 9
    assert transport(state, "white-plane")["markers"] == [14]
    # Next round, Phase 2: containers lying in Düsseldorf may be loaded onto it.
    at_load(state)
    for seat in (PURPLE, GREEN, YELLOW):
        act(state, seat, "done")
    act(state, BLUE, "load white-plane 2")
    start_phase4(state)
    assert state["stop"] == {"transport": "white-plane", "city": 14}
    act(state, PURPLE, "unload white-plane 3")
    act(state, BLUE, "done")
    assert transport(state, "white-plane")["pos"] == 14
    assert state["lying"][PURPLE][14] == 3


def test_purple_trucks_example_duesseldorf_to_duisburg_and_fulfilment_example():
    # Rulebook: Purple loads her 4 containers in Düsseldorf onto both trucks (4), moves
    # both to Duisburg (2), unloads, trucks go home; she delivers 4 there for 20 and Green
    # 4 in Karlsruhe for 9.
    state = fresh(4)
    set_capital(state, purple=10, green=20, yellow=30, blue=40)
    lay(state, PURPLE, 9, 4)
    lay(state, GREEN, 2, 4)
    give(state, PURPLE, D)
    give(state, GREEN, K)
    at_load(state)
    act(state, PURPLE, "truck a duesseldorf 2")
    act(state, PURPLE, "truck b duesseldorf 2")
    assert state["capital"][PURPLE] == 6 and state["lying"][PURPLE][9] == 0
    act(state, PURPLE, "done")
    start_phase4(state)
    assert state["step"] == "trucks" and current(state) == PURPLE
    act(state, PURPLE, "move a duisburg")
    act(state, PURPLE, "move b duisburg")
    act(state, PURPLE, "unload a 2")
    act(state, PURPLE, "unload b 2")  # both trucks home: the truck step ends by itself
    assert state["capital"][PURPLE] == 4
    assert all(t["where"] == "reserve" for t in state["trucks"][PURPLE].values())
    assert state["phase"] == 5 and state["city"] == 10 and current(state) == PURPLE
    act(state, PURPLE, f"fulfil {D} 4")  # her only order: the turn ends by itself
    assert state["city"] == 2 and current(state) == GREEN
    act(state, GREEN, f"fulfil {K} 4")
    assert state["capital"][PURPLE] == 24 and state["capital"][GREEN] == 29
    assert state["fulfilled"][PURPLE] == [D] and state["fulfilled"][GREEN] == [K]
    assert state["orders"][PURPLE] == [] and state["warehouse"][PURPLE] == 15


def test_r19_e20_move_ends_in_transit():
    state = fresh(4)
    set_capital(state, blue=10, green=20, yellow=30, purple=40)
    board(state, "red-plane", None, {GREEN: 3}, [14])
    start_phase4(state)
    assert transport(state, "red-plane")["pos"] == 7
    assert flow.city_of(state, "red-plane") is None
    start_phase4(state)
    assert state["stop"] == {"transport": "red-plane", "city": 14}


def test_r25_r29_e21_stops_run_out_and_the_marker_waits():
    state = fresh(3)
    board(state, "white-train", None, {GREEN: 4}, [1, 2, 3])
    start_phase4(state)
    assert state["stop"]["city"] == 1
    finish_turns(state)
    assert state["stop"]["city"] == 2
    finish_turns(state)
    assert transport(state, "white-train")["pos"] == 2
    assert transport(state, "white-train")["markers"] == [3]
    start_phase4(state)
    assert state["stop"]["city"] == 3


def test_r29_e22_higher_first_then_lower_reevaluated():
    state = fresh(3)
    board(state, "white-train", 4, {GREEN: 1}, [3, 6])
    start_phase4(state)
    assert state["stop"]["city"] == 6
    finish_turns(state)
    assert transport(state, "white-train")["pos"] == 4
    start_phase4(state)
    assert state["stop"]["city"] == 3


def test_r29_r30_e23_nearest_first_and_speed_ends_in_a_city():
    state = fresh(3)
    board(state, "red-train", None, {GREEN: 4}, [1, 3])
    start_phase4(state)
    finish_turns(state)
    assert state["stop"]["city"] == 3
    state = fresh(3)
    board(state, "red-train", None, {GREEN: 4}, [1, 4])
    start_phase4(state)
    finish_turns(state)
    assert transport(state, "red-train")["pos"] == 3 and flow.city_of(state, "red-train") == 3


def test_r30_e24_newer_nearer_marker_is_served_first():
    state = fresh(4)
    board(state, "red-plane", 7, {BLUE: 2}, [14, 9])
    start_phase4(state)
    assert state["stop"]["city"] == 9
    finish_turns(state)
    assert transport(state, "red-plane")["markers"] == [14]
    assert transport(state, "red-plane")["pos"] == 9


def test_r23_r29_e25_reserving_below_the_transport():
    state = fresh(3)
    board(state, "red-train", 5, {BLUE: 2}, [2])
    start_phase4(state)
    assert state["stop"] == {"transport": "red-train", "city": 2}


def test_r26_e26_no_markers_returns_first_and_cannot_receive():
    state = fresh(3)
    board(state, "white-train", 6, {BLUE: 2})
    board(state, "red-train", 5, {GREEN: 2}, [6])
    log = start_phase4(state)
    assert log[0].key == "rhein.log.phase"  # Phase 4 begins, then its events
    assert log[1].startswith("The white Train has no reservation")
    assert transport(state, "white-train")["pos"] is None
    assert state["stop"]["city"] == 6
    with pytest.raises(RuleError, match="not in Koblenz"):
        act(state, GREEN, "transfer red-train white-train 1")
    act(state, GREEN, "done")
    # Phase 6 sends Blue's 2 home without storage.
    assert state["warehouse"][BLUE] == 15 and state["capital"][BLUE] == 20


def test_r45_e27_loaded_transport_without_markers_stays():
    state = fresh(3)
    board(state, "red-train", 5, {GREEN: 2})
    state["phase"] = 6
    start_phase6(state)
    assert transport(state, "red-train")["pos"] == 5


def test_r30_r45_e28_empty_transport_with_marker_keeps_going():
    state = fresh(3)
    board(state, "red-train", None, {GREEN: 4}, [2, 5])
    start_phase4(state)
    act(state, GREEN, "unload red-train 4")
    act(state, GREEN, "done")
    assert state["round"] == 2
    assert transport(state, "red-train")["pos"] == 3  # empty but a marker left
    hold_in_trucks(state, BLUE)
    start_phase4(state)
    assert transport(state, "red-train")["pos"] == 5
    assert transport(state, "red-train")["markers"] == []


def test_r33_e29_transfer_onto_a_transport_that_moves_later():
    state = fresh(3)
    set_capital(state, green=10, yellow=20, blue=30)
    board(state, "white-plane", None, {GREEN: 3}, [5])
    board(state, "white-train", 5, {YELLOW: 2}, [8])
    give(state, GREEN, 30)  # Köln: 3 -> 11
    start_phase4(state)
    assert state["stop"] == {"transport": "white-plane", "city": 5}
    # Nothing is left aboard the white Plane, so the transfer ends Green's stop by itself.
    act(state, GREEN, "transfer white-plane white-train 3")
    assert state["stop"] == {"transport": "white-train", "city": 8}
    act(state, GREEN, "unload white-train 3")
    finish_turns(state)
    assert state["phase"] == 5 and current(state) == GREEN
    act(state, GREEN, "fulfil 30 3")
    assert state["capital"][GREEN] == 21


def test_r33_e30_e31_transfer_onto_a_moved_transport_and_priority():
    state = fresh(3)
    set_capital(state, green=12, yellow=30, blue=40)
    board(state, "white-train", 4, {BLUE: 9}, [5])
    board(state, "red-train", 3, {GREEN: 1, YELLOW: 3}, [5])
    start_phase4(state)
    assert state["stop"] == {"transport": "white-train", "city": 5}
    act(state, BLUE, "done")
    assert state["stop"] == {"transport": "red-train", "city": 5}
    assert transport(state, "white-train")["markers"] == []  # it has moved and stays
    assert current(state) == GREEN
    act(state, GREEN, "transfer red-train white-train 1")
    with pytest.raises(RuleError, match="The white Train is full"):
        act(state, YELLOW, "transfer red-train white-train 1")
    act(state, YELLOW, "transfer red-train a 2")
    act(state, YELLOW, "done")
    assert transport(state, "white-train")["load"][GREEN] == 1
    act(state, YELLOW, "done")  # truck step: Yellow keeps the truck in Frankfurt
    # Phase 6: the white Train is not empty and stays; Green pays no storage for it.
    assert transport(state, "white-train")["pos"] == 5
    assert state["capital"][GREEN] == 12


def test_r34_e32_transfers_onto_trucks():
    state = fresh(3)
    set_capital(state, yellow=10, green=20, blue=30)
    board(state, "red-train", 2, {YELLOW: 5}, [5])
    state["trucks"][YELLOW]["b"]["where"] = "mortgaged"
    start_phase4(state)
    with pytest.raises(RuleError, match="room for 2"):
        act(state, YELLOW, "transfer red-train a 3")
    with pytest.raises(RuleError, match="mortgaged"):
        act(state, YELLOW, "transfer red-train b 1")
    act(state, YELLOW, "transfer red-train a 1")
    with pytest.raises(RuleError, match="room for 1"):
        act(state, YELLOW, "transfer red-train a 2")
    act(state, YELLOW, "transfer red-train a 1")
    assert state["trucks"][YELLOW]["a"] == {"where": "board", "pos": 5, "load": 2,
                                            "moved": False}


def test_r34_r36_e33_no_trucks_in_london():
    state = fresh(3)
    board(state, "white-plane", 9, {PURPLE % 3: 3}, [14])
    start_phase4(state)
    seat = current(state)
    with pytest.raises(RuleError, match="London"):
        act(state, seat, "transfer white-plane a 1")
    from rhein_helpers import GAME
    kinds = {a["type"] for a in GAME.legal(state, seat)}
    assert "transfer" not in kinds


def test_r33_e34_no_transfer_without_service():
    state = fresh(3)
    board(state, "red-train", None, {GREEN: 4}, [1])
    board(state, "white-ship", 1, {BLUE: 1}, [4])  # impossible in play; the check still holds
    start_phase4(state)
    assert state["stop"] == {"transport": "red-train", "city": 1}
    with pytest.raises(RuleError, match="not in Strasbourg"):
        act(state, GREEN, "transfer red-train white-ship 1")


def test_r22_r35_r37_e35_truck_from_basel_full_cycle():
    state = fresh(3)
    set_capital(state, blue=10, green=20, yellow=30)
    give(state, BLUE, K)
    at_load(state)
    act(state, BLUE, "truck a basel 2")
    act(state, BLUE, "done")
    start_phase4(state)
    act(state, BLUE, "move a karlsruhe")
    act(state, BLUE, "unload a 2")  # nothing more to move or unload: the step ends by itself
    act(state, BLUE, f"fulfil {K} 2")  # and so does Phase 5's Karlsruhe after this
    assert state["capital"][BLUE] == 12
    assert state["trucks"][BLUE]["a"]["where"] == "reserve"


def test_r36_r37_e36_truck_destinations_and_no_unload_without_moving():
    from rhein_helpers import GAME
    state = fresh(4)
    set_capital(state, purple=10)
    place_truck(state, PURPLE, "a", 9, 2)
    start_phase4(state)
    moves = [a for a in GAME.legal(state, PURPLE) if a["type"] == "move"]
    assert sorted(a["city"] for a in moves) == [7, 8, 10]
    assert not [a for a in GAME.legal(state, PURPLE) if a["type"] == "unload"]
    with pytest.raises(RuleError, match="ends a move"):
        act(state, PURPLE, "unload a 1")
    with pytest.raises(RuleError, match="London"):
        act(state, PURPLE, "move a london")
    act(state, PURPLE, "done")
    assert state["trucks"][PURPLE]["a"]["load"] == 2


def test_r36_truck_moves_at_most_once_and_rotterdam_reachable():
    state = fresh(3)
    place_truck(state, GREEN, "a", 10, 2)
    start_phase4(state)
    act(state, GREEN, "move a rotterdam")
    with pytest.raises(RuleError, match="already moved"):
        act(state, GREEN, "move a duisburg")


def test_r37_r38_e37_unloading_part_of_a_truck():
    state = fresh(3)
    set_capital(state, green=10, yellow=20, blue=30)
    place_truck(state, GREEN, "a", 6, 2)
    start_phase4(state)
    act(state, GREEN, "move a koeln")
    act(state, GREEN, "unload a 1")
    act(state, GREEN, "done")
    assert state["trucks"][GREEN]["a"]["pos"] == 8 and state["trucks"][GREEN]["a"]["load"] == 1
    assert state["capital"][GREEN] == 8  # 1 move + 1 storage


def test_r37_e38_truck_back_to_basel():
    state = fresh(3)
    set_capital(state, green=10, yellow=20, blue=30)
    place_truck(state, GREEN, "a", 2, 2)
    state["warehouse"][GREEN] = 13
    start_phase4(state)
    act(state, GREEN, "move a basel")
    act(state, GREEN, "unload a 2")
    assert state["warehouse"][GREEN] == 15
    assert state["trucks"][GREEN]["a"]["where"] == "reserve"


def test_r31_no_transport_starts_phase4_on_its_own_marker():
    state = fresh(3)
    board(state, "red-train", None, {GREEN: 4}, [2, 5])
    start_phase4(state)
    finish_turns(state)
    for item in state["transports"].values():
        assert item["pos"] is None or item["pos"] not in item["markers"]


def test_r28_transports_move_in_initiative_order():
    state = fresh(3)
    board(state, "red-train", None, {GREEN: 4}, [2])
    board(state, "white-train", None, {YELLOW: 4}, [3])
    board(state, "white-ship", None, {BLUE: 5}, [2])
    start_phase4(state)
    seen = []
    while state["phase"] == 4 and state["stop"]:
        seen.append(state["stop"]["transport"])
        finish_turns(state)
    assert seen == ["white-train", "red-train", "white-ship"]


def test_r32_stop_players_in_turn_order_and_marker_removed():
    state = fresh(3)
    set_capital(state, green=30, yellow=5, blue=10)
    board(state, "red-train", None, {GREEN: 2, YELLOW: 1, BLUE: 1}, [2])
    start_phase4(state)
    order = []
    while state["stop"]:
        order.append(current(state))
        assert state["transports"]["red-train"]["markers"] == [2]
        act(state, current(state), "done")
    assert order == [YELLOW, BLUE, GREEN]
    assert state["transports"]["red-train"]["markers"] == []



# Issue 18: games played through the service (which stores the state as a JSON snapshot with
# sorted keys and loads it for the next move) diverged from the same moves replayed in memory:
# the transports moved in the dict's key order instead of their initiative (R28).
def _as_stored(state):
    """The state as a stored snapshot brings it back, every dict's keys reversed."""
    from engine.fuzz_paths import snapshot_trip

    return snapshot_trip(GAME, state)


def _three_transports_waiting():
    state = fresh(3)
    board(state, "red-train", None, {GREEN: 4}, [2])
    board(state, "white-train", None, {YELLOW: 4}, [3])
    board(state, "white-ship", None, {BLUE: 5}, [2])
    return state


def test_r28_initiative_order_survives_a_snapshot_with_its_keys_reordered():
    memory = _three_transports_waiting()
    stored = _as_stored(memory)
    assert list(stored["transports"]) != list(memory["transports"])  # the trip re-orders
    runs = []
    for state in (memory, stored):
        log, seen = start_phase4(state), []
        while state["phase"] == 4 and state["stop"]:
            stop = state["stop"]
            seen.append(stop["transport"])
            while state["stop"] == stop and current(state) is not None:
                log += act(state, current(state), "done")
        runs.append((seen, [str(line) for line in log], GAME.dump(state)))
    assert runs[0][0] == ["white-train", "red-train", "white-ship"]
    assert runs[1] == runs[0]


def test_reserve_moves_and_views_list_transports_in_initiative_order_after_a_snapshot():
    memory = _three_transports_waiting()
    at_reserve(memory)
    stored = _as_stored(memory)
    seat = current(memory)
    assert GAME.legal(stored, seat) == GAME.legal(memory, seat)
    keys = [t["key"] for t in GAME.view(stored, None)["transports"]]
    assert keys == [t["key"] for t in GAME.view(memory, None)["transports"]]
    assert keys == sorted(keys, key=lambda key: flow.spec(key).initiative)
