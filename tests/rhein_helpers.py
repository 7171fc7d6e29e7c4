"""Scenario helpers for the Rhein tests: build a state in a given step and act by notation."""

from __future__ import annotations

from engine import get_game
from engine.rhein import Rhein, flow, rules

GAME = get_game("rhein")
GREEN, YELLOW, BLUE, PURPLE, BROWN = range(5)


def fresh(players: int = 3, options: dict | None = None, seed: int = 1) -> dict:
    return GAME.setup(players, options or {}, seed)


def stack(state: dict, *seats: int) -> None:
    """Give the seats stamps so the first named is on top of any tie."""
    base = state["clock"]
    for index, seat in enumerate(seats):
        state["stamp"][seat] = base + len(seats) - index
    state["clock"] = base + len(seats)


def set_capital(state: dict, **by_colour: int) -> None:
    names = {"green": GREEN, "yellow": YELLOW, "blue": BLUE, "purple": PURPLE, "brown": BROWN}
    for colour, value in by_colour.items():
        state["capital"][names[colour]] = value


def clear_round(state: dict) -> None:
    """Leave Phase 1 behind: no auction, no list."""
    state["auction"] = None
    state["took"] = [True] * state["n"]


def at_step(state: dict, phase: int, step: str, order: list[int] | None = None) -> None:
    clear_round(state)
    state["phase"] = phase
    flow.begin_sequence(state, step, flow.turn_order(state) if order is None else order)
    rules.settle(state, [])


def at_load(state: dict) -> None:
    at_step(state, 2, "load")


def at_reserve(state: dict) -> None:
    at_step(state, 3, "reserve")


def _start(state: dict, begin) -> list[str]:
    clear_round(state)
    log: list[str] = []
    begin(state, log)
    rules.settle(state, log)
    return log


def start_phase4(state: dict) -> list[str]:
    return _start(state, flow.start_moves)


def start_phase5(state: dict) -> list[str]:
    return _start(state, flow.start_fulfil)


def start_phase6(state: dict) -> list[str]:
    return _start(state, flow.end_of_round)


def act(state: dict, seat: int, text: str) -> list[str]:
    return GAME.apply(state, seat, GAME.parse(state, seat, text))


def board(state: dict, key: str, pos: int | None, load: dict[int, int] | None = None,
          markers: list[int] | None = None) -> None:
    transport = state["transports"][key]
    transport["pos"] = pos
    for seat, count in enumerate(transport["load"]):
        state["warehouse"][seat] += count
    transport["load"] = [0] * state["n"]
    for seat, count in (load or {}).items():
        transport["load"][seat] = count
        state["warehouse"][seat] -= count
    transport["markers"] = list(markers or [])


def lay(state: dict, seat: int, city: int, count: int) -> None:
    """``count`` containers lying in ``city``, taken from the warehouse."""
    state["warehouse"][seat] += state["lying"][seat][city] - count
    state["lying"][seat][city] = count


def place_truck(state: dict, seat: int, letter: str, city: int, load: int) -> None:
    state["warehouse"][seat] += state["trucks"][seat][letter]["load"] - load
    state["trucks"][seat][letter].update(where="board", pos=city, load=load, moved=False)


def give(state: dict, seat: int, card_id: int, tokens: int | None = 2) -> None:
    for seat_list in (state["list"], state["deck"]):
        if card_id in seat_list:
            seat_list.remove(card_id)
    state["orders"][seat].append({"card": card_id, "tokens": tokens})


def current(state: dict) -> int | None:
    seats = GAME.active(state)
    return seats[0] if seats else None


def finish_turns(state: dict) -> None:
    """Everyone whose turn it is says done until the step changes."""
    step, stop = state["step"], state["stop"]
    while state["step"] == step and state["stop"] == stop and current(state) is not None:
        act(state, current(state), "done")


def containers_total(state: dict, seat: int) -> int:
    shared = sum(t["load"][seat] for t in state["transports"].values())
    trucks = sum(t["load"] for t in state["trucks"][seat].values())
    return state["warehouse"][seat] + sum(state["lying"][seat]) + shared + trucks


def restart_round1(state: dict, cards: list[int]) -> None:
    """Round 1 again with these cards on the list and the current stack."""
    state["list"] = list(cards)
    state["took"] = [False] * state["n"]
    state["orders"] = [[] for _ in range(state["n"])]
    flow.start_auction(state, [])


def start_take(state: dict, round_number: int, cards: list[int]) -> None:
    """An ordinary Phase 1 (not round 1) with these cards on the list."""
    state["round"] = round_number
    state["phase"] = 1
    state["auction"] = None
    state["list"] = list(cards)
    flow.start_take_pass(state, 1)


def hold_in_trucks(state: dict, seat: int) -> None:
    """A bystander's loaded truck in Basel, so Phase 4 pauses at the truck step."""
    place_truck(state, seat, "b", 0, 1)


class LoadingRhein(Rhein):
    """Rhein that opens on round 1's Phase 2, the players loading containers (seed 3)."""

    def setup(self, num_players, options, seed):
        state = fresh(num_players, options, seed=3)
        at_load(state)
        return state


class StopRhein(Rhein):
    """Rhein that opens on Phase 4, the red Train stopping in Strasbourg with 5 of the
    first seat's containers aboard (no order of theirs goes there)."""

    def setup(self, num_players, options, seed):
        state = fresh(num_players, options, seed=3)
        board(state, "red-train", None, {0: 5}, markers=[1])
        start_phase4(state)
        assert state["stop"] == {"transport": "red-train", "city": 1}
        return state
