"""Board picture for Die Trödler aus den Highlands, drawn from the public view.

Left: the house map with routes drawn by kind in distinct line styles (solid, double,
dotted, dashed, each also labelled with a letter), villages with their goods, carts. Right:
the dealer piles (top cards, or whole piles with the open-piles option), the cards played
this turn, the discard pile, and each player's hand size and goods.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.troedler.data import ROUTE_NAMES, ROUTES, VILLAGES
from render.common import PLAYER_COLOURS, font, marker, text_colour_on, to_png

WIDTH, HEIGHT = 1600, 1000
MAP_RIGHT = 1060
PANEL_X = MAP_RIGHT + 14
BACKGROUND = "#EEF1E6"
INK = "#1F1F1F"
VILLAGE_R = 18

ROUTE_STYLE = {  # colour, letter; the line pattern is drawn by _route_line
    "trail": ("#7A4A1E", "T"),
    "bridge": ("#555555", "B"),
    "ferry": ("#1F5FA8", "F"),
    "moor": ("#4E7A2E", "M"),
}
GOOD_STYLE = {  # fill, two-letter label (colour is never the only cue)
    "anvil": ("#5F6B73", "An"),
    "bottle": ("#2E8B57", "Bo"),
    "chair": ("#B5651D", "Ch"),
    "cup": ("#E8C547", "Cu"),
    "pot": ("#8B3A3A", "Po"),
    "vase": ("#6A5ACD", "Va"),
}
CARD_FILL = {"request": "#FFF4C2", "feed": "#F8D0C8", "extra": "#D6F0D2", "route": "#E4E8F0"}


def _pos(village: dict[str, Any]) -> tuple[float, float]:
    return 40 + village["x"] * 1.0, 34 + village["y"] * 0.95


POSITIONS = {v["key"]: _pos(v) for v in VILLAGES}


def _dashes(draw: ImageDraw.ImageDraw, a, b, colour: str, on: float, off: float,
            width: int) -> None:
    (x1, y1), (x2, y2) = a, b
    length = math.hypot(x2 - x1, y2 - y1)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    t = 0.0
    while t < length:
        end = min(t + on, length)
        draw.line((x1 + ux * t, y1 + uy * t, x1 + ux * end, y1 + uy * end), fill=colour,
                  width=width)
        t += on + off


def _dots(draw: ImageDraw.ImageDraw, a, b, colour: str, gap: float, radius: float) -> None:
    (x1, y1), (x2, y2) = a, b
    length = math.hypot(x2 - x1, y2 - y1)
    steps = max(int(length // gap), 1)
    for i in range(steps + 1):
        x, y = x1 + (x2 - x1) * i / steps, y1 + (y2 - y1) * i / steps
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=colour)


def _route_line(draw: ImageDraw.ImageDraw, kind: str, a, b) -> None:
    """Solid for trails, double for bridges, dotted for ferries, dashed for moor paths."""
    colour = ROUTE_STYLE[kind][0]
    if kind == "trail":
        draw.line((*a, *b), fill=colour, width=5)
    elif kind == "bridge":
        (x1, y1), (x2, y2) = a, b
        length = math.hypot(x2 - x1, y2 - y1)
        nx, ny = -(y2 - y1) / length * 4, (x2 - x1) / length * 4
        for sign in (1, -1):
            draw.line((x1 + sign * nx, y1 + sign * ny, x2 + sign * nx, y2 + sign * ny),
                      fill=colour, width=3)
    elif kind == "ferry":
        _dots(draw, a, b, colour, 11, 3.2)
    else:
        _dashes(draw, a, b, colour, 16, 9, 5)


def _route_badge(draw: ImageDraw.ImageDraw, kind: str, a, b) -> None:
    colour, letter = ROUTE_STYLE[kind]
    x, y = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    draw.rounded_rectangle((x - 11, y - 11, x + 11, y + 11), 4, fill="#FFFFFF", outline=colour,
                           width=2)
    draw.text((x, y), letter, fill=colour, font=font(15, True), anchor="mm")


@lru_cache(maxsize=4)
def _static_map(height: int) -> Image.Image:
    """Background, routes and village names: the same on every board, drawn once per height."""
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rectangle((MAP_RIGHT, 0, WIDTH, height), fill="#FAFAF7")
    draw.line((MAP_RIGHT, 0, MAP_RIGHT, height), fill="#9A9A9A", width=2)
    for route in ROUTES:
        _route_line(draw, route["kind"], POSITIONS[route["a"]], POSITIONS[route["b"]])
    for route in ROUTES:
        _route_badge(draw, route["kind"], POSITIONS[route["a"]], POSITIONS[route["b"]])
    for village in VILLAGES:
        x, y = POSITIONS[village["key"]]
        start = village["start_colour"]
        ring = PLAYER_COLOURS[start][0] if start else "#FFFFFF"
        draw.ellipse((x - VILLAGE_R, y - VILLAGE_R, x + VILLAGE_R, y + VILLAGE_R),
                     fill="#FFFFFF", outline=ring if start else INK, width=6 if start else 2)
        draw.text((x, y - VILLAGE_R - 4), village["name"], fill=INK, font=font(16, True),
                  anchor="md", stroke_width=3, stroke_fill=BACKGROUND)
    _legend(draw)
    return image


def _legend(draw: ImageDraw.ImageDraw) -> None:
    """Route styles on the first row, the goods' abbreviations on the second."""
    x, y = 24, HEIGHT - 62
    draw.rounded_rectangle((x - 10, y - 20, x + 700, y + 52), 6, fill="#FFFFFF",
                           outline="#9A9A9A")
    for kind in ("trail", "bridge", "ferry", "moor"):
        _route_line(draw, kind, (x, y), (x + 50, y))
        _route_badge(draw, kind, (x + 25, y - 1), (x + 25, y + 1))
        draw.text((x + 58, y), ROUTE_NAMES[kind], fill=INK, font=font(15), anchor="lm")
        x += 172
    x, y = 24, HEIGHT - 40
    for good in GOOD_STYLE:
        width = _good_chip(draw, x, y, good)
        draw.text((x + width + 4, y + 11), good, fill=INK, font=font(15), anchor="lm")
        x += width + 14 + int(draw.textlength(good, font=font(15)))


