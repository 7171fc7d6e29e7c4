"""Board picture for Die Trödler aus den Highlands, drawn from the public view.

Left: the house map with routes drawn by kind in distinct line styles (solid, double,
dotted, dashed, each also labelled with a letter), villages with their goods, carts. Right:
the dealer piles (top cards, or whole piles with the open-piles option), the cards played
this turn, the discard pile, and each player's hand size and goods.

Every word on the picture is said in the table's language, ``view["lang"]`` (English without
it): labels and the legend are ``render.troedler.*`` texts (render/locales/<lang>/troedler.json);
card faces and colour names are the engine's own card and colour texts (``troedler.card.*``,
``troedler.player.*``), so the picture names a card exactly as the log lines do. Village names
are proper names and stay as they are. The players panel names each player "Anna (Orange)"
when the view carries the table's display names (``view["seats"]``, put in by the service),
else by colour alone; the headings and the result say the name alone ("Played this turn
(Anna)").
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine import text as texts
from engine.text import msg, say
from engine.troedler.data import CARDS, ROUTES, VILLAGES, card_text
from render import highlight
from render.common import PLAYER_COLOURS, font, marker, text_colour_on, to_png
from render.player_names import display_name, with_colour
from render.text_draw import draw_text, text_width, wrapped

texts.register("render.locales")  # the renderers' catalogue (idempotent)

WIDTH, HEIGHT = 1600, 1000
MAP_RIGHT = 1060
PANEL_X = MAP_RIGHT + 14
BACKGROUND = "#EEF1E6"
INK = "#1F1F1F"
VILLAGE_R = 18
# The least text size: 1.1 % of the picture's width, what a phone keeps readable when the
# player opens the board (every word on the picture is at least this).
TEXT = 18
CHIP_H = 26  # a goods chip: its glyph, and its count at TEXT
CARD_H, CARD_STEP = 28, 32  # a card's box in the panel, and the step to the next one
PAWN_R = 15  # a cart's marker: its letter at TEXT

# Colours; the line pattern is drawn by _route_line and each route carries a letter badge
# (render.troedler.route_letter.*), so colour is never the only cue.
ROUTE_STYLE = {"trail": "#7A4A1E", "bridge": "#555555", "ferry": "#1F5FA8", "moor": "#4E7A2E"}
# Fills. The pot is iron black: in brown beside the chair the two were one colour on a phone.
GOOD_STYLE = {"anvil": "#5F6B73", "bottle": "#2E8B57", "chair": "#B5651D", "cup": "#E8C547",
              "pot": "#2B2B2B", "vase": "#6A5ACD"}
# Each good's silhouette, drawn on its token in black or white so that no colour is needed to
# tell goods apart (colour-blind players; a phone shows the board about 550 px wide, where
# two-letter labels were a smudge). Shapes in a unit square, y downwards: ("poly", points),
# ("disc", box) or ("ring", box, line width). The outlines differ where a few pixels still
# show it: wide top (anvil), neck (bottle), an h (chair), handle (cup), lid and ears (pot),
# round belly (vase).
GOOD_GLYPH: dict[str, tuple[tuple[Any, ...], ...]] = {
    "anvil": (("poly", ((0.02, 0.26), (0.98, 0.26), (0.98, 0.46), (0.70, 0.46), (0.62, 0.66),
                        (0.84, 0.78), (0.84, 0.92), (0.16, 0.92), (0.16, 0.78), (0.38, 0.66),
                        (0.30, 0.46), (0.20, 0.46))),),
    "bottle": (("poly", ((0.42, 0.02), (0.58, 0.02), (0.58, 0.32), (0.70, 0.46), (0.70, 0.98),
                         (0.30, 0.98), (0.30, 0.46), (0.42, 0.32))),),
    "chair": (("poly", ((0.20, 0.02), (0.38, 0.02), (0.38, 0.50), (0.84, 0.50), (0.84, 0.98),
                        (0.68, 0.98), (0.68, 0.66), (0.38, 0.66), (0.38, 0.98), (0.20, 0.98))),),
    "cup": (("poly", ((0.06, 0.24), (0.70, 0.24), (0.62, 0.78), (0.14, 0.78))),
            ("ring", (0.50, 0.32, 0.96, 0.66), 0.11),
            ("poly", ((0.00, 0.82), (0.78, 0.82), (0.70, 0.94), (0.08, 0.94)))),
    "pot": (("disc", (0.12, 0.30, 0.88, 0.92)),
            ("poly", ((0.12, 0.30), (0.88, 0.30), (0.88, 0.60), (0.12, 0.60))),
            ("poly", ((0.02, 0.24), (0.98, 0.24), (0.98, 0.36), (0.02, 0.36))),
            ("poly", ((0.40, 0.10), (0.60, 0.10), (0.60, 0.24), (0.40, 0.24))),
            ("poly", ((0.00, 0.42), (0.14, 0.42), (0.14, 0.54), (0.00, 0.54))),
            ("poly", ((0.86, 0.42), (1.00, 0.42), (1.00, 0.54), (0.86, 0.54)))),
    "vase": (("poly", ((0.30, 0.02), (0.70, 0.02), (0.62, 0.12), (0.60, 0.28), (0.40, 0.28),
                       (0.38, 0.12))),
             ("disc", (0.08, 0.26, 0.92, 0.86)),
             ("poly", ((0.36, 0.78), (0.64, 0.78), (0.72, 0.98), (0.28, 0.98)))),
}
GLYPH_SHARE = 0.8  # of a chip's height: the glyph, leaving the chip's edge around it
PANEL_RIGHT = WIDTH - 12
CARD_FILL = {"request": "#FFF4C2", "feed": "#F8D0C8", "extra": "#D6F0D2", "route": "#E4E8F0"}


def language(view: dict[str, Any]) -> str:
    """The table's language, as the service put it into the view ("en" without it)."""
    return texts.language(view.get("lang", texts.DEFAULT))


