"""Rheinländer board picture, drawn from the public view and the same board file as the rules.

Static layer (cached per board): banks, river, islands, tile numbers, empty realm circles.
Dynamic layer: realm markers, duchy shading and links, knights (colour + letter), castle
knights, bastions, duke badges with value and bishop, and a panel with each player's knights
left, bastions, cards, dukes, bishops, the archbishop holder and the deck.

Every word on the picture is a catalogue text (render/locales/<lang>/rheinlaender.json, keys
``render.rheinlaender.*``) said in the table's language, ``view["lang"]`` (English without it).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from engine import text as texts
from engine.rheinlaender.board import Board, get_board
from render import highlight
from render.card_text import fit, wrapped_parts
from render.common import PLAYER_COLOURS, font, marker, marker_size, text_colour_on, to_png
from render.player_names import and_list, display_name, with_colour
from render.text_draw import draw_text, note, paste_text, text_width, unrecorded, wrapped

texts.register("render.locales")  # the renderers' catalogue (idempotent)

SEAT_COLOURS = ["orange", "blue", "green", "yellow", "purple"]
PANEL_TOP = 985
BACKGROUND = "#F3EEDF"
LAND = "#E2E7CF"
LAND_EDGE = "#7E8F63"
WATER = "#9CC7E4"
WATER_EDGE = "#6FA3C8"
SAND = "#EAD9A6"
INK = "#1F1F1F"
REALM_FILL = {"castle": "#B9A48A", "church": "#FFFFFF", "city": "#F6D08B"}
# wide enough for German's two letters at TEXT ("Ge" for Gelb ran into a 15 px disc's rim)
KNIGHT_RADIUS = 17
# The least text size: 1.1 % of the picture's width, what a phone keeps readable when the
# player opens the board (every word on the picture is at least this).
TEXT = 18
LINE = 24  # one line of the panel at TEXT


@lru_cache(maxsize=32)
def _knight_sprite(seat: int, radius: int, lang: str) -> Image.Image:
    side = 2 * radius + 4
    sprite = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    with unrecorded():  # the letter is reported where the sprite lands (_knights)
        marker(ImageDraw.Draw(sprite), (side / 2, side / 2), radius, colour(seat),
               letter(seat, lang))
    return sprite


def colour(seat: int) -> str:
    return PLAYER_COLOURS[SEAT_COLOURS[seat]][0]


def letter(seat: int, lang: str) -> str:
    """The seat's letter in the table's language (German "Ge" for Gelb, not "Y")."""
    from render.card_scene import colour_letter  # card_scene draws from this module

    return colour_letter(SEAT_COLOURS[seat], lang)


@lru_cache(maxsize=8)
def static_layer(board_key: str, lang: str = "en") -> Image.Image:
    board = get_board(board_key)
    width, height = board.data.get("size", [1600, 1200])
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    line = [tuple(p) for p in board.data.get("river_line", [])]
    if line:
        draw.line(line, fill=WATER, width=2 * board.data.get("river_half_width", 30), joint="curve")
    for space, record in board.spaces.items():
        if record["kind"] == "realm":
            continue
        fill = {"land": LAND, "river": WATER}[record["kind"]]
        edge = LAND_EDGE if record["kind"] == "land" else WATER_EDGE
        if record["bank"] == "I":
            fill, edge = SAND, "#A68B4C"
        draw.polygon([tuple(p) for p in record["poly"]], fill=fill, outline=edge, width=2)
        _tile_label(image, board, space, lang)
    for realm in board.realm_spaces:
        x, y = board.spaces[realm]["centre"]
        r = board.spaces[realm]["radius"]
        draw.ellipse((x - r, y - r, x + r, y + r), fill="#FFFFFF", outline=LAND_EDGE, width=2)
    return image


def _label_text(board: Board, space: str, lang: str) -> str:
    """A tile's label: its number, with the bank ("17L"), or the island's areas ("10/11")."""
    number, where = board.where(space)
    if where == "island":
        return "/".join(str(a) for a in board.spaces[space]["areas"])
    if where == "river":
        return str(number)
    side = "render.rheinlaender.bank_left" if where == "left" else \
        "render.rheinlaender.bank_right"
    return f"{number}{texts.render(side, {}, lang)}"


def _tile_label(image: Image.Image, board: Board, space: str, lang: str,
                fill: str | None = None) -> None:
    record = board.spaces[space]
    x, y = record["label"]
    text = _label_text(board, space, lang)
    if fill is None:
        fill = "#2B4C6F" if board.where(space)[1] == "river" else "#3C4A2C"
    paste_text(image, (x, y), text, TEXT, fill)


def render(view: dict[str, Any]) -> bytes:
    board = get_board(view["board"])
    static = static_layer(view["board"], language(view))
    # one copy, as tall as the panel needs (a long German legend makes it grow; the panel's
    # background covers what the crop adds below the static layer)
    needed = max(static.height, PANEL_TOP + panel_height(view, static.width))
    image = static.crop((0, 0, static.width, needed))
    draw = ImageDraw.Draw(image)
    _shade_duchies(image, draw, board, view)
    _realms(image, draw, board, view)
    _duchy_links(draw, board, view)
    _bastions(draw, board, view)
    _knights(image, board, view)
    _dukes(image, draw, board, view)
    _title(draw, view)
    _panel(draw, image.size[0], view)
    highlight.mark("rheinlaender", image, view)  # what changed since the previous board
    return to_png(image)


# A duchy without a duke is hatched as well as grey: under deuteranopia a green owner's shade
# was as grey as no owner's (ΔE2000 3.0), under greyscale a purple one's (1.1).
HATCH = "#6E6E6E"
HATCH_GAP, HATCH_WIDTH = 12, 3


def _shade_duchies(image: Image.Image, draw: ImageDraw.ImageDraw, board: Board,
                   view: dict[str, Any]) -> None:
    """Tiles of a duchy take a light shade of the owner's colour (grey and hatched: no
    owner); their names turn to ink, the space names' own blue and green read at 2.6:1 on a
    blue owner's shade."""
    for duchy in view["duchies"]:
        owner = duchy["owner"]
        for space in duchy["spaces"]:
            record = board.spaces[space]
            if record["kind"] == "realm":
                continue
            base = LAND if record["kind"] == "land" else WATER
            shade = mix(colour(owner) if owner is not None else "#8A8A8A", base, 0.6)
            edge = LAND_EDGE if record["kind"] == "land" else WATER_EDGE
            poly = [(float(x), float(y)) for x, y in record["poly"]]
            draw.polygon(poly, fill=shade, outline=edge, width=2)
            if owner is None:
                _hatch(image, poly, _label_box(board, space))
                draw.polygon(poly, outline=edge, width=2)
            with unrecorded():  # the same label, already recorded on the static layer
                _tile_label(image, board, space, language(view), INK)


