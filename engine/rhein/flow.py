"""The automatic part of a round: set-up, sequences of turns, movement, end of round, scoring.

Each phase is a step with a sequence of turns (``state["seq"]``); when a sequence ends, the
next step starts. Phase 4 movement and Phase 6 run by themselves and only pause at a stop
where players have a decision (R28, R32).
"""

from __future__ import annotations

from engine.core import State, new_rng, rng_shuffle
from engine.rhein import data, words
from engine.rhein.state import (
    alive,
    auction_order,
    card,
    change_capital,
    city_of,
    in_game,
    load_total,
    spec,
    turn_order,
)
from engine.rhein.words import player
from engine.text import Msg, msg

Log = list[Msg]


def setup_state(num_players: int, options: dict, seed: int) -> State:
    rng = new_rng(seed)
    stack = list(range(num_players))
    rng_shuffle(rng, stack)  # R3: the first drawn is on top
    stamp = [0] * num_players
    for height, seat in enumerate(reversed(stack)):
        stamp[seat] = height + 1
    deck = [c.id for c in data.CARDS]
    rng_shuffle(rng, deck)
    box = [deck.pop() for _ in range(data.SETUP_DISCARDS[num_players])]
    removed = data.REMOVED_TRANSPORTS[num_players]
    transports = {
        t.key: {"pos": None, "load": [0] * num_players, "markers": []}
        for t in data.TRANSPORTS
        if t.key not in removed
    }
    empty_truck = {"where": "reserve", "pos": None, "load": 0, "moved": False}
    state: State = {
        "game": "rhein",
        "n": num_players,
        "options": dict(options),
        "rng": rng,
        "reveals": 0,
        "round": 1,
        "rounds": data.ROUNDS[num_players],
        "phase": 1,
        "step": "take",
        "seq": {"order": [], "i": 0},
        "pass": 1,
        "auction": None,
        "stop": None,
        "move": None,
        "city": None,
        "capital": [data.START_CAPITAL] * num_players,
        "stamp": stamp,
        "clock": num_players,
        "out": [None] * num_players,
        "warehouse": [data.CONTAINERS] * num_players,
        "lying": [[0] * (data.MAX_POSITION + 1) for _ in range(num_players)],
        "trucks": [{letter: dict(empty_truck) for letter in data.TRUCK_LETTERS}
                   for _ in range(num_players)],
        "transports": transports,
        "deck": deck,
        "box": box,
        "list": [],
        "discards": [],
        "orders": [[] for _ in range(num_players)],
        "fulfilled": [[] for _ in range(num_players)],
        "retook": [False] * num_players,
        "took": [False] * num_players,
        "first_pass_took": [True] * num_players,
        "final": None,
    }
    # R7: the deck must run out exactly in the last round.
    assert len(deck) == data.REVEALED[num_players] * state["rounds"]
    start_round(state, [])
    return state


def current_seat(state: State) -> int | None:
    if state["step"] == "over":
        return None
    if state["step"] == "auction":
        return state["auction"]["turn"]
    seq = state["seq"]
    return seq["order"][seq["i"]] if seq["i"] < len(seq["order"]) else None


def turn_of(state: State) -> list:
    """Which turn is being played: changes whenever a turn ends, even when the same seat
    holds the next one."""
    stop = state["stop"]
    return [state["round"], state["phase"], state["step"], state["pass"],
            None if stop is None else dict(stop), state["city"], state["seq"]["i"],
            list(state["seq"]["order"])]


def begin_sequence(state: State, step: str, order: list[int]) -> None:
    state["step"] = step
    state["seq"] = {"order": order, "i": 0}


def end_turn(state: State, log: Log) -> None:
    """The current player is done with this sequence; move on, or end the sequence."""
    state["seq"]["i"] += 1
    if state["seq"]["i"] < len(state["seq"]["order"]):
        return
    ENDS[state["step"]](state, log)


# --- Phase 1 -----------------------------------------------------------------------------


