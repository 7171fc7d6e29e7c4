"""Every refusal of Rhein's rules (engine/rhein/rules.py) in a position where it is the
reason: apply() raises that rule's own text, a whole sentence in English and German, and
changes nothing. Positions come from the game's own set-up and the scenario helpers."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from refusal_checks import assert_refused
from rhein_helpers import (
    GAME,
    GREEN,
    act,
    at_load,
    at_reserve,
    board,
    current,
    fresh,
    give,
    lay,
    place_truck,
    start_phase4,
    start_phase5,
    start_take,
)

from engine import ai

K, D = 4, 41  # Karlsruhe's order (2 -> 5, 3 -> 7, 4 -> 9) and one for Duisburg


def auction() -> tuple[dict, int]:
    """Round 1's auction, the opener to choose an order."""
    state = fresh(3)
    return state, current(state)


def take_pass(last: bool = False) -> tuple[dict, int]:
    """An ordinary Phase 1: each takes an order from the list in turn (round 10 is the last)."""
    state = fresh(3)
    start_take(state, 10 if last else 2, [1, 2, 3, 5, 6])
    return state, current(state)


def load_step() -> tuple[dict, int]:
    """Phase 2 with the red Train in Basel, where every warehouse is."""
    state = fresh(3)
    board(state, "red-train", 0)
    at_load(state)
    return state, current(state)


def at_stop() -> tuple[dict, int]:
    """Phase 4: the red Train stops in Strasbourg with Green's 4 aboard; Green's truck A
    stands in Mannheim with 1."""
    state = fresh(3)
    board(state, "red-train", None, {GREEN: 4}, [1])
    place_truck(state, GREEN, "a", 3, 1)
    start_phase4(state)
    assert state["stop"] == {"transport": "red-train", "city": 1} and current(state) == GREEN
    return state, GREEN


def trucks_step() -> tuple[dict, int]:
    """Phase 4's trucks: Green's truck A in Frankfurt with 1."""
    state = fresh(3)
    place_truck(state, GREEN, "a", 5, 1)
    start_phase4(state)
    assert state["step"] == "trucks" and current(state) == GREEN
    return state, GREEN


def fulfil_step() -> tuple[dict, int]:
    """Phase 5 in Karlsruhe: Green has 2 lying there and orders for Karlsruhe and Duisburg."""
    state = fresh(3)
    lay(state, GREEN, 2, 2)
    give(state, GREEN, K)
    give(state, GREEN, D)
    start_phase5(state)
    assert state["step"] == "fulfil" and state["city"] == 2 and current(state) == GREEN
    return state, GREEN


def retaken() -> tuple[dict, int]:
    state, seat = take_pass(last=True)
    state["fulfilled"][seat] = [K, D]
    state["retook"][seat] = True
    return state, seat


def no_source() -> tuple[dict, int]:
    """Phase 2: truck A stands in Mainz with 1, and nothing of its owner lies there."""
    state = fresh(3)
    board(state, "red-train", 0)
    place_truck(state, GREEN, "a", 4, 1)
    at_load(state)
    while current(state) != GREEN:
        act(state, current(state), "done")
    return state, GREEN


def placed_truck() -> tuple[dict, int]:
    state, seat = load_step()
    place_truck(state, seat, "a", 0, 1)
    return state, seat


def reserve_step() -> tuple[dict, int]:
    state = fresh(3)
    board(state, "red-train", 0, {GREEN: 2})
    at_reserve(state)
    assert current(state) == GREEN
    return state, GREEN


def moved_truck() -> tuple[dict, int]:
    """Truck A has moved on to Koblenz with its 1."""
    state, seat = trucks_step()
    act(state, seat, "move a koblenz")
    return state, seat


def finished() -> tuple[dict, int]:
    """A 2-player game played to its end by the AI."""
    state = fresh(2, seed=3)
    while GAME.result(state) is None:
        seat = current(state)
        GAME.apply(state, seat, ai.choose(GAME, state, seat, "normal", 3))
    return state, 0


Position = Callable[[], tuple[dict, int]]

