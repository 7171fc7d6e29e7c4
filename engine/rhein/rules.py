"""The player actions of Rhein: River Trade, one check and one handler per action type.

``candidates`` lists every action that might be legal in the current step; ``check`` gives
the rule's reason when one is not. ``legal`` is the candidates that pass their check, so the
list of legal moves and the refusal messages come from the same code.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from engine.core import Action, RuleError, State
from engine.rhein import data, flow
from engine.rhein.state import (
    PHASES,
    card,
    change_capital,
    city_of,
    free_space,
    in_game,
    last_round,
    name,
    on_mat,
    open_order,
    park_if_empty,
    road_city,
    serves,
    spec,
    truck,
)

Log = list[str]

# R9 (low confidence): in a 2-player game a player who passed in the first pass may still
# take a card in the second pass.
SECOND_PASS_AFTER_PASSING = True

# Which action types each step accepts (mortgage and repay in every turn, R48).
STEP_ACTIONS: dict[str, tuple[str, ...]] = {
    "auction": ("bid", "pass", "take", "mortgage", "repay"),
    "take": ("take", "retake", "done", "mortgage", "repay"),
    "load": ("load", "truck", "done", "mortgage", "repay"),
    "reserve": ("reserve", "done", "mortgage", "repay"),
    "stop": ("unload", "transfer", "done", "mortgage", "repay"),
    "trucks": ("move", "unload", "done", "mortgage", "repay"),
    "fulfil": ("fulfil", "done", "mortgage", "repay"),
    "over": (),
}

WHERE_ALLOWED = {
    "bid": "Bidding happens only in the round-1 auctions",
    "pass": "Passing an auction happens only in the round-1 auctions",
    "take": "Orders are taken in Phase 1",
    "retake": "Re-taking a fulfilled order is only possible in Phase 1 of the last round",
    "load": "Containers are loaded in Phase 2",
    "truck": "Trucks are put on the board with containers in Phase 2",
    "reserve": "Stops are reserved in Phase 3",
    "unload": "Containers are unloaded at a stop or after a truck moves in Phase 4",
    "transfer": "Containers are transferred at a stop in Phase 4",
    "move": "Trucks move at the end of Phase 4",
    "fulfil": "Orders are fulfilled in Phase 5",
    "done": "In an auction you bid or pass",
    "mortgage": "The game is over",
    "repay": "The game is over",
}


def capital(state: State, seat: int) -> int:
    return state["capital"][seat]


def cannot_pay(state: State, seat: int, amount: int, what: str) -> str | None:
    """R47: a voluntary payment needs the Capital now."""
    if capital(state, seat) < amount:
        return (f"{what} costs {amount} and you have {capital(state, seat)} Capital; "
                "Capital never goes below 0 (mortgage a truck first).")
    return None


# --- Phase 1 -----------------------------------------------------------------------------


def check_take(state: State, seat: int, action: Action) -> str | None:
    if state["step"] == "auction" and not state["auction"]["lone"]:
        return "In an auction the opener chooses an order with a bid: bid <order> <amount>."
    if action["card"] not in state["list"]:
        return f"Order {action['card']} is not on the Orders List."
    if (state["step"] == "take" and state["pass"] == 2 and not SECOND_PASS_AFTER_PASSING
            and not state["first_pass_took"][seat]):
        return "You passed in the first pass, so you take no second order."
    return None


def do_take(state: State, seat: int, action: Action, log: Log) -> None:
    if state["step"] == "auction":
        flow.give_order(state, seat, action["card"], second=False)
        log.append(f"{name(seat)} takes order {action['card']} for 0 (last without an order).")
        flow.start_auction(state, log)
        return
    flow.give_order(state, seat, action["card"], second=state["pass"] == 2)
    log.append(f"{name(seat)} takes order {action['card']}.")
    flow.end_turn(state, log)


def check_retake(state: State, seat: int, action: Action) -> str | None:
    if not last_round(state):
        return "Re-taking a fulfilled order is only possible in the last round."
    if state["retook"][seat]:
        return "You may re-take only one fulfilled order."
    if action["card"] not in state["fulfilled"][seat]:
        return f"Order {action['card']} is not one of your fulfilled orders."
    return cannot_pay(state, seat, data.RETAKE_COST, "Re-taking an order")


def do_retake(state: State, seat: int, action: Action, log: Log) -> None:
    change_capital(state, seat, -data.RETAKE_COST)
    state["fulfilled"][seat].remove(action["card"])
    state["retook"][seat] = True
    state["reveals"] += 1  # a face-down card is turned up
    flow.give_order(state, seat, action["card"], second=state["pass"] == 2)
    log.append(f"{name(seat)} re-takes fulfilled order {action['card']} for 3.")
    flow.end_turn(state, log)


def check_bid(state: State, seat: int, action: Action) -> str | None:
    auction = state["auction"]
    if auction["lone"]:
        return "You are the last player without an order: take one for 0."
    if auction["card"] is None:
        if action["card"] not in state["list"]:
            return f"Order {action['card']} is not on the Orders List."
        if action["amount"] < 0:
            return "A bid cannot be negative."
    else:
        if action["card"] != auction["card"]:
            return f"This auction is for order {auction['card']}."
        if action["amount"] <= auction["bid"]:
            return f"A bid must raise the current bid of {auction['bid']}."
    if action["amount"] > capital(state, seat):
        return (f"You cannot bid more than your Capital ({capital(state, seat)}); "
                "mortgage a truck first.")
    return None


def do_bid(state: State, seat: int, action: Action, log: Log) -> None:
    auction = state["auction"]
    opening = auction["card"] is None
    auction.update(card=action["card"], bid=action["amount"], high=seat)
    verb = "opens on order" if opening else "bids on order"
    log.append(f"{name(seat)} {verb} {action['card']} with {action['amount']}.")
    flow.next_bidder(state, log)


def check_pass(state: State, seat: int, action: Action) -> str | None:
    auction = state["auction"]
    if auction["lone"]:
        return "You are the last player without an order: take one for 0."
    if auction["card"] is None:
        return "The opener must choose an order and bid (0 is allowed)."
    return None


def do_pass(state: State, seat: int, action: Action, log: Log) -> None:
    state["auction"]["passed"].append(seat)
    log.append(f"{name(seat)} passes.")
    flow.next_bidder(state, log)


# --- Phase 2 -----------------------------------------------------------------------------


def source_count(state: State, seat: int, city: int) -> int:
    """Containers a seat can load in a city: the warehouse in Basel, else those lying."""
    return state["warehouse"][seat] if city == data.BASEL else state["lying"][seat][city]


def take_from_source(state: State, seat: int, city: int, count: int) -> None:
    if city == data.BASEL:
        state["warehouse"][seat] -= count
    else:
        state["lying"][seat][city] -= count


def check_load(state: State, seat: int, action: Action) -> str | None:
    key, count = action["transport"], action["n"]
    if count < 1:
        return "Load at least 1 container."
    if key in data.TRUCK_LETTERS:
        return check_load_truck(state, seat, key, count)
    if key not in state["transports"]:
        return f"The {spec(key).name} is not used in this game."
    city = city_of(state, key)
    if city is None:
        return f"The {spec(key).name} is between cities and cannot be loaded."
    if count > free_space(state, key):
        return f"The {spec(key).name} has only {free_space(state, key)} free spaces."
    where = "in your warehouse" if city == data.BASEL else (
        f"lying in {data.CITY_BY_NUMBER[city].name}, where the {spec(key).name} is")
    if count > source_count(state, seat, city):
        return f"You have only {source_count(state, seat, city)} containers {where}."
    return cannot_pay(state, seat, count, f"Loading {count}")


def check_load_truck(state: State, seat: int, letter: str, count: int) -> str | None:
    item = truck(state, seat, letter)
    if item["where"] != "board":
        return (f"Truck {letter.upper()} is not on the board; place it with "
                f"truck {letter} <city> <n>.")
    if count > data.TRUCK.capacity - item["load"]:
        return f"Truck {letter.upper()} holds at most 2 containers."
    if count > source_count(state, seat, item["pos"]):
        return "You have no containers where the truck stands."
    return cannot_pay(state, seat, count, f"Loading {count}")


def do_load(state: State, seat: int, action: Action, log: Log) -> None:
    key, count = action["transport"], action["n"]
    change_capital(state, seat, -count)
    if key in data.TRUCK_LETTERS:
        item = truck(state, seat, key)
        take_from_source(state, seat, item["pos"], count)
        item["load"] += count
        log.append(f"{name(seat)} loads {count} onto truck {key.upper()} (-{count}).")
        return
    take_from_source(state, seat, city_of(state, key), count)
    state["transports"][key]["load"][seat] += count
    log.append(f"{name(seat)} loads {count} onto the {spec(key).name} (-{count}).")


def check_truck(state: State, seat: int, action: Action) -> str | None:
    letter, city, count = action["truck"], action["city"], action["n"]
    item = truck(state, seat, letter)
    if item["where"] == "mortgaged":
        return f"Truck {letter.upper()} is mortgaged; repay 9 to use it."
    if item["where"] == "board":
        return f"Truck {letter.upper()} is already on the board."
    if not road_city(city):
        return "Trucks cannot go to London: it has no road."
    if not 1 <= count <= data.TRUCK.capacity:
        return "A truck is placed with 1 or 2 containers, never empty."
    if count > source_count(state, seat, city):
        return f"You have only {source_count(state, seat, city)} containers in that city."
    return cannot_pay(state, seat, count, f"Loading {count}")


def do_truck(state: State, seat: int, action: Action, log: Log) -> None:
    letter, city, count = action["truck"], action["city"], action["n"]
    change_capital(state, seat, -count)
    take_from_source(state, seat, city, count)
    truck(state, seat, letter).update(where="board", pos=city, load=count, moved=False)
    log.append(f"{name(seat)} places truck {letter.upper()} in "
               f"{data.CITY_BY_NUMBER[city].name} with {count} (-{count}).")


# --- Phase 3 -----------------------------------------------------------------------------


def check_reserve(state: State, seat: int, action: Action) -> str | None:
    key, city = action["transport"], action["city"]
    if key not in state["transports"]:
        return "There is no such transport in this game (trucks need no reservations)."
    what = spec(key)
    if city == data.BASEL:
        return "Basel is where containers depart; it can never be reserved."
    if not serves(city, what.kind):
        return f"{data.CITY_BY_NUMBER[city].name} has no {what.kind} service."
    transport = state["transports"][key]
    if city_of(state, key) == city and not on_mat(state, key):
        return f"The {what.name} is already in {data.CITY_BY_NUMBER[city].name}."
    if transport["load"][seat] < 1:
        return f"You need a container aboard the {what.name} to reserve its stops."
    if city in transport["markers"]:
        return (f"The {what.name} already has a marker in {data.CITY_BY_NUMBER[city].name}; "
                "anyone aboard may use it.")
    if len(transport["markers"]) >= what.markers:
        return f"The {what.name} has no reservation markers left."
    return cannot_pay(state, seat, what.cost, "This reservation")


def do_reserve(state: State, seat: int, action: Action, log: Log) -> None:
    key, city = action["transport"], action["city"]
    change_capital(state, seat, -spec(key).cost)
    state["transports"][key]["markers"].append(city)
    log.append(f"{name(seat)} reserves the {spec(key).name} in "
               f"{data.CITY_BY_NUMBER[city].name} (-{spec(key).cost}).")


# --- Phase 4 -----------------------------------------------------------------------------


def check_unload(state: State, seat: int, action: Action) -> str | None:
    key, count = action["transport"], action["n"]
    if count < 1:
        return "Unload at least 1 container."
    if state["step"] == "trucks":
        if key not in data.TRUCK_LETTERS:
            return "Now only trucks move and unload."
        item = truck(state, seat, key)
        if item["where"] != "board" or not item["moved"]:
            return "A truck unloads only where it ends a move this round."
        if count > item["load"]:
            return f"Truck {key.upper()} carries only {item['load']}."
        return None
    stop = state["stop"]
    if key != stop["transport"]:
        return f"Only the {spec(stop['transport']).name} is making a stop now."
    if count > state["transports"][key]["load"][seat]:
        return f"You have only {state['transports'][key]['load'][seat]} aboard."
    return None


def do_unload(state: State, seat: int, action: Action, log: Log) -> None:
    key, count = action["transport"], action["n"]
    if key in data.TRUCK_LETTERS:
        item = truck(state, seat, key)
        item["load"] -= count
        city = item["pos"]
        park_if_empty(state, seat, key)
    else:
        state["transports"][key]["load"][seat] -= count
        city = state["stop"]["city"]
    if city == data.BASEL:
        state["warehouse"][seat] += count
    else:
        state["lying"][seat][city] += count
    log.append(f"{name(seat)} unloads {count} in {data.CITY_BY_NUMBER[city].name}.")


def check_transfer(state: State, seat: int, action: Action) -> str | None:
    source, target, count = action["from"], action["to"], action["n"]
    stop = state["stop"]
    if source != stop["transport"]:
        return f"Only the {spec(stop['transport']).name} is making a stop now."
    if count < 1:
        return "Transfer at least 1 container."
    if count > state["transports"][source]["load"][seat]:
        return f"You have only {state['transports'][source]['load'][seat]} aboard."
    city = stop["city"]
    if target in data.TRUCK_LETTERS:
        return check_transfer_truck(state, seat, target, city, count)
    if target == source:
        return "Pick another transport."
    if target not in state["transports"] or on_mat(state, target) or city_of(state, target) != city:
        return f"The {spec(target).name} is not in {data.CITY_BY_NUMBER[city].name}."
    if count > free_space(state, target):
        return f"The {spec(target).name} has only {free_space(state, target)} free spaces."
    return None


def check_transfer_truck(state: State, seat: int, letter: str, city: int, count: int) -> str | None:
    if not road_city(city):
        return "No trucks in London: it has no road."
    item = truck(state, seat, letter)
    if item["where"] == "mortgaged":
        return f"Truck {letter.upper()} is mortgaged; repay 9 to use it."
    if item["where"] == "board" and item["pos"] != city:
        return f"Truck {letter.upper()} is not in {data.CITY_BY_NUMBER[city].name}."
    if count > data.TRUCK.capacity - item["load"]:
        return f"Truck {letter.upper()} has room for {data.TRUCK.capacity - item['load']}."
    return None


def do_transfer(state: State, seat: int, action: Action, log: Log) -> None:
    source, target, count = action["from"], action["to"], action["n"]
    state["transports"][source]["load"][seat] -= count
    if target in data.TRUCK_LETTERS:
        item = truck(state, seat, target)
        if item["where"] == "reserve":
            item.update(where="board", pos=state["stop"]["city"], load=0, moved=False)
        item["load"] += count
        label = f"truck {target.upper()}"
    else:
        state["transports"][target]["load"][seat] += count
        label = f"the {spec(target).name}"
    log.append(f"{name(seat)} transfers {count} from the {spec(source).name} to {label}.")


def check_move(state: State, seat: int, action: Action) -> str | None:
    letter, city = action["truck"], action["city"]
    item = truck(state, seat, letter)
    if item["where"] != "board":
        return f"Truck {letter.upper()} is not on the board."
    if item["moved"]:
        return f"Truck {letter.upper()} has already moved this round."
    if not road_city(city):
        return "Trucks cannot go to London: it has no road."
    if not 1 <= abs(city - item["pos"]) <= data.TRUCK.speed:
        return "A truck moves 1 or 2 spaces to another road city."
    return cannot_pay(state, seat, data.TRUCK.move_cost, "Moving a truck")


def do_move(state: State, seat: int, action: Action, log: Log) -> None:
    letter, city = action["truck"], action["city"]
    change_capital(state, seat, -data.TRUCK.move_cost)
    truck(state, seat, letter).update(pos=city, moved=True)
    log.append(f"{name(seat)} moves truck {letter.upper()} to "
               f"{data.CITY_BY_NUMBER[city].name} (-1).")


# --- Phase 5 -----------------------------------------------------------------------------


def check_fulfil(state: State, seat: int, action: Action) -> str | None:
    order = open_order(state, seat, action["card"])
    if order is None:
        return f"Order {action['card']} is not one of your open orders."
    the_card = card(action["card"])
    if the_card.city != state["city"]:
        return (f"Order {action['card']} goes to {data.CITY_BY_NUMBER[the_card.city].name}; "
                f"now {data.CITY_BY_NUMBER[state['city']].name} is being served.")
    quantities = [q for q, _ in the_card.options]
    if action["n"] not in quantities:
        listed = ", ".join(map(str, quantities))
        return f"Order {action['card']} takes exactly one of these quantities: {listed}."
    lying = state["lying"][seat][the_card.city]
    if action["n"] > lying:
        return f"You have only {lying} containers lying in {data.CITY_BY_NUMBER[the_card.city].name}."
    return None


def do_fulfil(state: State, seat: int, action: Action, log: Log) -> None:
    the_card = card(action["card"])
    income = dict(the_card.options)[action["n"]]
    state["lying"][seat][the_card.city] -= action["n"]
    state["warehouse"][seat] += action["n"]
    change_capital(state, seat, income)
    state["orders"][seat].remove(open_order(state, seat, action["card"]))
    state["fulfilled"][seat].append(action["card"])
    log.append(f"{name(seat)} fulfils order {action['card']} with {action['n']} (+{income}).")


# --- any turn ----------------------------------------------------------------------------


def check_mortgage(state: State, seat: int, action: Action) -> str | None:
    item = truck(state, seat, action["truck"])
    if item["where"] == "mortgaged":
        return f"Truck {action['truck'].upper()} is already mortgaged."
    if item["where"] == "board":
        return "Only a truck in your reserve can be mortgaged, not one on the board."
    return None


def do_mortgage(state: State, seat: int, action: Action, log: Log) -> None:
    truck(state, seat, action["truck"])["where"] = "mortgaged"
    change_capital(state, seat, data.TRUCK.mortgage)
    log.append(f"{name(seat)} mortgages truck {action['truck'].upper()} (+6).")


def check_repay(state: State, seat: int, action: Action) -> str | None:
    if truck(state, seat, action["truck"])["where"] != "mortgaged":
        return f"Truck {action['truck'].upper()} is not mortgaged."
    return cannot_pay(state, seat, data.TRUCK.repay, "Repaying a mortgage")


def do_repay(state: State, seat: int, action: Action, log: Log) -> None:
    truck(state, seat, action["truck"])["where"] = "reserve"
    change_capital(state, seat, -data.TRUCK.repay)
    log.append(f"{name(seat)} repays truck {action['truck'].upper()} (-9).")


def check_done(state: State, seat: int, action: Action) -> str | None:
    return None


def do_done(state: State, seat: int, action: Action, log: Log) -> None:
    flow.end_turn(state, log)


Check = Callable[[State, int, Action], "str | None"]
Handler = Callable[[State, int, Action, Log], None]

HANDLERS: dict[str, tuple[Check, Handler]] = {
    "take": (check_take, do_take),
    "retake": (check_retake, do_retake),
    "bid": (check_bid, do_bid),
    "pass": (check_pass, do_pass),
    "load": (check_load, do_load),
    "truck": (check_truck, do_truck),
    "reserve": (check_reserve, do_reserve),
    "unload": (check_unload, do_unload),
    "transfer": (check_transfer, do_transfer),
    "move": (check_move, do_move),
    "fulfil": (check_fulfil, do_fulfil),
    "mortgage": (check_mortgage, do_mortgage),
    "repay": (check_repay, do_repay),
    "done": (check_done, do_done),
}


# --- candidates ------------------------------------------------------------------------


def candidates(state: State, seat: int) -> Iterator[Action]:
    """Every action that might be legal now; ``check`` filters them."""
    step = state["step"]
    yield from STEP_CANDIDATES[step](state, seat)
    if step != "over":
        for letter in data.TRUCK_LETTERS:
            yield {"type": "mortgage", "truck": letter}
            yield {"type": "repay", "truck": letter}


def auction_candidates(state: State, seat: int) -> Iterator[Action]:
    auction = state["auction"]
    if auction["lone"]:
        for card_id in state["list"]:
            yield {"type": "take", "card": card_id}
        return
    if auction["card"] is None:
        for card_id in state["list"]:
            for amount in range(capital(state, seat) + 1):
                yield {"type": "bid", "card": card_id, "amount": amount}
        return
    for amount in range(auction["bid"] + 1, capital(state, seat) + 1):
        yield {"type": "bid", "card": auction["card"], "amount": amount}
    yield {"type": "pass"}


def take_candidates(state: State, seat: int) -> Iterator[Action]:
    for card_id in state["list"]:
        yield {"type": "take", "card": card_id}
    if last_round(state):
        for card_id in state["fulfilled"][seat]:
            yield {"type": "retake", "card": card_id}
    yield {"type": "done"}


def load_candidates(state: State, seat: int) -> Iterator[Action]:
    for key in in_game(state):
        for count in range(1, spec(key).capacity + 1):
            yield {"type": "load", "transport": key, "n": count}
    for letter in data.TRUCK_LETTERS:
        item = truck(state, seat, letter)
        if item["where"] == "board":
            yield {"type": "load", "transport": letter, "n": 1}
        elif item["where"] == "reserve":
            cities = [data.BASEL] + [c for c in range(1, data.MAX_POSITION + 1)
                                     if state["lying"][seat][c]]
            for city in cities:
                for count in (1, 2):
                    yield {"type": "truck", "truck": letter, "city": city, "n": count}
    yield {"type": "done"}


def reserve_candidates(state: State, seat: int) -> Iterator[Action]:
    for key in in_game(state):
        if state["transports"][key]["load"][seat]:
            for city in data.CITIES[1:]:
                yield {"type": "reserve", "transport": key, "city": city.number}
    yield {"type": "done"}


def stop_candidates(state: State, seat: int) -> Iterator[Action]:
    key = state["stop"]["transport"]
    aboard = state["transports"][key]["load"][seat]
    for count in range(1, aboard + 1):
        yield {"type": "unload", "transport": key, "n": count}
    targets = [other for other in in_game(state) if other != key] + list(data.TRUCK_LETTERS)
    for target in targets:
        for count in range(1, aboard + 1):
            yield {"type": "transfer", "from": key, "to": target, "n": count}
    yield {"type": "done"}


def truck_candidates(state: State, seat: int) -> Iterator[Action]:
    for letter in data.TRUCK_LETTERS:
        item = truck(state, seat, letter)
        if item["where"] != "board":
            continue
        for city in data.CITIES:
            yield {"type": "move", "truck": letter, "city": city.number}
        for count in range(1, item["load"] + 1):
            yield {"type": "unload", "transport": letter, "n": count}
    yield {"type": "done"}


def fulfil_candidates(state: State, seat: int) -> Iterator[Action]:
    for order in state["orders"][seat]:
        for quantity, _ in card(order["card"]).options:
            yield {"type": "fulfil", "card": order["card"], "n": quantity}
    yield {"type": "done"}


def no_candidates(state: State, seat: int) -> Iterator[Action]:
    return iter(())


STEP_CANDIDATES: dict[str, Callable[[State, int], Iterator[Action]]] = {
    "auction": auction_candidates,
    "take": take_candidates,
    "load": load_candidates,
    "reserve": reserve_candidates,
    "stop": stop_candidates,
    "trucks": truck_candidates,
    "fulfil": fulfil_candidates,
    "over": no_candidates,
}


def legal_actions(state: State, seat: int) -> list[Action]:
    if flow.current_seat(state) != seat:
        return []
    handlers = HANDLERS
    return [a for a in candidates(state, seat) if handlers[a["type"]][0](state, seat, a) is None]


def refusal(state: State, seat: int, action: Action) -> str | None:
    """Why ``action`` is not legal for ``seat`` now, or None when it is."""
    if state["step"] == "over":
        return "The game is over."
    current = flow.current_seat(state)
    if current != seat:
        return f"It is {name(current)}'s turn ({describe_step(state)})."
    kind = action.get("type")
    if kind not in HANDLERS:
        return "That is not a move of this game."
    if kind not in STEP_ACTIONS[state["step"]]:
        return f"{WHERE_ALLOWED[kind]}; now it is {describe_step(state)}."
    try:
        reason = HANDLERS[kind][0](state, seat, action)
    except (KeyError, TypeError, ValueError, AttributeError):
        return "That is not a move of this game."
    if reason is None and action not in list(candidates(state, seat)):
        reason = "That move is not possible now."
    return reason


def describe_step(state: State) -> str:
    phase = f"Phase {state['phase']} ({PHASES[state['phase']]})"
    step = state["step"]
    if step == "auction":
        return f"{phase}, round-1 auction"
    if step == "stop":
        stop = state["stop"]
        return f"{phase}, the {spec(stop['transport']).name} stops in " \
               f"{data.CITY_BY_NUMBER[stop['city']].name}"
    if step == "trucks":
        return f"{phase}, trucks move"
    if step == "fulfil":
        return f"{phase}, {data.CITY_BY_NUMBER[state['city']].name}"
    if step == "take" and state["n"] == 2:
        return f"{phase}, pass {state['pass']}"
    return phase


def perform(state: State, seat: int, action: Action) -> list[str]:
    reason = refusal(state, seat, action)
    if reason is not None:
        raise RuleError(reason)
    log: Log = []
    HANDLERS[action["type"]][1](state, seat, action, log)
    settle(state, log)
    return log


def settle(state: State, log: Log) -> None:
    """End turns automatically where ``done`` is the only legal action (rulings, section 2)."""
    while state["step"] != "over":
        seat = flow.current_seat(state)
        if seat is None:
            return
        moves = legal_actions(state, seat)
        if moves != [{"type": "done"}]:
            return
        flow.end_turn(state, log)