def word(lang: str, key: str, **values: Any) -> str:
    """The catalogue text ``render.troedler.<key>`` in ``lang``."""
    return texts.render(f"render.troedler.{key}", values, lang)


def card_words(card: dict[str, Any], lang: str) -> str:
    """A card face as the log lines name it (``#12 Auftrag 2 Vasen + Stuhl (4)``)."""
    return say(card_text(card["id"]), lang) if card["id"] in CARDS else str(card.get("text"))


def player_words(player: dict[str, Any], lang: str) -> str:
    return say(msg(f"troedler.player.{player['colour']}"), lang)


def named(view: dict[str, Any], player: dict[str, Any], lang: str, width: float) -> str:
    """The player as "Anna (Orange)" in bold at TEXT within ``width``: players know each
    other by name, and Himmelblau and Blau are easy to confuse."""
    colour = player_words(player, lang)
    return with_colour(display_name(view, player["seat"]), colour,
                       lambda name: word(lang, "named", name=name, colour=colour),
                       TEXT, width)


def _fit(draw: ImageDraw.ImageDraw, text: str, size: int, bold: bool,
         width: float) -> tuple[str, int]:
    """The text and a font size (never below TEXT) that fit ``width``; cut with … last."""
    for candidate in range(size, TEXT - 1, -1):
        if draw.textlength(text, font=font(candidate, bold)) <= width:
            return text, candidate
    size = TEXT
    while len(text) > 1 and draw.textlength(text + "…", font=font(size, bold)) > width:
        text = text[:-1]
    return text.rstrip() + "…", size


def _text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
          bold: bool = False, fill: str = INK, anchor: str = "la",
          right: float = PANEL_RIGHT) -> None:
    """Panel text that never runs past ``right``."""
    shown, size = _fit(draw, text, size, bold, right - xy[0])
    draw_text(draw, xy, shown, size, bold=bold, fill=fill, anchor=anchor)


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
    colour = ROUTE_STYLE[kind]
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


def _route_badge(draw: ImageDraw.ImageDraw, kind: str, a, b, lang: str) -> None:
    colour, letter = ROUTE_STYLE[kind], word(lang, f"route_letter.{kind}")
    x, y = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    draw.rounded_rectangle((x - 13, y - 13, x + 13, y + 13), 4, fill="#FFFFFF", outline=colour,
                           width=2)
    draw_text(draw, (x, y), letter, TEXT, bold=True, fill=colour, anchor="mm")


