"""The player actions of Rhein: River Trade, one check and one handler per action type.

``candidates`` lists every action that might be legal in the current step; ``check`` gives
the rule's reason when one is not. ``legal`` is the candidates that pass their check, so the
list of legal moves and the refusal messages come from the same code.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import Any

from engine.core import Action, RuleError, State, clip_word
from engine.rhein import data, flow
from engine.rhein.state import (
    card,
    change_capital,
    city_of,
    free_space,
    in_game,
    last_round,
    on_mat,
    open_order,
    park_if_empty,
    road_city,
    serves,
    spec,
    truck,
)
from engine.rhein.words import (
    city,
    done_line,
    joined,
    parts,
    phase_name,
    player,
    transport,
    transport_why,
    typed_name,
    vehicle,
)
from engine.text import Msg, Reason, msg, reason, to_json, worded

Log = list[Msg]

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

# Where each action type belongs, said when it is tried in another step:
# ``rhein.where.<type>`` in the catalogue.


def capital(state: State, seat: int) -> int:
    return state["capital"][seat]


def cannot_pay(state: State, seat: int, amount: int, what: str,
               **params: Any) -> Reason | None:
    """R47: a voluntary payment needs the Capital now. ``what`` (the cost's text key and
    ``params``) is worded only on a refusal: legal() asks this of every candidate."""
    if capital(state, seat) < amount:
        return reason("rhein.refuse.cannot_pay", what=reason(what, **params), amount=amount,
                      capital=capital(state, seat))
    return None


def short_of(key: str, count: int, **params: Any) -> Reason:
    """A refusal for having too few containers (or room): with none at all it has its own
    wording, ``<key>.none``, as "You have only 0 containers" read like a bug."""
    return reason(f"{key}.none" if count == 0 else key, count=count, **params)


def unknown_transport(state: State, key: object) -> Reason | None:
    """A move naming no transport of the game at all (a stale or hand-made one: the parser
    refuses such words) is refused as a typed one is, with the names of this game's
    transports; the catalogue has no name for it, and the transport's own texts would say
    their raw key."""
    if key in data.TRANSPORT_BY_KEY:
        return None
    names = [typed_name(other) for other in in_game(state)]
    return reason("rhein.parse.no_transport", word=clip_word(str(key)), names=names)


def not_in_this_game(state: State, key: str) -> Reason:
    """A transport the box keeps at this player count, quoted as the player typed it: "no
    such transport" left them to guess which word was wrong, and the list says what to
    type instead."""
    return reason("rhein.refuse.no_such_transport", word=typed_name(key), count=state["n"],
                  names=[typed_name(other) for other in in_game(state)])


# --- Phase 1 -----------------------------------------------------------------------------


def check_take(state: State, seat: int, action: Action) -> Reason | None:
    if state["step"] == "auction" and not state["auction"]["lone"]:
        return reason("rhein.refuse.take_in_auction")
    if action["card"] not in state["list"]:
        return reason("rhein.refuse.not_listed", card=action["card"])
    if (state["step"] == "take" and state["pass"] == 2 and not SECOND_PASS_AFTER_PASSING
            and not state["first_pass_took"][seat]):
        return reason("rhein.refuse.second_pass")
    return None


def do_take(state: State, seat: int, action: Action, log: Log) -> None:
    if state["step"] == "auction":
        flow.give_order(state, seat, action["card"], second=False)
        log.append(msg("rhein.log.take_lone", player=player(seat), card=action["card"]))
        flow.start_auction(state, log)
        return
    flow.give_order(state, seat, action["card"], second=state["pass"] == 2)
    log.append(msg("rhein.log.take", player=player(seat), card=action["card"]))
    flow.end_turn(state, log)


def check_retake(state: State, seat: int, action: Action) -> Reason | None:
    if not last_round(state):
        return reason("rhein.refuse.retake_last_round")
    if state["retook"][seat]:
        return reason("rhein.refuse.retake_once")
    if action["card"] not in state["fulfilled"][seat]:
        return reason("rhein.refuse.not_fulfilled", card=action["card"])
    return cannot_pay(state, seat, data.RETAKE_COST, "rhein.cost.retake")


def do_retake(state: State, seat: int, action: Action, log: Log) -> None:
    change_capital(state, seat, -data.RETAKE_COST)
    state["fulfilled"][seat].remove(action["card"])
    state["retook"][seat] = True
    state["reveals"] += 1  # a face-down card is turned up
    flow.give_order(state, seat, action["card"], second=state["pass"] == 2)
    log.append(msg("rhein.log.retake", player=player(seat), card=action["card"],
                   cost=data.RETAKE_COST))
    flow.end_turn(state, log)


def check_bid(state: State, seat: int, action: Action) -> Reason | None:
    auction = state["auction"]
    if auction["lone"]:
        return reason("rhein.refuse.lone")
    if auction["card"] is None:
        if action["card"] not in state["list"]:
            return reason("rhein.refuse.not_listed", card=action["card"])
        if action["amount"] < 0:
            return reason("rhein.refuse.bid_negative")
    else:
        if action["card"] != auction["card"]:
            return reason("rhein.refuse.auction_card", card=auction["card"])
        if action["amount"] <= auction["bid"]:
            return reason("rhein.refuse.bid_raise", bid=auction["bid"])
    if action["amount"] > capital(state, seat):
        return reason("rhein.refuse.bid_capital", capital=capital(state, seat))
    return None


def do_bid(state: State, seat: int, action: Action, log: Log) -> None:
    auction = state["auction"]
    opening = auction["card"] is None
    auction.update(card=action["card"], bid=action["amount"], high=seat)
    key = "rhein.log.open" if opening else "rhein.log.bid"
    log.append(msg(key, player=player(seat), card=action["card"], amount=action["amount"]))
    flow.next_bidder(state, log)


def check_pass(state: State, seat: int, action: Action) -> Reason | None:
    auction = state["auction"]
    if auction["lone"]:
        return reason("rhein.refuse.lone")
    if auction["card"] is None:
        return reason("rhein.refuse.opener")
    return None


def do_pass(state: State, seat: int, action: Action, log: Log) -> None:
    state["auction"]["passed"].append(seat)
    log.append(msg("rhein.log.pass", player=player(seat)))
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


def check_load(state: State, seat: int, action: Action) -> Reason | None:
    key, count = action["transport"], action["n"]
    if count < 1:
        return reason("rhein.refuse.load_min")
    if key in data.TRUCK_LETTERS:
        return check_load_truck(state, seat, key, count)
    unknown = unknown_transport(state, key)
    if unknown is not None:
        return unknown
    if key not in state["transports"]:
        return not_in_this_game(state, key)
    where = city_of(state, key)
    if where is None:
        return reason("rhein.refuse.between", transport=transport_why(key, "subject"))
    if count > free_space(state, key):
        return short_of("rhein.refuse.free_space", free_space(state, key),
                        transport=transport_why(key, "subject"))
    have = source_count(state, seat, where)
    if count > have:
        if where == data.BASEL:
            return short_of("rhein.refuse.only_warehouse", have)
        return short_of("rhein.refuse.only_lying_at", have, city=city(where),
                        transport=transport_why(key, "nom"))
    return cannot_pay(state, seat, count, "rhein.cost.load", n=count)


def check_load_truck(state: State, seat: int, letter: str, count: int) -> Reason | None:
    item = truck(state, seat, letter)
    if item["where"] != "board":
        return reason("rhein.refuse.truck_not_placed", letter=letter.upper(), typed=letter)
    if count > data.TRUCK.capacity - item["load"]:
        return reason("rhein.refuse.truck_holds", letter=letter.upper(),
                   capacity=data.TRUCK.capacity)
    if count > source_count(state, seat, item["pos"]):
        return reason("rhein.refuse.truck_no_source", letter=letter.upper(),
                      city=city(item["pos"]))
    return cannot_pay(state, seat, count, "rhein.cost.load", n=count)


def do_load(state: State, seat: int, action: Action, log: Log) -> None:
    key, count = action["transport"], action["n"]
    change_capital(state, seat, -count)
    if key in data.TRUCK_LETTERS:
        item = truck(state, seat, key)
        take_from_source(state, seat, item["pos"], count)
        item["load"] += count
        log.append(msg("rhein.log.load_truck", player=player(seat), count=count,
                       letter=key.upper()))
        return
    take_from_source(state, seat, city_of(state, key), count)
    state["transports"][key]["load"][seat] += count
    log.append(msg("rhein.log.load", player=player(seat), count=count,
                   transport=transport(key, "acc")))


def check_truck(state: State, seat: int, action: Action) -> Reason | None:
    letter, where, count = action["truck"], action["city"], action["n"]
    item = truck(state, seat, letter)
    if item["where"] == "mortgaged":
        return reason("rhein.refuse.truck_mortgaged", letter=letter.upper(),
                   repay=data.TRUCK.repay)
    if item["where"] == "board":
        return reason("rhein.refuse.truck_on_board", letter=letter.upper())
    if not road_city(where):
        return reason("rhein.refuse.no_road_london")
    if not 1 <= count <= data.TRUCK.capacity:
        return reason("rhein.refuse.truck_count")
    have = source_count(state, seat, where)
    if count > have:
        if have == 0:
            return no_truck_source(state, seat, letter, where)
        return reason("rhein.refuse.only_in_city", count=have, city=city(where))
    return cannot_pay(state, seat, count, "rhein.cost.load", n=count)


def no_truck_source(state: State, seat: int, letter: str, where: int) -> Reason:
    """A truck placed where the seat has no containers: "You have only 0 containers in that
    city" named neither the city nor where a truck may start. The places are those where
    placing it with 1 passes :func:`check_truck`, the check legal() asks."""
    starts = [start_place(start) for start in truck_start_cities(state, seat)
              if check_truck(state, seat, {"type": "truck", "truck": letter, "city": start,
                                           "n": 1}) is None]
    if not starts:
        return reason("rhein.refuse.none_in_city.nowhere", city=city(where),
                      letter=letter.upper())
    return reason("rhein.refuse.none_in_city", city=city(where), letter=letter.upper(),
                  starts=starts)


def start_place(where: int) -> Msg | str:
    """Where a truck may start, as a refusal lists it: Basel's containers are the warehouse."""
    return msg("rhein.refuse.start_basel") if where == data.BASEL else city(where)


