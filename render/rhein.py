"""The board image of Rhein: River Trade, drawn from the public view.

Top: the Rhine as 15 columns (city numbers 0-14) with the cities, one lane each for planes,
trains and ships (transports with their loads; reservation flags in the colour and letter of
the player who reserved the stop, with a band in the transport's colour), then trucks and the
containers lying in each city. Basel's column is three transports wide, because the
transports wait there between trips (elsewhere two of one kind rarely meet), and the two
spaces without a city are narrow, so each lane is about one transport tall and the lanes hold
what they show. Services are not written out: a hatched lane cell is a stop that transport
cannot make. Bottom: the Orders List (at the end: the final result, every player's Capital
after penalties, ranked), the players, the Capital track, and the transports' mats as one
table across the picture.

Every word on the picture is a catalogue text (render/locales/<lang>/rhein.json, keys
``render.rhein.*``) said in the table's language, ``view["lang"]`` (English without it), and
at least TEXT px (1.1 % of the width, readable when a player opens the board on a phone).
German words are longer, so widths that depend on words are measured, not fixed.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine import text as texts
from render import highlight
from render.card_text import wrapped_parts
from render.common import text_colour_on, to_png
from render.player_names import and_list, display_name, with_colour
from render.text_draw import draw_text, text_width, wrapped

texts.register("render.locales")  # the renderers' catalogue (idempotent)

WIDTH = 1600
TEXT = 18  # the least text size: 1.1 % of WIDTH
LINE = 24  # one line of panel text at TEXT
LEFT = 116  # lane labels ("Flugzeuge" needs the room)
NARROW = 40  # the two spaces without a city (no transport ever stops there)
NO_CITY = (11, 13)
BASEL_SLOTS = 3  # transports side by side in Basel's column
COLUMN = (WIDTH - 8 - LEFT - len(NO_CITY) * NARROW) // (14 - len(NO_CITY) + BASEL_SLOTS)
CITY_TOP = 76
CITY_BOTTOM = CITY_TOP + 96
# A city's number sits in a diamond this far from its centre to each corner; the change
# highlight's ring hugs it (render.highlight), the name row below starts 3 px under that.
DIAMOND = 19
BACKGROUND = "#F7F4EC"
INK = "#1B1B1B"
MUTED = "#5A5A5A"
LANE_FILL = {"plane": "#E8F1FA", "train": "#EEEEEE", "ship": "#D6E9F7"}
NO_CITY_FILL = "#E4E0D6"
# Player colours: colour-blind safe (Okabe-Ito) plus a letter on every marker.
# The letters are catalogue texts (render.rhein.letter.<colour>): G/Y/B/P/Br, Gr/Ge/Bl/Li/Br.
PLAYER = {
    "green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "purple": "#CC79A7",
    "brown": "#8C510A",
}
VEHICLE = {"white": "#FFFFFF", "red": "#C8102E", "black": "#202020"}
KINDS = ("plane", "train", "ship")
TOKEN_HEAD = 48  # a transport's colour and its load, one line each
PILL_H, PILL_STEP = 24, 28  # a player's containers: letter and count on the player's colour
# A reservation flag and the row it takes: two stripes, the transport's letter on its colour
# above the player's. A 7 px band of the transport's colour at the pole was 2.4 px on a phone
# and under protanopia red read as black; a letter beside the player's would not fit twice in
# a column at the least text size.
FLAG_W, FLAG_H = 42, 48
FLAG_BAND = 20  # the transport's stripe
HATCH_INK, HATCH_LINE = "#8F8878", 2  # a 1 px #C9C4B8 line (1.4:1 on the lanes) was lost at 550 px
TRUCK_H = 30
MIN_LANE = 56
NAME_SIZE, NAME_WIDTH = 20, 230  # a player's name and colour in the panels (bold)


def language(view: dict[str, Any]) -> str:
    """The table's language, as the service put it into the view ("en" without it)."""
    return texts.language(view.get("lang", texts.DEFAULT))


def word(lang: str, key: str, **values: Any) -> str:
    """The catalogue text ``render.rhein.<key>`` in ``lang``."""
    return texts.render(f"render.rhein.{key}", values, lang)


def width_of(position: int) -> int:
    """A river position's column width."""
    if position == 0:
        return BASEL_SLOTS * COLUMN
    return NARROW if position in NO_CITY else COLUMN


def x_of(position: int) -> int:
    """The left edge of a river position's column."""
    return LEFT + sum(width_of(p) for p in range(position))


def where(item: dict) -> int:
    """A transport's column: waiting on its mat (pos None) is Basel's."""
    return 0 if item["pos"] is None else item["pos"]


def vehicle_colour(item: dict) -> str:
    """"white", "red" or "black": the first part of the transport's key ("red-train")."""
    return item["key"].split("-")[0]


