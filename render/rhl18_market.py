"""The 18Rhl market picture: who acts, the players (names, colours, cash, certificates,
shares, value), the corporations, the private companies (with the auction's bids), the train
roster and the stock market; at the end the ranking by value and the winner.

Same width as the map picture and at most 1600 px tall. Every word goes through
render.text_draw; table cells shrink (never below 13 px) or shorten with "…" to fit their
column, so no word covers another or leaves the picture.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from engine.rhl18 import data, hexmap
from engine.rhl18.words import private_name
from engine.text import say
from render import highlight
from render.common import text_colour_on
from render.rhl18 import MAP_W, MARGIN, draw_header
from render.rhl18_facts import (
    corp,
    lang_of,
    money,
    ranking,
    seat_of_id,
    t,
    who,
)
from render.rhl18_tiles import CORP_COLOURS, INK
from render.text_draw import draw_text, text_width

WIDTH = MAP_W
PAPER = "#F7F4EA"
RULE = "#CFC8B4"
ROW = 25
BODY = 15
LEAST = 13
HEADING = 18
TOP = 96  # the header: the same two lines as the map picture's
MAX_HEIGHT = 1600


@cache
def _market_rows() -> list[list[dict]]:
    raw = json.loads((hexmap.DATA / "market.json").read_text(encoding="utf-8"))
    return raw["cells"]


def corporations(view: dict) -> list[dict]:
    corps = view.get("corporations") or []
    if isinstance(corps, dict):
        return [{"sym": sym, **entry} for sym, entry in corps.items()]
    return [{"sym": c.get("sym") or c.get("id"), **c} for c in corps]


def market_positions(view: dict) -> dict[str, list[str]]:
    """Cell id -> corporation syms in stacking order (first = leftmost = operates first)."""
    market = view.get("market") or {}
    if isinstance(market, dict) and isinstance(market.get("cells"), dict):
        return {cell: list(syms) for cell, syms in market["cells"].items()}
    if isinstance(market, dict) and market:  # the engine's view: {cell id: [syms]}
        return {cell: list(syms) for cell, syms in market.items() if isinstance(syms, list)}
    positions: dict[str, list[str]] = {}
    for entry in corporations(view):
        cell = entry.get("share_price")
        if cell:
            positions.setdefault(str(cell), []).append(entry["sym"])
    return positions


def fit(text: str, width: float, size: int = BODY, bold: bool = False) -> tuple[str, int]:
    """The text and size at which it fits ``width``: smaller first, then shortened."""
    while size > LEAST and text_width(text, size, bold) > width:
        size -= 1
    while text_width(text, size, bold) > width and len(text) > 1:
        text = text[:-2].rstrip() + "…"
    return text, size


def cell(draw: ImageDraw.ImageDraw, x: float, y: float, width: float, said: Any,
         size: int = BODY, bold: bool = False, fill: str = INK, right: bool = False) -> None:
    """One table cell, its middle at ``y``, fitted into ``width`` (right-aligned numbers)."""
    words, size = fit(str(said), width - 8, size, bold)
    if not words.strip():
        return
    if right:
        draw_text(draw, (x + width - 6, y), words, size, bold=bold, fill=fill, anchor="rm")
    else:
        draw_text(draw, (x + 4, y), words, size, bold=bold, fill=fill, anchor="lm")


def heading(draw: ImageDraw.ImageDraw, y: float, words: str) -> float:
    """A section title; returns the top of the section's first row."""
    draw_text(draw, (MARGIN, y + 12), fit(words, WIDTH - 2 * MARGIN, HEADING, True)[0],
              HEADING, bold=True, fill=INK, anchor="lm")
    return y + 26


def columns(widths: list[float]) -> list[float]:
    """Left edges of columns of these widths (the last one takes what is left)."""
    out, x = [], float(MARGIN)
    for w in widths:
        out.append(x)
        x += w
    return out


def header_row(draw: ImageDraw.ImageDraw, y: float, lefts: list[float], widths: list[float],
               names: list[str], right: set[int] = frozenset()) -> float:
    draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + ROW), fill="#E6DFCB")
    for k, name in enumerate(names):
        cell(draw, lefts[k], y + ROW / 2, widths[k], name, 14, bold=True, right=k in right)
    return y + ROW


def stripe(draw: ImageDraw.ImageDraw, y: float, k: int, fill: str | None = None) -> None:
    colour = fill or ("#FFFFFF" if k % 2 == 0 else "#F1ECDD")
    draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + ROW), fill=colour)