@lru_cache(maxsize=16)
def _static_map(height: int, lang: str, homes: frozenset[str]) -> Image.Image:
    """Background, routes, village names and the legend: the same on every board of a
    language and seating, drawn once per height, language and set of used start villages
    (``homes``; a start village nobody plays from is drawn as an ordinary village)."""
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rectangle((MAP_RIGHT, 0, WIDTH, height), fill="#FAFAF7")
    draw.line((MAP_RIGHT, 0, MAP_RIGHT, height), fill="#9A9A9A", width=2)
    for route in ROUTES:
        _route_line(draw, route["kind"], POSITIONS[route["a"]], POSITIONS[route["b"]])
    for route in ROUTES:
        _route_badge(draw, route["kind"], POSITIONS[route["a"]], POSITIONS[route["b"]], lang)
    for village in VILLAGES:
        x, y = POSITIONS[village["key"]]
        start = village["start_colour"] if village["key"] in homes else None
        ring = PLAYER_COLOURS[start][0] if start else "#FFFFFF"
        draw.ellipse((x - VILLAGE_R, y - VILLAGE_R, x + VILLAGE_R, y + VILLAGE_R),
                     fill="#FFFFFF", outline=ring if start else INK, width=6 if start else 2)
        if start:  # whose home, in the seat's letter: under tritanopia the sky, green and
            # blue rings are all teal (inside the ring, where no cart or good ever stands)
            draw_text(draw, (x, y + 1), word(lang, f"letter.{start}"), TEXT, bold=True,
                      fill=INK, anchor="mm")
        draw_text(draw, (x, y - VILLAGE_R - 4), village["name"], TEXT, bold=True, fill=INK,
                  anchor="md", stroke_width=3, stroke_fill=BACKGROUND)
    _legend(draw, lang, height)
    return image


def _changed_left(draw: ImageDraw.ImageDraw, lang: str) -> int:
    """Where the legend's highlight line starts: after the goods on their row."""
    x = 24
    for good in GOOD_STYLE:
        x += _chip_width(draw) + 16 + int(draw.textlength(word(lang, f"good.{good}"),
                                                          font=font(TEXT)))
    return x + 14


def _changed_legend(draw: ImageDraw.ImageDraw, view: dict[str, Any], lang: str,
                    height: int) -> None:
    if highlight.places(view):
        y = height - 70 + 22 + CHIP_H / 2
        left = highlight.swatch(draw, _changed_left(draw, lang), y)
        draw_text(draw, (left, y), highlight.words(lang), TEXT, fill=INK, anchor="lm")


def _legend(draw: ImageDraw.ImageDraw, lang: str, height: int) -> None:
    """Route styles on the first row, the goods' glyphs on the second; the box is as
    wide as its longer row (the map's bottom left corner is free of villages)."""
    x, y = 24, height - 70
    rows_right = []
    boxes = []
    for kind in ("trail", "bridge", "ferry", "moor"):
        name = word(lang, f"route.{kind}")
        boxes.append((kind, x, name))
        x += 62 + int(draw.textlength(name, font=font(TEXT))) + 22
    rows_right.append(x - 22)
    x = 24
    goods = []
    for good in GOOD_STYLE:
        name = word(lang, f"good.{good}")
        width = _chip_width(draw)
        goods.append((good, x, width, name))
        x += width + 16 + int(draw.textlength(name, font=font(TEXT)))
    rows_right.append(x - 10)
    # room after the goods for the highlight's line, drawn on a board with changes only
    # (render): 18Rhl's legend says what its frames mean, and so does this one
    rows_right.append(_changed_left(draw, lang) + int(highlight.entry_width(lang, TEXT)))
    draw.rounded_rectangle((14, y - 22, max(rows_right) + 12, y + 58), 6, fill="#FFFFFF",
                           outline="#9A9A9A")
    for kind, bx, name in boxes:
        _route_line(draw, kind, (bx, y), (bx + 54, y))
        _route_badge(draw, kind, (bx + 27, y - 1), (bx + 27, y + 1), lang)
        draw_text(draw, (bx + 62, y), name, TEXT, fill=INK, anchor="lm")
    y += 22
    for good, gx, width, name in goods:
        _good_chip(draw, gx, y, good)
        draw_text(draw, (gx + width + 5, y + CHIP_H / 2), name, TEXT, fill=INK, anchor="lm")