CASES: list[tuple[str, Position, dict]] = [
    # Phase 1
    ("take_in_auction", auction, {"type": "take", "card": 20}),
    ("not_listed", auction, {"type": "bid", "card": 999, "amount": 0}),
    ("bid_negative", auction, {"type": "bid", "card": 20, "amount": -1}),
    ("not_listed", take_pass, {"type": "take", "card": 999}),
    ("retake_once", retaken, {"type": "retake", "card": K}),
    ("not_fulfilled", lambda: take_pass(last=True), {"type": "retake", "card": K}),
    # Phase 2
    ("load_min", load_step, {"type": "load", "transport": "red-train", "n": 0}),
    ("no_such_transport", load_step, {"type": "load", "transport": "black-plane",
                                       "n": 1}),
    ("truck_not_placed", load_step, {"type": "load", "transport": "a", "n": 1}),
    ("truck_no_source", no_source, {"type": "load", "transport": "a", "n": 1}),
    ("truck_on_board", placed_truck, {"type": "truck", "truck": "a", "city": 0, "n": 1}),
    # a count no one can type, and a word the move does not have
    ("impossible", load_step, {"type": "load", "transport": "red-train", "n": 1.5}),
    ("impossible", load_step, {"type": "done", "now": True}),
    # Phase 3
    ("no_such_transport", reserve_step, {"type": "reserve", "transport": "black-plane",
                                         "city": 5}),
    # Phase 4: a stop
    ("unload_min", at_stop, {"type": "unload", "transport": "red-train", "n": 0}),
    ("only_stop", at_stop, {"type": "unload", "transport": "white-train", "n": 1}),
    ("only_aboard", at_stop, {"type": "unload", "transport": "red-train", "n": 5}),
    ("only_stop", at_stop, {"type": "transfer", "from": "white-train", "to": "b", "n": 1}),
    ("transfer_min", at_stop, {"type": "transfer", "from": "red-train", "to": "b", "n": 0}),
    ("only_aboard", at_stop, {"type": "transfer", "from": "red-train", "to": "b", "n": 5}),
    ("other_transport", at_stop, {"type": "transfer", "from": "red-train", "to": "red-train",
                                  "n": 1}),
    ("truck_not_in", at_stop, {"type": "transfer", "from": "red-train", "to": "a", "n": 1}),
    # Phase 4: the trucks
    ("only_trucks", trucks_step, {"type": "unload", "transport": "red-train", "n": 1}),
    ("truck_carries", moved_truck, {"type": "unload", "transport": "a", "n": 2}),
    ("truck_not_board", trucks_step, {"type": "move", "truck": "b", "city": 6}),
    # Phase 5
    ("not_open", fulfil_step, {"type": "fulfil", "card": 1, "n": 2}),
    ("wrong_city", fulfil_step, {"type": "fulfil", "card": D, "n": 2}),
    ("only_lying", fulfil_step, {"type": "fulfil", "card": K, "n": 3}),
    ("over", finished, {"type": "done"}),
]


@pytest.mark.parametrize(("key", "position", "action"), CASES,
                         ids=[f"{key}-{action['type']}" for key, _, action in CASES])
def test_each_rule_refuses_with_its_reason_and_changes_nothing(key, position, action):
    state, seat = position()
    assert_refused(GAME, state, seat, action, f"rhein.refuse.{key}")


def test_a_refusal_names_the_order_truck_and_city_it_is_about():
    state, seat = fulfil_step()
    said = assert_refused(GAME, state, seat, {"type": "fulfil", "card": D, "n": 2},
                          "rhein.refuse.wrong_city")
    assert said["en"] == f"Order {D} goes to Duisburg; now Karlsruhe is being served.", said
    state, seat = at_stop()
    said = assert_refused(GAME, state, seat, {"type": "transfer", "from": "red-train",
                                              "to": "a", "n": 1}, "rhein.refuse.truck_not_in")
    assert said["en"] == "Truck A is not in Strasbourg.", said
    assert "Straßburg" in said["de"], said


@pytest.mark.parametrize("action", [
    {"type": "load", "transport": "nope", "n": 1},
    {"type": "load", "transport": 7, "n": 1},
    {"type": "transfer", "from": "red-train", "to": "nope", "n": 1},
])
def test_an_unknown_transport_is_named_plainly_not_as_a_text_key(action):
    """A stale or hand-made move naming a transport the game does not have answered
    "rhein.transport.subject.nope is not used in this game.": the catalogue has no name
    for it. It is refused as a typed unknown name is, with the transports there are."""
    state, seat = at_stop() if action["type"] == "transfer" else load_step()
    said = assert_refused(GAME, state, seat, action, "rhein.parse.no_transport")
    word = str(action.get("transport", action.get("to")))
    assert f"There is no transport called '{word}'. Transports in this game: " in said["en"], \
        said
    assert f"Es gibt kein Transportmittel namens „{word}“." in said["de"], said