# ---------------------------------------------------------------- players


def _percent(view: dict, sym: str, certs: Any) -> int:
    shares = data.corporations()[sym]["shares"] if sym in data.corporations() else []
    if isinstance(certs, list):
        return sum(shares[int(c.rsplit("_", 1)[1])] if shares else 10 for c in certs)
    return int(certs or 0) * 10


def players_table(draw: ImageDraw.ImageDraw, y: float, view: dict, lang: str) -> float:
    """One row per player: colour and name, cash, certificates, shares per corporation
    (★ the president's), private companies, value; at the end ranked, with the ranks."""
    syms = [c["sym"] for c in corporations(view)]
    final = bool(view.get("finished"))
    y = heading(draw, y, t(lang, "players.title_final" if final else "players.title"))
    players = {p.get("seat"): p for p in view.get("players") or []}
    held = {(seat, sym): _share_said(view, sym, seat, shares)
            for seat, player in players.items()
            for sym, shares in (player.get("shares") or {}).items() if shares}
    # a column as wide as its widest holding ("100%★" for a sole owner), paid for by the
    # names: a cut "100…" hid the one figure the column is there to show
    share_w = max([SHARE_W] + [min(text_width(said, SHARE_SIZE) + 6, SHARE_W + 14)
                               for said in held.values()])
    if final:
        names = [t(lang, "players.rank"), t(lang, "players.player"), t(lang, "players.cash"),
                 t(lang, "players.share_value"), t(lang, "players.value")]
        widths = [50, 290, 90, 100, 100]
    else:
        names = [t(lang, "players.player"), t(lang, "players.cash"),
                 t(lang, "players.certs"), t(lang, "players.privates"),
                 t(lang, "players.value")]
        widths = [236, 80, 70, 110, 90]
    # the names take what the other columns leave, so the shares end at the table's right
    # edge: the final ranking's columns were wider than the page and its last "100%★" stood
    # past the rows' stripes
    widths.append(share_w * len(syms))
    widths[1 if final else 0] += (WIDTH - 2 * MARGIN) - sum(widths)
    lefts = columns(widths)
    y = header_row(draw, y, lefts, widths, names, right={2, 3, 4} if final else {1, 2, 4})
    for k, sym in enumerate(syms):
        x = lefts[-1] + k * share_w
        _chip(draw, x + share_w / 2, y - ROW / 2, sym)
    rows = ranking(view) if final else [{"seat": p.get("seat")} for p in
                                        view.get("players") or []]
    active = seat_of_id(view, view.get("current_entity"))
    for k, row in enumerate(rows):
        player = players.get(row["seat"], {})
        mark = "#FFF2B8" if row["seat"] == active and not final else None
        if final and row.get("rank") == 1:
            mark = "#FFE08A"
        stripe(draw, y, k, mark)
        mid = y + ROW / 2
        name_col = 1 if final else 0
        if final:
            cell(draw, lefts[0], mid, widths[0], f"{row['rank']}.", bold=True)
        x = lefts[name_col] + 4
        draw.rectangle((x, mid - 8, x + 16, mid + 8), fill=seat_colour(view, row["seat"]),
                       outline=INK, width=2)
        name = who(view, row["seat"], lang)[-1][1]
        if player.get("bankrupt"):
            name = t(lang, "players.bankrupt", name=name)
        cell(draw, x + 18, mid, widths[name_col] - 22, name, bold=True)
        if final:
            values = [money(row["cash"]), money(row["shares"]), money(row["value"])]
            for j, said in enumerate(values):
                cell(draw, lefts[2 + j], mid, widths[2 + j], said, bold=j == 2, right=True)
        else:
            limit = player.get("cert_limit") or view.get("cert_limit")
            certs = player.get("certs")
            values = [money(player.get("cash", 0)),
                      f"{certs}/{limit}" if certs is not None and limit else str(certs or "-"),
                      " ".join(player.get("companies") or []) or "-",
                      money(player.get("value", player.get("cash", 0)))]
            for j, said in enumerate(values):
                cell(draw, lefts[1 + j], mid, widths[1 + j], said, right=j != 2, bold=j == 3)
        for j, sym in enumerate(syms):
            said = held.get((row["seat"], sym))
            if said is None:
                continue
            said, size = fit(said, share_w - 4, SHARE_SIZE)
            draw_text(draw, (lefts[-1] + (j + 0.5) * share_w, mid), said, size, fill=INK,
                      anchor="mm")
        y += ROW
    return y


