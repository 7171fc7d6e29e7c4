"""Set-up and phase 1: placing goods, forming the two card piles, dealing the dealer piles."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from engine.core import State, new_rng, rng_below, rng_shuffle
from engine.text import Msg, msg, to_json
from engine.troedler.common import player_name, start_villages
from engine.troedler.data import (
    CARDS,
    GOODS,
    GOODS_PER_KIND,
    PILE_SIZE,
    SETUP,
    VILLAGES,
    card_text,
    starting_set,
)


def new_game(n: int, options: dict[str, Any], seed: int) -> State:
    """A fresh game with round 1 already dealt. Random draws in the order of R5."""
    rng = new_rng(seed)
    starts = start_villages(n)
    state: State = {
        "n": n, "options": options, "rng": rng, "reveals": 0, "round": 0,
        "starts": starts, "carts": list(starts),
        "villages": _place_goods(rng),
        "collections": [[] for _ in range(n)],
        "hands": [starting_set(v) for v in starts],
        "values": [[] for _ in range(n)],
        "stage": "deal", "piles": [], "deal_log": [], "queue": [], "dealer_discard": False,
        "turn_index": 0, "current": None, "played": [], "take": None,
        "delivered_here": [], "pending": [], "limit_need": 0,
    }
    state["discard"], state["round_pile"] = _card_piles(rng, n)
    # The seat that joined last deals first (R7), unless the table asked for a random dealer.
    random_dealer = options.get("first_dealer", "last_joined") == "random"
    last = rng_below(rng, n) if random_dealer else n - 1
    # ``start_round`` passes the horse on, so start from the seat before the first dealer.
    state["dealer"] = (last - 1) % n
    return state


def _place_goods(rng: dict[str, int]) -> dict[str, list[str]]:
    goods = [good for good in GOODS for _ in range(GOODS_PER_KIND)]
    rng_shuffle(rng, goods)
    villages: dict[str, list[str]] = {}
    position = 0
    for village in VILLAGES:
        villages[village["key"]] = sorted(goods[position:position + village["goods"]])
        position += village["goods"]
    return villages


def _card_piles(rng: dict[str, int], n: int) -> tuple[list[int], list[int]]:
    """(face-up discard pile, face-down game-round pile); the top card is the last item."""
    requests = [cid for cid, c in CARDS.items() if c["type"] == "request" and "start" not in c]
    feed = [cid for cid, c in CARDS.items() if c["type"] == "feed" and "start" not in c]
    rng_shuffle(rng, requests)
    chosen = requests[:SETUP["discard_requests"][str(n)]]
    # Feed cards are all alike, so which ones start in the discard pile needs no draw.
    discard = chosen + feed[:SETUP["discard_feed"][str(n)]]
    rng_shuffle(rng, discard)
    rest = [cid for cid, c in CARDS.items() if "start" not in c and cid not in discard]
    rng_shuffle(rng, rest)
    return discard, rest


def _draw(state: State, lines: list, say: bool = True) -> int | None:
    """The top card of the game-round pile, reshuffling the discard pile when it is empty (R13)."""
    if not state["round_pile"]:
        if not state["discard"]:
            return None
        state["round_pile"] = state["discard"]
        state["discard"] = []
        rng_shuffle(state["rng"], state["round_pile"])
        count = len(state["round_pile"])
        lines.append(msg("troedler.log.reshuffle", count=count) if say
                     else _line("troedler.log.reshuffle", count=count))
    return state["round_pile"].pop()


def deal(state: State, say: bool = True) -> list[Msg]:
    """Phase 1: players+1 piles of 4 face-up cards, one card on each pile in turn (R10).
    The lines are kept in the state as catalogue keys (``to_json``) for the view.
    ``say=False`` (the AI's searches): the same ``deal_log``, written as its JSON form
    directly, which spares rendering every line; no lines are returned."""
    lines: list = []
    count = state["n"] + 1
    piles: list[list[int]] = [[] for _ in range(count)]
    short = False
    for _layer in range(PILE_SIZE):
        for pile in piles:
            card = _draw(state, lines, say)
            if card is None:
                short = True
                break
            pile.append(card)
    state["piles"] = piles
    state["reveals"] += 1
    if not say:
        state["deal_log"] = _deal_json(state, piles, short, lines)
        return []
    lines.insert(0, msg("troedler.log.deal", round=state["round"], count=count,
                        name=player_name(state, state["dealer"])))
    for number, pile in enumerate(piles, start=1):
        faces = [card_text(cid) for cid in pile]
        if faces:
            faces[-1] = msg("troedler.card.top", card=faces[-1])
        lines.append(msg("troedler.log.deal_pile", number=number, cards=faces))
    if short:
        lines.append(msg("troedler.log.deal_short"))
    state["deal_log"] = to_json(lines)
    return lines


def _line(key: str, **params: Any) -> dict[str, Any]:
    """``to_json(msg(key, **params))`` for plain parameters."""
    return {"key": key, "params": params}


@cache
def _card_json(card_id: int) -> str:
    return json.dumps(to_json(card_text(card_id)))


def _deal_json(state: State, piles: list[list[int]], short: bool,
               reshuffles: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What ``to_json`` makes of ``deal``'s lines; fresh dicts each time, as ``to_json``
    gives them."""
    lines = [_line("troedler.log.deal", round=state["round"], count=len(piles),
                   name=to_json(player_name(state, state["dealer"]))), *reshuffles]
    for number, pile in enumerate(piles, start=1):
        faces = [json.loads(_card_json(cid)) for cid in pile]
        if faces:
            faces[-1] = _line("troedler.card.top", card=faces[-1])
        lines.append(_line("troedler.log.deal_pile", number=number, cards=faces))
    if short:
        lines.append(_line("troedler.log.deal_short"))
    return lines
