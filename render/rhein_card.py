"""The Rhein turn card's left panel in Phase 1: the Orders List the seat takes or bids from,
in place of the small map.

In Phase 1 a seat chooses among the open orders, and the map (in round 1 an empty river)
showed none of them; a player on a phone had to open the full board to read what was on
offer. Each order gets a box: its number and city, its options (containers → income), its
time and penalty; the order under auction is outlined in the pictures' pink, with the bid.
"""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from render.card_text import INK, LINE, MUTED, SMALL, fit
from render.common import HIGHLIGHT, HIGHLIGHT_WIDTH
from render.rhein import player_name, word
from render.text_draw import draw_text, text_width

GAP = 8  # between two orders' boxes


def draw_orders(draw: ImageDraw.ImageDraw, view: dict[str, Any], box: tuple[float, ...],
                lang: str) -> None:
    left, top, right, bottom = box
    cities = {c["number"]: c["name"] for c in view["cities"]}
    auction = view.get("auction") or {}
    orders = view["orders_list"]
    height = min(2 * LINE + 10, (bottom - top - GAP * (len(orders) - 1)) // max(1, len(orders)))
    y = top
    for order in orders:
        bidding = order["card"] == auction.get("card") and auction.get("bid") is not None
        draw.rounded_rectangle((left, y, right, y + height), 6, fill="#FFF6DA",
                               outline=HIGHLIGHT if bidding else "#C9C2B2",
                               width=HIGHLIGHT_WIDTH if bidding else 2)
        terms = word(lang, "orders.terms", time=order["time"], penalty=order["penalty"])
        name = f"#{order['card']} {cities.get(order['city'], order['city'])}"
        half = (right - left) / 2
        draw_text(draw, (right - 8, y + 5), fit(terms, SMALL, half - 16), SMALL, fill=MUTED,
                  anchor="ra")
        draw_text(draw, (left + 10, y + 5), fit(name, SMALL, half - 10, True), SMALL, bold=True,
                  fill=INK)
        options = "   ".join(f"{q} → {c}" for q, c in order["options"])
        room = right - left - 20
        if bidding:
            bid = word(lang, "card.bid", bid=auction["bid"],
                       high=player_name(view, auction["high"], lang))
            bid = fit(bid, SMALL, half - 16, True)
            draw_text(draw, (right - 8, y + 5 + LINE), bid, SMALL, bold=True, fill=INK,
                      anchor="ra")
            room -= text_width(bid, SMALL, True) + 16
        draw_text(draw, (left + 10, y + 5 + LINE), fit(options, SMALL, room), SMALL, fill=INK)
        y += height + GAP
