"""The board image of Rhein: River Trade, drawn from the public view.

Top: the Rhine as 15 columns (city numbers 0-14) with the cities and their services, one lane
each for planes, trains and ships (transports with their loads, reservation markers as
flags), then trucks and the containers lying in each city. Bottom: the Orders List, the
players (Capital, trucks, open orders with time tokens) and the transports' mats.

Every word on the picture is a catalogue text (render/locales/<lang>/rhein.json, keys
``render.rhein.*``) said in the table's language, ``view["lang"]`` (English without it).
German words are longer, so widths that depend on words are measured, not fixed.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine import text as texts
from render import highlight
from render.common import font, text_colour_on, to_png
from render.text_draw import draw_text

texts.register("render.locales")  # the renderers' catalogue (idempotent)

WIDTH = 1600
LEFT = 120  # lane labels ("Flugzeuge" needs the room; the columns stay 98 px wide)
COLUMN = (WIDTH - LEFT - 10) // 15
CITY_TOP, CITY_BOTTOM = 64, 178
FLAG_SPACE = 34  # below the tokens of a lane: the reservation flags
ROW_HEIGHT = 74  # trucks and lying containers
BACKGROUND = "#F7F4EC"
INK = "#1B1B1B"
MUTED = "#6B6B6B"
LANE_FILL = {"plane": "#E8F1FA", "train": "#EEEEEE", "ship": "#D6E9F7"}
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
SERVICES = ("plane", "train", "ship", "road")
MIN_TEXT = 14  # px: the smallest text a phone shows readably


def language(view: dict[str, Any]) -> str:
    """The table's language, as the service put it into the view ("en" without it)."""
    return texts.language(view.get("lang", texts.DEFAULT))


def word(lang: str, key: str, **values: Any) -> str:
    """The catalogue text ``render.rhein.<key>`` in ``lang``."""
    return texts.render(f"render.rhein.{key}", values, lang)


@lru_cache(maxsize=256)
def text_width(text: str, size: int, bold: bool = False) -> float:
    return ImageDraw.Draw(Image.new("1", (1, 1))).textlength(text, font=font(size, bold))


def fitted(text: str, size: int, bold: bool, width: float) -> int:
    """The largest size from ``size`` down to MIN_TEXT at which ``text`` fits ``width``."""
    while size > MIN_TEXT and text_width(text, size, bold) > width:
        size -= 1
    return size


def x_of(position: int) -> int:
    return LEFT + position * COLUMN


def chip(draw: ImageDraw.ImageDraw, x: float, y: float, colour: str, text: str,
         radius: int = 11, lang: str = texts.DEFAULT) -> None:
    """A player marker: colour plus letters, so colour is never the only cue."""
    fill = PLAYER[colour]
    letter = word(lang, f"letter.{colour}")
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill,
                 outline=INK, width=1)
    size = 14 if len(letter) == 1 else 12
    draw_text(draw, (x, y), letter, size, bold=True, fill=text_colour_on(fill), anchor="mm")
    if text:
        draw_text(draw, (x + radius + 2, y), text, 15, bold=True, fill=INK, anchor="lm")


class Layout:
    """Vertical positions of the lanes and rows; lanes grow with the tallest stack."""

    def __init__(self, lane_heights: tuple[int, int, int], truck_rows: int, lying_rows: int):
        top = CITY_BOTTOM + 4
        self.lanes: dict[str, tuple[int, int]] = {}
        for kind, height in zip(("plane", "train", "ship"), lane_heights, strict=True):
            self.lanes[kind] = (top, top + height)
            top += height + 4
        self.trucks = (top, top + 16 + 30 * truck_rows)
        top = self.trucks[1] + 4
        self.lying = (top, top + 16 + 28 * lying_rows)
        self.panel_top = self.lying[1] + 12


@lru_cache(maxsize=4)
def token_head(lang: str) -> int:
    """Height of a token's title: one line when colour and load fit side by side, else two
    (German "Schwarz" and "12/12" do not fit in one column at 14 px)."""
    widest = max(text_width(word(lang, f"colour.{c}"), 14, True) for c in VEHICLE)
    return 26 if widest + text_width("14/14", 14) + 8 <= COLUMN - 13 else 42


