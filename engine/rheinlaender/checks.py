"""Self-checks for the fuzzer: what Rheinländer conserves, and what only its owner sees."""

from __future__ import annotations

from engine.core import State
from engine.rheinlaender import cards


def invariants(state: State, knights_each: int, bastions_each: int) -> list[str]:
    """Every card in one place; each player's knights and bastions in supply or on the
    board, never more or fewer than they started with; no negative coins; a knight to place
    for the seat whose turn starts."""
    problems: list[str] = []
    if state["step"] == "start" and state["supply"][state["current"]] <= 0:
        # ruling M1: the game ends in the turn a supply empties, so the refusals need no
        # reason for a seat without a knight to place
        problems.append(f"seat {state['current']} starts a turn without a knight")
    places = [c for hand in state["hands"] for c in hand] + state["deck"] + state["discard"]
    if sorted(places) != sorted(cards.new_deck()):
        problems.append(f"cards not conserved: {len(places)} placed, {len(set(places))} "
                        f"different, {len(cards.new_deck())} expected")
    for seat in range(state["players"]):
        knights = state["supply"][seat] + sum(1 for o in state["knights"].values() if o == seat)
        if knights != knights_each or state["supply"][seat] < 0:
            problems.append(f"seat {seat} has {knights} knights, not {knights_each}")
        bastions = state["bastions_left"][seat] + \
            sum(1 for o in state["bastions"].values() if o == seat)
        if bastions != bastions_each or state["bastions_left"][seat] < 0:
            problems.append(f"seat {seat} has {bastions} bastions, not {bastions_each}")
        paid = sum(p["amount"] for p in state["payments"][seat])
        if state["coins"][seat] != paid:
            problems.append(f"seat {seat} holds {state['coins'][seat]} coins but was paid {paid}")
    return problems


def secret_items(state: State) -> list:
    """The deck is face down for everyone: none of its cards is in a hand or the discard."""
    if state["step"] == "over":
        return []
    return [{key: card} for card in state["deck"] for key in ("hand", "discard")]


def hidden_items(state: State) -> dict[int, list]:
    """Hand, coins and the payments that made them are the owner's secret until the end (M6)."""
    if state["step"] == "over":
        return {}
    return {seat: [{"hand": c} for c in state["hands"][seat]]
            + [{"coins": state["coins"][seat]}]
            + [dict(payment) for payment in state["payments"][seat]]
            for seat in range(state["players"])}
