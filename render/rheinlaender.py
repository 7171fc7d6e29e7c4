"""Rheinländer board picture, drawn from the public view and the same board file as the rules.

Static layer (cached per board): banks, river, islands, tile numbers, empty realm circles.
Dynamic layer: realm markers, duchy shading and links, knights (colour + letter), castle
knights, bastions, duke badges with value and bishop, and a panel with each player's knights
left, bastions, cards, dukes, bishops, the archbishop holder and the deck.

Every word on the picture is a catalogue text (render/locales/<lang>/rheinlaender.json, keys
``render.rheinlaender.*``) said in the table's language, ``view["lang"]`` (English without it).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine import text as texts
from engine.rheinlaender.board import Board, get_board
from render import highlight
from render.common import PLAYER_COLOURS, font, marker, text_colour_on, to_png
from render.text_draw import draw_text, note, paste_text, unrecorded

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
KNIGHT_RADIUS = 15


@lru_cache(maxsize=32)
def _knight_sprite(seat: int, radius: int) -> Image.Image:
    side = 2 * radius + 4
    sprite = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    with unrecorded():  # the letter is reported where the sprite lands (_knights)
        marker(ImageDraw.Draw(sprite), (side / 2, side / 2), radius, colour(seat), letter(seat))
    return sprite


def colour(seat: int) -> str:
    return PLAYER_COLOURS[SEAT_COLOURS[seat]][0]


def letter(seat: int) -> str:
    return PLAYER_COLOURS[SEAT_COLOURS[seat]][1]


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


def _tile_label(image: Image.Image, board: Board, space: str, lang: str) -> None:
    record = board.spaces[space]
    x, y = record["label"]
    number, where = board.where(space)
    if where == "island":
        text = "/".join(str(a) for a in record["areas"])
    elif where == "river":
        text = str(number)
    else:
        side = "render.rheinlaender.bank_left" if where == "left" else \
            "render.rheinlaender.bank_right"
        text = f"{number}{texts.render(side, {}, lang)}"
    fill = "#2B4C6F" if where == "river" else "#3C4A2C"
    paste_text(image, (x, y), text, 14, fill)


def render(view: dict[str, Any]) -> bytes:
    board = get_board(view["board"])
    image = static_layer(view["board"], language(view)).copy()
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


def _shade_duchies(image: Image.Image, draw: ImageDraw.ImageDraw, board: Board,
                   view: dict[str, Any]) -> None:
    """Tiles of a duchy take a light shade of the owner's colour (grey: no owner)."""
    for duchy in view["duchies"]:
        owner = duchy["owner"]
        for space in duchy["spaces"]:
            record = board.spaces[space]
            if record["kind"] == "realm":
                continue
            base = LAND if record["kind"] == "land" else WATER
            shade = mix(colour(owner) if owner is not None else "#8A8A8A", base, 0.6)
            edge = LAND_EDGE if record["kind"] == "land" else WATER_EDGE
            draw.polygon([tuple(p) for p in record["poly"]], fill=shade, outline=edge, width=2)
            _tile_label(image, board, space, language(view))


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
    x, y = board.spaces[space]["centre"]
    return (x, y)


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
        radius = KNIGHT_RADIUS - 2 if board.kind(space) == "realm" else KNIGHT_RADIUS
        sprite = _knight_sprite(seat, radius)
        image.paste(sprite, (round(x - sprite.width / 2), round(y - sprite.height / 2)), sprite)
        size = max(10, int(radius * 1.2))  # as common.marker draws the letter
        half = size * 0.4
        note(letter(seat), size, True, (x - half, y - half, x + half, y + half), image.size)


def _dukes(image: Image.Image, draw: ImageDraw.ImageDraw, board: Board,
           view: dict[str, Any]) -> None:
    """A crown beside each duchy, outside its bank: the owner's colour and letter, the duchy's
    value below it and a cross when it gives a bishop. A grey crown marks a duchy without a
    duke. A ring in another colour is a borrowed figure; "+" an extra duke (ruling E11)."""
    for duchy in view["duchies"]:
        (x, y), (tx, ty) = _badge_spot(board, duchy, image.size)
        owner = duchy["owner"]
        crown = [(x - 13, y + 10), (x - 13, y - 6), (x - 7, y + 1), (x, y - 11), (x + 7, y + 1),
                 (x + 13, y - 6), (x + 13, y + 10)]
        if owner is None:
            draw.polygon(crown, fill="#D8D8D8", outline="#6E6E6E", width=2)
            _tag(draw, (tx, ty), str(duchy["value"]), "#E8E8E8")
            continue
        fill = colour(owner)
        figure = duchy.get("figure")
        ring = INK if figure in (None, owner) else colour(figure)
        draw.polygon(crown, fill=fill, outline=ring, width=2 if ring == INK else 4)
        mark = letter(owner) + ("+" if figure is None else "")
        paste_text(image, (x, y + 3), mark, 14, text_colour_on(fill))
        _tag(draw, (tx, ty), f"{duchy['value']}" + (" ✝" if duchy["bishop"] else ""), "#FFFFFF")


