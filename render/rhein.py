"""The board image of Rhein: River Trade, drawn from the public view.

Top: the Rhine as 15 columns (city numbers 0-14) with the cities and their services, one lane
each for planes, trains and ships (transports with their loads, reservation markers as
flags), then trucks and the containers lying in each city. Bottom: the Orders List, the
players (Capital, trucks, open orders with time tokens) and the transports' mats.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import font, text_colour_on, to_png

WIDTH = 1600
LEFT = 110  # lane labels
COLUMN = (WIDTH - LEFT - 10) // 15
CITY_TOP, CITY_BOTTOM = 64, 178
FLAG_SPACE = 34  # below the tokens of a lane: the reservation flags
ROW_HEIGHT = 74  # trucks and lying containers
BACKGROUND = "#F7F4EC"
INK = "#1B1B1B"
MUTED = "#6B6B6B"
LANE_FILL = {"plane": "#E8F1FA", "train": "#EEEEEE", "ship": "#D6E9F7"}
LANE_TITLE = {"plane": "Planes", "train": "Trains", "ship": "Ships"}
# Player colours: colour-blind safe (Okabe-Ito) plus a letter on every marker.
PLAYER = {
    "green": ("#009E73", "G"),
    "yellow": ("#F0E442", "Y"),
    "blue": ("#0072B2", "B"),
    "purple": ("#CC79A7", "P"),
    "brown": ("#8C510A", "Br"),
}
VEHICLE = {"white": "#FFFFFF", "red": "#C8102E", "black": "#202020"}
SERVICE_WORD = {"plane": "air", "train": "rail", "ship": "port", "road": "road"}


def x_of(position: int) -> int:
    return LEFT + position * COLUMN


def chip(draw: ImageDraw.ImageDraw, x: float, y: float, colour: str, text: str,
         radius: int = 11) -> None:
    """A player marker: colour plus letters, so colour is never the only cue."""
    fill, letter = PLAYER[colour]
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill,
                 outline=INK, width=1)
    size = 14 if len(letter) == 1 else 12
    draw.text((x, y), letter, fill=text_colour_on(fill), font=font(size, True), anchor="mm")
    if text:
        draw.text((x + radius + 2, y), text, fill=INK, font=font(15, True), anchor="lm")


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


def token_height(item: dict) -> int:
    loads = sum(1 for count in item["load"] if count)
    return 26 + 22 * max(1, (loads + 1) // 2)


def plan(view: dict) -> Layout:
    heights = []
    for kind in ("plane", "train", "ship"):
        stacks: dict[int, int] = {}
        for item in view["transports"]:
            if item["kind"] == kind:
                position = 0 if item["pos"] is None else item["pos"]
                stacks[position] = stacks.get(position, 0) + token_height(item) + 4
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
def static_board(city_key: tuple, layout_key: tuple, mats: tuple) -> Image.Image:
    """Lanes, columns, cities and mats: the same in every picture with this layout."""
    lanes, trucks_row, lying_row, panel_top = layout_key
    LANES = dict(lanes)  # noqa: N806 (reads like the constant it replaces)
    TRUCK_ROW, LYING_ROW = trucks_row, lying_row  # noqa: N806
    height = 2000
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    cities = {number: (name, services) for number, name, services in city_key}
    for kind, (top, bottom) in LANES.items():
        draw.rectangle((LEFT, top, WIDTH - 10, bottom), fill=LANE_FILL[kind])
        draw.text((10, (top + bottom) // 2), LANE_TITLE[kind], fill=INK, font=font(18, True),
                  anchor="lm")
    for label, (top, bottom) in (("Trucks", TRUCK_ROW), ("Lying", LYING_ROW)):
        draw.rectangle((LEFT, top, WIDTH - 10, bottom), fill="#FFFFFF")
        draw.text((10, (top + bottom) // 2), label, fill=INK, font=font(18, True), anchor="lm")
    draw.text((10, 100), "City", fill=INK, font=font(18, True), anchor="lm")
    draw.text((10, 124), "number", fill=MUTED, font=font(14), anchor="lm")
    # the river itself runs along the ship lane
    draw_mats(draw, mats, panel_top + MAT_OFFSET)
    river_y = (LANES["ship"][0] + LANES["ship"][1]) // 2
    draw.line((LEFT, river_y, WIDTH - 10, river_y), fill="#9CC7E8", width=10)
    for position in range(15):
        x = x_of(position)
        draw.line((x, CITY_TOP, x, LYING_ROW[1]), fill="#C9C2B2", width=1)
        centre = x + COLUMN // 2
        if position not in cities:
            draw.text((centre, CITY_TOP + 18), str(position), fill=MUTED, font=font(15),
                      anchor="mm")
            draw.text((centre, CITY_TOP + 44), "(no city)", fill=MUTED, font=font(14),
                      anchor="mm")
            for top, bottom in LANES.values():
                draw.rectangle((x + 1, top, x + COLUMN - 1, bottom), fill="#E4E0D6")
            continue
        name, services = cities[position]
        diamond = [(centre, CITY_TOP + 4), (centre + 16, CITY_TOP + 20), (centre, CITY_TOP + 36),
                   (centre - 16, CITY_TOP + 20)]
        draw.polygon(diamond, fill="#F2C14E", outline=INK)
        draw.text((centre, CITY_TOP + 20), str(position), fill=INK, font=font(15, True),
                  anchor="mm")
        draw.text((centre, CITY_TOP + 52), name, fill=INK,
                  font=font(15 if len(name) < 11 else 14, True), anchor="mm")
        words = [SERVICE_WORD[s] for s in ("plane", "train", "ship", "road") if s in services]
        for index, word in enumerate(words):
            column, row = index % 2, index // 2
            wx = centre - 22 + column * 44
            wy = CITY_TOP + 78 + row * 20
            draw.rounded_rectangle((wx - 20, wy - 9, wx + 20, wy + 9), radius=4,
                                   fill="#FFFFFF", outline="#8A8170")
            draw.text((wx, wy), word, fill=INK, font=font(14), anchor="mm")
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


def transport_colour(name: str) -> str:
    return VEHICLE[name.split()[0]]


def draw_token(draw: ImageDraw.ImageDraw, x: int, y: int, item: dict, colours: list[str]) -> int:
    """A plane/train/ship with its load; returns the height used."""
    fill = transport_colour(item["name"])
    loads = [(colours[seat], count) for seat, count in enumerate(item["load"]) if count]
    height = token_height(item)
    draw.rounded_rectangle((x + 3, y, x + COLUMN - 3, y + height), radius=6, fill=fill,
                           outline=INK, width=2)
    label = item["name"].split()[0].capitalize()
    total = sum(item["load"])
    draw.text((x + 7, y + 12), label, fill=text_colour_on(fill), font=font(14, True),
              anchor="lm")
    draw.text((x + COLUMN - 6, y + 12), f"{total}/{item['capacity']}",
              fill=text_colour_on(fill), font=font(14), anchor="rm")
    for index, (colour, count) in enumerate(loads):
        cx = x + 17 + (index % 2) * 44
        cy = y + 36 + (index // 2) * 22
        draw.rounded_rectangle((cx - 12, cy - 10, cx + 32, cy + 10), radius=4, fill="#FFFFFF")
        chip(draw, cx, cy, colour, str(count), radius=9)
    return height


def draw_flag(draw: ImageDraw.ImageDraw, x: int, y: int, item: dict) -> None:
    """A reservation marker: a flag in the transport's colour with its initial."""
    fill = transport_colour(item["name"])
    draw.line((x, y, x, y + 28), fill=INK, width=2)
    draw.polygon([(x, y), (x + 28, y + 10), (x, y + 20)], fill=fill, outline=INK)
    draw.text((x + 10, y + 10), item["name"][0].upper(), fill=text_colour_on(fill),
              font=font(14, True), anchor="mm")


