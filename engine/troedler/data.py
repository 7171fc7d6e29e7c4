"""The components of Die Trödler aus den Highlands, loaded once from ``data.json``.

Counts (goods, cards, set-up piles, end thresholds) are from the rulebook. The map and the
contents of the goods requests and starting sets are house-made (``"source": "house"``)
because they are not published; a table owning the printed game can correct ``data.json``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

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


def card_text(card_id: int) -> str:
    """A card's face in words, e.g. ``#12 request 2 vases + chair (4)`` or ``#60 bridge``."""
    card = CARDS[card_id]
    kind = card["type"]
    if kind == "request":
        return f"#{card_id} request {goods_text(card['goods'])} ({card['points']})"
    if kind == "route":
        return f"#{card_id} {ROUTE_NAMES[card['kind']]}"
    if kind == "feed":
        return f"#{card_id} special feed"
    return f"#{card_id} extra good"


def goods_text(goods: list[str]) -> str:
    """``['chair', 'vase', 'vase']`` -> ``2 vases + chair`` (most numerous first)."""
    counts: dict[str, int] = {}
    for good in goods:
        counts[good] = counts.get(good, 0) + 1
    parts = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    return " + ".join(f"{n} {good}s" if n > 1 else good for good, n in parts) or "nothing"