def enter_phase(state: State, number: int, log: Log) -> None:
    """Phase ``number`` begins. The log says so before the phase's automatic events: the
    channel heads them with it, where a move's lines all went under the phase it was made
    in ("The red Plane stops in Düsseldorf" ended Phase 3)."""
    state["phase"] = number
    log.append(msg("rhein.log.phase", phase=words.phase_title(state)))


def start_round(state: State, log: Log) -> None:
    enter_phase(state, 1, log)
    state["retook"] = [False] * state["n"]
    count = data.REVEALED[state["n"]]
    state["list"] = [state["deck"].pop(0) for _ in range(min(count, len(state["deck"])))]
    state["reveals"] += len(state["list"])
    log.append(msg("rhein.log.revealed", round=state["round"], cards=list(state["list"])))
    if state["round"] == 1:
        state["took"] = [False] * state["n"]
        start_auction(state, log)
    else:
        start_take_pass(state, 1)


def start_take_pass(state: State, number: int) -> None:
    state["pass"] = number
    if number == 2:
        state["first_pass_took"] = list(state["took"])
    state["took"] = [False] * state["n"]
    begin_sequence(state, "take", turn_order(state))


def end_take_pass(state: State, log: Log) -> None:
    if state["n"] == 2 and state["pass"] == 1:
        start_take_pass(state, 2)
    else:
        start_load(state, log)


def start_auction(state: State, log: Log) -> None:
    """R10-R12: a new auction among players still without an order this round."""
    pool = [seat for seat in alive(state) if not state["took"][seat]]
    if not pool:
        state["auction"] = None
        if state["n"] == 2:
            start_take_pass(state, 2)  # R13: the second cards as usual
        else:
            start_load(state, log)
        return
    order = auction_order(state, pool)
    state["step"] = "auction"
    state["auction"] = {"players": order, "card": None, "bid": None, "high": None,
                        "passed": [], "turn": order[0], "lone": len(order) == 1}


def next_bidder(state: State, log: Log) -> None:
    auction = state["auction"]
    remaining = [s for s in auction["players"] if s not in auction["passed"]]
    if len(remaining) == 1:
        win_auction(state, remaining[0], log)
        return
    players = auction["players"]
    index = players.index(auction["turn"])
    for step in range(1, len(players) + 1):
        candidate = players[(index + step) % len(players)]
        if candidate not in auction["passed"]:
            auction["turn"] = candidate
            return


def win_auction(state: State, seat: int, log: Log) -> None:
    auction = state["auction"]
    change_capital(state, seat, -auction["bid"])
    give_order(state, seat, auction["card"], second=False)
    log.append(msg("rhein.log.wins", player=player(seat), card=auction["card"],
                   bid=auction["bid"]))
    start_auction(state, log)


def tokens_for(state: State, card_id: int, second: bool) -> int | None:
    """R15, R16, R17, R9: time tokens placed on a newly taken order."""
    options = state["options"]
    if options.get("relax"):
        return None
    tokens = card(card_id).time
    if options.get("under_pressure") or second:
        tokens -= 1  # never -2 (R16)
    return max(0, tokens)


def give_order(state: State, seat: int, card_id: int, second: bool) -> None:
    if card_id in state["list"]:
        state["list"].remove(card_id)
    state["orders"][seat].append({"card": card_id, "tokens": tokens_for(state, card_id, second)})
    state["took"][seat] = True


# --- Phases 2 and 3 ----------------------------------------------------------------------


def start_load(state: State, log: Log) -> None:
    enter_phase(state, 2, log)
    begin_sequence(state, "load", turn_order(state))


def end_load(state: State, log: Log) -> None:
    enter_phase(state, 3, log)
    begin_sequence(state, "reserve", turn_order(state))


def end_reserve(state: State, log: Log) -> None:
    start_moves(state, log)


# --- Phase 4 -----------------------------------------------------------------------------


