"""A Rhein reviewer read "Blue keeps the rest aboard." after a stop where Blue unloaded
nothing ("the rest" of what? on which transport, where?), and "Bert cannot pay, goes bankrupt
and is out of the game." with no payment line before it, so nobody learnt what went unpaid.
The stop's done now says how many stay aboard which transport in which city, and the
bankruptcy what could not be paid and what the player had."""

from __future__ import annotations

from rhein_helpers import (
    BLUE,
    GAME,
    GREEN,
    act,
    board,
    current,
    fresh,
    give,
    set_capital,
    start_phase4,
    start_phase6,
)

from engine.rhein import data
from engine.text import say


def _stop_with(load: int) -> dict:
    state = fresh(3)
    set_capital(state, green=10, yellow=15, blue=16)
    board(state, "red-train", None, {GREEN: load}, markers=[3])
    start_phase4(state)
    assert state["stop"] == {"transport": "red-train", "city": 3} and current(state) == GREEN
    return state


def test_done_at_a_stop_without_unloading_says_what_stays_aboard_where():
    state = _stop_with(5)
    [line] = [line for line in act(state, GREEN, "done") if line.key == "rhein.log.done.stop"]
    assert say(line, "en") == "Green keeps 5 aboard the red Train in Mannheim."
    assert say(line, "de") == "Grün lässt in Mannheim 5 Container auf dem roten Zug."


def test_done_after_unloading_part_counts_what_is_left():
    state = _stop_with(5)
    act(state, GREEN, "unload red-train 1")
    [line] = [line for line in act(state, GREEN, "done") if line.key == "rhein.log.done.stop"]
    assert say(line, "en") == "Green keeps 4 aboard the red Train in Mannheim."


def test_a_bankruptcy_for_expired_orders_says_what_went_unpaid():
    state = fresh(3)
    set_capital(state, blue=2)
    give(state, BLUE, 15, tokens=1)  # due this round: its penalty is owed in Phase 6
    for item in state["trucks"][BLUE].values():
        item["where"] = "mortgaged"
    penalty = data.CARD_BY_ID[15].penalty
    assert penalty > 2
    log = start_phase6(state)
    [line] = [line for line in log if line.key in GAME.alert_keys]
    assert say(line, "en") == f"Blue cannot pay {penalty} for expired orders (has 2), goes " \
        "bankrupt and is out of the game."
    assert say(line, "de") == f"Blau kann {penalty} für abgelaufene Aufträge nicht zahlen " \
        "(hat 2), geht bankrott und scheidet aus dem Spiel aus."
    assert state["out"][BLUE] is not None
