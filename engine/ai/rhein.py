"""Rhein: River Trade ``normal``: plan each open order onto one vehicle and follow the plan.

The AI keeps no memory between moves; every decision is re-derived from the state:

* an order is worth taking when some vehicle (its own truck, or a shared transport in Basel
  whose minimum load it can make up) reaches the order's city before the time tokens run out
  and the income beats the loading, the reservation (free when someone already paid for a
  marker there) and the truck moves;
* loading puts the planned quantity on the planned vehicle; reservations go only where its
  own orders lie and nobody has marked yet; at a stop it unloads exactly what its best
  delivery option still lacks; trucks drive to their order city and unload;
* it always fulfils with the best paying option and keeps a cash cushion for penalties and
  storage;
* it never bids so high that the order it wins can no longer be loaded, and it mortgages a
  truck (6 now, 9 back) only when it has no open order, too little Capital to take one, and
  an order on the list then pays for the mortgage. Without these two, a seat whose first
  order failed sat out the rest of the game (all-normal 4-player games 100-139: 18 of 160
  seats fulfilled no order, 3 with them).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.core import Action, Game, State
from engine.rhein import data, rules
from engine.rhein.state import (
    card,
    free_space,
    in_game,
    load_total,
    on_mat,
    road_city,
    serves,
    spec,
)


@dataclass(frozen=True)
class Caution:
    """How careful the order taking is; ``hard`` takes its own (engine.ai.hard_rhein)."""

    cushion: int = 3  # Capital kept back for storage and surprises
    max_open: int = 2  # open orders the AI juggles at once
    min_gain: int = 3  # net Capital an order must promise to be worth its risk
    bid_percent: int = 50  # of an auctioned order's net gain it will bid at most


NORMAL = Caution()


@dataclass(frozen=True)
class Plan:
    vehicle: str  # a transport key, or "truck"
    quantity: int  # the delivery option aimed at
    load: int  # containers to put aboard (min load may exceed the quantity)
    cost: int
    income: int

    @property
    def net(self) -> int:
        return self.income - self.cost


def choose(game: Game, state: State, seat: int, moves: list[Action],
           rng: dict[str, int], caution: Caution = NORMAL) -> Action:
    step = state["step"]
    if step in ("auction", "take"):
        action = (on_auction if step == "auction" else on_take)(state, seat, moves, caution)
    else:
        handler = {"load": on_load, "reserve": on_reserve, "stop": on_stop,
                   "trucks": on_trucks, "fulfil": on_fulfil}.get(step)
        action = handler(state, seat, moves) if handler else None
    if action is None or action not in moves:
        action = fallback(moves)
    return action


def fallback(moves: list[Action]) -> Action:
    """Do nothing costly: done, pass, or the first move that spends nothing."""
    for kind in ("done", "pass"):
        for move in moves:
            if move["type"] == kind:
                return move
    takes = [m for m in moves if m["type"] == "take"]
    return takes[0] if takes else moves[0]


# --- planning -------------------------------------------------------------------------------


def rounds_left(state: State) -> int:
    """Rounds including this one in which Phase 4 still runs."""
    return state["rounds"] - state["round"] + 1


def deadline(state: State, order: dict | None, card_id: int, second: bool = False) -> int:
    """Rounds (this one included) in which the order can still be fulfilled."""
    if order is not None:
        tokens = order["tokens"]
    elif state["options"].get("relax"):
        tokens = None
    else:
        tokens = card(card_id).time - (1 if state["options"].get("under_pressure") or second
                                       else 0)
    limit = rounds_left(state)
    return limit if tokens is None else min(limit, max(tokens, 0))


def best_plan(state: State, seat: int, card_id: int, rounds: int, cash: int) -> Plan | None:
    """The cheapest way to deliver one option of ``card_id`` in time from Basel."""
    the_card = card(card_id)
    city = the_card.city
    stock = state["warehouse"][seat]
    truck_room = 2 * free_trucks(state, seat) if road_city(city) else -1  # -1: no road
    # What does not depend on the option is settled once per transport: the playouts ask
    # this for every card of every take decision.
    shared = []  # (key, containers short of the minimum load, free space, reservation cost)
    for key in in_game(state):
        what = spec(key)
        transport = state["transports"][key]
        if not on_mat(state, key) or not serves(city, what.kind):
            continue
        if math.ceil(city / what.speed) > rounds:
            continue
        marked = city in transport["markers"]
        if not marked and len(transport["markers"]) >= what.markers:
            continue
        shared.append((key, what.min_load - load_total(state, key), free_space(state, key),
                       0 if marked else what.cost))
    plans: list[Plan] = []
    for quantity, income in the_card.options:
        if quantity > stock:
            continue
        if quantity <= truck_room:
            trucks = math.ceil(quantity / 2)
            moves = math.ceil(city / data.TRUCK.speed)
            if moves <= rounds:
                plans.append(Plan("truck", quantity, quantity, quantity + trucks * moves, income))
        for key, short, free, reserve in shared:
            load = max(quantity, short)
            if load > free or load > stock:
                continue
            # Surplus beyond the delivery rides home: each costs 1 to load (and back).
            plans.append(Plan(key, quantity, load, load + reserve, income))
    plans = [p for p in plans if p.cost <= cash]
    return max(plans, key=lambda p: (p.net, -p.cost), default=None)


def free_trucks(state: State, seat: int) -> int:
    return sum(item["where"] == "reserve" for item in state["trucks"][seat].values())


def spendable(state: State, seat: int, caution: Caution = NORMAL) -> int:
    return state["capital"][seat] - caution.cushion


def order_value(state: State, seat: int, card_id: int, second: bool = False,
                caution: Caution = NORMAL) -> int:
    """Net gain of taking ``card_id`` now, or a negative number if it cannot be done."""
    plan = best_plan(state, seat, card_id, deadline(state, None, card_id, second),
                     spendable(state, seat, caution))
    if plan is None:
        return -card(card_id).penalty - 10
    return plan.net


# --- Phase 1 ---------------------------------------------------------------------------------


def second_pass(state: State) -> bool:
    """Phase 1's second pass at 2 players: an order taken then has a round less to be
    fulfilled in (``deadline``'s ``second``)."""
    return state["n"] == 2 and state["pass"] == 2


def busy(state: State, seat: int) -> int:
    return len(state["orders"][seat])


def on_take(state: State, seat: int, moves: list[Action],
            caution: Caution = NORMAL) -> Action | None:
    if busy(state, seat) >= caution.max_open or pending_need(state, seat) > 0:
        return None
    takes = [m for m in moves if m["type"] == "take"]
    scored = [(order_value(state, seat, m["card"], second_pass(state), caution), m)
              for m in takes]
    scored = [(v, m) for v, m in scored if v >= caution.min_gain]
    if not scored:
        return mortgage_for_order(state, seat, moves, caution)
    return max(scored, key=lambda vm: (vm[0], -vm[1]["card"]))[1]


def mortgage_for_order(state: State, seat: int, moves: list[Action],
                       caution: Caution = NORMAL) -> Action | None:
    """A seat with no open order and too little Capital for any mortgages a truck (R48: 6
    now, 9 back) when that lets it take an order worth the difference; without, a seat whose
    first order expired sat out the rest of the game."""
    mortgage = next((m for m in moves if m["type"] == "mortgage"), None)
    if mortgage is None or busy(state, seat) or rounds_left(state) < 2:
        return None
    trial = rules.mortgage_trial(state, seat)  # a trial only: the state stays as it is
    rules.mortgage(trial, seat, mortgage["truck"])
    worth = max((order_value(trial, seat, m["card"], second_pass(state), caution) for m in moves
                 if m["type"] == "take"), default=-1)
    return mortgage if worth >= caution.min_gain + data.TRUCK.repay - data.TRUCK.mortgage \
        else None


def on_auction(state: State, seat: int, moves: list[Action],
               caution: Caution = NORMAL) -> Action | None:
    auction = state["auction"]

    def worth(card_id: int) -> int:
        return order_value(state, seat, card_id, caution=caution)

    if auction["lone"]:
        takes = [m for m in moves if m["type"] == "take"]
        return max(takes, key=lambda m: (worth(m["card"]), -m["card"]))
    if auction["card"] is None:
        best = max(state["list"], key=lambda c: (worth(c), -c))
        return {"type": "bid", "card": best, "amount": 0}
    raise_to, lot = auction["bid"] + 1, auction["card"]
    # The bid is paid on winning, so the order must still be affordable after it: bidding
    # with the loading money left a seat with an order it could not load, its penalty, and
    # too little Capital to take another for the rest of the game.
    plan = best_plan(state, seat, lot, deadline(state, None, lot),
                     spendable(state, seat, caution) - raise_to)
    if plan is not None and raise_to <= plan.net * caution.bid_percent // 100:
        return {"type": "bid", "card": lot, "amount": raise_to}
    return {"type": "pass"}


# --- Phase 2: loading ----------------------------------------------------------------------


def underway(state: State, seat: int, city: int) -> int:
    """Containers of ours lying at ``city`` or aboard something that can stop there."""
    count = state["lying"][seat][city]
    for key in in_game(state):
        transport = state["transports"][key]
        if transport["load"][seat] and serves(city, spec(key).kind):
            count += transport["load"][seat]
    for item in state["trucks"][seat].values():
        if item["where"] == "board":
            count += item["load"]
    return count


def pending_need(state: State, seat: int) -> int:
    """Containers still missing for our open orders (smallest option each)."""
    missing = 0
    for order in state["orders"][seat]:
        the_card = card(order["card"])
        smallest = min(q for q, _ in the_card.options)
        missing += max(0, smallest - underway(state, seat, the_card.city))
    return missing


def on_load(state: State, seat: int, moves: list[Action]) -> Action | None:
    for order in sorted(state["orders"][seat], key=lambda o: o["tokens"] or 99):
        the_card = card(order["card"])
        smallest = min(q for q, _ in the_card.options)
        if underway(state, seat, the_card.city) >= smallest:
            continue
        plan = best_plan(state, seat, order["card"], deadline(state, order, order["card"]),
                         state["capital"][seat])
        if plan is None:
            continue
        action = first_load(state, seat, plan, the_card.city)
        if action in moves:
            return action
    return None


def first_load(state: State, seat: int, plan: Plan, city: int) -> Action | None:
    if plan.vehicle == "truck":
        for letter in data.TRUCK_LETTERS:
            if state["trucks"][seat][letter]["where"] == "reserve":
                return {"type": "truck", "truck": letter, "city": data.BASEL,
                        "n": min(2, plan.quantity)}
        return None
    return {"type": "load", "transport": plan.vehicle, "n": plan.load}


# --- Phase 3: reservations ---------------------------------------------------------------


def on_reserve(state: State, seat: int, moves: list[Action]) -> Action | None:
    reserves = [m for m in moves if m["type"] == "reserve"]
    wanted = {card(o["card"]).city for o in state["orders"][seat]}
    for move in sorted(reserves, key=lambda m: spec(m["transport"]).cost):
        key, city = move["transport"], move["city"]
        if city not in wanted:
            continue
        if any(city in state["transports"][k]["markers"] and state["transports"][k]["load"][seat]
               for k in in_game(state)):
            continue  # another transport we ride already stops there
        if on_mat(state, key) and load_total(state, key) < spec(key).min_load:
            continue  # it would not leave Basel anyway
        return move
    return None


# --- Phase 4: stops and trucks ---------------------------------------------------------


def best_option(card_id: int, available: int) -> tuple[int, int] | None:
    options = [(q, income) for q, income in card(card_id).options if q <= available]
    return max(options, key=lambda o: o[1], default=None)


def on_stop(state: State, seat: int, moves: list[Action]) -> Action | None:
    stop = state["stop"]
    key, city = stop["transport"], stop["city"]
    aboard = state["transports"][key]["load"][seat]
    lying = state["lying"][seat][city]
    need = 0
    for order in state["orders"][seat]:
        if card(order["card"]).city != city:
            continue
        option = best_option(order["card"], aboard + lying - need)
        if option is not None:
            need += option[0]
    unload = min(aboard, need - lying) if need > lying else 0
    if unload > 0:
        return {"type": "unload", "transport": key, "n": unload}
    return None


def on_trucks(state: State, seat: int, moves: list[Action]) -> Action | None:
    targets = [card(o["card"]).city for o in state["orders"][seat]]
    for letter in data.TRUCK_LETTERS:
        item = state["trucks"][seat][letter]
        if item["where"] != "board":
            continue
        if item["moved"] and item["pos"] in targets:
            return {"type": "unload", "transport": letter, "n": item["load"]}
        if item["moved"]:
            continue
        road = [c for c in targets if road_city(c)]
        if not road:
            continue
        goal = min(road, key=lambda c: abs(c - item["pos"]))
        if goal == item["pos"]:
            continue
        step = max(-data.TRUCK.speed, min(data.TRUCK.speed, goal - item["pos"]))
        for reach in range(abs(step), 0, -1):
            target = item["pos"] + reach * (1 if step > 0 else -1)
            move = {"type": "move", "truck": letter, "city": target}
            if move in moves:
                return move
    return None


# --- Phase 5 ---------------------------------------------------------------------------------


def on_fulfil(state: State, seat: int, moves: list[Action]) -> Action | None:
    fulfils = [m for m in moves if m["type"] == "fulfil"]
    if not fulfils:
        return None
    return max(fulfils, key=lambda m: dict(card(m["card"]).options)[m["n"]])
