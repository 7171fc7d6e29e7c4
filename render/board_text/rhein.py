"""Rhein's board as text: each transport where it stands, whose containers it carries and the
stops reserved on it; the orders on display; each seat's Capital, warehouse, unloaded
containers, trucks and the orders it has taken (open on the table). A fulfilled order lies
face down (R58): only how many."""

from __future__ import annotations

from typing import Any

from engine.rhein import data
from engine.rhein.words import city
from engine.text import msg
from engine.text import say as said
from render.board_text import say, who


def lines(view: dict, lang: str) -> list[str]:
    out = [_transport(view, item, lang) for item in view.get("transports") or []]
    out.append(display(view.get("orders_list") or [], lang))
    out += [_player(view, player, lang) for player in view.get("players") or []]
    return out


def display(orders: list[dict[str, Any]], lang: str) -> str:
    """The orders on display, each in words: "order 44 to Rotterdam (2 containers pay 11, 3
    pay 16; time 2, penalty 3)"."""
    shown = [_order(order, lang) for order in orders]
    return say(lang, "rh.display", orders="; ".join(shown)) if shown \
        else say(lang, "rh.display_empty")


def _transport(view: dict, item: dict[str, Any], lang: str) -> str:
    name = said(msg(f"rhein.transport.subject.{item['key']}"), lang)
    aboard = [say(lang, "rh.load_of", who=who(view, seat, lang), count=count)
              for seat, count in enumerate(item.get("load") or []) if count]
    reserved = item.get("reserved_by") or {}
    stops = [say(lang, "rh.stop_by", city=_city(number, lang),
                 who=who(view, int(reserved[str(number)]), lang))
             if str(number) in reserved else _city(number, lang)
             for number in item.get("markers") or []]
    parts = [_where(item, lang),
             say(lang, "rh.aboard", load=", ".join(aboard)) if aboard
             else say(lang, "rh.empty"),
             say(lang, "rh.stops", stops=", ".join(stops)) if stops else ""]
    return f"{name}: " + "; ".join(p for p in parts if p) + "."


def _where(item: dict[str, Any], lang: str) -> str:
    position = item.get("pos")
    if position is None:
        return say(lang, "rh.at", city=_city(data.BASEL, lang))
    found = data.CITY_BY_NUMBER.get(position)
    if found is not None and item.get("kind") in found.services:
        return say(lang, "rh.at", city=_city(position, lang))
    return say(lang, "rh.under_way", pos=position)


def _city(number: int, lang: str) -> str:
    return said(city(int(number)), lang)


def order_options(options: list[list[int]], lang: str) -> str:
    """"2 containers pay 11, 3 pay 16": what a card's "2→11 3→16" means."""
    return ", ".join(say(lang, "rh.option_first" if i == 0 else "rh.option", count=q, pay=c)
                     for i, (q, c) in enumerate(options))


def _order(order: dict[str, Any], lang: str) -> str:
    return say(lang, "rh.order", card=order["card"], city=_city(order["city"], lang),
               options=order_options(order["options"], lang), time=order["time"],
               penalty=order["penalty"])


def _player(view: dict, player: dict[str, Any], lang: str) -> str:
    seat = player["seat"]
    if player.get("bankrupt_round") is not None:
        return say(lang, "rh.bankrupt", who=who(view, seat, lang),
                   round=player["bankrupt_round"])
    parts = [say(lang, "rh.capital", capital=player.get("capital", 0),
                 count=player.get("warehouse", 0))]
    lying = [say(lang, "rh.in_city", count=n, city=_city(int(c), lang))
             for c, n in sorted((player.get("lying") or {}).items(), key=lambda i: int(i[0]))]
    if lying:
        parts.append(say(lang, "rh.lying", places=", ".join(lying)))
    parts.append(say(lang, "rh.trucks", trucks=", ".join(
        _truck(letter.upper(), truck, lang)
        for letter, truck in (player.get("trucks") or {}).items())))
    taken = [_taken(order, lang) for order in player.get("orders") or []]
    if taken:
        parts.append(say(lang, "rh.taken", orders="; ".join(taken)))
    if player.get("fulfilled_count"):
        parts.append(say(lang, "rh.fulfilled", count=player["fulfilled_count"]))
    return f"{who(view, seat, lang)}: " + "; ".join(parts) + "."


def _taken(order: dict[str, Any], lang: str) -> str:
    tokens = order.get("tokens")
    key = "rh.taken_order" if tokens is not None else "rh.taken_order_relax"
    return say(lang, key, card=order["card"], city=_city(order["city"], lang),
               options=order_options(order["options"], lang), count=tokens,
               penalty=order["penalty"])


def _truck(letter: str, truck: dict[str, Any], lang: str) -> str:
    if truck.get("where") == "board":
        return say(lang, "rh.truck_board", letter=letter, count=truck.get("load", 0),
                   city=_city(truck["pos"], lang))
    if truck.get("where") == "mortgaged":
        return say(lang, "rh.truck_mortgaged", letter=letter)
    return say(lang, "rh.truck_reserve", letter=letter)