def truck_start_cities(state: State, seat: int) -> list[int]:
    """The cities where ``seat`` has containers, Basel (the warehouse) first: the only
    places a truck could be put on the board (R22)."""
    return [where for where in range(data.MAX_POSITION + 1)
            if source_count(state, seat, where) > 0]


def do_truck(state: State, seat: int, action: Action, log: Log) -> None:
    letter, where, count = action["truck"], action["city"], action["n"]
    change_capital(state, seat, -count)
    take_from_source(state, seat, where, count)
    truck(state, seat, letter).update(where="board", pos=where, load=count, moved=False)
    log.append(msg("rhein.log.truck", player=player(seat), letter=letter.upper(),
                   city=city(where), count=count))


# --- Phase 3 -----------------------------------------------------------------------------


def check_reserve(state: State, seat: int, action: Action) -> Reason | None:
    key, where = action["transport"], action["city"]
    if key in data.TRUCK_LETTERS:
        return reason("rhein.refuse.reserve_truck", letter=key.upper())
    unknown = unknown_transport(state, key)
    if unknown is not None:
        return unknown
    if key not in state["transports"]:
        return not_in_this_game(state, key)
    what = spec(key)
    if where == data.BASEL:
        return reason("rhein.refuse.reserve_basel")
    if not serves(where, what.kind):
        return reason("rhein.refuse.no_service", city=city(where),
                   service=reason(f"rhein.service.{what.kind}"))
    item = state["transports"][key]
    if city_of(state, key) == where and not on_mat(state, key):
        return reason("rhein.refuse.already_there", transport=transport_why(key, "subject"),
                   city=city(where))
    if item["load"][seat] < 1:
        return reason("rhein.refuse.need_aboard", transport=transport_why(key, "dat"))
    if where in item["markers"]:
        return reason("rhein.refuse.marker_there", transport=transport_why(key, "subject"),
                   city=city(where))
    if len(item["markers"]) >= what.markers:
        return reason("rhein.refuse.no_markers", transport=transport_why(key, "subject"))
    return cannot_pay(state, seat, what.cost, "rhein.cost.reserve")


