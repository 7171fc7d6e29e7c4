"""The Rhein turn card's left panel in Phases 1-5, in place of the small map.

In Phase 1 a seat chooses among the open orders, and the map (in round 1 an empty river)
showed none of them; a player on a phone had to open the full board to read what was on
offer. Each order gets a box: its number and city, its options (containers → income), its
time and penalty; the order under auction is framed in the card's choice blue and pointed
at, with the bid.

In Phases 2 and 3 a seat loads containers onto transports and reserves their stops. The map
shows a transport as a dot; the board's lanes hold every figure but in 6-pixel text on a
phone. So each transport gets a box: its name and where it stands, how full it is against
its minimum and capacity, its price, each player's containers aboard, and the stops
reserved, each in its reserver's colour. In Phase 3 the transports carrying the seat's own
containers are framed so: only on those may it reserve a stop.

At a stop in Phase 4 and in Phase 5 a seat unloads and fulfils for its orders, which the map
never showed: the seat's containers there head the panel (at a stop, with the stops reserved
further down the river, where what stays aboard can still go), then each of its open
orders, those of that city framed so.
"""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from render.card_text import CHOICE, INK, LINE, MUTED, SMALL, fit, for_spectator, named
from render.common import text_colour_on
from render.player_names import display_name
from render.rhein import PLAYER, VEHICLE, city_names, colour_word, vehicle_colour, word
from render.text_draw import draw_text, text_width

GAP = 8  # between two orders' boxes
CHOSEN_WIDTH = 5  # a chosen box's frame
# the pointer left of a chosen box, in the card's 16 px margin: 8 x 15 px on a phone
POINTER = (14, 28)


