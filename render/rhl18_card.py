"""The 18Rhl turn card's left panel in the auction and the stock rounds: what the seat buys
from, in place of the small map.

The map showed track while the seat to act bid for a private company or bought a share; what
was for sale, at what price, and who presides over what sat on the market picture, a second
image a player on a phone had to open. In the auction each company still for sale gets a
box with its bids and the lowest price it takes; in a stock round each corporation a row
with its share price, the shares in its IPO (or treasury) and the pool, and its president,
and under them, once it is started, its cash and trains: what a share will be worth after it
operates. The card's right column says what the seat to act holds and how many certificates
it has against the limit, as 18Rhl's rules count them (shares and private companies): what
decides a buy, which the card did not say. All of it is public in 18Rhl.
"""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from engine.rhl18.words import private_name
from engine.text import say
from render.card_text import INK, LINE, MUTED, SMALL, fit, for_spectator, named
from render.common import text_colour_on
from render.rhl18_company_box import (
    HEAD,
    RULE,
    Item,
    Row,
    Span,
    draw_spans,
    joined,
    train_names,
    wrap_row,
)
from render.rhl18_facts import money, seat_name, seat_of_id, t, who
from render.rhl18_market import bids_text, corporations, price_text, seat_colour, share_units
from render.rhl18_tiles import CORP_COLOURS
from render.text_draw import draw_text, text_width

GAP = 6
NAME_X = 354  # where the president column starts
SINGLE = LINE + 14  # a corporation's row: its chip and numbers
DOUBLE = 2 * LINE + 2  # a started one's: its numbers, and its cash and trains under them
AFTER_CHIP = 84  # where a row's second line starts: right of the widest chip


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


def started(entry: dict[str, Any]) -> bool:
    """A corporation with a share price: it has cash and may have trains worth saying."""
    return bool(entry.get("ipoed")) and not entry.get("closed")


def panel_height(view: dict[str, Any]) -> float:
    """The stock round's table's height: its heading and each corporation's row."""
    return LINE + 4 + sum(DOUBLE if started(c) else SINGLE for c in corporations(view))


def _shares(draw: ImageDraw.ImageDraw, view: dict[str, Any], box: tuple[float, ...],
            lang: str) -> None:
    left, top, right, bottom = box
    corps = corporations(view)
    # the card grows to the table's height (turn_card.card_height); a box too short for
    # it (a caller's own) squeezes every row alike
    squeeze = min(1.0, (bottom - top - LINE - 4) / max(1.0, panel_height(view) - LINE - 4))
    columns = [left + 142, left + 258, left + 340]  # right edges: price, IPO, pool
    heads = [t(lang, "corps.price"), t(lang, "card.ipo"), t(lang, "card.pool")]
    for edge, start, head in zip(columns, [left, *columns[:2]], heads, strict=True):
        draw_text(draw, (edge, top), fit(head, SMALL, edge - start - 8), SMALL, fill=MUTED,
                  anchor="ra")
    draw_text(draw, (left + NAME_X, top), fit(t(lang, "corps.president"), SMALL,
                                              right - left - NAME_X), SMALL, fill=MUTED)
    y = top + LINE + 4
    for entry in corps:
        step = (DOUBLE if started(entry) else SINGLE) * squeeze
        sym, mid = entry["sym"], y + min(step, SINGLE) / 2 - 2
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
        if started(entry) and squeeze == 1.0:  # squeezed, it would run into the next row
            draw_spans(draw, treasury_line(entry, lang, right - left - AFTER_CHIP), left + AFTER_CHIP,
                  mid + LINE)
        y += step


def treasury_line(entry: dict[str, Any], lang: str, width: float) -> list[Span]:
    """"Cash 340M · Trains 3, 4": labelled while they fit ``width``, else the numbers."""
    trains = ", ".join(train_names(entry.get("trains"))) or t(lang, "company.no_trains")
    cash = money(entry.get("cash", 0))
    line: list[Span] = [("label", t(lang, "company.cash") + " "), ("value", cash),
                        ("gap", " · "), ("label", t(lang, "corps.trains") + " "),
                        ("value", trains)]
    row = Row("treasury", [line], "")
    if wrap_row(row, width):
        return line
    return [("value", cash), ("gap", " · "), ("value", fit(trains, SMALL, width / 2))]