def draw_lanes(draw: ImageDraw.ImageDraw, view: dict, colours: list[str],
               layout: Layout) -> None:
    for kind, (top, bottom) in layout.lanes.items():
        used: dict[int, int] = {}
        flags: dict[int, int] = {}
        for item in view["transports"]:
            if item["kind"] != kind:
                continue
            position = 0 if item["pos"] is None else item["pos"]
            y = top + 4 + used.get(position, 0)
            used[position] = used.get(position, 0) + draw_token(
                draw, x_of(position), y, item, colours) + 4
            for city in item["markers"]:
                count = flags.get(city, 0)
                draw_flag(draw, x_of(city) + 8 + 30 * count, bottom - 31, item)
                flags[city] = count + 1


def draw_trucks_and_lying(draw: ImageDraw.ImageDraw, view: dict, layout: Layout) -> None:
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
            fill, _ = PLAYER[colour]
            draw.rounded_rectangle((x, y, x + 42, y + 24), radius=4, fill="#FFFFFF",
                                   outline=fill, width=3)
            chip(draw, x + 11, y + 12, colour, "", radius=9)
            draw.text((x + 24, y + 12), f"{letter.upper()}{truck['load']}", fill=INK,
                      font=font(14, True), anchor="lm")
        for city, count in player["lying"].items():
            position = int(city)
            slot = lying_slots.get(position, 0)
            lying_slots[position] = slot + 1
            x = x_of(position) + 16 + (slot % 2) * 44
            y = LYING_ROW[0] + 18 + (slot // 2) * 28
            chip(draw, x, y, colour, str(count), radius=10)


def header(draw: ImageDraw.ImageDraw, view: dict) -> None:
    names = {p["seat"]: p["name"] for p in view["players"]}
    variant = ("Under Pressure" if view["options"].get("under_pressure") else
               "Relax" if view["options"].get("relax") else "standard rules")
    title = (f"Rhein: River Trade · Round {view['round']}/{view['rounds']} · "
             f"Phase {view['phase']}: {view['phase_name']}")
    draw.text((12, 18), title, fill=INK, font=font(24, True), anchor="lm")
    if view["step"] == "over":
        final = view.get("final") or {}
        best = max((entry["score"] for entry in final.values()), default=None)
        winners = [names[int(seat)] for seat, entry in final.items() if entry["score"] == best]
        status = "Game over" + (f": best final Capital {best} ({', '.join(winners)})"
                                if winners else "")
    elif view["active"]:
        status = f"Turn: {names[view['active'][0]]}"
    else:
        status = ""
    if view.get("auction") and view["step"] == "auction":
        auction = view["auction"]
        if auction["lone"]:
            status += " · last without an order: takes one for 0"
        elif auction["card"] is None:
            status += " · round-1 auction: choose an order and open the bidding"
        else:
            passed = ", ".join(names[s] for s in auction["passed"]) or "nobody"
            status += (f" · auction for order {auction['card']}: {auction['bid']} by "
                       f"{names[auction['high']]} (passed: {passed})")
    elif view["step"] == "take" and len(view["players"]) == 2:
        status += f" · pass {view.get('take_pass', 1)} of 2"
    if view.get("stop"):
        stop = view["stop"]
        name = next(t["name"] for t in view["transports"] if t["key"] == stop["transport"])
        city = next(c["name"] for c in view["cities"] if c["number"] == stop["city"])
        status += f" · the {name} stops in {city}"
    if view.get("fulfil_city") is not None:
        city = next(c["name"] for c in view["cities"] if c["number"] == view["fulfil_city"])
        status += f" · fulfilling in {city}"
    draw.text((12, 46), f"{status}   ({variant})", fill=INK, font=font(17), anchor="lm")
    draw.text((WIDTH - 12, 46), "flag = reserved stop · hatched = no stop possible",
              fill=MUTED, font=font(14), anchor="rm")


def order_line(order: dict, cities: dict[int, str]) -> str:
    options = "  ".join(f"{q}→{c}" for q, c in order["options"])
    return f"#{order['card']} {cities[order['city']]} ({order['city']}): {options}"


def draw_orders_list(draw: ImageDraw.ImageDraw, view: dict, cities: dict[int, str],
                     top: int) -> int:
    x, y = 12, top
    draw.text((x, y), f"Orders List  (deck: {view['deck_count']})", fill=INK,
              font=font(18, True))
    y += 28
    if not view["orders_list"]:
        draw.text((x, y), "empty", fill=MUTED, font=font(15))
        y += 22
    for order in view["orders_list"]:
        draw.text((x, y), order_line(order, cities), fill=INK, font=font(15))
        draw.text((x + 455, y), f"time {order['time']} · pen {order['penalty']}", fill=MUTED,
                  font=font(15), anchor="ra")
        y += 22
    return y


MAT_COLUMNS = (("init", 0), ("transport", 30), ("cost", 136), ("speed", 174),
               ("stops", 222), ("min/cap", 266), ("markers", 326))
MAT_X, MAT_OFFSET = 1200, 196  # right column, below the capital track (5 values at most)


def mat_rows(view: dict) -> tuple[tuple[str, ...], ...]:
    rows = [tuple(str(v) for v in (t["initiative"], t["name"], t["cost"], t["speed"],
                                   t["stops"], f"{t['min_load']}/{t['capacity']}",
                                   t["marker_count"]))
            for t in view["transports"]]
    rows.append(("10", "each truck", "1", "2", "1", "1/2", "-"))
    return tuple(rows)


def draw_mats(draw: ImageDraw.ImageDraw, rows: tuple[tuple[str, ...], ...], y: int) -> None:
    """The transport mats' figures: fixed for a game, so drawn once in the static layer."""
    x = MAT_X
    draw.text((x, y), "Transports (mats)", fill=INK, font=font(18, True))
    y += 26
    for title, offset in MAT_COLUMNS:
        draw.text((x + offset, y), title, fill=MUTED, font=font(14))
    y += 20
    for row in rows:
        for (_, offset), value in zip(MAT_COLUMNS, row, strict=True):
            draw.text((x + offset, y), value, fill=INK, font=font(14))
        y += 19


def mats_height(view: dict) -> int:
    return 26 + 20 + 19 * (len(view["transports"]) + 1)


def truck_text(letter: str, truck: dict, cities: dict[int, str]) -> str:
    if truck["where"] == "board":
        return f"truck {letter.upper()} in {cities[truck['pos']]} ({truck['load']})"
    state = "mortgaged" if truck["where"] == "mortgaged" else "in reserve"
    return f"truck {letter.upper()} {state}"


def draw_players(draw: ImageDraw.ImageDraw, view: dict, cities: dict[int, str],
                 top: int) -> int:
    x, y = 480, top
    draw.text((x, y), "Players (turn order)", fill=INK, font=font(18, True))
    y += 28
    final = view.get("final") or {}
    order = view["turn_order"] + [p["seat"] for p in view["players"]
                                  if p["seat"] not in view["turn_order"]]
    for seat in order:
        player = view["players"][seat]
        active = seat in view["active"]
        if active:
            draw.rectangle((x - 4, y - 4, x + 700, y + 22), fill="#FFF2B3")
        chip(draw, x + 11, y + 9, player["colour"], "", radius=11)
        headline = f"{player['name']}  {player['capital']} Capital"
        if player["bankrupt_round"] is not None:
            headline = f"{player['name']}  bankrupt in round {player['bankrupt_round']}"
        elif str(seat) in final:
            headline += f"  → final {final[str(seat)]['score']}"
        draw.text((x + 28, y + 9), headline, fill=INK, font=font(16, True), anchor="lm")
        trucks = " · ".join(truck_text(k, t, cities) for k, t in player["trucks"].items())
        y += 24
        draw.text((x + 28, y), f"warehouse {player['warehouse']} · {trucks} · "
                  f"{player['fulfilled_count']} fulfilled", fill=MUTED, font=font(14))
        y += 19
        for order in player["orders"]:
            tokens = ("no time tokens" if order["tokens"] is None else
                      f"{order['tokens']} time token{'s' if order['tokens'] != 1 else ''}")
            draw.text((x + 28, y), f"{order_line(order, cities)}   {tokens}, pen "
                      f"{order['penalty']}", fill=INK, font=font(14))
            y += 19
        y += 6
    return y


def draw_capital_track(draw: ImageDraw.ImageDraw, view: dict, top: int) -> int:
    """Markers by value; in a stack the top marker is drawn first (it plays first)."""
    x, y = 1200, top
    draw.text((x, y), "Capital track (stacks, top first)", fill=INK, font=font(18, True))
    y += 30
    players = [p for p in view["players"] if p["bankrupt_round"] is None]
    values = sorted({p["capital"] for p in players}, reverse=True)
    for value in values:
        stack = sorted((p for p in players if p["capital"] == value), key=lambda p: -p["stamp"])
        shown = value % 100
        tiles = value // 100
        label = f"{value}" if not tiles else f"{shown} + 100-tile" + (f" ×{tiles}" if tiles > 1 else "")
        draw.text((x, y + 10), label, fill=INK, font=font(16, True), anchor="lm")
        for index, player in enumerate(stack):
            chip(draw, x + 190 + index * 30, y + 10, player["colour"], "", radius=12)
        y += 30
    return y


def render(view: dict) -> bytes:
    cities = {c["number"]: c["name"] for c in view["cities"]}
    city_key = tuple((c["number"], c["name"], tuple(c["services"])) for c in view["cities"])
    layout = plan(view)
    layout_key = (tuple(layout.lanes.items()), layout.trucks, layout.lying, layout.panel_top)
    base = static_board(city_key, layout_key, mat_rows(view))
    height = min(base.height, panel_height(view, layout.panel_top))
    image = base.crop((0, 0, WIDTH, height))  # a copy of only the part we need
    draw = ImageDraw.Draw(image)
    colours = [p["colour"] for p in view["players"]]
    header(draw, view)
    draw_lanes(draw, view, colours, layout)
    draw_trucks_and_lying(draw, view, layout)
    top = layout.panel_top
    draw_orders_list(draw, view, cities, top)
    draw_players(draw, view, cities, top)
    draw_capital_track(draw, view, top)
    return to_png(image)


def panel_height(view: dict, top: int) -> int:
    """The bottom of the lowest of the three panels, computed before drawing."""
    orders = 28 + 22 * max(1, len(view["orders_list"]))
    players = 28 + sum(49 + 19 * len(p["orders"]) for p in view["players"])
    mats = MAT_OFFSET + mats_height(view)
    return top + max(orders, players, mats) + 12