def good_look(good: str) -> tuple[str, tuple[tuple[Any, ...], ...]]:
    """A kind of good's fill and glyph, the same on the board, its legend and the turn card."""
    return GOOD_STYLE[good], GOOD_GLYPH[good]


@lru_cache(maxsize=64)
def glyph_mask(good: str, size: int) -> Image.Image:
    """The good's glyph as a ``size`` px square mask, drawn four times larger and scaled down:
    Pillow's shapes have no anti-aliasing, and a hard-edged glyph of 10 px loses its shape."""
    big = size * 4
    mask = Image.new("L", (big, big), 0)
    draw = ImageDraw.Draw(mask)
    for shape, box, *width in good_look(good)[1]:
        if shape == "poly":
            draw.polygon([(x * big, y * big) for x, y in box], fill=255)
        elif shape == "disc":
            draw.ellipse([v * big for v in box], fill=255)
        else:
            draw.ellipse([v * big for v in box], outline=255, width=round(width[0] * big))
    return mask.resize((size, size), Image.Resampling.LANCZOS)


def draw_glyph(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float],
               good: str) -> None:
    """The good's glyph centred in ``box`` (its token, drawn already) in black or white,
    whichever reads on the good's fill."""
    left, top, right, bottom = box
    size = max(4, round(min(right - left, bottom - top) * GLYPH_SHARE))
    corner = (round((left + right - size) / 2), round((top + bottom - size) / 2))
    draw.bitmap(corner, glyph_mask(good, size), fill=text_colour_on(good_look(good)[0]))


def _count(count: int) -> str:
    return f"{count}×" if count > 1 else ""


def _chip_width(draw: ImageDraw.ImageDraw, count: int = 1) -> int:
    """A chip: the count when more than one (``3×``), then the glyph in a square of CHIP_H."""
    label = _count(count)
    return CHIP_H + (int(draw.textlength(label, font=font(TEXT, True))) + 3 if label else 0)


def _good_chip(draw: ImageDraw.ImageDraw, x: float, y: float, good: str,
               count: int = 1) -> int:
    fill = good_look(good)[0]
    width = _chip_width(draw, count)
    draw.rounded_rectangle((x, y, x + width, y + CHIP_H), 5, fill=fill, outline=INK)
    if count > 1:
        draw_text(draw, (x + 4, y + CHIP_H / 2), _count(count), TEXT, bold=True,
                  fill=text_colour_on(fill), anchor="lm")
    draw_glyph(draw, (x + width - CHIP_H, y, x + width, y + CHIP_H), good)
    return width


def _goods_row(draw: ImageDraw.ImageDraw, x: float, y: float, goods: list[str],
               centre: bool = False) -> None:
    counts: dict[str, int] = {}
    for good in goods:
        counts[good] = counts.get(good, 0) + 1
    items = sorted(counts.items())
    widths = [_chip_width(draw, n) for _good, n in items]
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


def _draw_carts(draw: ImageDraw.ImageDraw, view: dict[str, Any], lang: str) -> None:
    by_village: dict[str, list[dict[str, Any]]] = {}
    for player in view["players"]:
        by_village.setdefault(player["cart"], []).append(player)
    for key, players in by_village.items():
        x, y = POSITIONS[key]
        for i, player in enumerate(players):
            fill = PLAYER_COLOURS[player["colour"]][0]
            # Up to two carts right of the village circle, further ones to its left.
            cx = x + 34 + 30 * i if i < 2 else x - 34 - 30 * (i - 2)
            marker(draw, (cx, y), PAWN_R, fill, word(lang, f"letter.{player['colour']}"))