def start_moves(state: State, log: Log) -> None:
    enter_phase(state, 4, log)
    for key in in_game(state):
        transport = state["transports"][key]
        if transport["pos"] is not None and not transport["markers"]:
            transport["pos"] = None  # R26: back to its mat, passengers aboard
            log.append(msg("rhein.log.no_reservation",
                           transport=words.transport(key, "subject")))
    for key in in_game(state):
        transport = state["transports"][key]
        # R31: Phase 3 never marks the current city and a move ends before its target.
        assert transport["pos"] is None or transport["pos"] not in transport["markers"], key
    for trucks in state["trucks"]:
        for item in trucks.values():
            item["moved"] = False
    state["move"] = {"queue": in_game(state), "current": None, "points": 0, "stops": 0}
    run_movement(state, log)


def next_target(markers: list[int], position: int) -> int:
    """R29 step 3: nearest marker above, else nearest below."""
    higher = [m for m in markers if m > position]
    return min(higher) if higher else max(markers)


def run_movement(state: State, log: Log) -> None:
    """Move the shared transports in initiative order until a stop needs decisions (R28)."""
    move = state["move"]
    while True:
        if move["current"] is None:
            if not move["queue"]:
                start_trucks(state, log)
                return
            key = move["queue"].pop(0)
            if not departs(state, key):
                continue
            if state["transports"][key]["pos"] is None:
                state["transports"][key]["pos"] = data.BASEL
            move.update(current=key, points=spec(key).speed, stops=0)
        if advance_transport(state, log):
            return


def departs(state: State, key: str) -> bool:
    """R27: from its mat only with a marker on the board and the minimum load."""
    transport = state["transports"][key]
    if transport["pos"] is not None:
        return True
    return bool(transport["markers"]) and load_total(state, key) >= spec(key).min_load


def advance_transport(state: State, log: Log) -> bool:
    """One leg of the current transport; True when a stop waits for players."""
    move = state["move"]
    key = move["current"]
    transport = state["transports"][key]
    if not transport["markers"] or move["stops"] >= spec(key).stops:
        move["current"] = None
        return False
    position = transport["pos"]
    target = next_target(transport["markers"], position)
    distance = abs(target - position)
    if distance > move["points"]:
        direction = 1 if target > position else -1
        transport["pos"] = position + direction * move["points"]
        move["points"] = 0
        move["current"] = None
        stopped = city_of(state, key) is not None
        place = words.city(transport["pos"]) if stopped else msg("rhein.transit")
        log.append(msg("rhein.log.ends_move", transport=words.transport(key, "subject"),
                       pos=transport["pos"], place=place))
        return False
    transport["pos"] = target
    move["points"] -= distance
    move["stops"] += 1
    log.append(msg("rhein.log.stops", transport=words.transport(key, "subject"),
                   city=words.city(target)))
    players = [seat for seat in turn_order(state) if transport["load"][seat] > 0]
    state["stop"] = {"transport": key, "city": target}
    if players:
        begin_sequence(state, "stop", players)
        return True
    finish_stop(state)
    return False


def finish_stop(state: State) -> None:
    stop = state["stop"]
    state["transports"][stop["transport"]]["markers"].remove(stop["city"])
    state["transports"][stop["transport"]].get("reserved_by", {}).pop(str(stop["city"]), None)
    state["stop"] = None


def end_stop(state: State, log: Log) -> None:
    finish_stop(state)
    run_movement(state, log)


def start_trucks(state: State, log: Log) -> None:
    state["move"] = None
    players = [seat for seat in turn_order(state)
               if any(item["where"] == "board" for item in state["trucks"][seat].values())]
    if players:
        begin_sequence(state, "trucks", players)
    else:
        start_fulfil(state, log)


def end_trucks(state: State, log: Log) -> None:
    start_fulfil(state, log)


# --- Phase 5 -----------------------------------------------------------------------------


