"""Rhein's additions to the front doors: a seat's own business in ``/game hand`` and turn
prompt buttons chosen for the seat's open orders.

``/game hand`` listed only the moves and the face-down fulfilled orders, so a player deciding
what to take, load, reserve or unload had to find their Capital, orders and containers on a
board picture a phone shows too small. Everything here comes from the public view.

The prompt's buttons were spread over kinds of move by label alone: a seat whose only order
goes to Frankfurt got reserve buttons for Strasbourg, Karlsruhe, Mannheim and Mainz, and the
two mortgages took two of the five channel buttons in every step, where one tap mortgages a
truck. Moves that serve an open order now come first, and the mortgages (and repays) get a
button only when the seat can afford nothing else; typed moves and autocomplete still offer
them.

A payment that leaves a seat unable to pay this round's Phase 6 is asked about first
(:func:`phase6_warning`): the move is played on a copy of the state, since what it costs and
which orders it brings are the engine's to say.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from bot.i18n import language
from bot.service import rhein_steps
from bot.service.extras import MAX_BUTTONS, STEP_ENDS, Extras, Pick
from bot.service.move_lists import LISTED, spread
from engine.core import Action, Game, State
from engine.rhein import data, flow
from engine.rhein.words import city, joined
from engine.text import DEFAULT, Msg, msg, say
from render.board_text.rhein import display, order_options

MONEY = ("mortgage", "repay")


def holdings(game: Game, state: State, seat: int, lang: str) -> list[str]:
    view = game.view(state, seat)
    me = next(p for p in view["players"] if p["seat"] == seat)
    relax = bool(view["options"].get("relax"))
    lines: list[Msg] = [msg("extras.rhein.capital", capital=me["capital"],
                            count=me["warehouse"])]
    if me["orders"]:
        lines += [_order(order, relax, lang) for order in me["orders"]]
    else:
        lines.append(msg("extras.rhein.no_orders"))
    if view.get("orders_list"):
        # the take buttons read "2→11 3→16", said nowhere: here in words, once
        lines.append(display(view["orders_list"], lang))
    lying = [msg("extras.rhein.in_city", count=n, city=city(int(c)))
             for c, n in sorted(me["lying"].items(), key=lambda item: int(item[0]))]
    if lying:
        lines.append(msg("extras.rhein.lying", places=lying))
    aboard = [_aboard(item, item["load"][seat]) for item in view["transports"]
              if item["load"][seat]]
    if aboard:
        lines.append(msg("extras.rhein.aboard", places=aboard))
    lines.append(msg("extras.rhein.trucks", trucks=[_truck(letter.upper(), item)
                                                    for letter, item in me["trucks"].items()]))
    return [say(line, lang) for line in lines]


def _order(order: dict[str, Any], relax: bool, lang: str) -> Msg:
    # "2 containers pay 11, 3 pay 16": a newcomer read "2→11 3→16" as nothing
    options = order_options(order["options"], lang)
    where = city(order["city"])
    if relax or order.get("tokens") is None:
        return msg("extras.rhein.order_relax", card=order["card"], city=where, options=options,
                   penalty=order["penalty"])
    return msg("extras.rhein.order", card=order["card"], city=where, options=options,
               count=order["tokens"], penalty=order["penalty"])


def _aboard(item: dict[str, Any], count: int) -> Msg:
    vehicle = msg(f"rhein.transport.dat.{item['key']}")
    position = item["pos"]
    if position is None:
        return msg("extras.rhein.on", count=count, transport=vehicle,
                   city=city(data.BASEL))
    found = data.CITY_BY_NUMBER.get(position)
    if found is not None and item["kind"] in found.services:
        return msg("extras.rhein.on", count=count, transport=vehicle, city=city(position))
    return msg("extras.rhein.on_way", count=count, transport=vehicle, pos=position)


def _truck(letter: str, item: dict[str, Any]) -> Msg:
    if item["where"] == "board":
        return msg("extras.rhein.truck_board", letter=letter, count=item["load"],
                   city=city(item["pos"]))
    if item["where"] == "mortgaged":
        return msg("extras.rhein.truck_mortgaged", letter=letter, repay=data.TRUCK.repay)
    return msg("extras.rhein.truck_reserve", letter=letter)


# --- buttons ---------------------------------------------------------------------------


def button_indexes(game: Game, state: State, seat: int, moves: list[Action],
                   room: int) -> list[int]:
    listed = moves[:LISTED]
    closing = next((i for i, m in enumerate(listed) if m.get("type") in STEP_ENDS), None)
    others = [i for i, m in enumerate(listed) if i != closing and m.get("type") not in MONEY]
    if not others:
        # legal() offers only what the Capital pays for: with nothing else left, a mortgage
        # is what lets the seat do what the step asks of it
        others = [i for i in range(len(listed)) if i != closing]
    rank = _ranking(game.view(state, seat), seat)
    labels = [str(game.label(state, m)) for m in listed]
    ranked: list[int] = []
    for tier in range(3):
        members = _whole_first(state, seat, listed,
                               [i for i in others if rank(listed[i]) == tier])
        ranked += [members[n] for n in spread([labels[i] for i in members])]
    if closing is None:
        return _unloads_in_order(listed, ranked[:room])
    return _unloads_in_order(listed, ranked[:room - 1]) + [closing]


def _unloads_in_order(moves: list[Action], chosen: list[int]) -> list[int]:
    """``chosen`` with its unloads and transfers in reading order, in the places they hold:
    the ranking picks which counts get a button, but in its order the buttons read "Unload 5,
    Unload 3, Unload 1, Transfer 1, Unload 2, Unload 4". Unloads come first, each vehicle's
    largest count (all aboard) first, then transfers alike."""
    places = [k for k, i in enumerate(chosen) if moves[i].get("type") in ("unload", "transfer")]
    ordered = sorted((chosen[k] for k in places), key=lambda i: (
        moves[i]["type"] == "transfer", str(moves[i].get("transport") or moves[i].get("from")),
        str(moves[i].get("to") or ""), -moves[i]["n"]))
    result = list(chosen)
    for k, i in zip(places, ordered, strict=True):
        result[k] = i
    return result


def _whole_first(state: State, seat: int, moves: list[Action], members: list[int]) -> list[int]:
    """``members`` with the unload or transfer of everything the seat has aboard first among
    the moves of its kind and vehicle: the buttons went "Unload 1" to "Unload 4" with 5
    aboard, and unloading them all took five taps."""
    first: dict[tuple, int] = {}
    for i in members:
        first.setdefault(_vehicle_of(moves[i]), i)
    return sorted(members, key=lambda i: (first[_vehicle_of(moves[i])],
                                          not _whole(state, seat, moves[i]), i))


def _vehicle_of(move: Action) -> tuple:
    return (move.get("type"), move.get("transport"), move.get("from"), move.get("to"))


def _whole(state: State, seat: int, move: Action) -> bool:
    kind = move.get("type")
    if kind == "transfer":
        key = move["from"]
    elif kind == "unload":
        key = move["transport"]
    else:
        return False
    aboard = state["trucks"][seat][key]["load"] if key in data.TRUCK_LETTERS \
        else state["transports"][key]["load"][seat]
    return move["n"] == aboard


def filled_order(view: dict[str, Any], seat: int, move: Action) -> dict[str, Any] | None:
    """The seat's open order a load fills: one going to a city the transport serves that
    takes exactly what the seat will have aboard."""
    if move.get("type") != "load":
        return None
    me = next(p for p in view["players"] if p["seat"] == seat)
    key = move["transport"]
    item = next((t for t in view["transports"] if t["key"] == key), None)
    service = data.ROAD if key in data.TRUCK_LETTERS else item["kind"] if item else None
    here = (item["load"][seat] if item else 0) + move["n"]
    return next((order for order in me["orders"]
                 if service in data.CITY_BY_NUMBER[order["city"]].services
                 and here in {q for q, _ in order["options"]}), None)


def _ranking(view: dict[str, Any], seat: int):
    """A move's tier: 0 when it leaves exactly a quantity an open order takes lying in that
    order's city, or loads a transport to such a quantity for a city it serves; 1 when it
    brings containers towards (or down in) a city an open order goes to; 2 otherwise."""
    me = next(p for p in view["players"] if p["seat"] == seat)
    wanted: dict[int, set[int]] = {}
    for order in me["orders"]:
        wanted.setdefault(order["city"], set()).update(q for q, _ in order["options"])
    kinds = {item["key"]: item["kind"] for item in view["transports"]}
    road = any(data.ROAD in data.CITY_BY_NUMBER[c].services for c in wanted)
    stop = (view.get("stop") or {}).get("city")

    def cities(key: str) -> list[int]:
        if key in data.TRUCK_LETTERS:
            return [c for c in wanted if data.ROAD in data.CITY_BY_NUMBER[c].services]
        return [c for c in wanted if kinds.get(key) in data.CITY_BY_NUMBER[c].services]

    def reaches(key: str) -> bool:
        return bool(cities(key))

    def loading(move: Action) -> int:
        # one tap for the whole quantity an order there takes: the buttons offered "Load 1"
        # and "Load 2", and a player tapped "Load 1" a dozen times
        if filled_order(view, seat, move) is not None:
            return 0
        return 1 if reaches(move["transport"]) else 2

    def unloading(where: int | None, count: int) -> int:
        if where not in wanted:
            return 2
        lying = me["lying"].get(str(where), 0)
        return 0 if lying + count in wanted[where] else 1

    def rank(move: Action) -> int:
        kind = move.get("type")
        if kind in ("reserve", "move"):
            return 1 if move["city"] in wanted else 2
        if kind == "load":
            return loading(move)
        if kind == "truck":
            return 1 if road else 2
        if kind == "transfer":
            return 1 if reaches(move["to"]) else 2
        if kind == "unload":
            letter = move["transport"]
            where = me["trucks"][letter].get("pos") if letter in data.TRUCK_LETTERS else stop
            return unloading(where, move["n"])
        return 1 if kind == "fulfil" else 2

    return rank


# --- the Phase 6 warning --------------------------------------------------------------

# Moves that may lower Capital plus mortgage room (a truck put on the board can no longer be
# mortgaged). Others (take, unload, fulfil, done, ...) pay nothing: asking about them would
# stand between a player and the fulfilment that saves them.
PAYMENTS = frozenset({"load", "truck", "reserve", "move", "retake", "bid", "repay",
                      "transfer"})
AUCTION_ROUNDS = 8  # passes played for the other bidders; an auction has at most 5 players


@dataclass(frozen=True)
class Exposure:
    """What Phase 6 of this round would ask of a seat if none of its orders due this round
    were fulfilled, and what it could pay with."""

    due: tuple[int, ...]  # the cards of the orders on their last time token
    penalty: int
    storage: int  # one per container lying unloaded in a city
    capital: int
    room: int  # forced mortgages of the trucks in reserve (R49)
    trucks: int  # how many trucks make up ``room``

    @property
    def ask(self) -> int:
        return self.penalty + self.storage

    @property
    def have(self) -> int:
        return self.capital + self.room

    @property
    def short(self) -> bool:
        # The penalties are paid before the storage, each with forced mortgages first
        # (flow.end_of_round): both are paid exactly when the sum is covered.
        return self.have < self.ask


def exposure(state: State, seat: int) -> Exposure:
    """The seat's own figures (its orders, Capital and trucks are its to see), as the
    engine's Phase 6 will count them."""
    due = flow.expiring(state, seat)
    reserve = sum(item["where"] == "reserve" for item in state["trucks"][seat].values())
    return Exposure(due=tuple(order["card"] for order in due),
                    penalty=sum(data.CARD_BY_ID[order["card"]].penalty for order in due),
                    storage=flow.storage_due(state, seat), capital=state["capital"][seat],
                    room=reserve * data.TRUCK.mortgage, trucks=reserve)


