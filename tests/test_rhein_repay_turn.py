"""Rhein: a Phase 2 turn whose only way to act is "repay a truck, then place it" is given,
not skipped. The rulebook lets a player repay "during his own turn, in any phase"; a turn
where repaying (or mortgaging, or doing nothing) leads to nothing is still ended by itself."""

from __future__ import annotations

import pytest
from rhein_helpers import GAME, GREEN, YELLOW, act, at_load, fresh

from engine.rhein import flow, rules

MAINZ, KOELN = 4, 8


def mortgaged_position(one_on_board: bool, capital: int = 30, lying: int = 13) -> dict:
    """Green has no containers in Basel and ``lying`` in Mainz, where no transport stands;
    her trucks are both mortgaged, or A is on the board in Köln and B mortgaged."""
    state = fresh(2, seed=3)
    state["warehouse"][GREEN] = 0
    trucks = state["trucks"][GREEN]
    if one_on_board:
        trucks["a"].update(where="board", pos=KOELN, load=2)
        trucks["b"]["where"] = "mortgaged"
        state["lying"][GREEN][MAINZ] = lying
    else:
        for item in trucks.values():
            item["where"] = "mortgaged"
        state["lying"][GREEN][MAINZ] = lying + 2
    state["capital"][GREEN], state["capital"][YELLOW] = capital, 40  # Green acts first
    at_load(state)
    return state


@pytest.mark.parametrize(("one_on_board", "letter"), [(False, "a"), (True, "b")])
def test_repay_then_place_keeps_the_phase2_turn(one_on_board: bool, letter: str) -> None:
    state = mortgaged_position(one_on_board)
    assert (state["phase"], state["step"]) == (2, "load")
    assert flow.current_seat(state) == GREEN
    assert {m["type"] for m in GAME.legal(state, GREEN)} == {"done", "repay"}
    lying = state["lying"][GREEN][MAINZ]
    act(state, GREEN, f"repay {letter}")
    assert flow.current_seat(state) == GREEN  # the repaid truck may still be placed
    act(state, GREEN, f"truck {letter} mainz 2")
    placed = state["trucks"][GREEN][letter]
    assert (placed["where"], placed["pos"], placed["load"]) == ("board", MAINZ, 2)
    assert state["capital"][GREEN] == 30 - 9 - 2
    assert state["lying"][GREEN][MAINZ] == lying - 2


def test_repay_that_leaves_nothing_to_do_still_skips_the_turn() -> None:
    # 9 Capital repays a truck but leaves none to pay for loading it
    assert flow.current_seat(mortgaged_position(False, capital=9)) == YELLOW
    # Capital to repay, but no containers anywhere to place a truck with
    state = mortgaged_position(True, lying=0)
    assert flow.current_seat(state) == YELLOW
    probe = GAME.load(GAME.dump(state))
    probe["seq"] = {"order": [GREEN, YELLOW], "i": 0}
    assert not rules.has_choice(probe, GREEN)