def draw_orders(draw: ImageDraw.ImageDraw, view: dict[str, Any], box: tuple[float, ...],
                lang: str) -> None:
    left, top, right, bottom = box
    auction = view.get("auction") or {}
    orders = view["orders_list"]
    height = min(2 * LINE + 10, (bottom - top - GAP * (len(orders) - 1)) // max(1, len(orders)))
    y = top
    for order in orders:
        bidding = order["card"] == auction.get("card") and auction.get("bid") is not None
        bid = _bid_note(view, auction, lang, (right - left) / 2 - 16) if bidding else None
        _order_box(draw, view, order, (left, y, right, y + height), lang, bidding, bid)
        y += height + GAP


def _bid_note(view: dict[str, Any], auction: dict, lang: str, room: float) -> str:
    """Who bids what, by name where it fits beside the options ("Ödön bids 4"), else by
    the colour the standings show beside the name ("Blue bids 4")."""
    name = display_name(view, auction["high"])
    if name is not None:
        said = word(lang, "card.bid", bid=auction["bid"], high=name)
        if text_width(said, SMALL, True) <= room:
            return said
    return word(lang, "card.bid", bid=auction["bid"], high=colour_word(view, auction["high"], lang))


def draw_own_orders(draw: ImageDraw.ImageDraw, view: dict[str, Any],
                    box: tuple[float, ...], lang: str) -> None:
    """Phase 4 at a stop and Phase 5: where the seat is, its containers there, and its open
    orders (outlined: those of that city), which decide what it unloads or fulfils."""
    left, top, right, bottom = box
    cities = city_names(view, lang)
    seat = _acting(view)[0]
    player = view["players"][seat]
    stop = view.get("stop") or {}
    later: list[tuple[str, str]] = []  # the stops reserved further down the river
    if view["phase"] == 4 and stop:
        city = stop["city"]
        item = next(t for t in view["transports"] if t["key"] == stop["transport"])
        head = _whose(view, seat, lang, "card.stop_here", right - left - 20,
                      count=item["load"][seat])
        colours = [p["colour"] for p in view["players"]]
        later = [(colours[int(by)], cities.get(int(at), at))
                 for at, by in sorted(item["reserved_by"].items(), key=lambda e: int(e[0]))
                 if int(at) > city]
    else:
        city = view.get("fulfil_city")
        head = _whose(view, seat, lang, "card.lying_here", right - left - 20,
                      count=int(player["lying"].get(str(city), 0)))  # the banner names the city
    height = LINE + 12 if view["phase"] == 5 else 2 * LINE + 10
    draw.rounded_rectangle((left, top, right, top + height), 6, fill="#FFFFFF",
                           outline="#C9C2B2", width=2)
    _weighted(draw, (left + 10, top + 6), head, right - left - 20)
    if view["phase"] == 4:
        then = word(lang, "card.later" if later else "card.no_later")
        draw_text(draw, (left + 10, top + 5 + LINE), then, SMALL, fill=MUTED)
        _pills(draw, left + 20 + text_width(then, SMALL), top + 5 + LINE, right - 8, later)
    y = top + height + GAP
    # this city's orders first, the nearest deadline first; as many as fit in two lines
    # each, the rest counted
    orders = sorted(player["orders"], key=lambda o: (o["city"] != city, *_tokens_left(o)))
    if not orders:
        draw_text(draw, (left + 10, y), word(lang, "card.no_orders"), SMALL, fill=MUTED)
        return
    room = int((bottom - y + GAP) // (2 * LINE + 10 + GAP))
    shown = orders if len(orders) <= room else orders[:max(0, room - 1)]
    for order in shown:
        _order_box(draw, view, order, (left, y, right, y + 2 * LINE + 10), lang,
                   order["city"] == city, None)
        y += 2 * LINE + 10 + GAP
    if len(shown) < len(orders):
        more = word(lang, "card.more_orders", count=len(orders) - len(shown))
        draw_text(draw, (left + 10, y), fit(more, SMALL, right - left - 20), SMALL, fill=MUTED)


def _frame(draw: ImageDraw.ImageDraw, box: tuple[float, ...], chosen: bool) -> None:
    """A box of the panel. One ``chosen``, what the seat's move is about (the order under
    auction, a transport carrying its containers, an order of the city it is in), is framed
    in the card's CHOICE blue with a pointer left of it. It was framed in the pictures' pink,
    which everywhere else means "changed since the last board"; under protanopia the blue
    and that pink are close (CIE dE2000 8), so the pointer and the plain frame (the changed
    mark is a dashed band) tell them apart too."""
    if not chosen:
        draw.rounded_rectangle(box, 6, fill="#FFF6DA", outline="#C9C2B2", width=2)
        return
    left, top, _, bottom = box
    draw.rounded_rectangle(box, 6, fill="#FFF6DA", outline=CHOICE, width=CHOSEN_WIDTH)
    middle = (top + bottom) / 2
    draw.polygon([(left - POINTER[0] - 2, middle - POINTER[1] / 2), (left - 2, middle),
                  (left - POINTER[0] - 2, middle + POINTER[1] / 2)], fill=CHOICE)


def _order_box(draw: ImageDraw.ImageDraw, view: dict[str, Any], order: dict,
               box: tuple[float, ...], lang: str, outlined: bool, note: str | None) -> None:
    """An order: number and city, its deadline and penalty; its options (containers →
    income), and ``note`` (the bid under way) right of them."""
    left, top, right, _ = box
    cities = city_names(view, lang)
    _frame(draw, box, outlined)
    name = fit(f"#{order['card']} {cities.get(order['city'], order['city'])}", SMALL,
               (right - left) / 2 - 10, True)
    draw_text(draw, (left + 10, top + 5), name, SMALL, bold=True, fill=INK)
    # the deadline takes what the name leaves: the German one is longer than half a box,
    # and "3 tokens · penalty 7" beside "#43 Strasbourg" needs all but 12 px of the rest
    room = right - left - 30 - text_width(name, SMALL, True)
    draw_text(draw, (right - 8, top + 5), fit(_terms(order, lang), SMALL, room), SMALL,
              fill=MUTED, anchor="ra")
    half = (right - left) / 2
    room = right - left - 20
    if note is not None:
        note = fit(note, SMALL, half - 16, True)
        draw_text(draw, (right - 8, top + 5 + LINE), note, SMALL, bold=True, fill=INK,
                  anchor="ra")
        room -= text_width(note, SMALL, True) + 16
    draw_text(draw, (left + 10, top + 5 + LINE), fit(_options(order, room), SMALL, room),
              SMALL, fill=INK)


def _options(order: dict, room: float) -> str:
    """An order's options (containers → income), spaced as widely as ``room`` allows: beside
    a bid a third option was cut ("3 → 11   4 → 14   5…"), and each one is a price."""
    for gap, arrow in (("   ", " → "), ("  ", "→"), (" ", "→")):
        said = gap.join(f"{q}{arrow}{c}" for q, c in order["options"])
        if text_width(said, SMALL) <= room:
            break
    return said


def _terms(order: dict, lang: str) -> str:
    """The deadline and penalty: a held order's deadline is the time tokens left on it (what
    the board shows), one still on the Orders List its printed time."""
    if "tokens" not in order:
        return word(lang, "orders.terms", time=order["time"], penalty=order["penalty"])
    if order["tokens"] is None:  # Relax: no tokens, no deadline (rulings R17)
        return word(lang, "card.no_deadline", penalty=order["penalty"])
    return word(lang, "card.tokens", count=order["tokens"], penalty=order["penalty"])


def _tokens_left(order: dict) -> tuple[bool, int]:
    """A held order's sort key by deadline: fewest tokens first, none (Relax) last."""
    return order["tokens"] is None, order["tokens"] or 0


def _acting(view: dict[str, Any]) -> list[int]:
    return (view.get("card") or {}).get("acting") or view.get("active") or []


def draw_transports(draw: ImageDraw.ImageDraw, view: dict[str, Any],
                    box: tuple[float, ...], lang: str) -> None:
    transports = choosable(view)
    # the seat's open orders take one more box: where its containers should go, which a
    # phone player otherwise read off the full board
    cells = len(transports) + 1
    # up to 6 in a column of boxes, more in two columns (the name on a line of its own);
    # two too where the orders' box of one column, two lines, cannot list the seat's orders
    columns = 1 if cells <= 6 else 2
    boxes = _grid(box, cells, columns)
    if columns == 1 and _orders_layout(view, boxes[-1], lang)[3]:
        columns, boxes = 2, _grid(box, cells, 2)
    for item, cell in zip(transports, boxes, strict=False):
        _transport(draw, view, item, cell, columns == 2, lang)
    _orders_cell(draw, view, boxes[-1], lang)


def _grid(box: tuple[float, ...], cells: int, columns: int) -> list[tuple[float, ...]]:
    """The boxes of ``cells`` in ``columns`` (filled column by column), the last taking
    what its column leaves below it: one order and a cryptic "+1" showed in a box above
    empty panel."""
    left, top, right, bottom = box
    rows = -(-cells // columns)
    # A box of a column of two cannot hold how full it is, its minimum and the containers
    # aboard on one line: it gives each its own, closer together in five rows (nine
    # transports, five players).
    tall = columns == 1 or rows * (TALL + 6) - 6 <= bottom - top
    gap = 6 if tall else 3
    room = (bottom - top - gap * (rows - 1)) // rows
    height = min(2 * LINE + 12 if columns == 1 else TALL, room)
    width = (right - left - gap * (columns - 1)) / columns
    boxes = []
    for number in range(cells):
        x = left + (number // rows) * (width + gap)
        y = top + (number % rows) * (height + gap)
        boxes.append((x, y, x + width, y + height))
    x, y, end, _ = boxes[-1]
    boxes[-1] = (x, y, end, max(y + height, bottom))
    return boxes


def _orders_cell(draw: ImageDraw.ImageDraw, view: dict[str, Any], box: tuple[float, ...],
                 lang: str) -> None:
    """The acting seat's open orders (public, as on the board), each its city and the
    quantities it takes, the nearest deadline first, several to a line: a box of two lines
    showed one order and "+2 more", and the player had to open the board for the others."""
    left, top, right, _ = box
    draw.rounded_rectangle(box, 6, fill="#FFFFFF", outline="#C9C2B2", width=2)
    if not _acting(view):
        return
    heading, lines, beside, _, step = _orders_layout(view, box, lang)
    y = top + 4
    draw_text(draw, (left + 10, y), heading, SMALL, bold=_bold(heading, right - left - 20),
              fill=INK)
    empty = not view["players"][_acting(view)[0]]["orders"]
    for number, text in enumerate(lines):
        x = left + 10 + (beside if number == 0 and beside else 0)
        y += 0 if number == 0 and beside else step
        draw_text(draw, (x, y), text, SMALL, fill=MUTED if empty else INK)


def _orders_layout(view: dict[str, Any], box: tuple[float, ...], lang: str
                   ) -> tuple[str, list[str], float, int, float]:
    """How the orders' box says the acting seat's orders: its heading, the lines of orders,
    how far in the first of them stands beside the heading (0: under it), how many orders
    are left out (counted on the last line), and the lines' step."""
    left, top, right, bottom = box
    acting = _acting(view)
    if not acting:
        return "", [], 0, 0, LINE
    cities = city_names(view, lang)
    orders = sorted(view["players"][acting[0]]["orders"], key=_tokens_left)
    said = [f"{cities.get(o['city'], o['city'])} {'/'.join(str(q) for q, _ in o['options'])}"
            for o in orders] or [word(lang, "card.no_orders_short")]
    room = right - left - 20
    step = min(LINE, max(CLOSE[1], (bottom - top - 8) / 3))  # a line needs 28 px to the next
    rows = max(1, int((bottom - top - 8) // step))  # the heading's line too
    heading = _whose(view, acting[0], lang, "card.your_orders", room, "card.orders_of")
    if not for_spectator(view):  # (a spectator's is fitted already, the name shortened)
        heading = fit(heading, SMALL, room, True)
    beside = text_width(heading, SMALL, _bold(heading, room)) + ORDERS_GAP
    inline, lines, left_out = _orders_lines(said, room, rows, beside, lang)
    return heading, lines, beside if inline else 0, left_out, step


def _whose(view: dict[str, Any], seat: int, lang: str, key: str, room: float,
           spectator: str = "", **values: Any) -> str:
    """A panel's heading about ``seat``'s things: "your" on the channel's card, which pings
    that seat; on a spectator's, the seat's name (its colour without one) in their place
    (the ``spectator`` key, else ``key`` + "_of"), shortened where the heading would not
    fit ``room``, never the words around it."""
    if not for_spectator(view):
        return word(lang, key, **values)
    name = display_name(view, seat) or colour_word(view, seat, lang)
    return named(lambda said: word(lang, spectator or f"{key}_of", name=said, **values),
                 name, SMALL, room)[0]


def _bold(heading: str, room: float) -> bool:
    """Whether a heading of :func:`_whose` is drawn bold: where it fits so."""
    return text_width(heading, SMALL, True) <= room


ORDERS_GAP = 14  # between the orders' heading and an order beside it
ORDERS_JOIN = ", "


def _orders_lines(said: list[str], room: float, rows: int, beside: float,
                  lang: str) -> tuple[bool, list[str], int]:
    """The orders' texts packed into the box's ``rows`` lines ``room`` wide: whether the
    first line is the heading's (beside it, ``beside`` in), the lines, and how many orders
    are left out. Under the heading, a line each or several to a line, where they fit, else
    beside it too; those that fit neither way are counted in words ("+2 more": a bare "+1" read as a bonus)."""
    for shown in range(len(said), 0, -1):
        left_out = len(said) - shown
        items = [*said[:shown], *([word(lang, "card.more_short", count=left_out)]
                                  if left_out else [])]
        if len(items) < rows and all(text_width(i, SMALL) <= room for i in items):
            return False, items, left_out  # a line each, as a list reads best
        under = _packed(items, room, rows - 1, room)
        if under is not None:
            return False, under, left_out
        side = _packed(items, room, rows, room - beside)
        if side is not None:
            return True, side, left_out
    more = word(lang, "card.more_short", count=len(said) - 1) if len(said) > 1 else ""
    return True, [fit(f"{said[0]} {more}".strip(), SMALL, room - beside)], len(said) - 1


def _packed(items: list[str], room: float, rows: int, first: float) -> list[str] | None:
    """``items`` joined into at most ``rows`` lines ``room`` wide (the first ``first``
    wide), in order, none cut; None when they need more."""
    lines: list[str] = []
    for item in items:
        width = first if len(lines) == 1 else room  # the last line's
        if lines and text_width(f"{lines[-1]}{ORDERS_JOIN}{item}", SMALL) <= width:
            lines[-1] = f"{lines[-1]}{ORDERS_JOIN}{item}"
        elif text_width(item, SMALL) <= (first if not lines else room):
            lines.append(item)
        else:
            return None
    return lines if len(lines) <= rows else None


TALL = 3 * LINE + 12  # a narrow transport's box: name, load and containers a line each
# the lines' tops in a narrow box too low for TALL: a line of text needs 28 px to the next,
# a row of pills 32 px below text (92 px in all, five rows in the panel)
CLOSE = (1, 28, 32)


def choosable(view: dict[str, Any]) -> list[dict]:
    """The transports the phase's moves are about: in Phase 2 those waiting in Basel to be
    loaded, in Phase 3 those with containers aboard (only they get stops reserved); all
    of them when none is."""
    if view["phase"] == 2:
        shown = [t for t in view["transports"] if t["pos"] is None]
    else:
        shown = [t for t in view["transports"] if any(t["load"])]
    return shown or view["transports"]


def _transport(draw: ImageDraw.ImageDraw, view: dict[str, Any], item: dict,
               box: tuple[float, ...], narrow: bool, lang: str) -> None:
    """One transport's box: its name and how full it is (against its minimum), then each
    player's containers aboard and, in Phase 3, the stops reserved (in the reserver's
    colour) and its price. Outlined when it carries the acting seat's containers in Phase 3.
    A ``narrow`` box (a column of two) has a line each for the name, how full it is and the
    containers: sharing one line, how full it is lost its minimum as soon as containers were
    aboard, and with it whether the transport could leave yet."""
    left, top, right, bottom = box
    cities = city_names(view, lang)
    colours = [p["colour"] for p in view["players"]]
    acting = _acting(view)
    reserving = view["phase"] == 3
    ours = reserving and any(item["load"][seat] for seat in acting if seat < len(item["load"]))
    _frame(draw, box, ours)
    load = word(lang, "card.load", load=sum(item["load"]), capacity=item["capacity"],
                min=item["min_load"])
    aboard = [(colours[seat], f"{word(lang, f'letter.{colours[seat]}')}{count}")
              for seat, count in enumerate(item["load"]) if count]
    x = left + 10
    if not narrow:
        y = top + 5
        _swatch(draw, left + 8, y + 4, item)
        draw_text(draw, (right - 8, y), load, SMALL, bold=True, fill=INK, anchor="ra")
        _name(draw, (left + 31, y), item, cities,
              right - left - 52 - text_width(load, SMALL, True), lang)
        y += LINE
    else:
        first, second, third = (5, LINE, LINE) if bottom - top >= TALL else CLOSE
        y = top + first
        # regular, so the names of a column do not change weight with their length
        _name(draw, (left + 10, y), item, cities, right - left - 18, lang, weights=(False,))
        y += second
        _swatch(draw, left + 8, y + 4, item)
        draw_text(draw, (left + 31, y), load, SMALL, bold=True, fill=INK)
        y += third
    end = _pills(draw, x, y, right - 8, aboard)
    if not narrow and not aboard:
        draw_text(draw, (x, y), word(lang, "card.empty"), SMALL, fill=MUTED)
        end += text_width(word(lang, "card.empty"), SMALL)
    if not reserving:
        return
    stops = [(colours[int(seat)], cities.get(int(city), city))
             for city, seat in sorted(item["reserved_by"].items(), key=lambda e: int(e[0]))]
    price = word(lang, "card.cost", cost=item["cost"])
    # the stops reserved come before the price, which every "reserve" button says too: with
    # the price in their room, a box whose containers filled the line showed no stop at all
    taken = sum(_pill_width(text) + 6 for _, text in stops) + text_width(price, SMALL) + 12
    if end + 16 + taken <= right - 8:
        draw_text(draw, (right - 8, y), price, SMALL, fill=MUTED, anchor="ra")
        right -= text_width(price, SMALL) + 12
    _pills(draw, end + 16, y, right - 8, stops, align_right=True)


def _swatch(draw: ImageDraw.ImageDraw, x: float, y: float, item: dict) -> None:
    """The transport's colour (white, red, black) as a small square."""
    draw.rounded_rectangle((x, y, x + 16, y + 16), 4, fill=VEHICLE[vehicle_colour(item)],
                           outline=INK, width=2)


def _names(item: dict, cities: dict[int, str], lang: str) -> list[str]:
    """The transport's name as :func:`_name` tries it: with where it stands when under way,
    as it is, shortened ("schw. Flugzeug")."""
    name = word(lang, f"transport.{item['key']}")
    tries = [name, word(lang, f"transport_short.{item['key']}")]
    if item["pos"] is not None:
        tries.insert(0, word(lang, "card.at", transport=name, city=cities.get(item["pos"], "")))
    return tries


def _name(draw: ImageDraw.ImageDraw, at: tuple[float, float], item: dict,
          cities: dict[int, str], room: float, lang: str,
          weights: tuple[bool, ...] = (True, False)) -> None:
    """The transport's name, with where it stands when under way, in the first of
    ``weights`` (bold or not) it fits; the place is left out, then the name shortened
    ("schw. Flugzeug"), before it is cut."""
    tries = _names(item, cities, lang)
    for text in tries[:-1]:
        for bold in weights:
            if text_width(text, SMALL, bold) <= room:
                draw_text(draw, at, text, SMALL, bold=bold, fill=INK)
                return
    _weighted(draw, at, tries[-1], room, weights)


def _weighted(draw: ImageDraw.ImageDraw, at: tuple[float, float], text: str, room: float,
              weights: tuple[bool, ...] = (True, False)) -> None:
    """``text`` in the first of ``weights`` (bold or not) it fits in, else cut to fit."""
    for bold in weights:
        if text_width(text, SMALL, bold) <= room:
            draw_text(draw, at, text, SMALL, bold=bold, fill=INK)
            return
    draw_text(draw, at, fit(text, SMALL, room, weights[-1]), SMALL, bold=weights[-1], fill=INK)


def _pill_width(text: str) -> float:
    return text_width(text, SMALL, True) + 12


def _pills(draw: ImageDraw.ImageDraw, x: float, y: float, limit: float,
           pills: list[tuple[str, str]], align_right: bool = False) -> float:
    """Labels on their player's colour in a row from ``x`` (or ending at ``limit``); those
    that do not fit become "+N", which is left out too where even it does not fit (it ran
    into the row's other pills). Returns where the row ends."""
    widths = [_pill_width(text) for _, text in pills]
    shown = len(pills)
    while shown and sum(widths[:shown]) + 6 * shown > limit - x - \
            (0 if shown == len(pills) else text_width(f"+{len(pills) - shown}", SMALL) + 6):
        shown -= 1
    more = f"+{len(pills) - shown}" if shown < len(pills) else ""
    if more and not shown and text_width(more, SMALL) > limit - x:
        return x
    total = sum(widths[:shown]) + 6 * shown + (text_width(more, SMALL) if more else 0)
    cx = limit - total if align_right else x
    for (colour, text), width in zip(pills[:shown], widths, strict=False):
        fill = PLAYER[colour]
        draw.rounded_rectangle((cx, y - 1, cx + width, y + SMALL + 3), 6, fill=fill, outline=INK,
                               width=1)
        draw_text(draw, (cx + width / 2, y + SMALL / 2 + 1), text, SMALL, bold=True,
                  fill=text_colour_on(fill), anchor="mm")
        cx += width + 6
    if more:
        draw_text(draw, (cx, y), more, SMALL, fill=MUTED)
        cx += text_width(more, SMALL) + 6
    return cx if shown or more else x