def token_height(item: dict, lang: str) -> int:
    loads = sum(1 for count in item["load"] if count)
    return token_head(lang) + 22 * max(1, (loads + 1) // 2)


def plan(view: dict, lang: str) -> Layout:
    heights = []
    for kind in ("plane", "train", "ship"):
        stacks: dict[int, int] = {}
        for item in view["transports"]:
            if item["kind"] == kind:
                position = 0 if item["pos"] is None else item["pos"]
                stacks[position] = stacks.get(position, 0) + token_height(item, lang) + 4
        heights.append(max([60, *stacks.values()]) + FLAG_SPACE)
    trucks: dict[int, int] = {}
    lying: dict[int, int] = {}
    for player in view["players"]:
        for truck in player["trucks"].values():
            if truck["where"] == "board":
                trucks[truck["pos"]] = trucks.get(truck["pos"], 0) + 1
        for city in player["lying"]:
            lying[int(city)] = lying.get(int(city), 0) + 1
    truck_rows = max([1, *((n + 1) // 2 for n in trucks.values())])
    lying_rows = max([1, *((n + 1) // 2 for n in lying.values())])
    return Layout(tuple(heights), truck_rows, lying_rows)


@lru_cache(maxsize=16)
def static_board(city_key: tuple, layout_key: tuple, mats: tuple, lang: str) -> Image.Image:
    """Lanes, columns, cities and mats: the same in every picture with this layout."""
    lanes, trucks_row, lying_row, panel_top = layout_key
    LANES = dict(lanes)  # noqa: N806 (reads like the constant it replaces)
    TRUCK_ROW, LYING_ROW = trucks_row, lying_row  # noqa: N806
    height = 2000
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    cities = {number: (name, services) for number, name, services in city_key}
    rows = [(word(lang, f"lane.{kind}"), LANES[kind], LANE_FILL[kind]) for kind in LANES]
    rows += [(word(lang, "row.trucks"), TRUCK_ROW, "#FFFFFF"),
             (word(lang, "row.lying"), LYING_ROW, "#FFFFFF")]
    for label, (top, bottom), fill in rows:
        draw.rectangle((LEFT, top, WIDTH - 10, bottom), fill=fill)
        size = fitted(label, 18, True, LEFT - 14)
        draw_text(draw, (8, (top + bottom) // 2), label, size, bold=True, fill=INK, anchor="lm")
    draw_text(draw, (8, 100), word(lang, "city"), 18, bold=True, fill=INK, anchor="lm")
    draw_text(draw, (8, 124), word(lang, "number"), 14, fill=MUTED, anchor="lm")
    # the river itself runs along the ship lane
    draw_mats(draw, mats, panel_top + MAT_OFFSET)
    river_y = (LANES["ship"][0] + LANES["ship"][1]) // 2
    draw.line((LEFT, river_y, WIDTH - 10, river_y), fill="#9CC7E8", width=10)
    words = {kind: word(lang, f"service.{kind}") for kind in SERVICES}
    box = min(46, max(40, 8 + max(text_width(w, 14) for w in words.values())))
    for position in range(15):
        x = x_of(position)
        draw.line((x, CITY_TOP, x, LYING_ROW[1]), fill="#C9C2B2", width=1)
        centre = x + COLUMN // 2
        if position not in cities:
            draw_text(draw, (centre, CITY_TOP + 18), str(position), 15, fill=MUTED, anchor="mm")
            draw_text(draw, (centre, CITY_TOP + 44), word(lang, "no_city"), 14, fill=MUTED,
                      anchor="mm")
            for top, bottom in LANES.values():
                draw.rectangle((x + 1, top, x + COLUMN - 1, bottom), fill="#E4E0D6")
            continue
        name, services = cities[position]
        diamond = [(centre, CITY_TOP + 4), (centre + 16, CITY_TOP + 20), (centre, CITY_TOP + 36),
                   (centre - 16, CITY_TOP + 20)]
        draw.polygon(diamond, fill="#F2C14E", outline=INK)
        draw_text(draw, (centre, CITY_TOP + 20), str(position), 15, bold=True, fill=INK,
                  anchor="mm")
        draw_text(draw, (centre, CITY_TOP + 52), name, 15 if len(name) < 11 else 14, bold=True,
                  fill=INK, anchor="mm")
        shown = [words[kind] for kind in SERVICES if kind in services]
        for index, label in enumerate(shown):
            column, row = index % 2, index // 2
            wx = centre + (column * 2 - 1) * (box // 2 + 1)
            wy = CITY_TOP + 78 + row * 20
            draw.rounded_rectangle((wx - box // 2, wy - 9, wx + box // 2, wy + 9), radius=4,
                                   fill="#FFFFFF", outline="#8A8170")
            draw_text(draw, (wx, wy), label, 14, fill=INK, anchor="mm")
        for kind, (top, bottom) in LANES.items():
            if kind not in services:
                # hatched: this transport cannot stop here
                tile = hatch(bottom - top)
                image.paste(tile, (x + 1, top), tile)
    return image


@lru_cache(maxsize=8)
def hatch(height: int) -> Image.Image:
    """Diagonal lines clipped to one column: a lane where that transport cannot stop."""
    tile = Image.new("RGBA", (COLUMN - 1, height), (0, 0, 0, 0))
    pen = ImageDraw.Draw(tile)
    for offset in range(0, COLUMN + height, 14):
        pen.line((offset, 0, offset - height, height), fill="#C9C4B8", width=1)
    return tile


def vehicle_colour(item: dict) -> str:
    """"white", "red" or "black": the first part of the transport's key ("red-train")."""
    return item["key"].split("-")[0]


def draw_token(draw: ImageDraw.ImageDraw, x: int, y: int, item: dict, colours: list[str],
               lang: str) -> int:
    """A plane/train/ship with its load; returns the height used."""
    fill = VEHICLE[vehicle_colour(item)]
    loads = [(colours[seat], count) for seat, count in enumerate(item["load"]) if count]
    height = token_height(item, lang)
    head = token_head(lang)
    draw.rounded_rectangle((x + 3, y, x + COLUMN - 3, y + height), radius=6, fill=fill,
                           outline=INK, width=2)
    label = word(lang, f"colour.{vehicle_colour(item)}")
    total = sum(item["load"])
    ink = text_colour_on(fill)
    draw_text(draw, (x + 7, y + 12), label, 14, bold=True, fill=ink, anchor="lm")
    load_y = y + 12 if head == 26 else y + 29
    draw_text(draw, (x + COLUMN - 6, load_y), f"{total}/{item['capacity']}", 14, fill=ink,
              anchor="rm")
    for index, (colour, count) in enumerate(loads):
        cx = x + 17 + (index % 2) * 44
        cy = y + head + 10 + (index // 2) * 22
        draw.rounded_rectangle((cx - 12, cy - 10, cx + 32, cy + 10), radius=4, fill="#FFFFFF")
        chip(draw, cx, cy, colour, str(count), radius=9, lang=lang)
    return height


def draw_flag(draw: ImageDraw.ImageDraw, x: int, y: int, item: dict, lang: str) -> None:
    """A reservation marker: a flag in the transport's colour with its initial."""
    fill = VEHICLE[vehicle_colour(item)]
    draw.line((x, y, x, y + 28), fill=INK, width=2)
    draw.polygon([(x, y), (x + 28, y + 10), (x, y + 20)], fill=fill, outline=INK)
    initial = word(lang, f"colour.{vehicle_colour(item)}")[0].upper()
    draw_text(draw, (x + 10, y + 10), initial, 14, bold=True, fill=text_colour_on(fill),
              anchor="mm")


def draw_lanes(draw: ImageDraw.ImageDraw, view: dict, colours: list[str],
               layout: Layout, lang: str) -> None:
    for kind, (top, bottom) in layout.lanes.items():
        used: dict[int, int] = {}
        flags: dict[int, int] = {}
        for item in view["transports"]:
            if item["kind"] != kind:
                continue
            position = 0 if item["pos"] is None else item["pos"]
            y = top + 4 + used.get(position, 0)
            used[position] = used.get(position, 0) + draw_token(
                draw, x_of(position), y, item, colours, lang) + 4
            for city in item["markers"]:
                count = flags.get(city, 0)
                draw_flag(draw, x_of(city) + 8 + 30 * count, bottom - 31, item, lang)
                flags[city] = count + 1


def draw_trucks_and_lying(draw: ImageDraw.ImageDraw, view: dict, layout: Layout,
                          lang: str) -> None:
    TRUCK_ROW, LYING_ROW = layout.trucks, layout.lying  # noqa: N806
    truck_slots: dict[int, int] = {}
    lying_slots: dict[int, int] = {}
    for player in view["players"]:
        colour = player["colour"]
        for letter, truck in player["trucks"].items():
            if truck["where"] != "board":
                continue
            slot = truck_slots.get(truck["pos"], 0)
            truck_slots[truck["pos"]] = slot + 1
            x = x_of(truck["pos"]) + 6 + (slot % 2) * 46
            y = TRUCK_ROW[0] + 8 + (slot // 2) * 30
            draw.rounded_rectangle((x, y, x + 42, y + 24), radius=4, fill="#FFFFFF",
                                   outline=PLAYER[colour], width=3)
            chip(draw, x + 11, y + 12, colour, "", radius=9, lang=lang)
            draw_text(draw, (x + 24, y + 12), f"{letter.upper()}{truck['load']}", 14, bold=True,
                      fill=INK, anchor="lm")
        for city, count in player["lying"].items():
            position = int(city)
            slot = lying_slots.get(position, 0)
            lying_slots[position] = slot + 1
            x = x_of(position) + 16 + (slot % 2) * 44
            y = LYING_ROW[0] + 18 + (slot // 2) * 28
            chip(draw, x, y, colour, str(count), radius=10, lang=lang)


def player_name(view: dict, seat: int, lang: str) -> str:
    return word(lang, f"player.{view['players'][seat]['colour']}")


def status_text(view: dict, lang: str) -> str:
    """Whose turn it is and what is going on, in one line."""
    if view["step"] == "over":
        final = view.get("final") or {}
        best = max((entry["score"] for entry in final.values()), default=None)
        winners = [player_name(view, int(seat), lang) for seat, entry in final.items()
                   if entry["score"] == best]
        if not winners:
            return word(lang, "status.over")
        return word(lang, "status.over_best", best=best, names=", ".join(winners))
    status = ""
    if view["active"]:
        status = word(lang, "status.turn", name=player_name(view, view["active"][0], lang))
    if view.get("auction") and view["step"] == "auction":
        status += auction_text(view, lang)
    elif view["step"] == "take" and len(view["players"]) == 2:
        status += word(lang, "status.pass", number=view.get("take_pass", 1))
    cities = {c["number"]: c["name"] for c in view["cities"]}
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
    draw_text(draw, (12, 18), title, 24, bold=True, fill=INK, anchor="lm")
    # the legend shares the title's line: the status line below needs the whole width
    draw_text(draw, (WIDTH - 12, 18), word(lang, "legend"), 14, fill=MUTED, anchor="rm")
    line = word(lang, "status.line", status=status_text(view, lang), variant=variant)
    draw_text(draw, (12, 46), line, fitted(line, 17, False, WIDTH - 24), fill=INK, anchor="lm")


def order_line(order: dict, cities: dict[int, str]) -> str:
    options = "  ".join(f"{q}→{c}" for q, c in order["options"])
    return f"#{order['card']} {cities[order['city']]} ({order['city']}): {options}"


def draw_orders_list(draw: ImageDraw.ImageDraw, view: dict, cities: dict[int, str],
                     top: int, lang: str) -> int:
    x, y = 12, top
    draw_text(draw, (x, y), word(lang, "orders.title", count=view["deck_count"]), 18, bold=True,
              fill=INK)
    y += 28
    if not view["orders_list"]:
        draw_text(draw, (x, y), word(lang, "orders.empty"), 15, fill=MUTED)
        y += 22
    for order in view["orders_list"]:
        draw_text(draw, (x, y), order_line(order, cities), 15, fill=INK)
        terms = word(lang, "orders.terms", time=order["time"], penalty=order["penalty"])
        draw_text(draw, (x + 455, y), terms, 15, fill=MUTED, anchor="ra")
        y += 22
    return y


MAT_X, MAT_OFFSET = 1150, 196  # right column, below the capital track (5 values at most)
MAT_HEADS = ("init", "transport", "cost", "speed", "stops", "min_cap", "markers")


def mat_rows(view: dict, lang: str) -> tuple[tuple[str, ...], ...]:
    """The mats' table, its column heads first."""
    rows = [tuple(word(lang, f"mats.{head}") for head in MAT_HEADS)]
    rows += [tuple(str(v) for v in (t["initiative"], word(lang, f"transport.{t['key']}"),
                                    t["cost"], t["speed"], t["stops"],
                                    f"{t['min_load']}/{t['capacity']}", t["marker_count"]))
             for t in view["transports"]]
    rows.append(("10", word(lang, "mats.truck"), "1", "2", "1", "1/2", "-"))
    return tuple(rows)


def mat_columns(rows: tuple[tuple[str, ...], ...]) -> list[int]:
    """Column offsets from the widest entry of each column, with the gap that fits."""
    widths = [max(text_width(row[i], 14) for row in rows) for i in range(len(rows[0]))]
    room = WIDTH - 10 - MAT_X
    gap = max(4, min(14, int((room - sum(widths)) / (len(widths) - 1))))
    offsets, x = [], 0.0
    for width in widths:
        offsets.append(round(x))
        x += width + gap
    return offsets


def draw_mats(draw: ImageDraw.ImageDraw, rows: tuple[tuple[str, ...], ...], y: int) -> None:
    """The transport mats' figures: fixed for a game, so drawn once in the static layer."""
    x = MAT_X
    title, heads, values = rows[0], rows[1], rows[2:]
    draw_text(draw, (x, y), title[0], 18, bold=True, fill=INK)
    y += 26
    offsets = mat_columns(rows[1:])
    for offset, head in zip(offsets, heads, strict=True):
        draw_text(draw, (x + offset, y), head, 14, fill=MUTED)
    y += 20
    for row in values:
        for offset, value in zip(offsets, row, strict=True):
            draw_text(draw, (x + offset, y), value, 14, fill=INK)
        y += 19


def mats_height(view: dict) -> int:
    return 26 + 20 + 19 * (len(view["transports"]) + 1)


def truck_text(letter: str, truck: dict, cities: dict[int, str], lang: str) -> str:
    if truck["where"] == "board":
        return word(lang, "truck.board", letter=letter.upper(), city=cities[truck["pos"]],
                    load=truck["load"])
    key = "truck.mortgaged" if truck["where"] == "mortgaged" else "truck.reserve"
    return word(lang, key, letter=letter.upper())


def tokens_text(tokens: int | None, lang: str) -> str:
    if tokens is None:
        return word(lang, "tokens.none")
    return word(lang, "tokens.one" if tokens == 1 else "tokens.many", count=tokens)


def draw_players(draw: ImageDraw.ImageDraw, view: dict, cities: dict[int, str],
                 top: int, lang: str) -> int:
    x, y = 480, top
    draw_text(draw, (x, y), word(lang, "players.title"), 18, bold=True, fill=INK)
    y += 28
    final = view.get("final") or {}
    order = view["turn_order"] + [p["seat"] for p in view["players"]
                                  if p["seat"] not in view["turn_order"]]
    for seat in order:
        player = view["players"][seat]
        name = player_name(view, seat, lang)
        if seat in view["active"]:
            draw.rectangle((x - 4, y - 4, MAT_X - 20, y + 22), fill="#FFF2B3")
        chip(draw, x + 11, y + 9, player["colour"], "", radius=11, lang=lang)
        headline = word(lang, "players.capital", name=name, capital=player["capital"])
        if player["bankrupt_round"] is not None:
            headline = word(lang, "players.bankrupt", name=name, round=player["bankrupt_round"])
        elif str(seat) in final:
            headline += word(lang, "players.final", score=final[str(seat)]["score"])
        draw_text(draw, (x + 28, y + 9), headline, 16, bold=True, fill=INK, anchor="lm")
        trucks = " · ".join(truck_text(k, t, cities, lang) for k, t in player["trucks"].items())
        y += 24
        draw_text(draw, (x + 28, y), word(lang, "players.line", warehouse=player["warehouse"],
                                    trucks=trucks, fulfilled=player["fulfilled_count"]), 14, fill=MUTED)
        y += 19
        for order in player["orders"]:
            line = word(lang, "players.order", order=order_line(order, cities),
                        tokens=tokens_text(order["tokens"], lang), penalty=order["penalty"])
            draw_text(draw, (x + 28, y), line, 14, fill=INK)
            y += 19
        y += 6
    return y


def capital_label(value: int, lang: str) -> str:
    tiles = value // 100
    if not tiles:
        return str(value)
    key = "capital.tile" if tiles == 1 else "capital.tiles"
    return word(lang, key, shown=value % 100, tiles=tiles)


def draw_capital_track(draw: ImageDraw.ImageDraw, view: dict, top: int, lang: str) -> int:
    """Markers by value; in a stack the top marker is drawn first (it plays first)."""
    x, y = MAT_X, top
    draw_text(draw, (x, y), word(lang, "capital.title"), 18, bold=True, fill=INK)
    y += 30
    players = [p for p in view["players"] if p["bankrupt_round"] is None]
    values = sorted({p["capital"] for p in players}, reverse=True)
    labels = {value: capital_label(value, lang) for value in values}
    chips_x = x + max([40.0, *(text_width(label, 16, True) for label in labels.values())]) + 24
    for value in values:
        stack = sorted((p for p in players if p["capital"] == value), key=lambda p: -p["stamp"])
        draw_text(draw, (x, y + 10), labels[value], 16, bold=True, fill=INK, anchor="lm")
        for index, player in enumerate(stack):
            chip(draw, chips_x + index * 30, y + 10, player["colour"], "", radius=12, lang=lang)
        y += 30
    return y


def render(view: dict) -> bytes:
    lang = language(view)
    cities = {c["number"]: c["name"] for c in view["cities"]}
    city_key = tuple((c["number"], c["name"], tuple(c["services"])) for c in view["cities"])
    layout = plan(view, lang)
    layout_key = (tuple(layout.lanes.items()), layout.trucks, layout.lying, layout.panel_top)
    mats = ((word(lang, "mats.title"),), *mat_rows(view, lang))
    base = static_board(city_key, layout_key, mats, lang)
    height = min(base.height, panel_height(view, layout.panel_top))
    image = base.crop((0, 0, WIDTH, height))  # a copy of only the part we need
    draw = ImageDraw.Draw(image)
    colours = [p["colour"] for p in view["players"]]
    header(draw, view, lang)
    draw_lanes(draw, view, colours, layout, lang)
    draw_trucks_and_lying(draw, view, layout, lang)
    top = layout.panel_top
    draw_orders_list(draw, view, cities, top, lang)
    draw_players(draw, view, cities, top, lang)
    draw_capital_track(draw, view, top, lang)
    highlight.mark("rhein", image, view)  # what changed since the previous board
    return to_png(image)


def panel_height(view: dict, top: int) -> int:
    """The bottom of the lowest of the three panels, computed before drawing."""
    orders = 28 + 22 * max(1, len(view["orders_list"]))
    players = 28 + sum(49 + 19 * len(p["orders"]) for p in view["players"])
    mats = MAT_OFFSET + mats_height(view)
    return top + max(orders, players, mats) + 12
