"""The 18Rhl turn card's left panel in the auction and the stock rounds: what the seat buys
from, in place of the small map.

The map showed track while the seat to act bid for a private company or bought a share; what
was for sale, at what price, and who presides over what sat on the market picture, a second
image a player on a phone had to open. In the auction each company still for sale gets a
box with its bids and the lowest price it takes; in a stock round each corporation a row
with its share price, the shares in its IPO (or treasury) and the pool, and its president.
"""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from engine.rhl18.words import private_name
from engine.text import say
from render.card_text import INK, LINE, MUTED, SMALL, fit
from render.common import text_colour_on
from render.rhl18_facts import t, who
from render.rhl18_market import bids_text, corporations, price_text, seat_colour, share_units
from render.rhl18_tiles import CORP_COLOURS, CORP_MARKS
from render.text_draw import draw_text, text_width

GAP = 6
NAME_X = 354  # where the president column starts


def round_kind(view: dict[str, Any]) -> str | None:
    """"auction", "stock" or "operating", from the view's round text."""
    said = view.get("round")
    key = getattr(said, "key", None) or (said.get("key") if isinstance(said, dict) else None)
    return str(key).rsplit(".", 1)[-1] if key else None


def shows_choice(view: dict[str, Any]) -> bool:
    kind = round_kind(view)
    return (kind == "auction" and bool((view.get("auction") or {}).get("companies"))) or \
        kind == "stock"


def draw_choice(draw: ImageDraw.ImageDraw, view: dict[str, Any], box: tuple[float, ...],
                lang: str) -> None:
    if round_kind(view) == "auction":
        _auction(draw, view, box, lang)
    else:
        _shares(draw, view, box, lang)


def _auction(draw: ImageDraw.ImageDraw, view: dict[str, Any], box: tuple[float, ...],
             lang: str) -> None:
    left, top, right, bottom = box
    auction = view["auction"]
    selling = auction["companies"]
    height = min(2 * LINE + 10, (bottom - top - GAP * (len(selling) - 1)) // len(selling))
    y = top
    for sym in selling:
        bidding = sym == auction.get("auctioning")
        draw.rounded_rectangle((left, y, right, y + height), 6,
                               fill="#FFF2B8" if bidding else "#FBF3DE", outline="#C9C2B2",
                               width=2)
        name = fit(f"{sym}  {say(private_name(sym), lang)}", SMALL, right - left - 20, True)
        draw_text(draw, (left + 10, y + 4), name, SMALL, bold=True, fill=INK)
        bids = fit(bids_text(view, auction, sym, lang), SMALL, right - left - 20)
        draw_text(draw, (left + 10, y + 4 + LINE), bids, SMALL, fill=INK)
        y += height + GAP


def _shares(draw: ImageDraw.ImageDraw, view: dict[str, Any], box: tuple[float, ...],
            lang: str) -> None:
    left, top, right, bottom = box
    corps = corporations(view)
    step = min(LINE + 14, (bottom - top - LINE) // max(1, len(corps)))
    columns = [left + 142, left + 258, left + 340]  # right edges: price, IPO, pool
    heads = [t(lang, "corps.price"), t(lang, "card.ipo"), t(lang, "card.pool")]
    for edge, start, head in zip(columns, [left, *columns[:2]], heads, strict=True):
        draw_text(draw, (edge, top), fit(head, SMALL, edge - start - 8), SMALL, fill=MUTED,
                  anchor="ra")
    draw_text(draw, (left + NAME_X, top), fit(t(lang, "corps.president"), SMALL,
                                              right - left - NAME_X), SMALL, fill=MUTED)
    y = top + LINE + 4
    for entry in corps:
        sym, mid = entry["sym"], y + step / 2 - 2
        colour = CORP_COLOURS.get(sym, "#CCCCCC")
        chip = text_width(sym, SMALL, True) + 10
        draw.rounded_rectangle((left, mid - 16, left + chip, mid + 16), 5, fill=colour,
                               outline=INK)
        draw_text(draw, (left + chip / 2, mid), sym, SMALL, bold=True,
                  fill=text_colour_on(colour), anchor="mm")
        values = [price_text(entry.get("share_price")),
                  share_units(entry, "treasury_or_ipo_shares"), share_units(entry, "pool_shares")]
        for edge, said in zip(columns, values, strict=True):
            draw_text(draw, (edge, mid), said, SMALL, fill=INK, anchor="rm")
        seat = entry.get("president_seat")
        if seat is not None and entry.get("president") != "pool":
            draw.rectangle((left + NAME_X, mid - 9, left + NAME_X + 18, mid + 9),
                           fill=seat_colour(view, seat), outline=INK)
            name = fit(who(view, seat, lang)[-1][1], SMALL, right - left - NAME_X - 26)
            draw_text(draw, (left + NAME_X + 26, mid), name, SMALL, fill=INK, anchor="lm")
        elif entry.get("president") == "pool":
            draw_text(draw, (left + NAME_X, mid), fit(t(lang, "corps.receivership"), SMALL,
                                                      right - left - NAME_X), SMALL, fill=MUTED,
                      anchor="lm")
        y += step


def move_corporation(said: str) -> str | None:
    """The corporation a card entry's move is by ("RhE lays tile 9 on J9", "CME's trains
    run ...", "ADR (in receivership): ADR lays ..."), None for a player's own (a bid, a share
    bought) or a private company's ("Szl lays ...")."""
    words = said.split(maxsplit=1)
    if not words:
        return None
    first = words[0].rstrip(":")
    for ending in ("'s", "’s"):
        first = first.removesuffix(ending)
    return first if first in CORP_MARKS else None
