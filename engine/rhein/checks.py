"""Self-checks for the fuzzer: what Rhein conserves, and what lies face down (R58)."""

from __future__ import annotations

from engine.core import State
from engine.rhein import data


def invariants(state: State) -> list[str]:
    """Each of the 50 orders in at most one place (all 50 until a bankruptcy); 15 containers
    per player still in;
    loads within capacity; a truck carries containers exactly when it is on the board."""
    problems: list[str] = []
    places = list(state["deck"]) + state["box"] + state["list"] + state["discards"]
    for seat in range(state["n"]):
        places += [order["card"] for order in state["orders"][seat]]
        places += state["fulfilled"][seat]
    every = {card.id for card in data.CARDS}
    # A bankrupt player leaves with the orders in front of them (R51); else all 50 stay.
    complete = all(out is None for out in state["out"])
    if len(set(places)) != len(places) or not set(places) <= every or \
            (complete and len(places) != len(every)):
        problems.append(f"orders not conserved: {len(places)} placed, "
                        f"{len(set(places))} different, {len(every)} in the game")
    for seat in range(state["n"]):
        problems += _seat_problems(state, seat)
    for key, transport in state["transports"].items():
        spec = data.TRANSPORT_BY_KEY[key]
        if min(transport["load"]) < 0 or sum(transport["load"]) > spec.capacity:
            problems.append(f"{key} carries {transport['load']} (capacity {spec.capacity})")
        if len(set(transport["markers"])) != len(transport["markers"]) or \
                len(transport["markers"]) > spec.markers:
            problems.append(f"{key} has markers {transport['markers']} ({spec.markers} allowed)")
    return problems


def _seat_problems(state: State, seat: int) -> list[str]:
    problems = []
    lying = state["lying"][seat]
    if state["warehouse"][seat] < 0 or min(lying) < 0:
        problems.append(f"seat {seat} has a negative container count")
    if state["out"][seat] is None:
        shared = sum(t["load"][seat] for t in state["transports"].values())
        trucks = sum(t["load"] for t in state["trucks"][seat].values())
        total = state["warehouse"][seat] + sum(lying) + shared + trucks
        if total != data.CONTAINERS:
            problems.append(f"seat {seat} has {total} containers, not {data.CONTAINERS}")
    if len(state["trucks"][seat]) != 2:
        problems.append(f"seat {seat} has {len(state['trucks'][seat])} trucks, not 2")
    for letter, truck in state["trucks"][seat].items():
        if (truck["where"] == "board") != (truck["load"] > 0) or \
                truck["load"] > data.TRUCK.capacity:
            problems.append(f"seat {seat} truck {letter}: {truck}")
    return problems


def secret_items(state: State) -> list:
    """The order deck and the set-up discards lie face down for everyone (R58)."""
    return [{"card": card_id, "city": data.CARD_BY_ID[card_id].city}
            for card_id in list(state["deck"]) + list(state["box"])]


def hidden_items(state: State) -> dict[int, list]:
    """Fulfilled orders lie face down: only their owner sees which they are (R58)."""
    return {seat: [{"card": card_id, "city": data.CARD_BY_ID[card_id].city}
                   for card_id in state["fulfilled"][seat]]
            for seat in range(state["n"]) if state["fulfilled"][seat]}