SHARE_W, SHARE_SIZE = 50, 14


def _share_said(view: dict, sym: str, seat: Any, shares: Any) -> str:
    """A player's holding in a corporation, "30%", with ★ for its president."""
    said = f"{_percent(view, sym, shares)}%"
    if corp(view, sym).get("president_seat") == seat and seat is not None:
        said += "★"
    return said


def seat_colour(view: dict, seat: Any) -> str:
    swatch = who(view, seat, "en")[0]
    return swatch[1] if swatch[0] == "swatch" else "#CCCCCC"


CHIP_H = 18


def _chip(draw: ImageDraw.ImageDraw, x: float, y: float, sym: str,
          marked: bool = False) -> None:
    """A corporation's symbol on its colour (a column's header, a market marker); a
    ``marked`` one is rimmed in the highlight (it moved since the previous board)."""
    colour = CORP_COLOURS.get(sym, "#CCCCCC")
    w = text_width(sym, 14, True) + 10
    _chip_box(draw, (x - w / 2, y - CHIP_H / 2, x + w / 2, y + CHIP_H / 2), colour, marked)
    draw_text(draw, (x, y), sym, 14, bold=True, fill=text_colour_on(colour), anchor="mm")


def _chip_box(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], colour: str,
              marked: bool) -> None:
    """A chip's ground; a ``marked`` one is rimmed in the highlight 2 px outside it, so its
    dark line leaves the symbol its room."""
    draw.rounded_rectangle(box, radius=5, fill=colour, outline=INK, width=1)
    if marked:
        left, top, right, bottom = box
        highlight.rectangle(draw, (left - 2, top - 2, right + 2, bottom + 2), 3)


def changed_corporations(view: dict) -> dict[str, list[str]]:
    """Corporation -> what of it changed since the previous board (``"share_price"``,
    ``"trains"``), from ``view["changed"]`` (render.changes); empty without one."""
    changed = view.get("changed")
    corps = changed.get("corporations") if isinstance(changed, dict) else None
    return {sym: list(fields) for sym, fields in (corps or {}).items() if fields} \
        if isinstance(corps, dict) else {}


def _frame(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float]) -> None:
    """A table cell that changed since the previous board: rimmed in the map's highlight,
    thinner than on the map so the row's words keep their room."""
    highlight.rectangle(draw, box, 3)


# ---------------------------------------------------------------- corporations


def _tokens_left(entry: dict) -> str:
    tokens = entry.get("tokens")
    if isinstance(tokens, list):
        return str(sum(1 for tok in tokens if str(tok).startswith("unused")))
    return str(tokens) if tokens is not None else "-"


def share_units(entry: dict, key: str) -> str:
    value = entry.get(key)
    if isinstance(value, list):
        return f"{_percent({}, entry['sym'], value)}%" if value else "-"
    return str(value) if value else "-"


def corporations_table(draw: ImageDraw.ImageDraw, y: float, view: dict, lang: str) -> float:
    """One row per corporation: president, treasury, price and par, trains, tokens left,
    shares in the treasury/IPO and the pool, and whether it floated or operated."""
    y = heading(draw, y, t(lang, "corps.title"))
    names = ["", t(lang, "corps.president"), t(lang, "corps.cash"), t(lang, "corps.price"),
             t(lang, "corps.par"), t(lang, "corps.trains"), t(lang, "corps.tokens_left"),
             t(lang, "corps.ipo"), t(lang, "corps.pool"), t(lang, "corps.status")]
    widths = [62, 176, 78, 54, 46, 82, 124, 126, 86, WIDTH - 2 * MARGIN - 834]
    lefts = columns(widths)
    y = header_row(draw, y, lefts, widths, names, right={2, 3, 4, 6, 7, 8})
    acting_sym = view.get("current_entity")
    changed = changed_corporations(view)
    for k, entry in enumerate(corporations(view)):
        sym = entry["sym"]
        stripe(draw, y, k, "#FFF2B8" if sym == acting_sym else None)
        # the price and trains columns (the table's 4th and 6th) of what moved or changed
        for column, key in ((3, "share_price"), (5, "trains")):
            if key in changed.get(sym, ()):
                _frame(draw, (lefts[column], y, lefts[column] + widths[column] - 1, y + ROW - 1))
        mid = y + ROW / 2
        _chip(draw, lefts[0] + widths[0] / 2, mid, sym)
        seat = entry.get("president_seat")
        if entry.get("president") == "pool":
            president = t(lang, "corps.receivership")
        elif seat is not None:
            president = who(view, seat, lang)[-1][1]
            x = lefts[1] + 4
            draw.rectangle((x, mid - 7, x + 14, mid + 7), fill=seat_colour(view, seat),
                           outline=INK)
        else:
            president = "-"
        offset = 18 if seat is not None and entry.get("president") != "pool" else 0
        cell(draw, lefts[1] + offset, mid, widths[1] - offset, president)
        ipoed = entry.get("ipoed", entry.get("share_price") is not None)
        values = [money(entry.get("cash", 0)) if ipoed else "-",
                  price_text(entry.get("share_price")), price_text(entry.get("par_price")),
                  " ".join(str(tr).split("-")[0] for tr in entry.get("trains") or []) or "-",
                  _tokens_left(entry), share_units(entry, "treasury_or_ipo_shares"),
                  share_units(entry, "pool_shares")]
        for j, said in enumerate(values):
            cell(draw, lefts[2 + j], mid, widths[2 + j], said, right=j not in (3,),
                 bold=j == 3)
        cell(draw, lefts[9], mid, widths[9], _status(entry, lang), 14)
        y += ROW
    return y