def _card_box(draw: ImageDraw.ImageDraw, x: float, y: float, card: dict[str, Any] | None,
              lang: str, width: int = 430, top: bool = False) -> None:
    mid = y + CARD_H / 2
    if card is None:
        draw.rounded_rectangle((x, y, x + width, y + CARD_H), 4, fill="#FFFFFF",
                               outline="#9A9A9A")
        _text(draw, (x + 8, mid), word(lang, "empty"), TEXT, fill="#555555", anchor="lm",
              right=x + width - 6)
        return
    fill = CARD_FILL[card["type"]]
    draw.rounded_rectangle((x, y, x + width, y + CARD_H), 4, fill=fill, outline=INK)
    text_x = x + 8
    if card["type"] == "route":
        _route_line(draw, card["kind"], (x + 8, mid), (x + 40, mid))
        text_x = x + 48
    face = card_words(card, lang)
    if top:
        face = word(lang, "top", card=face)
    _text(draw, (text_x, mid), face, TEXT, anchor="lm", right=x + width - 6)


def _heading(draw: ImageDraw.ImageDraw, y: float, text: str) -> float:
    _text(draw, (PANEL_X, y), text, 20, True)
    return y + 30


def _name_of(view: dict[str, Any], seat: int | None, lang: str) -> str:
    """The player's own name where the view has it: "Played this turn (Orange)" left the
    reader to look up who plays orange. Its colour where not (a test, the bench)."""
    if seat is None:
        return ""
    return display_name(view, seat) or next(
        (player_words(p, lang) for p in view["players"] if p["seat"] == seat), "")


def _draw_piles(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: float, lang: str) -> float:
    who = _name_of(view, view.get("choosing"), lang)
    choice = word(lang, f"choice.{view.get('choosing_to', 'take-pile')}")
    y = _heading(draw, y, word(lang, "dealer_piles", who=who, choice=choice))
    for pile in view["piles"]:
        draw_text(draw, (PANEL_X + 4, y + CARD_H / 2), str(pile["number"]), 20, bold=True,
                  fill=INK, anchor="lm")
        if "cards" in pile:
            for card in reversed(pile["cards"]):
                _card_box(draw, PANEL_X + 26, y, card, lang, 470, top=card is pile["cards"][-1])
                y += CARD_STEP
            y += 6
        else:
            _closed_pile(draw, pile, y, lang)
            y += CARD_STEP + 2
    return y + 6


def _closed_pile(draw: ImageDraw.ImageDraw, pile: dict[str, Any], y: float, lang: str) -> None:
    """The top card and how many lie under it; the count is measured first and the card
    takes the rest of the row, so the count is never the part that gets cut."""
    covered = word(lang, "covered", count=pile["covered"])
    left = PANEL_X + 26
    box = int(PANEL_RIGHT - text_width(covered, TEXT) - 10 - left)
    _card_box(draw, left, y, pile["top"], lang, box)
    draw_text(draw, (PANEL_RIGHT, y + CARD_H / 2), covered, TEXT, fill="#444444",
              anchor="rm")


def _draw_played(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: float, lang: str) -> float:
    y = _heading(draw, y, word(lang, "played", name=_name_of(view, view["current"], lang)))
    if not view["played"]:
        _text(draw, (PANEL_X + 4, y), word(lang, "nothing_yet"), TEXT, fill="#555555")
        return y + 30
    for card in view["played"][-8:]:
        _card_box(draw, PANEL_X, y, card, lang, 500)
        y += CARD_STEP
    if view.get("pending_replacements"):
        pairs = ", ".join(word(lang, "replacement", old=word(lang, f"good.{a}"),
                               new=word(lang, f"good.{b}"))
                          for a, b in view["pending_replacements"])
        _text(draw, (PANEL_X, y + 2), word(lang, "replacing", pairs=pairs), TEXT)
        y += 26
    return y + 6


def _draw_piles_info(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: float,
                     lang: str) -> float:
    y = _heading(draw, y, word(lang, "discard", count=view["discard_size"],
                               round=view["round_pile_size"]))
    _card_box(draw, PANEL_X, y, view["discard_top"], lang, 500, top=True)
    return y + CARD_H + 12


