"""State helpers of Rhein: capital and the stack, turn order, containers, trucks, transports.

The state is plain JSON data. Per-seat values are lists indexed by seat; cities are integer
positions 0-14 kept in lists of length 15 (``lying[seat][city]``).
"""

from __future__ import annotations

import functools

from engine.core import State
from engine.rhein import data


def colour(seat: int) -> str:
    return data.COLOURS[seat]


def alive(state: State) -> list[int]:
    return [seat for seat in range(state["n"]) if state["out"][seat] is None]


# --- Capital and the stack (R1, R2) -----------------------------------------------------


def change_capital(state: State, seat: int, delta: int) -> None:
    """Move a marker; a marker that moves lands on top of the stack (R2)."""
    if delta == 0:
        return
    state["capital"][seat] += delta
    state["clock"] += 1
    state["stamp"][seat] = state["clock"]


def turn_order(state: State) -> list[int]:
    """Ascending Capital; on a tie the marker on top (latest arrival) first."""
    return sorted(alive(state), key=lambda s: (state["capital"][s], -state["stamp"][s]))


def auction_order(state: State, seats: list[int] | None = None) -> list[int]:
    """Descending Capital; on a tie the marker on top first (R10)."""
    pool = alive(state) if seats is None else seats
    return sorted(pool, key=lambda s: (-state["capital"][s], -state["stamp"][s]))


# --- transports ------------------------------------------------------------------------


def spec(key: str) -> data.Transport:
    return data.TRANSPORT_BY_KEY[key]


def in_game(state: State) -> list[str]:
    """Keys of the shared transports in this game, in initiative order (R28).

    The order comes from the transports' printed initiative, never from the state dict's key
    order: a JSON dump with sorted keys and a load (the service's snapshot) changes that."""
    return list(_initiative_order(tuple(state["transports"])))


@functools.cache
def _initiative_order(keys: tuple[str, ...]) -> tuple[str, ...]:
    # legal() and the AI ask for this order hundreds of thousands of times per hard move,
    # and a game has only a few transport sets (per player count, and its key order)
    return tuple(sorted(keys, key=lambda key: spec(key).initiative))


def load_total(state: State, key: str) -> int:
    return sum(state["transports"][key]["load"])


def free_space(state: State, key: str) -> int:
    return spec(key).capacity - load_total(state, key)


def serves(city: int, kind: str) -> bool:
    found = data.CITY_BY_NUMBER.get(city)
    return found is not None and kind in found.services


def city_of(state: State, key: str) -> int | None:
    """The city a shared transport is in: 0 on its mat, None when in transit (R19)."""
    position = state["transports"][key]["pos"]
    if position is None:
        return data.BASEL
    return position if serves(position, spec(key).kind) else None


def on_mat(state: State, key: str) -> bool:
    return state["transports"][key]["pos"] is None


def aboard(state: State, seat: int) -> int:
    """The seat's containers on any transport, trucks included (final scoring, R55)."""
    shared = sum(t["load"][seat] for t in state["transports"].values())
    return shared + sum(truck["load"] for truck in state["trucks"][seat].values())


# --- trucks ----------------------------------------------------------------------------


def truck(state: State, seat: int, letter: str) -> dict:
    return state["trucks"][seat][letter]


def park_if_empty(state: State, seat: int, letter: str) -> None:
    """An empty truck leaves the board face up (R38)."""
    item = truck(state, seat, letter)
    if item["where"] == "board" and item["load"] == 0:
        item.update(where="reserve", pos=None, moved=False)


def road_city(city: int) -> bool:
    return serves(city, data.ROAD)


# --- orders ----------------------------------------------------------------------------


def card(card_id: int) -> data.Card:
    return data.CARD_BY_ID[card_id]


def open_order(state: State, seat: int, card_id: int) -> dict | None:
    for order in state["orders"][seat]:
        if order["card"] == card_id:
            return order
    return None


def last_round(state: State) -> bool:
    return state["round"] == state["rounds"]


def stored_by(state: State, seat: int, action: dict) -> int:
    """The storage an unload adds to this round's Phase 6 (R42): containers left in a city
    where the seat has no open order, so no delivery this round can take them. Careless
    players went bankrupt on such unloads, which asked nothing (an unload pays nothing)."""
    if action.get("type") != "unload":
        return 0
    key, stop = action["transport"], state["stop"]
    # where the containers land, as rules.do_unload puts them; none where the move is not
    # legal now (a label asked of any position)
    where = truck(state, seat, key).get("pos") if key in data.TRUCK_LETTERS else \
        None if stop is None else stop["city"]
    ordered = {card(order["card"]).city for order in state["orders"][seat]}
    if where is None or where == data.BASEL or where in ordered:
        return 0
    return int(action["n"])