def after_payment(game: Game, state: State, seat: int, action: Action) -> State | None:
    """A copy of ``state`` after ``action`` as Phase 6 would find it; a bid as if the others
    let it win (it is paid only then). None when the move ends the round on the copy: its
    Phase 6 is past and the figures are no longer this round's."""
    work = copy.deepcopy(state)
    game.play_legal(work, seat, action)
    if action["type"] == "bid":
        for _ in range(AUCTION_ROUNDS):
            auction = work.get("auction")
            if work["step"] != "auction" or not auction or auction.get("high") != seat \
                    or auction.get("turn") == seat:
                break
            game.play_legal(work, auction["turn"], {"type": "pass"})
    if work["round"] != state["round"] or work["step"] == "over":
        return None
    return work


def phase6_warning(game: Game, state: State, seat: int, action: Action) -> Msg | None:
    """The question before a payment after which the seat could not pay this round's
    Phase 6 without its due orders fulfilled, where it could before; None otherwise. A seat
    already short is not asked at every move: this one does not change that."""
    if action.get("type") not in PAYMENTS:
        return None
    before = exposure(state, seat)
    if before.short:
        return None
    work = after_payment(game, state, seat, action)
    if work is None:
        return None
    after = exposure(work, seat)
    # a move that pays nothing (it brings an order or lying containers) is not a payment
    if not after.short or after.have >= before.have:
        return None
    return warning_text(after)