def do_reserve(state: State, seat: int, action: Action, log: Log) -> None:
    key, where = action["transport"], action["city"]
    change_capital(state, seat, -spec(key).cost)
    state["transports"][key]["markers"].append(where)
    # who reserved which stop: public (the reservation is announced), shown on the board's
    # flag; JSON keys are strings. Older saved games lack it and show flags without owner.
    state["transports"][key].setdefault("reserved_by", {})[str(where)] = seat
    log.append(msg("rhein.log.reserve", player=player(seat), transport=transport(key, "acc"),
                   city=city(where), cost=spec(key).cost))


# --- Phase 4 -----------------------------------------------------------------------------


def check_unload(state: State, seat: int, action: Action) -> Reason | None:
    key, count = action["transport"], action["n"]
    if count < 1:
        return reason("rhein.refuse.unload_min")
    if state["step"] == "trucks":
        if key not in data.TRUCK_LETTERS:
            return reason("rhein.refuse.only_trucks")
        item = truck(state, seat, key)
        if item["where"] != "board" or not item["moved"]:
            return reason("rhein.refuse.truck_unload_where")
        if count > item["load"]:
            return reason("rhein.refuse.truck_carries", letter=key.upper(), load=item["load"])
        return None
    stop = state["stop"]
    if key != stop["transport"]:
        return reason("rhein.refuse.only_stop", transport=transport_why(stop["transport"], "nom"))
    if count > state["transports"][key]["load"][seat]:
        return short_of("rhein.refuse.only_aboard", state["transports"][key]["load"][seat])
    return None