def price_text(value: Any) -> str:
    return "-" if value is None else str(value).split(",")[0]


def _status(entry: dict, lang: str) -> str:
    if entry.get("closed"):
        return t(lang, "corps.closed")
    if not entry.get("ipoed", True):
        return t(lang, "corps.not_started")
    if not entry.get("floated", True):
        return t(lang, "corps.not_floated")
    cap = entry.get("capitalization")
    said = t(lang, "corps.operated") if entry.get("operated") else t(lang, "corps.floated")
    if cap in ("incremental", "full"):
        said += " · " + t(lang, f"corps.cap.{cap}")
    return said


# ---------------------------------------------------------------- private companies


def privates_table(draw: ImageDraw.ImageDraw, y: float, view: dict, lang: str) -> float:
    """Each private company: owner, revenue, value; in the auction the lowest bid it takes
    and the bids on it."""
    auction = view.get("auction") or {}
    companies = view.get("companies") or []
    if companies and all(c.get("closed") for c in companies) and not auction:
        draw_text(draw, (MARGIN, y + 14), t(lang, "privates.all_closed"), BODY, fill=INK,
                  anchor="lm")
        return y + 30
    y = heading(draw, y, t(lang, "privates.title"))
    names = [t(lang, "privates.company"), t(lang, "privates.owner"),
             t(lang, "privates.revenue"), t(lang, "privates.value")]
    widths = [390, 190, 90, 80]
    if auction:
        names.append(t(lang, "privates.bids"))
    widths.append(WIDTH - 2 * MARGIN - sum(widths))
    lefts = columns(widths)
    y = header_row(draw, y, lefts, widths, names, right={2, 3})
    order = list(data.companies())  # the auction's order: by face value
    companies = sorted(companies, key=lambda c: order.index(c.get("id") or c.get("sym"))
                       if (c.get("id") or c.get("sym")) in order else 99)
    for k, entry in enumerate(companies):
        sym = entry.get("id") or entry.get("sym")
        info = data.companies().get(sym, {})
        stripe(draw, y, k, "#FFF2B8" if sym == auction.get("auctioning") else None)
        mid = y + ROW / 2
        cell(draw, lefts[0], mid, widths[0], f"{sym}  {say(private_name(sym), lang)}", bold=False)
        seat = seat_of_id(view, entry.get("owner"))
        if entry.get("closed"):
            owner = t(lang, "privates.closed")
        elif seat is not None:
            owner = who(view, seat, lang)[-1][1]
            draw.rectangle((lefts[1] + 4, mid - 7, lefts[1] + 18, mid + 7),
                           fill=seat_colour(view, seat), outline=INK)
        elif sym in (auction.get("companies") or []):
            owner = t(lang, "privates.for_sale")
        else:
            owner = "-"
        shift = 18 if seat is not None and not entry.get("closed") else 0
        cell(draw, lefts[1] + shift, mid, widths[1] - shift, owner)
        cell(draw, lefts[2], mid, widths[2], money(info.get("revenue", 0)), right=True)
        cell(draw, lefts[3], mid, widths[3], money(info.get("value", 0)), right=True)
        if auction:
            cell(draw, lefts[4], mid, widths[4], bids_text(view, auction, sym, lang), 14)
        y += ROW
    return y


