"""Helpers for the Trödler tests (no tests here): card ids by kind and hand-made turn states."""

from __future__ import annotations

from collections import Counter

from engine import get_game
from engine.core import State
from engine.troedler.data import CARDS, GOODS, VILLAGE_KEYS

GAME = get_game("troedler")
ANN, BEN, CAT, DAN = 0, 1, 2, 3


def ids(card_type: str, kind: str | None = None, start: bool = False) -> list[int]:
    """Card ids of one type (and route kind), starting cards excluded unless ``start``."""
    return sorted(cid for cid, card in CARDS.items() if card["type"] == card_type
                  and (kind is None or card.get("kind") == kind)
                  and ("start" in card) == start)


FEED = ids("feed")
EXTRA = ids("extra")
TRAIL, BRIDGE, FERRY, MOOR = (ids("route", k) for k in ("trail", "bridge", "ferry", "moor"))


def request(*goods: str) -> int:
    """The id of the (non-starting) request showing exactly these goods."""
    want = sorted(goods)
    for cid in ids("request"):
        if CARDS[cid]["goods"] == want:
            return cid
    raise KeyError(want)


SPARE = request("bottle", "vase", "vase", "vase")  # never fulfilled in these tests


def turn_state(cart: str, hand: list[int], goods: list[str] | None = None,
               villages: dict[str, list[str]] | None = None, n: int = 4, seat: int = ANN,
               seed: int = 1, spare: bool = False) -> State:
    """A game in phase 3 with ``seat`` to play first; villages not listed hold no goods.

    Every other player holds one ferry card, so the game waits at their turns too. With
    ``spare`` the seat also holds a request nobody can fulfil, so that playing out the other
    cards does not end the turn by itself (R20).
    """
    state = GAME.setup(n, {}, seed)
    state["stage"] = "play"
    state["piles"] = []
    state["deal_log"] = []
    state["dealer"] = seat
    state["turn_index"] = 0
    state["current"] = seat
    state["hands"] = [[FERRY[-1 - other]] for other in range(n)]
    state["hands"][seat] = list(hand) + ([SPARE] if spare else [])
    state["collections"] = [[] for _ in range(n)]
    state["collections"][seat] = sorted(goods or [])
    state["villages"] = {key: [] for key in VILLAGE_KEYS}
    for key, content in (villages or {}).items():
        state["villages"][key] = sorted(content)
    state["carts"][seat] = cart
    return state


def play(state: State, seat: int, *moves: str) -> list[str]:
    lines: list[str] = []
    for text in moves:
        lines += GAME.apply(state, seat, GAME.parse(state, seat, text))
    return lines


def legal_texts(state: State, seat: int) -> list[str]:
    return [GAME.format(state, a) for a in GAME.legal(state, seat)]


def goods_total(state: State) -> Counter:
    total: Counter = Counter()
    for content in state["villages"].values():
        total.update(content)
    for collection in state["collections"]:
        total.update(collection)
    return total


def all_goods() -> Counter:
    return Counter({good: 8 for good in GOODS})