def do_unload(state: State, seat: int, action: Action, log: Log) -> None:
    key, count = action["transport"], action["n"]
    if key in data.TRUCK_LETTERS:
        item = truck(state, seat, key)
        item["load"] -= count
        where = item["pos"]
        park_if_empty(state, seat, key)
    else:
        state["transports"][key]["load"][seat] -= count
        where = state["stop"]["city"]
    if where == data.BASEL:
        state["warehouse"][seat] += count
    else:
        state["lying"][seat][where] += count
    log.append(msg("rhein.log.unload", player=player(seat), count=count, city=city(where)))


def check_transfer(state: State, seat: int, action: Action) -> Reason | None:
    source, target, count = action["from"], action["to"], action["n"]
    stop = state["stop"]
    if source != stop["transport"]:
        return reason("rhein.refuse.only_stop", transport=transport_why(stop["transport"], "nom"))
    if count < 1:
        return reason("rhein.refuse.transfer_min")
    if count > state["transports"][source]["load"][seat]:
        return short_of("rhein.refuse.only_aboard", state["transports"][source]["load"][seat])
    where = stop["city"]
    if target in data.TRUCK_LETTERS:
        return check_transfer_truck(state, seat, target, where, count)
    if target == source:
        return reason("rhein.refuse.other_transport")
    unknown = unknown_transport(state, target)
    if unknown is not None:
        return unknown
    if target not in state["transports"] or on_mat(state, target) or \
            city_of(state, target) != where:
        return reason("rhein.refuse.not_in_city", transport=transport_why(target, "subject"),
                   city=city(where))
    if count > free_space(state, target):
        return short_of("rhein.refuse.free_space", free_space(state, target),
                        transport=transport_why(target, "subject"))
    return None


def check_transfer_truck(state: State, seat: int, letter: str, where: int,
                         count: int) -> Reason | None:
    if not road_city(where):
        return reason("rhein.refuse.no_trucks_london")
    item = truck(state, seat, letter)
    if item["where"] == "mortgaged":
        return reason("rhein.refuse.truck_mortgaged", letter=letter.upper(),
                   repay=data.TRUCK.repay)
    if item["where"] == "board" and item["pos"] != where:
        return reason("rhein.refuse.truck_not_in", letter=letter.upper(), city=city(where))
    room = data.TRUCK.capacity - item["load"]
    if count > room:
        if room == 0:
            return reason("rhein.refuse.truck_full", letter=letter.upper())
        return reason("rhein.refuse.truck_room", letter=letter.upper(), room=room)
    return None


