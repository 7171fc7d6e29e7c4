"""Trödler's board as text: each seat's cart, start village, goods and how many cards it holds
(never which: a hand is its owner's), the dealer's piles as the picture shows them, and the
goods left in every village, carts named where they stand."""

from __future__ import annotations

from engine.text import say as said
from engine.troedler.data import VILLAGE_NAMES, goods_text
from render.alt_text import _piles
from render.board_text import say, who


def lines(view: dict, lang: str) -> list[str]:
    carts: dict[str, list[str]] = {}
    out = []
    for player in view.get("players") or []:
        seat = player["seat"]
        carts.setdefault(player.get("cart"), []).append(who(view, seat, lang))
        key = "tr.seat_dealer" if view.get("dealer") == seat else "tr.seat"
        out.append(say(lang, key, who=who(view, seat, lang),
                       village=_village(player.get("cart")),
                       start=_village(player.get("start")),
                       goods=said(goods_text(player.get("goods") or []), lang),
                       count=player.get("hand_size", 0)))
    piles = _piles(view, lang)
    if piles:
        out.append(piles)
    villages = []
    for key, goods in (view.get("villages") or {}).items():
        here = carts.get(key)
        entry = say(lang, "tr.village", village=_village(key),
                    goods=said(goods_text(goods), lang))
        if here:
            entry = say(lang, "tr.village_carts", village=entry, who=", ".join(here))
        villages.append(entry)
    if villages:
        out.append(say(lang, "tr.villages", villages="; ".join(villages)))
    return out


def _village(key: object) -> str:
    return VILLAGE_NAMES.get(str(key), str(key)) if key else "–"