def _draw_players(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: float,
                  lang: str) -> float:
    y = _heading(draw, y, word(lang, "players"))
    for player in view["players"]:
        _player_head(draw, view, player, y, lang)
        y += PLAYER_HEAD
        _text(draw, (PANEL_X + 38, y + LINE / 2), _details(view, player, lang), TEXT,
              anchor="lm")
        y += PLAYER_DETAILS
        if "requests" in player:
            _text(draw, (PANEL_X + 38, y + 12), word(
                lang, "counts", requests=player["requests"], points=player["request_points"],
                feed=player["value_feed"], damage=player["damage"]), TEXT, anchor="lm")
            y += PLAYER_COUNTS
        if player["goods"]:
            _goods_row(draw, PANEL_X + 38, y, player["goods"])
        else:
            _text(draw, (PANEL_X + 38, y + CHIP_H / 2), word(lang, "no_goods"), TEXT,
                  fill="#555555", anchor="lm")
        y += PLAYER_GOODS
    return y


def _to_play(view: dict[str, Any], player: dict[str, Any]) -> bool:
    return player["seat"] == view["current"] and view["stage"] in ("play", "limit")


def _player_head(draw: ImageDraw.ImageDraw, view: dict[str, Any], player: dict[str, Any],
                 y: float, lang: str) -> None:
    """The swatch, the name and the to-play tag after it: the tag's room is kept first and
    the name gets what is left, so whose turn it is is never the part cut off."""
    marker(draw, (PANEL_X + 15, y + 15), PAWN_R, PLAYER_COLOURS[player["colour"]][0],
           word(lang, f"letter.{player['colour']}"))
    tag = word(lang, "to_play") if _to_play(view, player) else ""
    gap = 14
    left, right = PANEL_X + 38, PANEL_RIGHT - (text_width(tag, TEXT, True) + gap if tag else 0)
    label = named(view, player, lang, right - left)
    _text(draw, (left, y + 15), label, TEXT, True, anchor="lm", right=right)
    if tag:
        draw_text(draw, (left + text_width(label, TEXT, True) + gap, y + 15), tag, TEXT,
                  bold=True, fill=INK, anchor="lm")


def _details(view: dict[str, Any], player: dict[str, Any], lang: str) -> str:
    """Hand size and cart (never the hand's cards), and whether the player deals."""
    line = word(lang, "player", hand=player["hand_size"], village=_NAMES[player["cart"]])
    if player["seat"] == view["dealer"]:
        line += " · " + word(lang, "dealer")
    return line


# a player's rows in the panel: name, hand and cart, the open counts, goods
PLAYER_HEAD, PLAYER_DETAILS, PLAYER_COUNTS, PLAYER_GOODS = 34, 26, 26, 34
LINE = 26  # one line of panel text at TEXT


def _draw_result(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: float, lang: str) -> float:
    """The standings, then why they are in this order: the damage rule and who it struck."""
    y = _heading(draw, y, word(lang, "final"))
    for said, indent in result_rows(view, lang):
        _text(draw, (PANEL_X + indent, y), said, TEXT)
        y += LINE
    for line in result_reasons(view, lang):
        y += 4
        for part in wrapped(line, TEXT, PANEL_RIGHT - PANEL_X):
            draw_text(draw, (PANEL_X, y), part, TEXT, fill="#444444")
            y += LINE
    return y + 8


def result_rows(view: dict[str, Any], lang: str) -> list[tuple[str, int]]:
    """The standings' lines (text, indent): each player's points with their parts, as the
    result post says them ("36 pts" alone left 32 from requests + 4 goods to be guessed),
    broken between parts, the rest indented: every standing alike when one needs it, so
    that the damage stands in one column."""
    said = []
    # a seat put out of the scoring comes after every scored one, with no place (the
    # result post's order): "3. Anna: 19 pts … (total damage)" ranked a seat that scored nothing
    for standing in sorted(view["result"], key=lambda s: bool(s["detail"]["total_damage"])):
        d = standing["detail"]
        key = "result_out" if d["total_damage"] else "result"
        said.append(word(lang, key, rank=standing["rank"],
                         name=_name_of(view, standing["seat"], lang),
                         score=standing["score"], request_points=d["request_points"],
                         requests=texts.render("troedler.note.requests",
                                               {"count": d["requests"]}, lang),
                         goods=texts.render("render.card.goods", {"count": d["goods"]}, lang),
                         damage=d["damage"]))
    width = PANEL_RIGHT - PANEL_X
    if all(text_width(line, TEXT) <= width for line in said):
        return [(line, 0) for line in said]
    rows = []
    for line in said:
        parts = [wrapped(part, TEXT, width - 20) for part in line.split(", ")]
        rows += [(text, 20 if i or j else 0) for i, part in enumerate(parts)
                 for j, text in enumerate(part)]
    return rows