def do_transfer(state: State, seat: int, action: Action, log: Log) -> None:
    source, target, count = action["from"], action["to"], action["n"]
    state["transports"][source]["load"][seat] -= count
    if target in data.TRUCK_LETTERS:
        item = truck(state, seat, target)
        if item["where"] == "reserve":
            item.update(where="board", pos=state["stop"]["city"], load=0, moved=False)
        item["load"] += count
    else:
        state["transports"][target]["load"][seat] += count
    log.append(msg("rhein.log.transfer", player=player(seat), count=count,
                   source=transport(source, "dat"), target=vehicle(target, "acc")))


def check_move(state: State, seat: int, action: Action) -> Reason | None:
    letter, where = action["truck"], action["city"]
    item = truck(state, seat, letter)
    if item["where"] != "board":
        return reason("rhein.refuse.truck_not_board", letter=letter.upper())
    if item["moved"]:
        return reason("rhein.refuse.truck_moved", letter=letter.upper())
    if not road_city(where):
        return reason("rhein.refuse.no_road_london")
    if not 1 <= abs(where - item["pos"]) <= data.TRUCK.speed:
        return reason("rhein.refuse.truck_range")
    return cannot_pay(state, seat, data.TRUCK.move_cost, "rhein.cost.move")


def do_move(state: State, seat: int, action: Action, log: Log) -> None:
    letter, where = action["truck"], action["city"]
    change_capital(state, seat, -data.TRUCK.move_cost)
    truck(state, seat, letter).update(pos=where, moved=True)
    log.append(msg("rhein.log.move", player=player(seat), letter=letter.upper(),
                   city=city(where), cost=data.TRUCK.move_cost))


# --- Phase 5 -----------------------------------------------------------------------------


def check_fulfil(state: State, seat: int, action: Action) -> Reason | None:
    order = open_order(state, seat, action["card"])
    if order is None:
        return reason("rhein.refuse.not_open", card=action["card"])
    the_card = card(action["card"])
    if the_card.city != state["city"]:
        return reason("rhein.refuse.wrong_city", card=action["card"], city=city(the_card.city),
                   current=city(state["city"]))
    quantities = [q for q, _ in the_card.options]
    if action["n"] not in quantities:
        return reason("rhein.refuse.quantities", card=action["card"], listed=quantities)
    lying = state["lying"][seat][the_card.city]
    if action["n"] > lying:
        return short_of("rhein.refuse.only_lying", lying, city=city(the_card.city))
    return None


def do_fulfil(state: State, seat: int, action: Action, log: Log) -> None:
    the_card = card(action["card"])
    income = dict(the_card.options)[action["n"]]
    state["lying"][seat][the_card.city] -= action["n"]
    state["warehouse"][seat] += action["n"]
    change_capital(state, seat, income)
    state["orders"][seat].remove(open_order(state, seat, action["card"]))
    state["fulfilled"][seat].append(action["card"])
    log.append(msg("rhein.log.fulfil", player=player(seat), card=action["card"],
                   count=action["n"], income=income))


# --- any turn ----------------------------------------------------------------------------


def check_mortgage(state: State, seat: int, action: Action) -> Reason | None:
    item = truck(state, seat, action["truck"])
    if item["where"] == "mortgaged":
        return reason("rhein.refuse.already_mortgaged", letter=action["truck"].upper())
    if item["where"] == "board":
        return reason("rhein.refuse.mortgage_board")
    return None


def do_mortgage(state: State, seat: int, action: Action, log: Log) -> None:
    mortgage(state, seat, action["truck"])
    log.append(msg("rhein.log.mortgage", player=player(seat), letter=action["truck"].upper(),
                   amount=data.TRUCK.mortgage))


def mortgage(state: State, seat: int, letter: str) -> None:
    truck(state, seat, letter)["where"] = "mortgaged"
    change_capital(state, seat, data.TRUCK.mortgage)


def repay(state: State, seat: int, letter: str) -> None:
    truck(state, seat, letter)["where"] = "reserve"
    change_capital(state, seat, -data.TRUCK.repay)


def check_repay(state: State, seat: int, action: Action) -> Reason | None:
    if truck(state, seat, action["truck"])["where"] != "mortgaged":
        return reason("rhein.refuse.not_mortgaged", letter=action["truck"].upper())
    return cannot_pay(state, seat, data.TRUCK.repay, "rhein.cost.repay")