def bids_text(view: dict, auction: dict, sym: str, lang: str) -> str:
    """"Anna 45, Ben 50 · from 55M" for a company in the auction."""
    if sym not in (auction.get("companies") or []):
        return ""
    bids = sorted(auction.get("bids", {}).get(sym, []), key=lambda b: -b[1])
    said = ", ".join(f"{who(view, seat, lang)[-1][1]} {money(price)}" for seat, price in bids)
    least = auction.get("min_bid", {}).get(sym)
    first = (auction.get("companies") or [None])[0] == sym and not auction.get("auctioning")
    if least is not None:
        said = f"{said} · " if said else ""
        said += t(lang, "privates.buy_now" if first else "privates.from", price=money(least))
    return said


# ---------------------------------------------------------------- trains


def trains_table(draw: ImageDraw.ImageDraw, y: float, view: dict, lang: str) -> float:
    """The roster: per train, its price, how many the depot has left, the phase it starts
    and the phase that rusts it; the train the depot sells next is marked."""
    phase = str(view.get("phase") or "2")
    remaining = [str(x) for x in view.get("depot_remaining") or []]
    available = [str(x) for x in view.get("depot_available") or []]
    nxt = remaining[0].split("-")[0] if remaining else None
    spec = data.trains()
    info = next((p for p in data.phases() if p["name"] == phase), data.phases()[0])
    # a new phase's count of operating rounds applies from the next set: during a set, the
    # set's own count, as the log's "Operating Round 12.1 (of 2)" says
    said_round = view.get("round")
    operating = getattr(said_round, "key", None) == "rhl18.round.operating" or (
        isinstance(said_round, dict) and said_round.get("key") == "rhl18.round.operating")
    ors = view.get("operating_rounds") if operating else None
    said = t(lang, "trains.title", limit=info["train_limit"], ors=ors or info["operating_rounds"],
             tiles=", ".join(t(lang, f"colour.{c}") for c in info["tiles"]))
    y = heading(draw, y, said)
    label_w = 200
    col = (WIDTH - 2 * MARGIN - label_w) / len(spec)
    rows = [("trains.train", lambda s: s["name"]),
            ("trains.price", lambda s: money(s["price"])),
            ("trains.left", lambda s: str(sum(1 for r in remaining
                                              if r.split("-")[0] == s["name"]))),
            ("trains.rusts", lambda s: t(lang, "trains.phase_n", phase=s["rusts_on"])
             if s["rusts_on"] else "-"),
            ("trains.from", lambda s: t(lang, "trains.phase_n", phase=_starts(s)))]
    for k, (key, value) in enumerate(rows):
        stripe(draw, y, k, "#E6DFCB" if k == 0 else None)
        mid = y + ROW / 2
        cell(draw, MARGIN, mid, label_w, t(lang, key), 14, bold=True)
        for j, s in enumerate(spec):
            x = MARGIN + label_w + j * col
            if s["name"] == nxt and k > 0:
                draw.rectangle((x, y, x + col, y + ROW), fill="#FFE08A")
            cell(draw, x, mid, col, value(s), bold=k == 0 or s["name"] == nxt, right=True)
        y += ROW
    # What the depot sells now (the next train, and others once their phase came, and
    # discarded trains), and what rusts when the next train comes.
    offers = ", ".join(f"{a.split('-')[0]} ({money(_train_price(a))})" for a in available)
    line = t(lang, "trains.now", offers=offers or "-")
    rust = "; ".join(t(lang, "trains.rust_next", train=kind, rusts=rusts)
                     for kind, rusts in _coming_rusts(phase, [*available, *remaining[:1]]))
    if rust:
        line += "   " + rust
    words, size = fit(line, WIDTH - 2 * MARGIN, BODY, True)
    draw_text(draw, (MARGIN, y + 15), words, size, bold=True, fill="#9A1B1B" if rust else INK,
              anchor="lm")
    return y + 30


def _starts(spec: dict) -> str:
    """The phase a train's first purchase starts (2-trains: the game's start)."""
    for p in data.phases():
        if p["on"] == spec["name"]:
            return p["name"]
    return "2"


def _train_price(tid: str) -> int:
    name = tid.split("-")[0]
    return next(s["price"] for s in data.trains() if s["name"] == name)