def result_reasons(view: dict[str, Any], lang: str) -> list[str]:
    """Why the final standings are in their order (R45 to R49): how damage is counted, whom
    the highest damage struck (or why nobody), and how the others are ordered."""
    result = view["result"]
    players = len(view["players"])
    out = [word(lang, "why.damage")]
    loser = next((s for s in result if s["detail"]["total_damage"]), None)
    top = max(s["detail"]["damage"] for s in result)
    if loser is not None:
        key = "why.out_two" if players == 2 else "why.out"
        out.append(word(lang, key, name=_name_of(view, loser["seat"], lang), damage=top))
    else:
        out.append(word(lang, "why.none_two" if players == 2 else "why.none_shared",
                        damage=top))
    out.append(word(lang, "why.order" if loser is not None else "why.order_all"))
    return out


def result_height(view: dict[str, Any], lang: str) -> int:
    """The final result's height: its heading, the standings and the wrapped reasons."""
    lines = sum(len(wrapped(line, TEXT, PANEL_RIGHT - PANEL_X))
                for line in result_reasons(view, lang))
    return 30 + LINE * (len(result_rows(view, lang)) + lines) + 4 * 3 + 8


_NAMES = {v["key"]: v["name"] for v in VILLAGES}


def _phase(view: dict[str, Any], lang: str) -> str:
    """The phase title, worded from the stage and round (the view's ``phase`` is English
    once the view has been through JSON)."""
    stage = view["stage"]
    if stage == "over":
        return word(lang, "phase.over")
    return word(lang, "phase.take" if stage == "take" else "phase.play", round=view["round"])


def _panel_height(view: dict[str, Any], lang: str) -> int:
    """How tall the side panel will be, so that open piles never run off the image."""
    counted = any("requests" in p for p in view["players"])
    player = PLAYER_HEAD + PLAYER_DETAILS + PLAYER_GOODS + (PLAYER_COUNTS if counted else 0)
    height = 50 + 30 + CARD_H + 12 + 30 + len(view["players"]) * player
    if view["stage"] == "over":
        height += result_height(view, lang)
    elif view["piles"]:
        height += 36 + sum(6 + CARD_STEP * len(pile["cards"]) if "cards" in pile
                           else CARD_STEP + 2 for pile in view["piles"])
    else:
        height += 36 + CARD_STEP * max(1, min(len(view["played"]), 8)) + 26
    return height + 12


def render(view: dict[str, Any]) -> bytes:
    """The board as PNG bytes (1600 wide, 1000 high or more) from ``GAME.view(state, None)``."""
    lang = language(view)
    # Heights are rounded up to 100 px so that only a few static layers are ever cached.
    height = max(HEIGHT, -(-_panel_height(view, lang) // 100) * 100)
    homes = frozenset(player["start"] for player in view["players"])
    image = _static_map(height, lang, homes).copy()
    draw = ImageDraw.Draw(image)
    _draw_villages(draw, view)
    _draw_carts(draw, view, lang)
    _text(draw, (PANEL_X, 12), _phase(view, lang), 24, True)
    y = 50.0
    if view["stage"] == "over":
        y = _draw_result(draw, view, y, lang)
    elif view["piles"]:
        y = _draw_piles(draw, view, y, lang)
    elif "must_discard" in view:
        need = view["must_discard"]
        y = _heading(draw, y, word(lang, "must_discard", who=_name_of(view, need["seat"], lang),
                                   count=need["count"])) + 10
    else:
        y = _draw_played(draw, view, y, lang)
    y = _draw_piles_info(draw, view, y, lang)
    _draw_players(draw, view, y, lang)
    highlight.mark("troedler", image, view)  # what changed since the previous board
    _changed_legend(draw, view, lang, height)
    return to_png(image)