def do_repay(state: State, seat: int, action: Action, log: Log) -> None:
    repay(state, seat, action["truck"])
    log.append(msg("rhein.log.repay", player=player(seat), letter=action["truck"].upper(),
                   amount=data.TRUCK.repay))


def check_done(state: State, seat: int, action: Action) -> Reason | None:
    return None


def do_done(state: State, seat: int, action: Action, log: Log) -> None:
    if state["step"] == "stop":
        log.append(stop_done_line(state, seat))
    else:
        log.append(done_line(state["step"], seat))
    flow.end_turn(state, log)


def stop_done_line(state: State, seat: int) -> Msg:
    """A seat's ``done`` at a stop says what stays aboard, where: "keeps the rest aboard"
    read as if part had been unloaded when nothing was, and named no transport or city.
    Whether the seat unloaded here is in no state, so the line holds for both."""
    key, where = state["stop"]["transport"], state["stop"]["city"]
    return msg("rhein.log.done.stop", player=player(seat),
               count=state["transports"][key]["load"][seat], transport=transport(key, "dat"),
               city=city(where))


Check = Callable[[State, int, Action], "Reason | None"]
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
    # Only counts that fit the transport, the containers at hand and the Capital to pay for
    # them (R47): legal() checks every candidate, and this step is the one a hard AI's
    # playouts visit most.
    for key in in_game(state):
        where = city_of(state, key)
        if where is None:
            continue
        most = min(free_space(state, key), source_count(state, seat, where),
                   capital(state, seat))
        for count in range(1, most + 1):
            yield {"type": "load", "transport": key, "n": count}
    for letter in data.TRUCK_LETTERS:
        item = truck(state, seat, letter)
        if item["where"] == "board":
            yield {"type": "load", "transport": letter, "n": 1}
        elif item["where"] == "reserve":
            for city in truck_start_cities(state, seat):
                for count in (1, 2):
                    yield {"type": "truck", "truck": letter, "city": city, "n": count}
    yield {"type": "done"}


def reserve_candidates(state: State, seat: int) -> Iterator[Action]:
    for key in in_game(state):
        if state["transports"][key]["load"][seat]:
            kind = spec(key).kind
            for city in data.CITIES[1:]:
                if kind in city.services:  # check_reserve refuses the others
                    yield {"type": "reserve", "transport": key, "city": city.number}
    yield {"type": "done"}


def stop_candidates(state: State, seat: int) -> Iterator[Action]:
    key = state["stop"]["transport"]
    aboard = state["transports"][key]["load"][seat]
    for count in range(1, aboard + 1):
        yield {"type": "unload", "transport": key, "n": count}
    where = state["stop"]["city"]
    targets = [other for other in in_game(state)
               if other != key and not on_mat(state, other) and city_of(state, other) == where]
    for target in targets:
        for count in range(1, min(aboard, free_space(state, target)) + 1):
            yield {"type": "transfer", "from": key, "to": target, "n": count}
    for target in data.TRUCK_LETTERS:
        for count in range(1, aboard + 1):
            yield {"type": "transfer", "from": key, "to": target, "n": count}
    yield {"type": "done"}


def truck_candidates(state: State, seat: int) -> Iterator[Action]:
    for letter in data.TRUCK_LETTERS:
        item = truck(state, seat, letter)
        if item["where"] != "board":
            continue
        for place in data.CITIES:
            yield {"type": "move", "truck": letter, "city": place.number}
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


def refusal(state: State, seat: int, action: Action) -> Reason | None:
    """Reason ``action`` is not legal for ``seat`` now, or None when it is."""
    if state["step"] == "over":
        return reason("rhein.refuse.over")
    current = flow.current_seat(state)
    if current != seat:
        return reason("rhein.refuse.turn", player=player(current), step=describe_step(state))
    kind = action.get("type")
    if kind not in HANDLERS:
        return reason("rhein.refuse.not_a_move")
    if kind not in STEP_ACTIONS[state["step"]]:
        return reason("rhein.refuse.not_now", rule=msg(f"rhein.where.{kind}"),
                      step=describe_step(state))
    try:
        found = HANDLERS[kind][0](state, seat, action)
    except (KeyError, TypeError, ValueError, AttributeError):
        return reason("rhein.refuse.not_a_move")
    if found is None and action not in list(candidates(state, seat)):
        found = reason("rhein.refuse.impossible")
    return found