def can_fulfil(state: State, seat: int, city: int) -> bool:
    lying = state["lying"][seat][city]
    return any(card(order["card"]).city == city and
               any(q <= lying for q, _ in card(order["card"]).options)
               for order in state["orders"][seat])


def start_fulfil(state: State, log: Log) -> None:
    enter_phase(state, 5, log)
    state["city"] = data.MAX_POSITION + 1
    next_fulfil_city(state, log)


def next_fulfil_city(state: State, log: Log) -> None:
    """R41: cities from London down; in each, players able to fulfil, in turn order."""
    # Only an order's own city can see a fulfilment: the others are passed over without
    # asking every seat (this runs after each fulfilment of every playout).
    ordered = {card(order["card"]).city for orders in state["orders"] for order in orders}
    while state["city"] > 0:
        state["city"] -= 1
        city = state["city"]
        if city not in ordered:
            continue
        players = [seat for seat in turn_order(state) if can_fulfil(state, seat, city)]
        if players:
            begin_sequence(state, "fulfil", players)
            return
    state["city"] = None
    end_of_round(state, log)


def end_fulfil(state: State, log: Log) -> None:
    next_fulfil_city(state, log)


# --- Phase 6 -----------------------------------------------------------------------------


def payment_order(state: State) -> list[int]:
    """R4: simultaneous payments from the last in turn order to the first."""
    return list(reversed(turn_order(state)))


def mandatory_payment(state: State, seat: int, amount: int, what: Msg, log: Log) -> None:
    """R49, R50: forced mortgages (truck A before B), then pay or go bankrupt."""
    if amount <= 0 or state["out"][seat] is not None:
        return
    for letter in data.TRUCK_LETTERS:
        item = state["trucks"][seat][letter]
        if state["capital"][seat] >= amount:
            break
        if item["where"] == "reserve":
            item["where"] = "mortgaged"
            change_capital(state, seat, data.TRUCK.mortgage)
            log.append(msg("rhein.log.must_mortgage", player=player(seat),
                           letter=letter.upper(), amount=data.TRUCK.mortgage))
    if state["capital"][seat] >= amount:
        change_capital(state, seat, -amount)
        log.append(msg("rhein.log.pays", player=player(seat), amount=amount, what=what))
        return
    go_bankrupt(state, seat, amount, what, log)


def go_bankrupt(state: State, seat: int, amount: int, what: Msg, log: Log) -> None:
    """R51: the player leaves with everything theirs; markers stay with the transports.
    The line says what went unpaid and what the player had: "cannot pay" alone left the
    table guessing, with no payment line before it."""
    have = state["capital"][seat]
    state["out"][seat] = state["round"]
    state["lying"][seat] = [0] * (data.MAX_POSITION + 1)
    for transport in state["transports"].values():
        transport["load"][seat] = 0
    for item in state["trucks"][seat].values():
        if item["where"] == "board":
            item.update(where="reserve", pos=None, load=0, moved=False)
    state["orders"][seat] = []
    log.append(msg("rhein.log.bankrupt", player=player(seat), amount=amount, what=what,
                   have=have))


def end_of_round(state: State, log: Log) -> None:
    """R42: the six steps of Phase 6, then the next round or the end."""
    enter_phase(state, 6, log)
    state["discards"].extend(state["list"])
    state["list"] = []
    if not state["options"].get("relax"):
        expire_orders(state, log)
    unload_in_basel(state, log)
    return_empty(state, log)
    for seat in payment_order(state):
        storage = storage_due(state, seat)
        if storage:
            mandatory_payment(state, seat, storage, msg("rhein.pay.storage", count=storage), log)
    if len(alive(state)) <= 1 or state["round"] == state["rounds"]:
        final_scoring(state, log)
        return
    state["round"] += 1
    start_round(state, log)