def _badge_spot(board: Board, duchy: dict[str, Any],
                size: tuple[int, int]) -> tuple[tuple[float, float], tuple[float, float]]:
    """Crown and value-tag positions: outside the first bank tile of the duchy whose outer
    side has room on the picture, else beside the anchor knight inside its tile."""
    banks = [s for s in duchy["spaces"] if board.spaces[s]["bank"] in ("L", "T")]
    for space in sorted(banks, key=lambda s: s != duchy["anchor"]):
        (cx, cy), (lx, ly) = board.spaces[space]["centre"], board.spaces[space]["label"]
        length = max(1.0, ((lx - cx) ** 2 + (ly - cy) ** 2) ** 0.5)
        ux, uy = (lx - cx) / length, (ly - cy) / length
        crown = (cx + ux * 62, cy + uy * 62)
        tag = (cx + ux * 90, cy + uy * 90)
        if 20 < tag[0] < size[0] - 20 and 50 < tag[1] < PANEL_TOP - 14 and \
                20 < crown[0] < size[0] - 20:
            return crown, tag
    x, y = board.spaces[duchy["anchor"]]["centre"]
    return (x + 30, y - 8), (x + 30, y + 14)


def _tag(draw: ImageDraw.ImageDraw, centre: tuple[float, float], text: str, fill: str) -> None:
    x, y = centre
    size = font(14, bold=True)
    left, top, right, bottom = draw.textbbox((x, y), text, font=size, anchor="mm")
    draw.rounded_rectangle((left - 4, top - 3, right + 4, bottom + 3), radius=5, fill=fill,
                           outline=INK, width=1)
    draw_text(draw, (x, y), text, 14, bold=True, fill=INK, anchor="mm")


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


def headline(view: dict[str, Any]) -> str:
    """The phase, drawn from the view's fields (the view's ``phase`` may arrive flattened to
    English), with the winners once the game is over."""
    if view["step"] != "over":
        key = "phase.last_turn" if view["end_triggered"] else "phase.turn"
        return say(view, key, turn=view["turn"], name=name(view, view["current"]))
    phase = say(view, "phase.over")
    final = view.get("final")
    if not final:
        return phase
    best = max(row["total"] for row in final)
    winners = [name(view, row["seat"]) for row in final if row["total"] == best]
    names = winners[0]
    for other in winners[1:]:
        names = say(view, "and", first=names, second=other)
    key = "win_many" if len(winners) > 1 else "win_one"
    return say(view, key, phase=phase, names=names, points=best)


def _title(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    draw_text(draw, (20, 14), "Rheinländer", 28, bold=True, fill=INK)
    draw_text(draw, (230, 22), headline(view), 20, bold=bool(view.get("final")), fill=INK)
    draw_text(draw, (1580, 14), say(view, "house"), 14, fill="#6B6B6B", anchor="ra")


def footer(view: dict[str, Any]) -> str:
    """The panel's status line: deck, last card, archbishop and the end warning."""
    last = view["discard"][-1] if view["discard"] else "–"
    parts = [say(view, "deck", count=view["deck"], last=last)]
    archbishop = view["archbishop"]
    parts.append(say(view, "archbishop", who=name(view, archbishop)) if archbishop is not None
                 else say(view, "archbishop_off"))
    if view["end_triggered"] and view["step"] != "over":
        parts.append(say(view, "last_turn"))
    return "    ".join(parts)


def _panel(draw: ImageDraw.ImageDraw, width: int, view: dict[str, Any]) -> None:
    top = PANEL_TOP
    draw.rectangle((0, top, width, top + 245), fill="#FBF8EE", outline="#C9BFA3")
    players = view["players"]
    column = (width - 40) // len(players)
    for index, player in enumerate(players):
        _player_box(draw, (20 + index * column, top + 12), column - 12, player, view)
    bottom = top + 190
    draw_text(draw, (24, bottom), footer(view), 18, bold=True, fill=INK)
    draw_text(draw, (24, bottom + 26), say(view, "legend"), 15, fill="#444444")


def box_lines(view: dict[str, Any], player: dict[str, Any]) -> list[str]:
    """The lines under a player's name in the panel."""
    lines = [
        say(view, "knights", count=player["knights_left"]),
        say(view, "bastions", count=player["bastions_left"], cards=player["cards"]),
        say(view, "dukes", dukes=player["dukes"], bishops=player["bishops"]),
    ]
    if player["archbishop"]:
        lines.append(say(view, "is_archbishop"))
    final = view.get("final")
    if final:
        row = next(r for r in final if r["seat"] == player["seat"])
        lines.append(say(view, "score", total=row["total"], coins=row["coins"]))
    return lines


def _player_box(draw: ImageDraw.ImageDraw, origin: tuple[int, int], width: int,
                player: dict[str, Any], view: dict[str, Any]) -> None:
    x, y = origin
    seat = player["seat"]
    to_move = view["step"] != "over" and view["current"] == seat
    draw.rounded_rectangle((x, y, x + width, y + 166), radius=10,
                           fill="#FFFFFF", outline=INK if to_move else "#C9BFA3",
                           width=4 if to_move else 1)
    marker(draw, (x + 26, y + 26), 17, colour(seat), letter(seat))
    title = name(view, seat) + ("  " + say(view, "to_move") if to_move else "")
    draw_text(draw, (x + 52, y + 15), title, 19, bold=True, fill=INK)
    for number, text in enumerate(box_lines(view, player)):
        draw_text(draw, (x + 14, y + 48 + number * 23), text, 17, fill=INK)