def warning_text(after: Exposure) -> Msg:
    if after.room:
        have = msg("extras.rhein.confirm_have", count=after.trucks, have=after.have,
                   capital=after.capital, room=after.room)
    else:
        have = msg("extras.rhein.confirm_have_cash", capital=after.capital)
    if not after.due:
        return msg("extras.rhein.confirm_storage", ask=after.ask, have=have)
    parts = [msg("extras.rhein.confirm_penalty", count=len(after.due), amount=after.penalty)]
    if after.storage:
        parts.append(msg("extras.rhein.confirm_stored", count=after.storage))
    # each order with its city ("order 27 Bonn"), as the hand and the card name it
    cards = [msg("extras.rhein.card_at", card=card, city=city(data.CARD_BY_ID[card].city))
             for card in after.due]
    return msg("extras.rhein.confirm_short", count=len(after.due), cards=joined(cards),
               ask=after.ask, parts=joined(parts), have=have)


class RheinExtras(Extras):
    def button_indexes(self, game: Game, state: State, seat: int, moves: list[Action],
                       room: int = MAX_BUTTONS) -> list[int]:
        picked = button_indexes(game, state, seat, moves, room)
        if room <= MAX_BUTTONS:
            return picked
        # A prompt with more room is one only its player sees: their turn goes on after a
        # step of their own. There "Done" was wanted 13 times in 16 in a review's games and
        # stood last, 15th of 15 buttons after a load; first, it is found without scrolling.
        ends = [i for i in picked if moves[i].get("type") in STEP_ENDS]
        return ends + [i for i in picked if i not in ends]

    def button_label(self, game: Game, state: State, seat: int, action: Action, label: str,
                     *, lang: str = DEFAULT) -> str:
        # "Load 6 onto the white Train" eleven times over did not say which order each fills
        order = filled_order(game.view(state, seat), seat, action)
        if order is not None:
            return say(msg("extras.rhein.for_order", move=label, card=order["card"],
                           city=city(order["city"])), language(lang))
        # an unload's storage in Phase 6 is the engine's label itself, which the /play list
        # reads too (notation.unload_label)
        return label

    def confirm(self, game: Game, state: State, seat: int, action: Action) -> Msg | None:
        return phase6_warning(game, state, seat, action)

    def step_menu(self, game: Game, state: State, seat: int, moves: list[Action], *,
                  lang: str = DEFAULT) -> Pick | None:
        return rhein_steps.step_menu(moves, lang)  # loading: the transport, then how many

    def next_step(self, game: Game, state: State, seat: int, value: str, *,
                  lang: str = DEFAULT) -> tuple[str, list[tuple[str, str]]] | None:
        return rhein_steps.next_step(game, state, seat, value, lang, lambda move, said: (
            self.button_label(game, state, seat, move, said, lang=lang)))

    def holdings(self, game: Game, state: State, seat: int, *,
                 lang: str = DEFAULT) -> list[str]:
        return holdings(game, state, seat, language(lang))


EXTRAS = RheinExtras()