def _hatch(image: Image.Image, poly: list[tuple[float, float]], keep: Box) -> None:
    """Diagonal lines across ``poly``, clear of the space's name in ``keep``."""
    left, top = int(min(x for x, _ in poly)), int(min(y for _, y in poly))
    right, bottom = int(max(x for x, _ in poly)) + 1, int(max(y for _, y in poly)) + 1
    size = (right - left, bottom - top)
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).polygon([(x - left, y - top) for x, y in poly], fill=255)
    lines = Image.new("L", size, 0)
    pen = ImageDraw.Draw(lines)
    for start in range(-size[1], size[0], HATCH_GAP):
        pen.line((start, size[1], start + size[1], 0), fill=255, width=HATCH_WIDTH)
    pen.rectangle((keep[0] - left - 3, keep[1] - top - 3, keep[2] - left + 3, keep[3] - top + 3),
                  fill=0)
    image.paste(HATCH, (left, top, right, bottom), ImageChops.multiply(mask, lines))


def mix(first: str, second: str, share: float) -> str:
    """``share`` of ``first`` mixed into ``second`` (both #rrggbb)."""
    a = [int(first[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(second[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x * share + y * (1 - share)):02X}" for x, y in zip(a, b,
                                                                                   strict=True))


def _duchy_links(draw: ImageDraw.ImageDraw, board: Board, view: dict[str, Any]) -> None:
    """A thick line between neighbouring knights of one duchy shows how it hangs together."""
    for duchy in view["duchies"]:
        ink = colour(duchy["owner"]) if duchy["owner"] is not None else "#6E6E6E"
        members = set(duchy["spaces"])
        for space in duchy["spaces"]:
            for other in board.neighbours[space]:
                if other in members and board.order[other] > board.order[space]:
                    a, b = _knight_at(board, space), _knight_at(board, other)
                    draw.line((a, b), fill=INK, width=9)
                    draw.line((a, b), fill=ink, width=5)


def _knight_at(board: Board, space: str) -> tuple[float, float]:
    """Where a knight stands: the tile's centre, moved away from the tile's label as far as
    needed (in the river's bends a label sits beside the centre) so it never covers it."""
    spots = vars(board).get("_knight_spots")
    if spots is None:  # once per board object: a render reads one board
        spots = {name: _clear_spot(board, name) for name in board.spaces}
        vars(board)["_knight_spots"] = spots
    return spots[space]


def _clear_spot(board: Board, space: str) -> tuple[float, float]:
    record = board.spaces[space]
    cx, cy = record["centre"]
    if record["kind"] == "realm":
        return (cx, cy)
    lx, ly = record["label"]
    half_w = text_width(_label_text(board, space, "en"), TEXT, True) / 2 + 2
    half_h = TEXT * 0.4 + 2
    length = max(1.0, ((lx - cx) ** 2 + (ly - cy) ** 2) ** 0.5)
    ux, uy = (lx - cx) / length, (ly - cy) / length
    reach = KNIGHT_RADIUS + 2
    for step in range(0, 30):
        x, y = cx - ux * step, cy - uy * step
        if abs(x - lx) >= half_w + reach or abs(y - ly) >= half_h + reach:
            return (x, y)
    return (cx, cy)


def _realms(image: Image.Image, draw: ImageDraw.ImageDraw, board: Board,
            view: dict[str, Any]) -> None:
    for realm, piece in view["realms"].items():
        x, y = board.spaces[realm]["centre"]
        r = board.spaces[realm]["radius"]
        draw.ellipse((x - r, y - r, x + r, y + r), fill=REALM_FILL[piece["kind"]], outline=INK,
                     width=2)
        if piece["kind"] == "city":
            paste_text(image, (x, y), str(piece["value"]), 22, INK)
        elif piece["kind"] == "church":
            paste_text(image, (x, y + 1), "✝", 24, INK)
        elif realm not in view["knights"]:
            paste_text(image, (x, y), "♜", 24, INK, bold=False)


def _bastions(draw: ImageDraw.ImageDraw, board: Board, view: dict[str, Any]) -> None:
    for space in view["bastions"]:
        x, y = board.spaces[space]["centre"]
        w = 13
        draw.rectangle((x - w, y - w + 5, x + w, y + w), fill="#5A5A5A", outline=INK, width=2)
        for dx in (-w, -3, w - 7):  # three merlons make it read as a tower, not a knight
            draw.rectangle((x + dx, y - w - 2, x + dx + 7, y - w + 5), fill="#5A5A5A",
                           outline=INK, width=2)


def _knights(image: Image.Image, board: Board, view: dict[str, Any]) -> None:
    for space, seat in view["knights"].items():
        x, y = _knight_at(board, space)
        radius = KNIGHT_RADIUS  # in a castle too: its letter must stay at TEXT
        sprite = _knight_sprite(seat, radius, language(view))
        image.paste(sprite, (round(x - sprite.width / 2), round(y - sprite.height / 2)), sprite)
        mark = letter(seat, language(view))
        size = marker_size(mark, radius)  # as common.marker draws it
        # the whole disc is reported, so that a test sees a knight covering a label
        note(mark, size, True, (x - radius, y - radius, x + radius, y + radius),
             image.size)


def _dukes(image: Image.Image, draw: ImageDraw.ImageDraw, board: Board,
           view: dict[str, Any]) -> None:
    """A crown beside each duchy, where it covers nothing (see _badge_places): the owner's
    colour and letter, the duchy's value in a box beside it (below where there is room) and a
    cross when it gives a bishop. A grey crown marks a duchy without a duke. A ring in
    another colour is a borrowed figure; "+" an extra duke (ruling E11)."""
    for duchy, ((x, y), (tx, ty)) in zip(view["duchies"], _badge_places(board, view, image.size),
                                         strict=True):
        owner = duchy["owner"]
        mark = _crown_mark(duchy, language(view))
        half = _crown_half(mark)
        crown = [(x - half, y + 13), (x - half, y - 8), (x - half + 8, y + 1), (x, y - 14),
                 (x + half - 8, y + 1), (x + half, y - 8), (x + half, y + 13)]
        if owner is None:
            draw.polygon(crown, fill="#D8D8D8", outline="#6E6E6E", width=2)
            _tag(draw, (tx, ty), _tag_text(duchy), "#E8E8E8")
            continue
        fill = colour(owner)
        figure = duchy.get("figure")
        ring = INK if figure in (None, owner) else colour(figure)
        if ring != INK:  # a borrowed figure: a thick ring in the lender's colour, edged
            draw.polygon([(px, py) for px, py in _grown(crown, 4)], fill=ring, outline=INK)
        draw.polygon(crown, fill=fill, outline=INK, width=2)
        paste_text(image, (x, y + 4), mark, TEXT, text_colour_on(fill))
        _tag(draw, (tx, ty), _tag_text(duchy), "#FFFFFF")


def _grown(points: list[tuple[float, float]], by: float) -> list[tuple[float, float]]:
    """The polygon scaled out from its centre by ``by`` pixels (a ring around a crown)."""
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    out = []
    for x, y in points:
        length = max(1.0, ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5)
        out.append((x + (x - cx) / length * by, y + (y - cy) / length * by))
    return out


Box = tuple[float, float, float, float]


def _badge_places(board: Board, view: dict[str, Any], size: tuple[int, int]
                  ) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Crown and value-tag centres for each duchy (the view's order): beside one of its
    tiles, outside the bank where there is room, never over a label, a knight, a realm or
    another duchy's crown; the first free place of the duchy's bank tiles (the duke's own
    first) in each direction, nearest first."""
    taken = [_label_box(board, space) for space in board.spaces
             if board.spaces[space]["kind"] != "realm"]
    for space in view["knights"]:
        x, y = _knight_at(board, space)
        taken.append((x - KNIGHT_RADIUS - 2, y - KNIGHT_RADIUS - 2, x + KNIGHT_RADIUS + 2,
                      y + KNIGHT_RADIUS + 2))
    for realm in board.realm_spaces:
        (x, y), r = board.spaces[realm]["centre"], board.spaces[realm]["radius"]
        taken.append((x - r, y - r, x + r, y + r))
    for record in board.spaces.values():  # where a piece would stand: never a crown
        if record["kind"] != "realm":
            x, y = record["centre"]
            taken.append((x - 16, y - 16, x + 16, y + 16))
    places = []
    for duchy in view["duchies"]:
        tag_w = text_width(_tag_text(duchy), TEXT, True) / 2 + 6
        half = _crown_half(_crown_mark(duchy, language(view)))
        best: tuple[int, tuple, list[Box]] | None = None
        for place, boxes in _options(board, duchy, tag_w, size, half):  # the first free place
            if not any(_meet(bx, other) for bx in boxes for other in taken):
                best = (0, place, boxes)
                break
        else:  # something covered everywhere (rare): the place that covers least
            for place, boxes in _options(board, duchy, tag_w, size, half):
                clashes = sum(_meet(bx, other) for bx in boxes for other in taken)
                if best is None or clashes < best[0]:
                    best = (clashes, place, boxes)
        if best is None:  # nowhere on the map: beside the duke's knight
            x, y = board.spaces[duchy["anchor"]]["centre"]
            places.append(((x + 34, y - 10), (x + 34, y + 18)))
            continue
        taken += best[2]
        places.append(best[1])
    return places


def _candidates(board: Board, duchy: dict[str, Any]) -> list[tuple[float, float]]:
    """Places for a duchy's crown, best first: outwards off its bank tiles (the duke's tile
    first; straight out, then out and to a side), then to either side, then further out, then
    inwards; near before far within each."""
    tiles = sorted((s for s in duchy["spaces"] if board.spaces[s]["kind"] != "realm"),
                   key=lambda s: (s != duchy["anchor"],
                                  board.spaces[s]["bank"] not in ("L", "T")))
    axes = []
    for space in tiles:
        (cx, cy), (lx, ly) = board.spaces[space]["centre"], board.spaces[space]["label"]
        length = max(1.0, ((lx - cx) ** 2 + (ly - cy) ** 2) ** 0.5)
        axes.append(((cx, cy), ((lx - cx) / length, (ly - cy) / length)))
    diagonal = 0.7071
    tiers = (("out", (62, 78, 96)), ("side", (62, 78, 96)), ("out", (120, 150)),
             ("in", (62, 78, 96, 120)))
    out = []
    for kind, reaches in tiers:
        for (cx, cy), (ux, uy) in axes:
            if kind == "out":
                turns = [(ux, uy), ((ux - uy) * diagonal, (uy + ux) * diagonal),
                         ((ux + uy) * diagonal, (uy - ux) * diagonal)]
            elif kind == "side":
                turns = [(-uy, ux), (uy, -ux)]
            else:
                turns = [(-ux, -uy), ((-ux - uy) * diagonal, (-uy + ux) * diagonal),
                         ((-ux + uy) * diagonal, (-uy - ux) * diagonal)]
            out += [(cx + dx * reach, cy + dy * reach) for reach in reaches for dx, dy in turns]
    return out


def _crown_mark(duchy: dict[str, Any], lang: str) -> str:
    """The owner's letter on a crown, "+" for an extra duke (ruling E11); none when unowned."""
    if duchy["owner"] is None:
        return ""
    return letter(duchy["owner"], lang) + ("+" if duchy.get("figure") is None else "")


def _crown_half(mark: str) -> float:
    """Half a crown's width: big enough for its mark at TEXT (German's "Ge+" widens it)."""
    return max(17.0, text_width(mark, TEXT, True) / 2 + 4)


def _options(board: Board, duchy: dict[str, Any], tag_w: float, size: tuple[int, int],
             half: float):
    """Crown and tag places on the map for a duchy, in the order of preference, with the
    boxes they cover (the tag below the crown, else above, right or left of it)."""
    for crown in _candidates(board, duchy):
        for dx, dy in ((0, 33), (0, -33), (half + 7 + tag_w, 0), (-half - 7 - tag_w, 0)):
            tag = (crown[0] + dx, crown[1] + dy)
            boxes = [(crown[0] - half - 4, crown[1] - 18, crown[0] + half + 4, crown[1] + 17),
                     (tag[0] - tag_w, tag[1] - 13, tag[0] + tag_w, tag[1] + 13)]
            if all(bx[0] >= 4 and bx[2] <= size[0] - 4 and bx[1] >= 46 and
                   bx[3] <= PANEL_TOP - 4 for bx in boxes):
                yield (crown, tag), boxes


def _meet(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _label_box(board: Board, space: str) -> Box:
    x, y = board.spaces[space]["label"]
    half = text_width(_label_text(board, space, "en"), TEXT, True) / 2 + 2
    return (x - half, y - TEXT * 0.45, x + half, y + TEXT * 0.45)


def _tag_text(duchy: dict[str, Any]) -> str:
    """The duchy's value, with a cross when it gives its duke a bishop."""
    return f"{duchy['value']}" + (" ✝" if duchy["bishop"] and duchy["owner"] is not None
                                  else "")


def _tag(draw: ImageDraw.ImageDraw, centre: tuple[float, float], text: str, fill: str) -> None:
    x, y = centre
    size = font(TEXT, bold=True)
    left, top, right, bottom = draw.textbbox((x, y), text, font=size, anchor="mm")
    draw.rounded_rectangle((left - 4, top - 3, right + 4, bottom + 3), radius=5, fill=fill,
                           outline=INK, width=1)
    draw_text(draw, (x, y), text, TEXT, bold=True, fill=INK, anchor="mm")


def language(view: dict[str, Any]) -> str:
    """The table's language, as the service put it into the view ("en" without it)."""
    return texts.language(view.get("lang", texts.DEFAULT))


def say(view: dict[str, Any], key: str, **values: Any) -> str:
    """The catalogue text ``render.rheinlaender.<key>`` in the view's language."""
    return texts.render(f"render.rheinlaender.{key}", values, language(view))


COLOUR_KEYS = ("orange", "blue", "green", "yellow", "purple")


def name(view: dict[str, Any], seat: int) -> str:
    """A seat's colour as players call it."""
    return say(view, f"colour.{COLOUR_KEYS[seat]}")


# Room for one player's name in the title line ("Turn 21: Anna"); a long name is cut.
TITLE_NAME = 260


def who(view: dict[str, Any], seat: int, width: float = TITLE_NAME, bold: bool = False) -> str:
    """The player by their own name, cut to ``width`` at 20 px: "Turn 21: Orange" left the
    table to work out who plays orange. Their colour where the view has no names."""
    own = display_name(view, seat)
    return fit(own, 20, width, bold) if own else name(view, seat)


def headline(view: dict[str, Any]) -> str:
    """The phase, drawn from the view's fields (the view's ``phase`` may arrive flattened to
    English), with the winners once the game is over."""
    if view["step"] != "over":
        key = "phase.last_turn" if view["end_triggered"] else "phase.turn"
        return say(view, key, turn=view["turn"], name=who(view, view["current"]))
    phase = say(view, "phase.over")
    final = view.get("final")
    if not final:
        return phase
    best = max(row["total"] for row in final)
    seats = [row["seat"] for row in final if row["total"] == best]
    # the winners share the line: tied names are cut shorter (drawn bold)
    winners = [who(view, seat, min(TITLE_NAME, 800 / len(seats)), bold=True) for seat in seats]
    names = and_list(winners, language(view))
    key = "win_many" if len(winners) > 1 else "win_one"
    return say(view, key, phase=phase, names=names, points=best)


def _title(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    draw_text(draw, (20, 14), "Rheinländer", 28, bold=True, fill=INK)
    draw_text(draw, (230, 22), headline(view), 20, bold=bool(view.get("final")), fill=INK)
    draw_text(draw, (1580, 14), say(view, "house"), TEXT, fill="#6B6B6B", anchor="ra")


def footer(view: dict[str, Any]) -> str:
    """The panel's status line: deck, last card, archbishop and the end warning."""
    last = view["discard"][-1] if view["discard"] else "–"
    parts = [say(view, "deck", count=view["deck"], last=last)]
    archbishop = view["archbishop"]
    parts.append(say(view, "archbishop", who=who(view, archbishop)) if archbishop is not None
                 else say(view, "archbishop_off"))
    if view["end_triggered"] and view["step"] != "over":
        parts.append(say(view, "last_turn"))
    return "    ".join(parts)


def _panel(draw: ImageDraw.ImageDraw, width: int, view: dict[str, Any]) -> None:
    top = PANEL_TOP
    box = box_height(view)
    draw.rectangle((0, top, width, top + panel_height(view, width)), fill="#FBF8EE",
                   outline="#C9BFA3")
    players = view["players"]
    column = (width - 40) // len(players)
    for index, player in enumerate(players):
        _player_box(draw, (20 + index * column, top + 12), column - 12, player, view, box)
    y = top + 12 + box + 14
    for line in wrapped(footer(view), TEXT, width - 48, bold=True):
        draw_text(draw, (24, y), line, TEXT, bold=True, fill=INK)
        y += LINE + 2
    for line in legend_lines(view, width):
        draw_text(draw, (24, y), line, TEXT, fill="#444444")
        y += LINE
    if highlight.places(view):  # what the frames mean, as 18Rhl's legend says it
        left = highlight.swatch(draw, 24, y + TEXT / 2 + 1)
        draw_text(draw, (left, y), highlight.words(language(view)), TEXT, fill="#444444")


def panel_height(view: dict[str, Any], width: int) -> int:
    """The panel's height: the players' boxes, the wrapped status line and legend."""
    footer_lines = len(wrapped(footer(view), TEXT, width - 48, bold=True))
    legend = len(legend_lines(view, width)) + (1 if highlight.places(view) else 0)
    return 12 + box_height(view) + 14 + footer_lines * (LINE + 2) + legend * LINE + 10


def legend_lines(view: dict[str, Any], width: int) -> list[str]:
    """The legend's lines, broken only between its entries (the locale spaces them three
    apart): a break inside one read "… ♜ Burg ✝ Kirche 2/3/4:" over "Stadt 17L/17R …"."""
    entries = re.split(r"\s{3,}", say(view, "legend"))
    return wrapped_parts(entries, "   ", TEXT, width - 48)


def box_height(view: dict[str, Any]) -> int:
    """The players' boxes: a title and as many lines as the fullest box."""
    lines = max(len(box_lines(view, p)) for p in view["players"])
    return 48 + mover_row(view) + lines * LINE + 6


def box_lines(view: dict[str, Any], player: dict[str, Any]) -> list[str]:
    """The lines under a player's name in the panel: pieces left, cards, dukes and bishops,
    and the score: during play what the board gives now (coins stay hidden), at the end
    the final score."""
    lines = [
        say(view, "pieces", knights=player["knights_left"], bastions=player["bastions_left"]),
        say(view, "cards_dukes", cards=player["cards"], dukes=player["dukes"]),
        say(view, "bishops_line", bishops=player["bishops"]) +
        ("  " + say(view, "is_archbishop") if player["archbishop"] else ""),
    ]
    final = view.get("final")
    if final:
        row = next(r for r in final if r["seat"] == player["seat"])
        lines.append(say(view, "score", total=row["total"], coins=row["coins"]))
    elif "board_points" in player:
        lines.append(say(view, "score_now", points=player["board_points"]))
    return lines


def _player_box(draw: ImageDraw.ImageDraw, origin: tuple[int, int], width: int,
                player: dict[str, Any], view: dict[str, Any], height: int) -> None:
    x, y = origin
    seat = player["seat"]
    to_move = view["step"] != "over" and view["current"] == seat
    draw.rounded_rectangle((x, y, x + width, y + height), radius=10,
                           fill="#FFFFFF", outline=INK if to_move else "#C9BFA3",
                           width=4 if to_move else 1)
    marker(draw, (x + 26, y + 26), 19, colour(seat), letter(seat, language(view)))
    draw_text(draw, (x + 52, y + 15), box_title(view, seat, width - 64), 20, bold=True,
              fill=INK)
    if to_move:  # a row of its own: a long name beside it would push it out of the box
        draw_text(draw, (x + 52, y + 44), say(view, "to_move"), TEXT, bold=True, fill=INK)
    top = y + 48 + mover_row(view)
    for number, text in enumerate(box_lines(view, player)):
        for part in _fitted(text, width - 24):
            draw_text(draw, (x + 14, top + number * LINE), part, TEXT, fill=INK)


def box_title(view: dict[str, Any], seat: int, width: float) -> str:
    """The player as "Anna (Orange)" within ``width`` (the colour alone without names)."""
    colour_word = name(view, seat)
    return with_colour(display_name(view, seat), colour_word,
                       lambda who: say(view, "named", name=who, colour=colour_word), 20, width)


def mover_row(view: dict[str, Any]) -> int:
    """The height of the boxes' "to move" row: every box keeps it while the game runs, so
    the boxes' lines stay level side by side."""
    return LINE if view["step"] != "over" else 0


def _fitted(text: str, width: float) -> list[str]:
    """The line, cut with "…" if it is wider than its box (it never is with the catalogue's
    texts at five players, but a box must not spill into its neighbour)."""
    while text_width(text, TEXT) > width and len(text) > 2:
        text = text[:-2].rstrip() + "…"
    return [text]
