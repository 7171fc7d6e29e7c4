"""The components of Die Trödler aus den Highlands, loaded once from ``data.json``.

Counts (goods, cards, set-up piles, end thresholds) are from the rulebook. The map and the
contents of the goods requests and starting sets are house-made (``"source": "house"``)
because they are not published; a table owning the printed game can correct ``data.json``.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

from engine.text import Msg, msg

_RAW: dict[str, Any] = json.loads(Path(__file__).with_name("data.json").read_text("utf-8"))

GOODS: list[str] = _RAW["goods"]["kinds"]
GOODS_PER_KIND: int = _RAW["goods"]["per_kind"]
ROUTE_KINDS: list[str] = _RAW["route_kinds"]["kinds"]
ROUTE_NAMES: dict[str, str] = _RAW["route_kinds"]["names"]

VILLAGES: list[dict[str, Any]] = _RAW["villages"]["list"]
VILLAGE_KEYS: list[str] = [v["key"] for v in VILLAGES]
VILLAGE_NAMES: dict[str, str] = {v["key"]: v["name"] for v in VILLAGES}
START_VILLAGES: list[str] = [v["key"] for v in VILLAGES if v["start_colour"]]
START_COLOURS: dict[str, str] = {v["key"]: v["start_colour"] for v in VILLAGES if v["start_colour"]}
ROUTES: list[dict[str, str]] = _RAW["routes"]["list"]

SETUP: dict[str, Any] = _RAW["setup"]
HAND_LIMIT: int = SETUP["hand_limit"]
PILE_SIZE: int = SETUP["pile_size"]

CARDS: dict[int, dict[str, Any]] = {card["id"]: card for card in _RAW["cards"]}
ABOUT: str = _RAW["about"]


def neighbours(village: str) -> list[tuple[str, str]]:
    """(kind, village) pairs for every route touching ``village``, in data order."""
    return _NEIGHBOURS[village]


def _build_neighbours() -> dict[str, list[tuple[str, str]]]:
    table: dict[str, list[tuple[str, str]]] = {key: [] for key in VILLAGE_KEYS}
    for route in ROUTES:
        table[route["a"]].append((route["kind"], route["b"]))
        table[route["b"]].append((route["kind"], route["a"]))
    return table


_NEIGHBOURS = _build_neighbours()


def starting_set(village: str) -> list[int]:
    """The ids of the three starting cards marked with a start village's symbol."""
    return [cid for cid, card in CARDS.items() if card.get("start") == village]


def good_name(good: str) -> str:
    """A good's name (``vase``); unknown words from a malformed action stay as they are."""
    return msg(f"troedler.good.{good}") if good in GOODS else good


def good_a(good: str) -> str:
    """One good with its article, as an object: ``a vase``, ``einen Amboss``."""
    return msg(f"troedler.good_a.{good}") if good in GOODS else good


def good_no(good: str) -> str:
    """None of a good, as an object: ``no vase``, ``keinen Amboss``."""
    return msg(f"troedler.good_no.{good}") if good in GOODS else good


def route_name(kind: str) -> str:
    """A route kind's name (``moor path``) from the catalogue; ``ROUTE_NAMES`` is data only."""
    return msg(f"troedler.route.{kind}") if kind in ROUTE_KINDS else kind


@functools.cache
def card_text(card_id: int) -> Msg:
    """A card's face in words, e.g. ``#12 request 2 vases + chair (4 pts)`` or ``#60 bridge``.
    Cached: a ``Msg`` is immutable and card faces are said on every log line and label."""
    card = CARDS[card_id]
    kind = card["type"]
    if kind == "request":
        return msg("troedler.card.request", id=card_id, goods=goods_text(card["goods"]),
                   points=card["points"])
    if kind == "route":
        return msg("troedler.card.route", id=card_id, route=route_name(card["kind"]))
    if kind == "feed":
        return msg("troedler.card.feed", id=card_id)
    return msg("troedler.card.extra", id=card_id)


def goods_text(goods: list[str]) -> str:
    """``['chair', 'vase', 'vase']`` -> ``2 vases + chair`` (most numerous first)."""
    counts: dict[str, int] = {}
    for good in goods:
        counts[good] = counts.get(good, 0) + 1
    parts = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    words = [msg(f"troedler.goods_n.{good}", n=n) if n > 1 else good_name(good)
             for good, n in parts]
    if not words:
        return msg("troedler.goods.none")
    text = words[0]
    for word in words[1:]:
        text = msg("troedler.goods.plus", a=text, b=word)
    return text