# == the seat to act's certificates (the card's right column) ==============================
def mover(view: dict[str, Any]) -> int | None:
    """The seat buying or selling now, in a stock round; None in any other."""
    if round_kind(view) != "stock" or view.get("finished"):
        return None
    seat = seat_of_id(view, view.get("current_entity"))
    if seat is None:
        acting = (view.get("card") or {}).get("acting") or []
        seat = acting[0] if acting and isinstance(acting[0], int) else None
    return seat


def holdings(view: dict[str, Any], seat: int, lang: str, width: float
             ) -> tuple[str, list[list[Span]]]:
    """The heading ("Your certificates: 7 of 15"; on a spectator's card, "Bert's
    certificates: 7 of 15", none of them hers) and the lines of ``width`` saying the
    seat's shares by corporation (the table's order, the president's marked), then its
    private companies, each line broken only between two holdings."""
    player = next((p for p in view.get("players") or [] if p.get("seat") == seat), {})
    count = player.get("certs", 0)
    limit = player.get("cert_limit", view.get("cert_limit", 0))
    head = named(lambda name: t(lang, "sr.certs_of", name=name, count=count, limit=limit),
                 seat_name(view, seat, lang), SMALL, width)[0] if for_spectator(view) \
        else t(lang, "sr.certs", count=count, limit=limit)
    shares = player.get("shares") or {}
    items: list[Item] = []
    for entry in corporations(view):
        sym = entry["sym"]
        if not shares.get(sym):
            continue
        item: Item = [("corp", sym),
                      ("value", " " + share_units({"sym": sym, "held": shares[sym]}, "held"))]
        if entry.get("president_seat") == seat:
            item.append(("label", " " + t(lang, "sr.president")))
        items.append(item)
    privates: list[Item] = [[("value", str(company))]
                            for company in player.get("companies") or []]
    if privates:  # one label for them all: "Privates: PWB, KEO, Szl"
        privates[0].insert(0, ("label", t(lang, "sr.privates") + " "))
    if not items and not privates:
        items = [[("label", t(lang, "sr.none"))]]
    lines: list[list[Span]] = []
    for row in (Row("shares", items, " · "), Row("privates", privates, ", ")):
        lines += [joined(line, row.gap) for line in wrap_row(row, width) or []]
    return head, lines


def holdings_height(view: dict[str, Any], lang: str, width: float) -> float:
    """The right column's height the seat to act's certificates take; 0 outside a stock
    round."""
    seat = mover(view)
    if seat is None:
        return 0
    return 8 + HEAD + LINE * len(holdings(view, seat, lang, width)[1])


def draw_holdings(draw: ImageDraw.ImageDraw, view: dict[str, Any], lang: str,
                  box: tuple[float, float, float, float]) -> float:
    """Draw the seat to act's certificates at the bottom of ``box`` (left, highest top,
    right, bottom) and return its top; ``box``'s bottom when no seat buys or there is no
    room for the heading and a line."""
    left, least_top, right, bottom = box
    seat = mover(view)
    if seat is None:
        return bottom
    head, lines = holdings(view, seat, lang, right - left)
    room = int((bottom - least_top - 8 - HEAD) // LINE)
    if room < 1 or not lines:
        return bottom
    lines = lines[:room]  # the card grows to hold them all (turn_card.card_height)
    top = bottom - 8 - HEAD - LINE * len(lines)
    draw.line((left, top + 2, right, top + 2), fill=RULE, width=2)
    # a spectator's heading is fitted already, in the regular weight where bold is too wide
    bold = not for_spectator(view) or text_width(head, SMALL, True) <= right - left
    draw_text(draw, (left, top + 8), fit(head, SMALL, right - left, bold), SMALL, bold=bold,
              fill=INK)
    y = top + 8 + HEAD
    for line in lines:
        draw_spans(draw, line, left, y + LINE / 2)
        y += LINE
    return top