def unload_in_basel(state: State, log: Log) -> None:
    """R44: shared transports still on their mats give their containers back to the
    warehouses, all named in one line (seven lines of them read as noise)."""
    unloaded = [key for key in in_game(state) if state["transports"][key]["pos"] is None
                and any(state["transports"][key]["load"])]
    back = [0] * state["n"]
    for key in unloaded:
        transport = state["transports"][key]
        for seat, count in enumerate(transport["load"]):
            state["warehouse"][seat] += count
            back[seat] += count
        transport["load"] = [0] * state["n"]
    if unloaded:
        names = [words.transport(key, "nom") for key in unloaded[1:]]
        # whose containers: a player who loaded them learnt nothing of losing the trip
        owners = [msg("rhein.log.basel_owner", count=count, player=player(seat))
                  for seat, count in enumerate(back) if count]
        log.append(msg("rhein.log.still_in_basel", count=len(unloaded), transports=words.joined(
            [words.transport(unloaded[0], "subject"), *names]), owners=words.joined(owners)))


def return_empty(state: State, log: Log) -> None:
    """R42 step 4: empty shared transports without a marker go back to their mats, named in
    one line."""
    back = [key for key in in_game(state) if state["transports"][key]["pos"] is not None
            and not any(state["transports"][key]["load"])
            and not state["transports"][key]["markers"]]
    for key in back:
        state["transports"][key]["pos"] = None
    if back:
        log.append(msg("rhein.log.empty_back", transports=words.joined(
            [words.transport(key, "nom") for key in back])))


def expiring(state: State, seat: int) -> list[dict]:
    """The seat's orders that expire in this round's Phase 6: each loses a time token there,
    and one left with none expires (an order taken with none left too); none under the
    relaxed rules (R18)."""
    if state["options"].get("relax"):
        return []
    return [order for order in state["orders"][seat] if order["tokens"] <= 1]


def storage_due(state: State, seat: int) -> int:
    """What the seat's containers lying unloaded in cities cost in Phase 6 (R42)."""
    return sum(state["lying"][seat][1:])


def expire_orders(state: State, log: Log) -> None:
    due: dict[int, int] = {}
    for seat in alive(state):
        gone = [id(order) for order in expiring(state, seat)]
        keep = []
        for order in state["orders"][seat]:
            order["tokens"] = max(0, order["tokens"] - 1)
            if id(order) in gone:
                due[seat] = due.get(seat, 0) + card(order["card"]).penalty
                state["discards"].append(order["card"])
                log.append(msg("rhein.log.expires", player=player(seat), card=order["card"]))
            else:
                keep.append(order)
        state["orders"][seat] = keep
    for seat in payment_order(state):
        if due.get(seat):
            mandatory_payment(state, seat, due[seat], msg("rhein.pay.expired"), log)


def final_scoring(state: State, log: Log) -> None:
    """R55: penalties of open orders, 1 per container aboard, 9 per mortgaged truck."""
    final = {}
    for seat in alive(state):
        penalties = sum(card(order["card"]).penalty for order in state["orders"][seat])
        aboard = sum(t["load"][seat] for t in state["transports"].values())
        aboard += sum(item["load"] for item in state["trucks"][seat].values())
        mortgaged = sum(item["where"] == "mortgaged" for item in state["trucks"][seat].values())
        mortgages = data.TRUCK.mortgaged_at_end * mortgaged
        score = state["capital"][seat] - penalties - aboard - mortgages
        final[str(seat)] = {"capital": state["capital"][seat], "penalties": penalties,
                            "aboard": aboard, "mortgages": mortgages, "score": score,
                            "fulfilled": len(state["fulfilled"][seat])}
        log.append(msg("rhein.log.final", player=player(seat), capital=state["capital"][seat],
                       penalties=penalties, aboard=aboard, mortgages=mortgages, score=score))
    state["final"] = final
    state["step"] = "over"
    state["seq"] = {"order": [], "i": 0}


ENDS = {
    "take": end_take_pass,
    "load": end_load,
    "reserve": end_reserve,
    "stop": end_stop,
    "trucks": end_trucks,
    "fulfil": end_fulfil,
}