def phase_step(state: State) -> Msg:
    """The phase being played: "Phase 4 (Move and Unload)"."""
    return _phase_step(state["phase"])


@functools.cache  # six phases; the playouts' skipped turns name theirs after every move
def _phase_step(phase: int) -> Msg:
    return msg("rhein.step.phase", phase=phase, name=phase_name(phase))


def describe_step(state: State) -> Msg:
    """The step a refusal names: "Phase 4 (Move and Unload), the red Train stops in Bonn"."""
    phase = phase_step(state)
    step = state["step"]
    if step == "auction":
        return msg("rhein.step.auction", phase=phase)
    if step == "stop":
        stop = state["stop"]
        return msg("rhein.step.stop", phase=phase, transport=transport(stop["transport"], "nom"),
                   city=city(stop["city"]))
    if step == "trucks":
        return msg("rhein.step.trucks", phase=phase)
    if step == "fulfil":
        return msg("rhein.step.fulfil", phase=phase, city=city(state["city"]))
    if step == "take" and state["n"] == 2:
        return msg("rhein.step.pass", phase=phase, number=state["pass"])
    return phase


def perform(state: State, seat: int, action: Action) -> list[Msg]:
    refused = refusal(state, seat, action)
    if refused is not None:
        raise RuleError(worded(refused))
    return perform_legal(state, seat, action)


def perform_legal(state: State, seat: int, action: Action) -> list[Msg]:
    """``perform`` for an action taken from ``legal_actions(state, seat)``: the hard AI's
    playouts play only such moves, and ``refusal`` would list every candidate again."""
    log: Log = []
    turn = flow.turn_of(state)
    HANDLERS[action["type"]][1](state, seat, action, log)
    settle(state, log, acted=(seat, turn))
    return log


# Actions that never change a step by themselves: a turn holding only these is skipped.
QUIET = frozenset({"done", "mortgage", "repay"})


def settle(state: State, log: Log, acted: tuple[int, list] | None = None) -> None:
    """End turns automatically where no choice could change the step (rulings, section 2,
    and issue 15): nothing to take, load, reserve, move, unload, transfer or fulfil, no
    mortgage that would pay for one of those and no repayment that would free a truck for
    one. Mortgaging or repaying alone is left for a turn where it matters, so an empty
    round no longer asks every player for ``done`` nine times.
    The log says whose turn was skipped, and where. ``acted``: the seat that just moved and
    the turn it moved in; when that turn is the one ended here, the seat acted in it and
    can do no more, which the log says instead of "nothing to do"."""
    while state["step"] != "over":
        seat = flow.current_seat(state)
        if seat is None or has_choice(state, seat):
            return
        own = acted is not None and acted == (seat, flow.turn_of(state))
        log_skip(log, skip_line(state, seat, own))
        acted = None
        flow.end_turn(state, log)


# The steps whose turn, ended for want of a choice after the seat acted, has its own line
# (rhein.log.finished.<step>); the others say "can do no more in <step>".
FINISHED_STEPS = ("load", "reserve", "trucks", "fulfil")
# A seat skipped without acting: its line, and the line it becomes when the seats after it
# in the same step are skipped too.
IDLE_ALL = {"rhein.log.idle": "rhein.log.idle_all",
            "rhein.log.idle.trucks": "rhein.log.idle_all.trucks"}


def skip_line(state: State, seat: int, acted: bool) -> Msg:
    """Why ``seat``'s turn ends by itself. A seat that acted in it can do no more ("Blue can
    load no more"): "nothing to do" right after its move read as a contradiction. One that
    did not has nothing to do. Steps the game runs itself (a transport's stop, the trucks'
    turn) are not said as a clause after the seat's name, where "…, the black Train stops
    in Mainz" read as something the seat claimed."""
    step, who = state["step"], player(seat)
    if step == "stop":
        # a seat with containers aboard may always unload: no choice means none aboard
        return msg("rhein.log.finished.stop", player=who,
                   transport=transport(state["stop"]["transport"], "dat"))
    if acted and step == "fulfil":
        return msg("rhein.log.finished.fulfil", player=who, city=city(state["city"]))
    if acted:
        return msg(f"rhein.log.finished.{step}", player=who) if step in FINISHED_STEPS \
            else msg("rhein.log.finished", player=who, step=describe_step(state))
    if step == "trucks":
        return msg("rhein.log.idle.trucks", player=who, step=phase_step(state))
    return msg("rhein.log.idle", player=who, step=describe_step(state))