def pill_width(letter: str, count: int) -> float:
    return text_width(f"{letter}{count}", TEXT, True) + 8


def pill_rows(loads: list[tuple[str, int]], lang: str, room: float) -> int:
    """How many rows the players' pills take when flowed into ``room``."""
    rows, x = 0, room
    for colour, count in loads:
        width = pill_width(word(lang, f"letter.{colour}"), count)
        if x + width > room:
            rows, x = rows + 1, 0.0
        x += width + 3
    return rows


def draw_pills(draw: ImageDraw.ImageDraw, x: float, y: float, room: float,
               loads: list[tuple[str, int]], lang: str) -> None:
    """Each player's count on a pill of their colour with their letter ("Gr5"), flowed."""
    left, cx = x, x
    for colour, count in loads:
        letter = word(lang, f"letter.{colour}")
        width = pill_width(letter, count)
        if cx > left and cx + width > left + room:
            cx, y = left, y + PILL_STEP
        fill = PLAYER[colour]
        draw.rounded_rectangle((cx, y, cx + width, y + PILL_H), radius=6, fill=fill,
                               outline=INK, width=1)
        draw_text(draw, (cx + width / 2, y + PILL_H / 2), f"{letter}{count}", TEXT, bold=True,
                  fill=text_colour_on(fill), anchor="mm")
        cx += width + 3


def loads_of(item: dict, colours: list[str]) -> list[tuple[str, int]]:
    return [(colours[seat], count) for seat, count in enumerate(item["load"]) if count]


def token_height(item: dict, colours: list[str], lang: str) -> int:
    rows = pill_rows(loads_of(item, colours), lang, COLUMN - 10)
    return TOKEN_HEAD + PILL_STEP * rows + (4 if rows else 0)


class Layout:
    """Vertical positions of the lanes and rows; each lane as tall as its tallest stack plus
    its reservation flags."""

    def __init__(self, lanes: dict[str, tuple[int, int]], flag_rows: dict[str, int],
                 trucks: tuple[int, int], lying: tuple[int, int], legend_y: int,
                 panel_top: int):
        self.lanes = lanes
        self.flag_rows = flag_rows
        self.trucks = trucks
        self.lying = lying
        self.legend_y = legend_y
        self.panel_top = panel_top


def _stacks(view: dict, kind: str, lang: str) -> dict[int, list[int]]:
    """Per column, the heights of the rows of transports of ``kind`` (Basel: side by side)."""
    colours = [p["colour"] for p in view["players"]]
    by_column: dict[int, list[dict]] = {}
    for item in view["transports"]:
        if item["kind"] == kind:
            by_column.setdefault(where(item), []).append(item)
    rows: dict[int, list[int]] = {}
    for column, items in by_column.items():
        per_row = BASEL_SLOTS if column == 0 else 1
        heights = [token_height(item, colours, lang) for item in items]
        rows[column] = [max(heights[i:i + per_row]) for i in range(0, len(heights), per_row)]
    return rows


def _flags(view: dict, kind: str) -> dict[int, list[tuple[dict, str]]]:
    """Per city, the transports of ``kind`` with a marker there and who reserved it."""
    found: dict[int, list[tuple[dict, str]]] = {}
    for item in view["transports"]:
        if item["kind"] != kind:
            continue
        for city in item["markers"]:
            seat = (item.get("reserved_by") or {}).get(str(city))
            found.setdefault(city, []).append((item, seat))
    return found


