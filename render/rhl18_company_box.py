"""The 18Rhl turn card's company box: the operating corporation's numbers in the card's right
column, between the moves and the standings.

A player laying track, placing a station, running trains or buying one decides with the
corporation's money, trains and stations; the card showed the map and the moves but none
of them, and the market picture that has them is a second image to open on a phone. The box
is headed by the corporation's colour and name and says, a fact per row: its cash and share
price, its trains against the phase's train limit, its stations (placed as filled discs,
still to buy as empty ones with their price) and, while it buys trains or decides a
dividend, what the depot sells and for how much. When another president must answer an
offer for a train, the box shows the selling corporation: that player's company.

Rows are fitted, never cut: a row too long for a line breaks between its items (a depot
train and its price stay together), and when the column is short the rows the step needs
least are left out. Only the corporation's name may end in "…".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PIL import ImageDraw

from engine.rhl18 import data
from render.card_text import INK, LINE, MUTED, SMALL, fit
from render.common import text_colour_on
from render.rhl18_facts import corp, money, t
from render.rhl18_market import price_text
from render.rhl18_tiles import CORP_COLOURS
from render.text_draw import draw_text, text_width

RULE = "#C9C2B2"  # the standings' separator, so the sections look alike
HEAD = LINE + 4  # a section heading's line, as the moves' and the standings'
DISC = 11  # a station disc's radius: 12 px across at 550 px, like a token on the map
LEAST_ROWS = 2  # fewer rows than this say too little to be worth the moves' lines

# A span of a row: ("label"|"value"|"train", words), ("placed"|"free", corporation colour)
# or ("corp", a corporation's mark, drawn on its colour).
Span = tuple[str, str]
Item = list[Span]

# The rows each step needs most first; rows are shown in ROWS order whatever their rank.
ROWS = ("money", "trains", "stations", "depot")
NEEDS = {
    "Track": ("money", "trains", "stations"),  # terrain costs cash; trains say where to build
    "Token": ("stations", "money", "trains"),
    "SpecialToken": ("stations", "money", "trains"),
    "Route": ("trains", "money", "stations"),
    "Dividend": ("money", "depot", "trains", "stations"),  # withhold to afford the next train?
    "BuyTrain": ("money", "depot", "trains", "stations"),
    "DiscardTrain": ("trains", "money", "stations"),
}
OFFER_NEEDS = ("trains", "money", "depot", "stations")  # sell a train: what is left, its cost


@dataclass
class Row:
    key: str
    items: list[Item]
    gap: str  # between two items on one line


def operating(view: dict[str, Any]) -> dict[str, Any] | None:
    """The corporation whose numbers the seat to act needs: the operating one, or, when an
    offer for a train waits for an answer, the one asked to sell it."""
    if view.get("finished"):
        return None
    offer = view.get("offer")
    sym = offer.get("seller") if isinstance(offer, dict) else view.get("current_entity")
    if not isinstance(sym, str) or sym not in CORP_COLOURS:
        return None  # a player acts (auction, stock round)
    entry = corp(view, sym)
    return {"sym": sym, **entry} if entry else None


def draw_box(draw: ImageDraw.ImageDraw, view: dict[str, Any], lang: str,
             box: tuple[float, float, float, float]) -> float:
    """Draw the company box at the bottom of ``box`` (left, highest top, right, bottom) and
    return its top; ``box``'s bottom when there is no operating corporation or no room."""
    left, least_top, right, bottom = box
    entry = operating(view)
    if entry is None:
        return bottom
    width = right - left
    lines = int((bottom - least_top - 8 - HEAD) // LINE)
    laid = lay_out(rows(view, entry, lang), needs(view), width, lines)
    if sum(len(row) for row in laid) < LEAST_ROWS:
        return bottom
    top = bottom - 8 - HEAD - LINE * sum(len(row) for row in laid)
    draw.line((left, top + 2, right, top + 2), fill=RULE, width=2)
    y = top + 8
    _heading(draw, entry, left, y, width)
    y += HEAD
    for row in laid:
        for line in row:
            draw_spans(draw, line, left, y + LINE / 2)
            y += LINE
    return top


def needs(view: dict[str, Any]) -> tuple[str, ...]:
    if view.get("offer"):
        return OFFER_NEEDS
    return NEEDS.get(str(view.get("active_step")), ("money", "trains", "stations"))


# == what the rows say ======================================================================
def rows(view: dict[str, Any], entry: dict[str, Any], lang: str) -> dict[str, Row]:
    colour = CORP_COLOURS.get(entry["sym"], "#CCCCCC")
    found = {
        "money": Row("money", [
            [("label", t(lang, "company.cash") + " "), ("value", money(entry.get("cash", 0)))],
            [("label", t(lang, "company.price") + " "),
             ("value", money(price_text(entry.get("share_price"))))]], " · "),
        "trains": Row("trains", [
            [("label", t(lang, "corps.trains") + " "),
             ("value", ", ".join(train_names(entry.get("trains"))) or
              t(lang, "company.no_trains"))],
            # "limit 2" beside a lone 4-train read as four trains over the limit
            [("label", t(lang, "company.limit", count=len(entry.get("trains") or []),
                         limit=train_limit(view)))]], " · "),
        "stations": Row("stations", _stations(entry, colour, lang), "  "),
    }
    depot = depot_trains(view)
    if depot:
        found["depot"] = Row("depot", [
            [("label", t(lang, "company.depot") + " "), ("train", depot[0][0]),
             ("value", " " + money(depot[0][1]))],
            *[[("train", name), ("value", " " + money(price))] for name, price in depot[1:]]],
            ", ")  # narrower than " · ": the next train, a newer one and a discarded one fit
    return found


def _stations(entry: dict[str, Any], colour: str, lang: str) -> list[Item]:
    placed, prices = stations(entry)
    items: list[Item] = [[("label", t(lang, "corps.tokens") + " "),
                          *[("placed", colour)] * placed]]
    items += [[("free", colour), ("value", money(price))] for price in prices]
    if not prices:
        items.append([("label", t(lang, "company.no_stations"))])
    return items


def train_names(trains: Any) -> list[str]:
    return [str(train).split("-")[0] for train in trains or []]


def train_limit(view: dict[str, Any]) -> int:
    phase = str(view.get("phase") or "2")
    spec = next((p for p in data.phases() if p["name"] == phase), data.phases()[0])
    return int(spec["train_limit"])


def stations(entry: dict[str, Any]) -> tuple[int, list[int]]:
    """How many stations the corporation has placed, and the prices of those still to buy
    in the order they are bought (the view names a station not yet placed "unused:80")."""
    tokens = entry.get("tokens")
    if not isinstance(tokens, list):  # no view of the tokens: the charter's, all unplaced
        tokens = [f"unused:{p}" for p in data.corporations()[entry["sym"]]["tokens"]]
    prices = [int(str(tok).split(":", 1)[1]) for tok in tokens
              if str(tok).startswith("unused:")]
    return len(tokens) - len(prices), prices


def depot_trains(view: dict[str, Any]) -> list[tuple[str, int]]:
    """What the depot sells now, the next train first: (train, price)."""
    depot = view.get("depot")
    available = depot.get("available") if isinstance(depot, dict) else None
    if available is None:
        available = view.get("depot_available") or []
    prices = {spec["name"]: int(spec["price"]) for spec in data.trains()}
    out = []
    for tid in available:
        name = str(tid).split("-")[0]
        if name in prices:
            out.append((name, prices[name]))
    return out


# == fitting ================================================================================
def span_width(span: Span) -> float:
    kind, value = span
    if kind in ("placed", "free"):
        return 2 * DISC + 6
    if kind == "corp":
        return text_width(value, SMALL, True) + 10
    return text_width(value, SMALL, kind == "train")


def item_width(item: Item) -> float:
    return sum(span_width(span) for span in item)


def wrap_row(row: Row, width: float) -> list[list[Item]] | None:
    """The row's items on lines of ``width``, breaking only between items; None when one
    item alone is wider than a line (the row would have to cut a word or a number)."""
    lines: list[list[Item]] = []
    used = 0.0
    gap = text_width(row.gap, SMALL)
    for item in row.items:
        wide = item_width(item)
        if wide > width:
            return None
        if lines and used + gap + wide <= width:
            lines[-1].append(item)
            used += gap + wide
        else:
            lines.append([item])
            used = wide
    return lines


def lay_out(found: dict[str, Row], wanted: tuple[str, ...], width: float,
            lines: int) -> list[list[list[Span]]]:
    """The rows shown, in ROWS order, each as its lines (items with the row's gap between
    them): the rows ``wanted`` first, as many as ``lines`` holds. A row that does not fit
    whole keeps its first items on the lines left (the next depot train before later ones)."""
    chosen: dict[str, list[list[Item]]] = {}
    left = lines
    for key in wanted:
        row = found.get(key)
        wrapped = wrap_row(row, width) if row else None
        if not wrapped or left <= 0:
            continue
        chosen[key] = wrapped[:left]
        left -= len(chosen[key])
    return [[joined(line, found[key].gap) for line in chosen[key]]
            for key in ROWS if key in chosen]


def joined(items: list[Item], gap: str) -> list[Span]:
    out: list[Span] = []
    for index, item in enumerate(items):
        if index:
            out.append(("gap", gap))
        out += item
    return out


# == drawing ================================================================================
def corp_chip(draw: ImageDraw.ImageDraw, sym: str, x: float, mid: float) -> float:
    """A corporation's mark on its colour from ``x``, its middle at ``mid``; its width."""
    colour = CORP_COLOURS.get(sym, "#CCCCCC")
    chip = text_width(sym, SMALL, True) + 10
    draw.rounded_rectangle((x, mid - 15, x + chip, mid + 15), 5, fill=colour, outline=INK)
    draw_text(draw, (x + chip / 2, mid), sym, SMALL, bold=True, fill=text_colour_on(colour),
              anchor="mm")
    return chip


def _heading(draw: ImageDraw.ImageDraw, entry: dict[str, Any], left: float, y: float,
             width: float) -> None:
    sym = entry["sym"]
    colour = CORP_COLOURS.get(sym, "#CCCCCC")
    mid = y + LINE / 2 - 2
    chip = text_width(sym, SMALL, True) + 12
    draw.rounded_rectangle((left, mid - 16, left + chip, mid + 16), 6, fill=colour,
                           outline=INK, width=2)
    draw_text(draw, (left + chip / 2, mid), sym, SMALL, bold=True, fill=text_colour_on(colour),
              anchor="mm")
    name = str(data.corporations().get(sym, {}).get("name") or "")
    if name:
        draw_text(draw, (left + chip + 10, mid), fit(name, SMALL, width - chip - 10, True),
                  SMALL, bold=True, fill=INK, anchor="lm")


def draw_spans(draw: ImageDraw.ImageDraw, spans: list[Span], x: float, mid: float) -> None:
    for kind, value in spans:
        if kind in ("placed", "free"):
            cx = x + DISC + 2
            draw.ellipse((cx - DISC, mid - DISC, cx + DISC, mid + DISC),
                         fill=value if kind == "placed" else "#FFFFFF", outline=INK, width=2)
        elif kind == "corp":  # a corporation's chip, as the stock round's table draws it
            corp_chip(draw, value, x, mid)
        elif value.strip():
            lead = text_width(value[:len(value) - len(value.lstrip())], SMALL, kind == "train")
            draw_text(draw, (x + lead, mid), value.strip(), SMALL, bold=kind == "train",
                      fill=MUTED if kind in ("label", "gap") else INK, anchor="lm")
        x += span_width((kind, value))