def log_skip(log: Log, line: Msg) -> None:
    """Log a skipped turn (``skip_line``). The channel posts a move's lines as one text, so
    seats skipped one after another without acting in the same step share one line
    ("Yellow and Blue have nothing to do in Phase 3") instead of repeating it for each."""
    before = skipped_in(log[-1], line) if log and line.key in IDLE_ALL else []
    if not before:
        log.append(line)
        return
    log[-1] = msg(IDLE_ALL[line.key], players=joined([*before, line.params["player"]]),
                  step=line.params["step"])


def skipped_in(earlier: Msg, line: Msg) -> list[Msg]:
    """The seats ``earlier`` says had nothing to do where ``line`` says it (none for any
    other line)."""
    if getattr(earlier, "key", None) not in (line.key, IDLE_ALL[line.key]) \
            or to_json(earlier.params["step"]) != to_json(line.params["step"]):
        return []
    if "player" in earlier.params:
        return [earlier.params["player"]]
    return parts(earlier.params["players"])


def has_choice(state: State, seat: int) -> bool:
    """Whether ``seat``'s turn holds an action of the step itself, or a mortgage (of one
    truck or both) or a repayment after which one would be legal. The rulebook lets a
    player repay "during his own turn, in any phase", so a turn whose only way to act is
    "repay a truck, then place it" must be given, not skipped."""
    if step_choice(state, seat):
        return True
    if flow.current_seat(state) != seat:
        return False
    for trial in quiet_trials(state, seat):
        work = mortgage_trial(state, seat)  # a trial only: the state stays as it is
        for kind, letter in trial:
            quiet_change(work, seat, kind, letter)
        if step_choice(work, seat):
            return True
    return False


def quiet_trials(state: State, seat: int) -> list[list[tuple[str, str]]]:
    """The mortgages (of one truck or both) and single repayments ``seat`` may make now.
    Repaying both is not tried: a repaid truck can only be placed, and placing one is
    already a choice, while the second repayment only costs Capital."""
    mortgages = [letter for letter in data.TRUCK_LETTERS
                 if check_mortgage(state, seat, {"type": "mortgage", "truck": letter}) is None]
    repays = [letter for letter in data.TRUCK_LETTERS
              if check_repay(state, seat, {"type": "repay", "truck": letter}) is None]
    trials = [[("mortgage", letter)] for letter in mortgages]
    if len(mortgages) > 1:
        trials.append([("mortgage", letter) for letter in mortgages])
    return trials + [[("repay", letter)] for letter in repays]


def quiet_change(state: State, seat: int, kind: str, letter: str) -> None:
    """A trial's mortgage or repayment, unlogged: a trial's log line is never read."""
    (mortgage if kind == "mortgage" else repay)(state, seat, letter)


def step_choice(state: State, seat: int) -> bool:
    """Whether ``legal_actions(state, seat)`` holds an action that is not ``QUIET``; stops
    at the first one, as settle() asks this after every move of every playout."""
    if flow.current_seat(state) != seat:
        return False
    return any(a["type"] not in QUIET and HANDLERS[a["type"]][0](state, seat, a) is None
               for a in candidates(state, seat))


def mortgage_trial(state: State, seat: int) -> State:
    """A copy of ``state`` that ``mortgage`` and ``repay`` may change: each moves the seat's
    Capital marker (capital, stamp, clock) and one of its trucks, nothing else."""
    work = dict(state)
    work["capital"] = list(state["capital"])
    work["stamp"] = list(state["stamp"])
    work["trucks"] = list(state["trucks"])
    work["trucks"][seat] = {letter: dict(item) for letter, item in state["trucks"][seat].items()}
    return work