def plan(view: dict, lang: str) -> Layout:
    top = CITY_BOTTOM + 4
    lanes, flag_rows = {}, {}
    for kind in KINDS:
        stacks = _stacks(view, kind, lang)
        tallest = max([0, *(sum(h + 4 for h in rows) for rows in stacks.values())])
        flags = _flags(view, kind)
        rows = max([0, *(-(-len(f) // (width_of(c) // FLAG_W)) for c, f in flags.items())])
        height = max(MIN_LANE, tallest + 4 + rows * FLAG_H)
        lanes[kind] = (top, top + height)
        flag_rows[kind] = rows
        top += height + 4
    trucks: dict[int, int] = {}
    lying: dict[int, list[tuple[str, int]]] = {}
    for player in view["players"]:
        for truck in player["trucks"].values():
            if truck["where"] == "board":
                trucks[truck["pos"]] = trucks.get(truck["pos"], 0) + 1
        for city, count in player["lying"].items():
            lying.setdefault(int(city), []).append((player["colour"], count))
    truck_rows = max([1, *(-(-n // _trucks_per_row(c)) for c, n in trucks.items())])
    lying_rows = max([1, *(pill_rows(loads, lang, width_of(c) - 10)
                           for c, loads in lying.items())])
    truck_box = (top, top + 8 + TRUCK_H * truck_rows)
    top = truck_box[1] + 4
    lying_box = (top, top + 8 + PILL_STEP * lying_rows)
    legend_y = lying_box[1] + 8
    legend_lines = len(wrapped(word(lang, "legend"), TEXT, WIDTH - 24))
    legend_lines += 1 if highlight.places(view) else 0  # the highlight's own line
    return Layout(lanes, flag_rows, truck_box, lying_box, legend_y,
                  legend_y + legend_lines * LINE + 14)


def _trucks_per_row(column: int) -> int:
    return max(1, (width_of(column) - 6) // (COLUMN - 6))


# ---------------------------------------------------------------- the river


def labels_bold(lang: str) -> bool:
    """Whether the row labels are bold: all of them or none, so that they read as one
    column (German "Flugzeuge" and "Abgeladen" are too wide for bold, and were regular
    among bold "Züge", "Schiffe", "Lkw")."""
    labels = [word(lang, f"lane.{kind}") for kind in KINDS]
    labels += [word(lang, "row.trucks"), word(lang, "row.lying"), word(lang, "city")]
    return all(text_width(label, TEXT, True) <= LEFT - 12 for label in labels)


def vehicle_names_bold(lang: str) -> bool:
    """Whether the transports' colour names are bold: all or none (German "Schwarz" is too
    wide for bold in a column and stood regular beside bold "Weiß" and "Rot")."""
    return all(text_width(word(lang, f"colour.{colour}"), TEXT, True) <= COLUMN - 16
               for colour in VEHICLE)


def draw_river(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict, layout: Layout,
               lang: str) -> None:
    """Lanes, rows, columns and cities: where the pieces stand."""
    rows = [(word(lang, f"lane.{kind}"), layout.lanes[kind], LANE_FILL[kind]) for kind in KINDS]
    rows += [(word(lang, "row.trucks"), layout.trucks, "#FFFFFF"),
             (word(lang, "row.lying"), layout.lying, "#FFFFFF")]
    bold = labels_bold(lang)
    for label, (top, bottom), fill in rows:
        draw.rectangle((LEFT, top, WIDTH - 8, bottom), fill=fill)
        draw_text(draw, (8, (top + bottom) // 2), label, TEXT, bold=bold, fill=INK, anchor="lm")
    draw_text(draw, (8, CITY_TOP + 20), word(lang, "city"), TEXT, bold=bold, fill=INK,
              anchor="lm")
    river_y = sum(layout.lanes["ship"]) // 2
    draw.line((LEFT, river_y, WIDTH - 8, river_y), fill="#9CC7E8", width=10)
    cities = {c["number"]: c for c in view["cities"]}
    for position in range(15):
        x, width = x_of(position), width_of(position)
        centre = x + width // 2
        draw.line((x, CITY_TOP, x, layout.lying[1]), fill="#C9C2B2", width=1)
        if position not in cities:
            draw_text(draw, (centre, CITY_TOP + 20), str(position), TEXT, fill=MUTED,
                      anchor="mm")
            for top, bottom in layout.lanes.values():
                draw.rectangle((x + 1, top, x + width - 1, bottom), fill=NO_CITY_FILL)
            continue
        city = cities[position]
        diamond = [(centre, CITY_TOP + 20 - DIAMOND), (centre + DIAMOND, CITY_TOP + 20),
                   (centre, CITY_TOP + 20 + DIAMOND), (centre - DIAMOND, CITY_TOP + 20)]
        draw.polygon(diamond, fill="#F2C14E", outline=INK)
        draw_text(draw, (centre, CITY_TOP + 20), str(position), TEXT, bold=True, fill=INK,
                  anchor="mm")
        # names take turns between two rows, so each may be as wide as two columns
        name_y = CITY_TOP + 59 + (26 if position % 2 else 0)
        draw_text(draw, (centre, name_y), city_name(city, lang), TEXT, bold=True, fill=INK,
                  anchor="mm")
        for kind, (top, bottom) in layout.lanes.items():
            if kind not in city["services"]:
                tile = hatch(width - 1, bottom - top)
                image.paste(tile, (x + 1, top), tile)
        if "road" not in city["services"]:
            top, bottom = layout.trucks
            tile = hatch(width - 1, bottom - top)
            image.paste(tile, (x + 1, top), tile)


@lru_cache(maxsize=32)
def hatch(width: int, height: int) -> Image.Image:
    """Diagonal lines clipped to one column: a lane where that transport cannot stop."""
    tile = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    pen = ImageDraw.Draw(tile)
    for offset in range(0, width + height, 14):
        pen.line((offset, 0, offset - height, height), fill=HATCH_INK, width=HATCH_LINE)
    return tile


def draw_token(draw: ImageDraw.ImageDraw, x: int, y: int, item: dict, colours: list[str],
               lang: str) -> int:
    """A plane/train/ship: its colour, its load, each player's containers; returns its
    height."""
    fill = VEHICLE[vehicle_colour(item)]
    height = token_height(item, colours, lang)
    draw.rounded_rectangle((x + 2, y, x + COLUMN - 2, y + height), radius=6, fill=fill,
                           outline=INK, width=2)
    ink = text_colour_on(fill)
    name = word(lang, f"colour.{vehicle_colour(item)}")
    draw_text(draw, (x + 6, y + 13), name, TEXT, bold=vehicle_names_bold(lang), fill=ink,
              anchor="lm")
    draw_text(draw, (x + COLUMN - 7, y + 36), f"{sum(item['load'])}/{item['capacity']}", TEXT,
              fill=ink, anchor="rm")
    draw_pills(draw, x + 5, y + TOKEN_HEAD, COLUMN - 10, loads_of(item, colours), lang)
    return height


def draw_flag(draw: ImageDraw.ImageDraw, x: float, y: float, item: dict, colour: str | None,
              lang: str) -> None:
    """A reservation flag at its pole: the transport's letter on its colour (white, red,
    black) above the letter of the player who reserved the stop on theirs."""
    band = VEHICLE[vehicle_colour(item)]
    right, middle = x + FLAG_W - 6, x + 1 + (FLAG_W - 7) / 2
    draw.line((x, y, x, y + FLAG_H - 3), fill=INK, width=2)
    draw.rectangle((x + 1, y, right, y + FLAG_BAND), fill=band, outline=INK)
    draw_text(draw, (middle, y + FLAG_BAND / 2 + 1), transport_letter(item, lang), TEXT,
              bold=True, fill=text_colour_on(band), anchor="mm")
    cloth = PLAYER[colour] if colour else "#DDDDDD"
    draw.rectangle((x + 1, y + FLAG_BAND, right, y + FLAG_H - 6), fill=cloth, outline=INK)
    if colour:
        draw_text(draw, (middle, y + FLAG_BAND + (FLAG_H - 6 - FLAG_BAND) / 2),
                  word(lang, f"letter.{colour}"), TEXT, bold=True, fill=text_colour_on(cloth),
                  anchor="mm")


def transport_letter(item: dict, lang: str) -> str:
    """The transport's colour as one letter (W, R, K; German W, R, S)."""
    return word(lang, f"transport_letter.{vehicle_colour(item)}")


def draw_lanes(draw: ImageDraw.ImageDraw, view: dict, layout: Layout, lang: str) -> None:
    colours = [p["colour"] for p in view["players"]]
    for kind, (top, bottom) in layout.lanes.items():
        rows = _stacks(view, kind, lang)
        used: dict[int, int] = {}
        for item in view["transports"]:
            if item["kind"] != kind:
                continue
            column = where(item)
            slot = used.get(column, 0)
            used[column] = slot + 1
            per_row = BASEL_SLOTS if column == 0 else 1
            row, across = divmod(slot, per_row)
            y = top + 4 + sum(h + 4 for h in rows[column][:row])
            draw_token(draw, x_of(column) + across * COLUMN, y, item, colours, lang)
        for city, flags in _flags(view, kind).items():
            per_row = max(1, width_of(city) // FLAG_W)
            for k, (item, seat) in enumerate(flags):
                row, across = divmod(k, per_row)
                colour = colours[seat] if isinstance(seat, int) and seat < len(colours) \
                    else None
                draw_flag(draw, x_of(city) + 4 + across * FLAG_W,
                          bottom - FLAG_H * (layout.flag_rows[kind] - row), item, colour, lang)


def draw_trucks_and_lying(draw: ImageDraw.ImageDraw, view: dict, layout: Layout,
                          lang: str) -> None:
    truck_slots: dict[int, int] = {}
    lying: dict[int, list[tuple[str, int]]] = {}
    for player in view["players"]:
        colour = player["colour"]
        letter = word(lang, f"letter.{colour}")
        for key, truck in player["trucks"].items():
            if truck["where"] != "board":
                continue
            slot = truck_slots.get(truck["pos"], 0)
            truck_slots[truck["pos"]] = slot + 1
            row, across = divmod(slot, _trucks_per_row(truck["pos"]))
            x = x_of(truck["pos"]) + 4 + across * (COLUMN - 6)
            y = layout.trucks[0] + 5 + row * TRUCK_H
            said = f"{letter} {key.upper()}{truck['load']}"
            draw.rounded_rectangle((x, y, x + COLUMN - 10, y + TRUCK_H - 4), radius=5,
                                   fill="#FFFFFF", outline=PLAYER[colour], width=4)
            draw_text(draw, (x + (COLUMN - 10) / 2, y + (TRUCK_H - 4) / 2), said, TEXT,
                      bold=True, fill=INK, anchor="mm")
        for city, count in player["lying"].items():
            lying.setdefault(int(city), []).append((colour, count))
    for city, loads in lying.items():
        draw_pills(draw, x_of(city) + 5, layout.lying[0] + 5, width_of(city) - 10, loads, lang)


# ---------------------------------------------------------------- header


def colour_word(view: dict, seat: int, lang: str) -> str:
    """The colour of the player's pieces ("Lila"): what a tight spot names them by."""
    return word(lang, f"player.{view['players'][seat]['colour']}")


def player_name(view: dict, seat: int, lang: str) -> str:
    """"Anna (Lila)": the player's name, shortened to fit, with the colour of their pieces;
    the colour alone in a view without names. "Am Zug: Lila" left a five-player table to
    remember who plays purple."""
    colour = colour_word(view, seat, lang)
    return with_colour(display_name(view, seat), colour,
                       lambda name: word(lang, "named", name=name, colour=colour),
                       NAME_SIZE, NAME_WIDTH)


def status_text(view: dict, lang: str) -> str:
    """Whose turn it is and what is going on, in one line."""
    if view["step"] == "over":
        # the ranking's first place, not every best score: more fulfilled orders break a tie
        first = [row for row in ranking(view) if row["final"] and row["rank"] == 1]
        if not first:
            return word(lang, "status.over")
        names = and_list([player_name(view, row["seat"], lang) for row in first], lang)
        return word(lang, "status.over_best", best=first[0]["final"]["score"], names=names)
    status = ""
    if view["active"]:
        status = word(lang, "status.turn", name=player_name(view, view["active"][0], lang))
    if view.get("auction") and view["step"] == "auction":
        status += auction_text(view, lang)
    elif view["step"] == "take" and len(view["players"]) == 2:
        status += word(lang, "status.pass", number=view.get("take_pass", 1))
    cities = city_names(view, lang)
    if view.get("stop"):
        stop = view["stop"]
        status += word(lang, "status.stop", transport=word(lang, f"transport.{stop['transport']}"),
                       city=cities[stop["city"]])
    if view.get("fulfil_city") is not None:
        status += word(lang, "status.fulfil", city=cities[view["fulfil_city"]])
    return status


def auction_text(view: dict, lang: str) -> str:
    auction = view["auction"]
    if auction["lone"]:
        return word(lang, "status.lone")
    if auction["card"] is None:
        return word(lang, "status.auction_open")
    passed = ", ".join(player_name(view, s, lang) for s in auction["passed"])
    return word(lang, "status.auction", card=auction["card"], bid=auction["bid"],
                high=player_name(view, auction["high"], lang),
                passed=passed or word(lang, "status.nobody"))


def header(draw: ImageDraw.ImageDraw, view: dict, lang: str) -> None:
    options = view["options"]
    variant = word(lang, "variant.under_pressure" if options.get("under_pressure") else
                   "variant.relax" if options.get("relax") else "variant.standard")
    title = word(lang, "title", round=view["round"], rounds=view["rounds"], phase=view["phase"],
                 name=word(lang, f"phase.{view['phase']}"))
    draw_text(draw, (12, 20), title, 26, bold=True, fill=INK, anchor="lm")
    line = word(lang, "status.line", status=status_text(view, lang), variant=variant)
    size = 21
    while size > TEXT and text_width(line, size) > WIDTH - 24:
        size -= 1
    while text_width(line, size) > WIDTH - 24 and len(line) > 4:
        line = line[:-2].rstrip() + "…"
    draw_text(draw, (12, 52), line, size, fill=INK, anchor="lm")


def draw_legend(draw: ImageDraw.ImageDraw, layout: Layout, lang: str, changed: bool) -> None:
    """The legend; a ``changed`` board's says what its frames mean, as 18Rhl's does."""
    y = layout.legend_y
    for part in wrapped(word(lang, "legend"), TEXT, WIDTH - 24):
        draw_text(draw, (12, y), part, TEXT, fill=MUTED)
        y += LINE
    if changed:
        left = highlight.swatch(draw, 12, y + TEXT / 2 + 1)
        draw_text(draw, (left, y), highlight.words(lang), TEXT, fill=MUTED)


# ---------------------------------------------------------------- panels

ORDERS_X, ORDERS_W = 12, 490  # most orders with their terms on one line
PLAYERS_X, PLAYERS_W = 518, 646
CAPITAL_X = PLAYERS_X + PLAYERS_W + 16


def order_line(order: dict, cities: dict[int, str]) -> str:
    options = "  ".join(f"{q}→{c}" for q, c in order["options"])
    return f"#{order['card']} {cities[order['city']]} ({order['city']}): {options}"


def _orders_lines(view: dict, cities: dict[int, str], lang: str) -> list[tuple[str, str]]:
    """The Orders List's lines: each order with its terms (time, penalty) at the right, or
    the terms on a line of their own when both do not fit side by side (drawn indented at
    the left, see draw_orders_list)."""
    lines = []
    for order in view["orders_list"]:
        said = order_line(order, cities)
        terms = word(lang, "orders.terms", time=order["time"], penalty=order["penalty"])
        if text_width(said, TEXT) + 14 + text_width(terms, TEXT) <= ORDERS_W:
            lines.append((said, terms))
        else:
            lines += [(said, ""), ("", terms)]
    return lines


def draw_orders_list(draw: ImageDraw.ImageDraw, view: dict, cities: dict[int, str],
                     top: int, lang: str) -> int:
    x, y = ORDERS_X, top
    draw_text(draw, (x, y), word(lang, "orders.title", count=view["deck_count"]), 20,
              bold=True, fill=INK)
    y += 30
    if not view["orders_list"]:
        draw_text(draw, (x, y), word(lang, "orders.empty"), TEXT, fill=MUTED)
        return y + LINE
    for order, terms in _orders_lines(view, cities, lang):
        draw_text(draw, (x, y), order, TEXT, fill=INK)
        if terms and not order:
            # a line of terms alone, indented under its order: at the right edge it read as
            # the terms of the order below
            draw_text(draw, (x + 20, y), terms, TEXT, fill=MUTED)
        elif terms:
            draw_text(draw, (x + ORDERS_W, y), terms, TEXT, fill=MUTED, anchor="ra")
        y += LINE
    return y


def ranking(view: dict) -> list[dict]:
    """Every player, best first, as the rules rank them (R56, R53): final Capital after
    penalties, then more fulfilled orders, ties sharing a place; bankrupt players below,
    the later bankruptcy first."""
    final = view.get("final") or {}
    rows = []
    for player in view["players"]:
        entry = final.get(str(player["seat"]))
        key = (1, entry["score"], entry["fulfilled"]) if entry else \
            (0, player["bankrupt_round"] or 0, 0)
        rows.append({"seat": player["seat"], "key": key, "final": entry,
                     "bankrupt_round": player["bankrupt_round"]})
    rows.sort(key=lambda r: (tuple(-v for v in r["key"]), r["seat"]))
    for i, row in enumerate(rows):
        row["rank"] = rows[i - 1]["rank"] if i and rows[i - 1]["key"] == row["key"] else i + 1
    return rows


def _result_lines(view: dict, lang: str) -> list[tuple[str, bool]]:
    """The final result's lines (text, bold), wrapped to the panel."""
    out = []
    for row in ranking(view):
        name = player_name(view, row["seat"], lang)
        entry = row["final"]
        if entry is None:
            out.append((word(lang, "final.bankrupt", rank=row["rank"], name=name,
                             round=row["bankrupt_round"]), True))
            continue
        out.append((word(lang, "final.line", rank=row["rank"], name=name,
                         score=entry["score"]), True))
        detail = word(lang, "final.detail", capital=entry["capital"],
                      penalties=entry["penalties"], aboard=entry["aboard"],
                      mortgages=entry["mortgages"], fulfilled=entry["fulfilled"])
        # broken between its parts: "· 5 erfüllt" began a line of its own
        out += [(part, False) for part in
                wrapped_parts(detail.split(" · "), " · ", TEXT, ORDERS_W - 20)]
    out += [(part, False) for part in wrapped(word(lang, "final.rule"), TEXT, ORDERS_W)]
    return out


def draw_result(draw: ImageDraw.ImageDraw, view: dict, top: int, lang: str) -> int:
    """At the end, in the Orders List's place: every player's final Capital, ranked."""
    x, y = ORDERS_X, top
    draw_text(draw, (x, y), word(lang, "final.title"), 20, bold=True, fill=INK)
    y += 30
    for said, bold in _result_lines(view, lang):
        indent = 0 if bold else 20
        draw_text(draw, (x + indent, y), said, TEXT, bold=bold, fill=INK if bold else MUTED)
        y += LINE
    return y


def truck_text(letter: str, truck: dict, cities: dict[int, str], lang: str) -> str:
    if truck["where"] == "board":
        return word(lang, "truck.board", letter=letter.upper(), city=cities[truck["pos"]],
                    load=truck["load"])
    key = "truck.mortgaged" if truck["where"] == "mortgaged" else "truck.reserve"
    return word(lang, key, letter=letter.upper())


def tokens_text(tokens: int | None, lang: str) -> str:
    if tokens is None:
        return word(lang, "tokens.none")
    return word(lang, "tokens", count=tokens)


def _player_lines(view: dict, seat: int, cities: dict[int, str], lang: str) -> list[str]:
    """A player's lines under their name, wrapped to the panel."""
    player = view["players"][seat]
    trucks = " · ".join(truck_text(k, t, cities, lang) for k, t in player["trucks"].items())
    lines = wrapped(word(lang, "players.line", warehouse=player["warehouse"], trucks=trucks,
                         fulfilled=player["fulfilled_count"]), TEXT, PLAYERS_W - 30)
    for order in player["orders"]:
        lines += wrapped(word(lang, "players.order", order=order_line(order, cities),
                              tokens=tokens_text(order["tokens"], lang),
                              penalty=order["penalty"]), TEXT, PLAYERS_W - 30)
    return lines


def _turn_order(view: dict) -> list[int]:
    return view["turn_order"] + [p["seat"] for p in view["players"]
                                 if p["seat"] not in view["turn_order"]]


def draw_players(draw: ImageDraw.ImageDraw, view: dict, cities: dict[int, str],
                 top: int, lang: str) -> int:
    x, y = PLAYERS_X, top
    draw_text(draw, (x, y), word(lang, "players.title"), 20, bold=True, fill=INK)
    y += 30
    final = view.get("final") or {}
    radius = chip_radius(view, lang)
    for seat in _turn_order(view):
        player = view["players"][seat]
        name = player_name(view, seat, lang)
        if seat in view["active"]:
            draw.rectangle((x - 4, y - 2, x + PLAYERS_W, y + 26), fill="#FFF2B3")
        chip(draw, x + radius, y + 12, player["colour"], radius=radius, lang=lang)
        headline = word(lang, "players.capital", name=name, capital=player["capital"])
        if player["bankrupt_round"] is not None:
            headline = word(lang, "players.bankrupt", name=name, round=player["bankrupt_round"])
        elif str(seat) in final:
            headline += word(lang, "players.final", score=final[str(seat)]["score"])
        draw_text(draw, (x + 2 * radius + 8, y + 12), headline, 20, bold=True, fill=INK,
                  anchor="lm")
        y += 30
        for line in _player_lines(view, seat, cities, lang):
            draw_text(draw, (x + 2 * radius + 6, y), line, TEXT, fill=INK)
            y += LINE
        y += 6
    return y


def chip_radius(view: dict, lang: str) -> int:
    """A marker disc wide enough for every seat's letters at TEXT (the least size): German's
    two letters ran into a 13 px disc's rim ("Ge" was clipped) and up to the name."""
    widest = max(text_width(word(lang, f"letter.{p['colour']}"), TEXT, True)
                 for p in view["players"])
    # the letters' corners (bold capitals are 13 px high) inside the circle, 1.5 px to spare
    return max(13, math.ceil(math.hypot(widest / 2 + 1.5, 6.5)))


def chip(draw: ImageDraw.ImageDraw, x: float, y: float, colour: str, radius: int = 13,
         lang: str = texts.DEFAULT) -> None:
    """A player marker: colour plus letters, so colour is never the only cue."""
    fill = PLAYER[colour]
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill,
                 outline=INK, width=1)
    draw_text(draw, (x, y), word(lang, f"letter.{colour}"), TEXT, bold=True,
              fill=text_colour_on(fill), anchor="mm")


def capital_row(view: dict, lang: str) -> int:
    return max(32, 2 * chip_radius(view, lang) + 2)


def capital_label(value: int, lang: str) -> str:
    tiles = value // 100
    if not tiles:
        return str(value)
    key = "capital.tile" if tiles == 1 else "capital.tiles"
    return word(lang, key, shown=value % 100, tiles=tiles)


def city_name(city: dict, lang: str) -> str:
    """A city as the table's language names it (German "Straßburg"), as the move lists and log
    lines do; the rules' own name (the notation's) where the language has none of its own."""
    key = f"rhein.city.{city['number']}"
    return texts.render(key, {}, lang) if texts.has(key) else str(city["name"])


def city_names(view: dict, lang: str) -> dict[int, str]:
    return {c["number"]: city_name(c, lang) for c in view.get("cities") or []}


def capital_title(lang: str) -> list[str]:
    """The Capital track's heading in lines, broken before its bracket when it needs two:
    German "Kapitalleiste (Stapel, oberster / zuerst)" broke inside the phrase."""
    title, room = word(lang, "capital.title"), WIDTH - 12 - CAPITAL_X
    head, bracket, rest = title.partition(" (")
    if text_width(title, 20, True) <= room or not bracket:
        return wrapped(title, 20, room, bold=True)
    return wrapped(head, 20, room, bold=True) + wrapped("(" + rest, 20, room, bold=True)


def draw_capital_track(draw: ImageDraw.ImageDraw, view: dict, top: int, lang: str) -> int:
    """Markers by value; in a stack the top marker is drawn first (it plays first)."""
    x, y = CAPITAL_X, top
    for part in capital_title(lang):
        draw_text(draw, (x, y), part, 20, bold=True, fill=INK)
        y += 28
    y += 4
    players = [p for p in view["players"] if p["bankrupt_round"] is None]
    values = sorted({p["capital"] for p in players}, reverse=True)
    labels = {value: capital_label(value, lang) for value in values}
    chips_x = x + max([40.0, *(text_width(label, TEXT, True) for label in labels.values())]) + 24
    radius = chip_radius(view, lang)
    for value in values:
        stack = sorted((p for p in players if p["capital"] == value), key=lambda p: -p["stamp"])
        draw_text(draw, (x, y + radius), labels[value], TEXT, bold=True, fill=INK, anchor="lm")
        for index, player in enumerate(stack):
            chip(draw, chips_x + index * (2 * radius + 6), y + radius, player["colour"], radius,
                 lang)
        y += capital_row(view, lang)
    return y


MAT_HEADS = ("init", "cost", "speed", "stops", "min_cap", "markers")


def mat_table(view: dict, lang: str) -> tuple[list[list[str]], list[list[str]]]:
    """The mats as a table across the picture: a column per transport (its name in lines
    that fit the column) and a row per figure."""
    columns = [(word(lang, f"transport.{t['key']}"),
                [str(v) for v in (t["initiative"], t["cost"], t["speed"], t["stops"],
                                  f"{t['min_load']}/{t['capacity']}", t["marker_count"])])
               for t in view["transports"]]
    columns.append((word(lang, "mats.truck"), ["10", "1", "2", "1", "1/2", "-"]))
    width = _mat_column(lang, len(columns))
    names = [wrapped(name, TEXT, width - 16, bold=True) for name, _ in columns]
    return names, [values for _, values in columns]


def _mat_label_width(lang: str) -> float:
    return max(text_width(word(lang, f"mats.{head}"), TEXT, True) for head in MAT_HEADS) + 16


def _mat_column(lang: str, count: int) -> float:
    return (WIDTH - 24 - _mat_label_width(lang)) / count


def mats_height(view: dict, lang: str) -> int:
    names, _ = mat_table(view, lang)
    return 30 + LINE * max(len(n) for n in names) + 6 + LINE * len(MAT_HEADS) + 8


def draw_mats(draw: ImageDraw.ImageDraw, view: dict, top: int, lang: str) -> None:
    """The transport mats' figures, a column per transport."""
    x, y = 12, top
    draw_text(draw, (x, y), word(lang, "mats.title"), 20, bold=True, fill=INK)
    y += 30
    names, values = mat_table(view, lang)
    label_w = _mat_label_width(lang)
    column = _mat_column(lang, len(names))
    head_lines = max(len(n) for n in names)
    draw.rectangle((x, y - 2, WIDTH - 12, y + head_lines * LINE + 2), fill="#ECE6D6")
    for k, lines in enumerate(names):
        for j, part in enumerate(lines):
            draw_text(draw, (x + label_w + (k + 0.5) * column, y + j * LINE + LINE / 2), part,
                      TEXT, bold=True, fill=INK, anchor="mm")
    y += head_lines * LINE + 6
    for r, head in enumerate(MAT_HEADS):
        if r % 2:
            draw.rectangle((x, y, WIDTH - 12, y + LINE), fill="#EFEBE0")
        draw_text(draw, (x + 4, y + LINE / 2), word(lang, f"mats.{head}"), TEXT, bold=True,
                  fill=MUTED, anchor="lm")
        for k, figures in enumerate(values):
            draw_text(draw, (x + label_w + (k + 0.5) * column, y + LINE / 2), figures[r],
                      TEXT, fill=INK, anchor="mm")
        y += LINE


def panels_height(view: dict, lang: str) -> int:
    """The tallest of the three panels, computed before drawing."""
    cities = city_names(view, lang)
    if view["step"] == "over":
        left = 30 + LINE * len(_result_lines(view, lang))
    else:
        left = 30 + LINE * max(1, len(_orders_lines(view, cities, lang)))
    middle = 30 + sum(30 + LINE * len(_player_lines(view, p["seat"], cities, lang)) + 6
                      for p in view["players"])
    title = len(capital_title(lang))
    right = 28 * title + 4 + capital_row(view, lang) * len(view["players"])
    return max(left, middle, right)


def render(view: dict) -> bytes:
    lang = language(view)
    cities = city_names(view, lang)
    layout = plan(view, lang)
    mats_top = layout.panel_top + panels_height(view, lang) + 16
    height = mats_top + mats_height(view, lang)
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    header(draw, view, lang)
    draw_river(image, draw, view, layout, lang)
    # what changed since the previous board, under the pieces: a frame drawn over them hid
    # the first letter of a transport standing at a column's edge
    highlight.mark("rhein", image, view)
    draw_lanes(draw, view, layout, lang)
    draw_trucks_and_lying(draw, view, layout, lang)
    draw_legend(draw, layout, lang, bool(highlight.places(view)))
    top = layout.panel_top
    if view["step"] == "over":
        draw_result(draw, view, top, lang)
    else:
        draw_orders_list(draw, view, cities, top, lang)
    draw_players(draw, view, cities, top, lang)
    draw_capital_track(draw, view, top, lang)
    draw_mats(draw, view, mats_top, lang)
    return to_png(image)