def _good_chip(draw: ImageDraw.ImageDraw, x: float, y: float, good: str, count: int = 1) -> int:
    fill, label = GOOD_STYLE[good]
    text = f"{count}×{label}" if count > 1 else label
    width = 12 + int(draw.textlength(text, font=font(14, True)))
    draw.rounded_rectangle((x, y, x + width, y + 22), 5, fill=fill, outline=INK)
    draw.text((x + width / 2, y + 11), text, fill=text_colour_on(fill), font=font(14, True),
              anchor="mm")
    return width


def _goods_row(draw: ImageDraw.ImageDraw, x: float, y: float, goods: list[str],
               centre: bool = False) -> None:
    counts: dict[str, int] = {}
    for good in goods:
        counts[good] = counts.get(good, 0) + 1
    items = sorted(counts.items())
    widths = [12 + int(draw.textlength(f"{n}×{GOOD_STYLE[g][1]}" if n > 1 else GOOD_STYLE[g][1],
                                       font=font(14, True))) for g, n in items]
    total = sum(widths) + 3 * max(len(items) - 1, 0)
    cx = x - total / 2 if centre else x
    for (good, count), width in zip(items, widths, strict=True):
        _good_chip(draw, cx, y, good, count)
        cx += width + 3


def _draw_villages(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    for key, goods in view["villages"].items():
        x, y = POSITIONS[key]
        if goods:
            _goods_row(draw, x, y + VILLAGE_R + 3, goods, centre=True)


def _draw_carts(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    by_village: dict[str, list[dict[str, Any]]] = {}
    for player in view["players"]:
        by_village.setdefault(player["cart"], []).append(player)
    for key, players in by_village.items():
        x, y = POSITIONS[key]
        for i, player in enumerate(players):
            fill, letter = PLAYER_COLOURS[player["colour"]]
            # Up to two carts right of the village circle, further ones to its left.
            cx = x + 30 + 22 * i if i < 2 else x - 30 - 22 * (i - 2)
            marker(draw, (cx, y), 12, fill, letter)


def _card_box(draw: ImageDraw.ImageDraw, x: float, y: float, card: dict[str, Any] | None,
              width: int = 430, prefix: str = "") -> None:
    if card is None:
        draw.rounded_rectangle((x, y, x + width, y + 24), 4, fill="#FFFFFF", outline="#9A9A9A")
        draw.text((x + 8, y + 12), prefix + "empty", fill="#555555", font=font(14), anchor="lm")
        return
    fill = CARD_FILL[card["type"]]
    draw.rounded_rectangle((x, y, x + width, y + 24), 4, fill=fill, outline=INK)
    text_x = x + 8
    if card["type"] == "route":
        _route_line(draw, card["kind"], (x + 8, y + 12), (x + 40, y + 12))
        text_x = x + 48
    draw.text((text_x, y + 12), prefix + card["text"], fill=INK, font=font(14), anchor="lm")


def _label(view: dict[str, Any], key: str, english: str, **values: Any) -> str:
    """A panel label: the table's language when the service sent ``labels`` (German tables
    get them from bot/locales), else the English text here."""
    template = view.get("labels", {}).get(key, english)
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):
        return english.format(**values)


def _heading(draw: ImageDraw.ImageDraw, y: float, text: str) -> float:
    draw.text((PANEL_X, y), text, fill=INK, font=font(18, True), anchor="la")
    return y + 28


def _draw_piles(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: float) -> float:
    choosing = view.get("choosing")
    who = next((p["name"] for p in view["players"] if p["seat"] == choosing), "")
    choice = view.get("choice") or _label(view, "take_pile", "take a pile")
    y = _heading(draw, y, _label(view, "dealer_piles", "Dealer piles ({who}: {choice})",
                                 who=who, choice=choice))
    for pile in view["piles"]:
        label = f"{pile['number']}"
        draw.text((PANEL_X + 4, y + 12), label, fill=INK, font=font(18, True), anchor="lm")
        if "cards" in pile:
            for card in reversed(pile["cards"]):
                top = card is pile["cards"][-1]
                _card_box(draw, PANEL_X + 26, y, card, 470,
                          _label(view, "top", "top: ") if top else "")
                y += 26
            y += 6
        else:
            _card_box(draw, PANEL_X + 26, y, pile["top"], 380)
            draw.text((PANEL_X + 414, y + 12),
                      _label(view, "covered", "+{count} covered", count=pile["covered"]),
                      fill="#444444", font=font(14), anchor="lm")
            y += 30
    return y + 6


def _draw_played(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: float) -> float:
    current = next((p["name"] for p in view["players"] if p["seat"] == view["current"]), "")
    y = _heading(draw, y, _label(view, "played", "Played this turn ({name})", name=current))
    if not view["played"]:
        draw.text((PANEL_X + 4, y), _label(view, "nothing_yet", "nothing yet"),
                  fill="#555555", font=font(15), anchor="la")
        return y + 28
    for card in view["played"][-8:]:
        _card_box(draw, PANEL_X, y, card, 500)
        y += 26
    if view.get("pending_replacements"):
        pairs = ", ".join(f"{a}→{b}" for a, b in view["pending_replacements"])
        draw.text((PANEL_X, y + 2), f"Replacing for the next delivery: {pairs}", fill=INK,
                  font=font(14), anchor="la")
        y += 22
    return y + 6


def _draw_piles_info(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: float) -> float:
    y = _heading(draw, y, _label(view, "discard", "Discard pile: {count} cards · game-round "
                                 "pile: {round}", count=view["discard_size"],
                                 round=view["round_pile_size"]))
    _card_box(draw, PANEL_X, y, view["discard_top"], 500, _label(view, "top", "top: "))
    return y + 36


def _draw_players(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: float) -> float:
    y = _heading(draw, y, _label(view, "players", "Players"))
    for player in view["players"]:
        fill, letter = PLAYER_COLOURS[player["colour"]]
        marker(draw, (PANEL_X + 14, y + 14), 13, fill, letter)
        tags = []
        if player["seat"] == view["dealer"]:
            tags.append(_label(view, "dealer", "dealer"))
        if player["seat"] == view["current"] and view["stage"] in ("play", "limit"):
            tags.append(_label(view, "to_play", "to play"))
        line = _label(view, "player", "{name} · hand {hand} · at {village}",
                      name=player["name"], hand=player["hand_size"],
                      village=_name(player["cart"]))
        if tags:
            line += " · " + ", ".join(tags)
        draw.text((PANEL_X + 34, y + 14), line, fill=INK, font=font(15, True), anchor="lm")
        y += 30
        if "requests" in player:
            draw.text((PANEL_X + 34, y + 8), f"requests {player['requests']} "
                      f"({player['request_points']} pts) · feed {player['value_feed']} · damage "
                      f"{player['damage']}", fill=INK, font=font(14), anchor="lm")
            y += 22
        if player["goods"]:
            _goods_row(draw, PANEL_X + 34, y, player["goods"])
        else:
            draw.text((PANEL_X + 34, y + 11), _label(view, "no_goods", "no goods"),
                      fill="#555555", font=font(14), anchor="lm")
        y += 30
    return y


def _draw_result(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: float) -> float:
    y = _heading(draw, y, _label(view, "final", "Final result"))
    names = {p["seat"]: p["name"] for p in view["players"]}
    for standing in view["result"]:
        d = standing["detail"]
        tail = " (total damage)" if d["total_damage"] else ""
        draw.text((PANEL_X, y), f"{standing['rank']}. {names[standing['seat']]}: "
                  f"{standing['score']} pts, {d['goods']} goods, damage {d['damage']}{tail}",
                  fill=INK, font=font(15), anchor="la")
        y += 24
    return y + 8


_NAMES = {v["key"]: v["name"] for v in VILLAGES}


def _name(key: str) -> str:
    return _NAMES[key]


def _panel_height(view: dict[str, Any]) -> int:
    """How tall the side panel will be, so that open piles never run off the image."""
    players = len(view["players"])
    counted = any("requests" in p for p in view["players"])
    height = 50 + 64 + 20 + 28 + players * (60 + (22 if counted else 0))
    if view["stage"] == "over":
        height += 36 + 24 * players
    elif view["piles"]:
        height += 34 + sum(110 if "cards" in pile else 30 for pile in view["piles"])
    else:
        height += 56 + 26 * min(len(view["played"]), 8) + 22
    return height


def render(view: dict[str, Any]) -> bytes:
    """The board as PNG bytes (1600 wide, 1000 high or more) from ``GAME.view(state, None)``."""
    # Heights are rounded up to 100 px so that only a few static layers are ever cached.
    height = max(HEIGHT, -(-_panel_height(view) // 100) * 100)
    image = _static_map(height).copy()
    draw = ImageDraw.Draw(image)
    _draw_villages(draw, view)
    _draw_carts(draw, view)
    draw.text((PANEL_X, 12), view["phase"], fill=INK, font=font(22, True), anchor="la")
    y = 50.0
    if view["stage"] == "over":
        y = _draw_result(draw, view, y)
    elif view["piles"]:
        y = _draw_piles(draw, view, y)
    elif "must_discard" in view:
        need = view["must_discard"]
        who = next(p["name"] for p in view["players"] if p["seat"] == need["seat"])
        y = _heading(draw, y, _label(view, "must_discard", "{who} discards {count} card(s): "
                                     "hand limit 4", who=who, count=need["count"]))
    else:
        y = _draw_played(draw, view, y)
    y = _draw_piles_info(draw, view, y)
    _draw_players(draw, view, y)
    return to_png(image)