def _coming_rusts(phase: str, trains: list[str]) -> list[tuple[str, str]]:
    """(train kind, the kinds it rusts) for each kind among ``trains`` whose first purchase
    starts a phase not yet reached and rusts trains (operating._after_depot_buy): a kind
    whose phase has begun rusts nothing more. The picture said "the next 6-train rusts: 3"
    in phase 6, the 3-trains long gone."""
    order = [p["name"] for p in data.phases()]
    now = order.index(phase) if phase in order else 0
    kinds = list(dict.fromkeys(tid.split("-")[0] for tid in trains))
    out = []
    for kind in kinds:
        rusts = ", ".join(s["name"] for s in data.trains() if s["rusts_on"] == kind)
        if kind in order and order.index(kind) > now and rusts:
            out.append((kind, rusts))
    return out


# ---------------------------------------------------------------- stock market


def market_grid(draw: ImageDraw.ImageDraw, y: float, view: dict, lang: str) -> float:
    """The 2-D market: each cell with its price, par cells framed, markers stacked (the
    leftmost operates first)."""
    rows = _market_rows()
    y = heading(draw, y, t(lang, "market.title"))
    cw = (WIDTH - 2 * MARGIN) / max(len(r) for r in rows)
    ch = 24 + 3 * (CHIP_H + 1)  # the price, then three markers one below the other
    positions = market_positions(view)
    moved = {sym for sym, fields in changed_corporations(view).items()
             if "share_price" in fields}
    for r, row in enumerate(rows):
        for c, entry in enumerate(row):
            x, top = MARGIN + c * cw, y + r * ch
            fill = "#FFF2B8" if entry["par"] else "#FFFFFF"
            syms = positions.get(entry["id"], [])
            # a cell a marker moved onto is framed as the map frames a changed hex (its par
            # frame gives way; the cell's fill still says par), and the marker rimmed, as a
            # cell may hold markers that did not move
            marked = moved & set(syms)
            draw.rectangle((x, top, x + cw - 2, top + ch - 2), fill=fill, outline=INK,
                           width=3 if entry["par"] else 1)
            if marked:
                highlight.rectangle(draw, (x, top, x + cw - 2, top + ch - 2), 4)
            draw_text(draw, (x + 5, top + 11), str(entry["price"]), 14, bold=True, fill=INK,
                      anchor="lm")
            _stack(draw, x, top, cw, ch, syms, marked)
    if changed_corporations(view):
        _legend(draw, MARGIN + (len(rows[-1]) + 0.3) * cw, y + (len(rows) - 0.5) * ch, lang)
    return y + len(rows) * ch


def _legend(draw: ImageDraw.ImageDraw, x: float, y: float, lang: str) -> None:
    """What the highlight means, as the map's legend says it, in the room the market's
    short bottom row leaves."""
    left = highlight.swatch(draw, x, y)
    words, size = fit(highlight.words(lang), WIDTH - MARGIN - left, BODY)
    draw_text(draw, (left, y), words, size, fill=INK, anchor="lm")


def _stack(draw: ImageDraw.ImageDraw, x: float, top: float, cw: float, ch: float,
           syms: list[str], marked: set[str] = frozenset()) -> None:
    """Markers in a cell as chips below the price, the first (which operates first) on top;
    with more than fit, the lower ones overlap and only the top one's edge shows."""
    if not syms:
        return
    room = ch - 24
    step = min(CHIP_H + 1, (room - CHIP_H) / max(1, len(syms) - 1)) if len(syms) > 1 else 0
    for k in reversed(range(len(syms))):
        y = top + 21 + k * step + CHIP_H / 2
        if k == len(syms) - 1 or step >= CHIP_H:
            _chip(draw, x + cw / 2 - 1, y, syms[k], syms[k] in marked)
        else:  # partly covered by the next one down: its colour only
            w = cw - 10
            _chip_box(draw, (x + cw / 2 - w / 2, y - CHIP_H / 2, x + cw / 2 + w / 2,
                             y + CHIP_H / 2), CORP_COLOURS.get(syms[k], "#DDD"),
                      syms[k] in marked)


# ---------------------------------------------------------------- the picture


def market_picture(view: dict) -> Image.Image:
    lang = lang_of(view)
    image = Image.new("RGB", (WIDTH, MAX_HEIGHT), PAPER)
    draw = ImageDraw.Draw(image)
    draw_header(draw, view, WIDTH, lang)
    y = float(TOP)
    y = players_table(draw, y, view, lang) + 8
    y = corporations_table(draw, y, view, lang) + 8
    y = privates_table(draw, y, view, lang) + 8
    y = trains_table(draw, y, view, lang) + 4
    y = market_grid(draw, y, view, lang) + MARGIN
    return image.crop((0, 0, WIDTH, min(MAX_HEIGHT, int(y))))
