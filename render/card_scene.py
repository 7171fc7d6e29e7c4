"""A simplified board per game, for the turn card's small map (render.turn_card).

A :class:`Scene` is the board reduced to shapes in the board's own coordinates: every place
(river position, space, village, hex) as a polygon or a circle with the name a player calls
it by, lines under them (the river, routes) and the pieces as dots, a player's with the
seat's letter as the full board marks it (colour is never the only cue). It carries
no text of its own: the card names only the places that changed, and those a scene marks as
``tagged`` (where the acting player's cart stands), big enough for a phone; a ``numbered``
scene's free places also carry their names inside them where they fit, and a ``ruler`` gives
every few numbers along the board where they do not.
Built from the public view and the same board data as the full pictures.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cache, partial
from typing import TYPE_CHECKING

from engine import text as texts
from render.common import PLAYER_COLOURS

if TYPE_CHECKING:
    from collections.abc import Callable

    from PIL import ImageDraw

    from engine.rheinlaender.board import Board

Point = tuple[float, float]


@dataclass(frozen=True)
class Place:
    """A place to draw; a circle when ``radius`` is set (``points`` holds its centre)."""

    label: str
    points: tuple[Point, ...]
    radius: float = 0.0
    fill: str = "#FFFFFF"
    outline: str = "#7A7A7A"
    # a thing on the board (a village, a good, a realm) rather than an area of it: the card's
    # name tags keep clear of it, as of the pieces, so naming a place hides nothing around it
    thing: bool = False
    # drawn over the fill in the place's box on the card, what tells it from its neighbours
    # without colour (a Trödler good's glyph): called as glyph(draw, (left, top, right, bottom))
    glyph: Callable[[ImageDraw.ImageDraw, tuple[float, float, float, float]], None] | None = None

    def box(self) -> tuple[float, float, float, float]:
        if self.radius:
            (x, y), r = self.points[0], self.radius
            return (x - r, y - r, x + r, y + r)
        xs, ys = [p[0] for p in self.points], [p[1] for p in self.points]
        return (min(xs), min(ys), max(xs), max(ys))


@dataclass
class Scene:
    size: tuple[float, float]
    background: str
    places: dict[str, Place]
    lines: list[tuple[tuple[Point, ...], str, float]] = field(default_factory=list)
    pieces: list[tuple[float, float, float, str]] = field(default_factory=list)  # x, y, r
    # the letter written in each piece, by its index in ``pieces`` (a player's: the seat's
    # letter, as on the full board; an 18Rhl station its corporation's mark; none for a
    # transport or a town)
    letters: dict[int, str] = field(default_factory=dict)
    # the pieces drawn with a thick dark ring (18Rhl: the operating corporation's stations)
    rings: set[int] = field(default_factory=set)
    zoom: bool = True  # crop to the changed places (False: the board is small enough whole)
    named: bool = False  # every place's name is drawn in it (else only the changed ones)
    # each free place's name is written in its middle where it fits at the zoom (Rheinländer:
    # moves name the spaces by number, the zoom shows no whole board to count them on)
    numbered: bool = False
    # numbers along the board in order, each at its point: where the zoom is too far for the
    # places' own names, every fifth (or tenth) is written there, a scale to count on
    ruler: list[tuple[Point, str]] = field(default_factory=list)
    least: float = 0.4  # a zoom shows at least this share of the board's width
    lines_over: bool = False  # lines over the places (a river across cells, track on tiles)
    tagged: list[str] = field(default_factory=list)  # named even when unchanged (own cart's)
    # where the player to act may act now (18Rhl: the hexes the lay menu offers), nearest
    # first, each with its tag's text (the hex id the menu names them by, short: there are
    # often several): outlined and named before the changed places, which get the spots left
    choices: dict[str, str] = field(default_factory=dict)
    # what a zoom centres on in place of the changed places (the operating company's
    # stations: where it can build), which stay outlined where they fall inside
    focus: list[str] = field(default_factory=list)


def seat_colour(view: dict, seat: int | None, fallback: str | None = None) -> str:
    """A seat's colour as #rrggbb: the table's seat colour, else the game's own name for it."""
    for entry in view.get("seats") or []:
        if entry.get("seat") == seat:
            return colour_hex(str(entry.get("colour") or ""), fallback)
    return colour_hex(fallback or "", None)


def colour_name(view: dict, seat: int, fallback: str | None) -> str:
    """The name of the colour :func:`seat_colour` paints a seat in."""
    for entry in view.get("seats") or []:
        if entry.get("seat") == seat and entry.get("colour"):
            return str(entry["colour"]).lower()
    return (fallback or "").lower()


def seat_letter(game_key: str, view: dict, seat: int, fallback: str | None = None) -> str:
    """The letter a seat's markers carry on the game's full board ("O", German Rhein "Gr"):
    the game's own catalogue letter for its colour, else the common one."""
    name = colour_name(view, seat, fallback)
    lang = texts.language(view.get("lang", texts.DEFAULT))
    key = f"render.{game_key}.letter.{name}"
    if texts.has(key):
        return texts.render(key, {}, lang)
    return colour_letter(name, lang)


def colour_letter(name: str, lang: str) -> str:
    """A colour's letter in the table's language: German "Ge" for Gelb, where the English
    initials put a "Y" beside "Bot 4 (Gelb)"."""
    key = f"render.card.letter.{name}"
    if texts.has(key):
        return texts.render(key, {}, lang)
    return PLAYER_COLOURS.get(name, ("", ""))[1]


EXTRA_COLOURS = {"brown": "#8C510A", "white": "#FFFFFF", "grey": "#8A8A8A", "gray": "#8A8A8A"}


def colour_hex(name: str, fallback: str | None) -> str:
    key = name.lower()
    if key in PLAYER_COLOURS:
        return PLAYER_COLOURS[key][0]
    if key in EXTRA_COLOURS:
        return EXTRA_COLOURS[key]
    if fallback and fallback.lower() != key:
        return colour_hex(fallback, None)
    return "#8A8A8A"


# == Rhein: the river positions as a snake of named cells ====================================
RHEIN_COLUMNS, RHEIN_ROWS = 3, 5
RHEIN_SIZE = (520.0, 476.0)  # the card's map panel: one board pixel per card pixel
RHEIN_STEP = 50.0  # between two pieces in a cell, centre to centre
VEHICLE = {"white": "#FFFFFF", "red": "#C8102E", "black": "#202020"}


def rhein_cell(position: int) -> tuple[float, float, float, float]:
    """Position ``position``'s cell: rows of three, every other row running back, so the
    river winds down the panel from Basel to London in reading order."""
    row, column = divmod(position, RHEIN_COLUMNS)
    if row % 2:
        column = RHEIN_COLUMNS - 1 - column
    w, h = RHEIN_SIZE[0] / RHEIN_COLUMNS, RHEIN_SIZE[1] / RHEIN_ROWS
    return (column * w, row * h, (column + 1) * w, (row + 1) * h)


def _rhein(view: dict) -> Scene:
    from render import rhein

    cities = rhein.city_names(view, texts.language(view.get("lang", texts.DEFAULT)))
    places = {}
    centres = []
    for position in range(RHEIN_COLUMNS * RHEIN_ROWS):
        left, top, right, bottom = rhein_cell(position)
        cell = ((left + 3, top + 3), (right - 3, top + 3), (right - 3, bottom - 3),
                (left + 3, bottom - 3))
        city = position in cities
        places[str(position)] = Place(cities.get(position, str(position)), cell, 0,
                                      "#FFF6DA" if city else "#E4E0D6", "#C9C2B2")
        centres.append(((left + right) / 2, top + 64))
    river = (tuple(centres), "#9CC7E8", 10.0)
    here: dict[int, list[str]] = {}
    for transport in view.get("transports") or []:
        if transport.get("pos") is not None:
            colour = VEHICLE.get(str(transport["key"]).split("-")[0], "#888888")
            here.setdefault(transport["pos"], []).append(colour)
    marks: dict[int, list[str]] = {}  # the letters, in step with ``here``
    for position, colours in here.items():
        marks[position] = [""] * len(colours)
    for player in view.get("players") or []:
        colour = seat_colour(view, player["seat"], player.get("colour"))
        letter = seat_letter("rhein", view, player["seat"], player.get("colour"))
        for truck in (player.get("trucks") or {}).values():
            if truck.get("pos") is not None:
                here.setdefault(truck["pos"], []).append(colour)
                marks.setdefault(truck["pos"], []).append(letter)
    pieces = []
    letters = {}
    for position, colours in here.items():
        if not 0 <= position < RHEIN_COLUMNS * RHEIN_ROWS:
            continue
        x, y = centres[position]
        shown = colours[:6]
        # apart enough for German's two letters ("Ge") while the cell holds them; closer,
        # the card keeps the letter only where a dot stands clear
        step = min(RHEIN_STEP, (RHEIN_SIZE[0] / RHEIN_COLUMNS - 52) / max(1, len(shown) - 1))
        for index, colour in enumerate(shown):
            if marks[position][index]:
                letters[len(pieces)] = marks[position][index]
            pieces.append((x - step * (len(shown) - 1) / 2 + step * index, y, 12, colour))
    return Scene(RHEIN_SIZE, "#F7F4EC", places, [river], pieces, zoom=False, named=True,
                 lines_over=True, letters=letters)


# == Rheinländer: the board's spaces ========================================================
def _rheinlaender(view: dict) -> Scene:
    from engine.rheinlaender.board import get_board
    from render import rheinlaender

    board = get_board(view["board"])
    width, height = board.data.get("size", [1600, 985])
    lang = texts.language(view.get("lang", texts.DEFAULT))
    owners = {space: duchy.get("owner") for duchy in view.get("duchies") or []
              for space in duchy["spaces"]}
    places = {}
    for space, record in board.spaces.items():
        if record["kind"] == "realm":
            piece = (view.get("realms") or {}).get(space) or {}
            fill = {"castle": "#B9A48A", "church": "#FFFFFF", "city": "#F6D08B"}.get(
                piece.get("kind"), "#FFFFFF")
            places[space] = Place(_realm_label(piece, lang), (tuple(record["centre"]),),
                                  record["radius"], fill, "#1F1F1F", thing=True)
            continue
        fill = {"land": "#E2E7CF", "river": "#9CC7E4"}[record["kind"]]
        if record["bank"] == "I":
            fill = "#EAD9A6"
        if space in owners:  # the duchy in its duke's shade, as on the board
            owner = owners[space]
            duke = "#8A8A8A" if owner is None else seat_colour(
                view, owner, rheinlaender.SEAT_COLOURS[owner % 5])
            fill = rheinlaender.mix(duke, fill, 0.6)
        places[space] = Place(rheinlaender._label_text(board, space, lang),  # as the board
                              tuple(tuple(p) for p in record["poly"]), 0, fill, "#7E8F63")
    pieces = []
    letters = {}
    for space, seat in (view.get("knights") or {}).items():
        x, y = board.spaces[space]["centre"]
        letters[len(pieces)] = rheinlaender.letter(seat % 5, lang)  # as the board's knights
        pieces.append((x, y, 15, seat_colour(view, seat, rheinlaender.SEAT_COLOURS[seat % 5])))
    for space in view.get("bastions") or []:
        x, y = board.spaces[space]["centre"]
        pieces.append((x, y, 13, "#5A5A5A"))
    river = tuple(tuple(p) for p in board.data.get("river_line", []))
    lines = [(river, "#9CC7E4", 2.0 * board.data.get("river_half_width", 30))] if river else []
    # the area numbers down the river's middle, between each area's two bank spaces, where
    # the river runs: an island's area has none, and "10" on island 10/11 (its half of area
    # 10) read as the island's name, which moves give as "island 10/11"
    ruler = [(((left[0] + right[0]) / 2, (left[1] + right[1]) / 2), str(number))
             for number in board.numbers
             if board.space_for(number, "river") and
             (left := _centre(board, number, "left")) and
             (right := _centre(board, number, "right"))]
    return Scene((width, min(height, 985)), "#F3EEDF", places, lines, pieces, numbered=True,
                 ruler=ruler, letters=letters)


def _centre(board: Board, number: int, where: str) -> Point | None:
    space = board.space_for(number, where)
    return tuple(board.spaces[space]["centre"]) if space else None


def _realm_label(piece: dict, lang: str) -> str:
    kind = piece.get("kind")
    if kind == "city":
        return texts.render("render.card.realm_city", {"value": piece.get("value")}, lang)
    if kind in ("castle", "church"):
        return texts.render(f"render.card.realm_{kind}", {}, lang)
    return texts.render("render.card.realm", {}, lang)


# == Trödler: villages, their goods, routes and carts =======================================
# The whole house map, not a zoom onto the last changes: the player to act plans a path from
# their own cart over several routes to the goods their requests need, so every village's
# goods and their cart must be in view (a zoom showed two villages, often without the cart).
# Margins around the villages, in board pixels: the top one leaves room above the top row for
# the card's name tags (a tag's height and gap at the card's scale), which are best there:
# below would cover the village's goods, beside it its carts or the neighbouring village.
TROEDLER_MARGIN = (60.0, 130.0, 100.0, 100.0)  # left, top, right, bottom
GOOD_SIDE, GOOD_GAP, GOODS_PER_ROW = 36.0, 4.0, 3
CART_R, ACTING_R, RING = 31.0, 33.0, 7.0  # a cart (its letter's dot: 15 px on the card); the acting
# player's, ringed to stand out


def _troedler(view: dict) -> Scene:
    from render import troedler

    xs = [x for x, _ in troedler.POSITIONS.values()]
    ys = [y for _, y in troedler.POSITIONS.values()]
    left, top = min(xs) - TROEDLER_MARGIN[0], min(ys) - TROEDLER_MARGIN[1]
    size = (max(xs) + TROEDLER_MARGIN[2] - left, max(ys) + TROEDLER_MARGIN[3] - top)

    def at(key: str) -> Point:  # shifted: the panel shows the scene from (0, 0) on
        x, y = troedler.POSITIONS[key]
        return (x - left, y - top)

    radius = troedler.VILLAGE_R
    places = {key: Place(name, (at(key),), radius, "#FFFFFF", troedler.INK, thing=True)
              for key, name in _village_names().items()}
    # goods are places too ("glenmore/0", never a changed place's key): the map draws places
    # before pieces, so a cart standing by a village is never hidden under its goods
    for key, goods in (view.get("villages") or {}).items():
        if key in places:
            places.update(_goods_squares(key, at(key), goods, radius))
    lines = [((at(r["a"]), at(r["b"])), troedler.ROUTE_STYLE[r["kind"]], 6.0)
             for r in troedler.ROUTES]
    acting = set((view.get("card") or {}).get("acting") or [view.get("current")])
    by_village: dict[str, list[dict]] = {}
    for player in view.get("players") or []:
        by_village.setdefault(player["cart"], []).append(player)
    pieces: list[tuple[float, float, float, str]] = []
    ringed: list[tuple[float, float, float, str]] = []  # drawn last, over a neighbour's cart
    letters: dict[int, str] = {}
    ringed_letters: dict[int, str] = {}
    for key, players in by_village.items():
        x, y = at(key)
        radii = [ACTING_R + RING if p["seat"] in acting else CART_R for p in players]
        for cx, player in zip(_cart_spots(x, radii, radius), players, strict=True):
            colour = seat_colour(view, player["seat"], player.get("colour"))
            letter = seat_letter("troedler", view, player["seat"], player.get("colour"))
            if player["seat"] in acting:
                ringed += [(cx, y, ACTING_R + RING, troedler.INK),
                           (cx, y, ACTING_R + RING / 2, "#FFFFFF"), (cx, y, ACTING_R, colour)]
                ringed_letters[len(ringed) - 1] = letter
            else:
                letters[len(pieces)] = letter
                pieces.append((cx, y, CART_R, colour))
    # the acting player reads where their cart stands to plan the drive; it is named only
    # when it changed otherwise
    here = sorted({p["cart"] for p in view.get("players") or []
                   if p["seat"] in acting and p.get("cart") in places})
    letters.update({len(pieces) + index: letter for index, letter in ringed_letters.items()})
    return Scene(size, troedler.BACKGROUND, places, lines, pieces + ringed, zoom=False,
                 tagged=here, letters=letters)


def _cart_spots(x: float, radii: list[float], village: float) -> list[float]:
    """Where the carts in a village stand, side by side: two right of it as on the full
    board, further ones to its left."""
    spots: list[float] = []
    for side, sizes in ((1, radii[:2]), (-1, radii[2:])):
        edge = village + 4
        for r in sizes:
            spots.append(x + side * (edge + r))
            edge += 2 * r + 2
    return spots


def _goods_squares(key: str, centre: Point, goods: list[str], radius: float
                   ) -> dict[str, Place]:
    """A village's goods as squares in the full board's goods colours and glyphs (a shape
    of their own, apart from the round carts), under the village where the full board puts
    them: rows of three, wider rows for a village that deliveries filled, so it stays two rows
    deep and clear of the village below and of the map's bottom edge."""
    from render import troedler

    squares = {}
    ordered = sorted(goods)  # the full board's order: like goods side by side
    per_row = max(GOODS_PER_ROW, -(-len(ordered) // 2))
    step = GOOD_SIDE + GOOD_GAP
    for index, good in enumerate(ordered):
        row, column = divmod(index, per_row)
        in_row = min(per_row, len(ordered) - row * per_row)
        x = centre[0] + (column - (in_row - 1) / 2) * step - GOOD_SIDE / 2
        y = centre[1] + radius + GOOD_GAP + row * step
        squares[f"{key}/{index}"] = Place(
            good, ((x, y), (x + GOOD_SIDE, y), (x + GOOD_SIDE, y + GOOD_SIDE),
                   (x, y + GOOD_SIDE)), 0, troedler.GOOD_STYLE.get(good, "#8A8A8A"),
            troedler.INK, thing=True,
            glyph=partial(troedler.draw_glyph, good=good) if good in troedler.GOOD_GLYPH else None)
    return squares


@cache
def _village_names() -> dict[str, str]:
    from engine.troedler.data import VILLAGES

    return {v["key"]: v["name"] for v in VILLAGES}


# == 18Rhl: the hexes =======================================================================
def _rhl18(view: dict) -> Scene:
    from engine.rhl18 import hexmap
    from engine.rhl18 import tiles as rules_tiles
    from render import rhl18, rhl18_tiles

    board = view.get("board") or {}
    lang = texts.language(view.get("lang", texts.DEFAULT))
    places = {}
    for hex_id in hexmap.all_hexes():
        info = hexmap.hex_info(hex_id)
        centre = rhl18.hex_center(hex_id)
        colour = rules_tiles.colour_of(board, hex_id) if hex_id in board else info.color
        fill = rhl18_tiles.TILE_FILL.get(colour, rhl18_tiles.BLANK_GRAY)
        name = rhl18.place_name(hex_id, lang)
        label = f"{hex_id} {name}" if name else hex_id
        places[hex_id] = Place(label, tuple(rhl18_tiles.corners(*centre, rhl18.SIZE)), 0, fill,
                               "#5A5A5A")
    lines: list[tuple[tuple[Point, ...], str, float]] = []
    pieces: list[tuple[float, float, float, str]] = []
    stations: list[tuple[float, float, float, str | None]] = []
    width = rhl18.SIZE / 9
    for hex_id, cell in board.items():
        cx, cy = rhl18.hex_center(hex_id)
        tile, rotation = rules_tiles.tile(cell["tile"]), cell.get("rotation", 0)
        positions = rhl18_tiles.node_positions(cell["tile"], rotation, cx, cy, rhl18.SIZE)
        lines += [(tuple(points), rhl18_tiles.INK, width) for points, _ in
                  rhl18_tiles.track_lines(tile, rotation, cx, cy, rhl18.SIZE, positions)]
        cities = [(positions[i], node.slots) for i, node in enumerate(tile.nodes)
                  if node.kind == "city"]
        pieces += [(*positions[i], rhl18.SIZE * 0.09, rhl18_tiles.INK)
                   for i, node in enumerate(tile.nodes) if node.kind == "town"]
        tokens = cell.get("tokens") or []
        for number, ((x, y), slots) in enumerate(cities):  # each slot: a token or free
            held = tokens[number] if number < len(tokens) else []
            stations += _rhl18_slots(x, y, slots, held)
    letters, rings = {}, set()
    operating = view.get("current_entity")
    # the operating corporation's first: of two stations too close for both marks, the
    # first keeps its own (turn_card.dots)
    for x, y, r, sym in sorted(stations, key=lambda station: station[3] != operating):
        if sym:
            letters[len(pieces)] = rhl18_tiles.CORP_MARKS.get(sym, sym[:1])
            if sym == operating:
                rings.add(len(pieces))
        pieces.append((x, y, r, rhl18_tiles.CORP_COLOURS.get(sym, "#444444")
                       if sym else "#FFFFFF"))
    homes = _stations_of_acting(view)
    lays = _nearest_first([h for h in view.get("lay_hexes") or [] if h in places], homes)
    # the map is eight hexes wide: a closer zoom would show a changed hex and little else;
    # the crop keeps every hex the lay menu offers (the full board's hex ids are too small
    # on a phone to find "F11" by)
    return Scene((rhl18.MAP_W, rhl18.MAP_BOTTOM), "#E9E4D4", places, lines, pieces, letters,
                 least=0.75, lines_over=True, focus=list(dict.fromkeys([*homes, *lays])),
                 tagged=homes[:2],  # named: the player finds their network among the choices
                 choices={hex_id: hex_id for hex_id in lays}, rings=rings)


# A station on the card's map: its corporation's mark at the card's text size needs a dot of
# 15 px (turn_card.LETTER_R), 23 map px at the card's closest zoom (0.65); the slots of a city
# stand a little farther apart, so neighbouring stations keep their marks (at 2 x 23 a city's
# three stations touched and two lost theirs).
CARD_STATION, CARD_SLOT = 23.0, 26.0


def _rhl18_slots(x: float, y: float, slots: int, held: list
                 ) -> list[tuple[float, float, float, str | None]]:
    """A city's slots as (x, y, radius, the corporation holding it or None): the stations
    big enough for their marks, a free slot at the full map's size."""
    from render import rhl18, rhl18_tiles

    free = rhl18_tiles.slot_radius(rhl18.SIZE, slots)
    out = []
    for slot, (dx, dy) in enumerate(rhl18_tiles.slot_offsets(slots, CARD_SLOT)):
        sym = held[slot] if slot < len(held) else None
        out.append((x + dx, y + dy, CARD_STATION if sym else free, sym or None))
    return out


def _nearest_first(hexes: list[str], homes: list[str]) -> list[str]:
    """``hexes`` by their distance from the nearest of the ``homes`` (where the card has
    room for only some of their tags, those around the network get them)."""
    from render import rhl18

    if not homes:
        return hexes
    centres = [rhl18.hex_center(h) for h in homes]

    def distance(hex_id: str) -> float:
        x, y = rhl18.hex_center(hex_id)
        return min(math.dist((x, y), c) for c in centres)

    return sorted(hexes, key=distance)


def _stations_of_acting(view: dict) -> list[str]:
    """The hexes of the operating corporation's stations while it lays track, places a
    station or runs trains: the card zoomed on the last moves, often another company's,
    with the acting one's network off the map."""
    corp = view.get("current_entity")
    if view.get("active_step") not in ("Track", "Token", "Route") or not isinstance(corp, str):
        return []
    entry = next((c for c in view.get("corporations") or [] if c.get("id") == corp), {})
    return [str(token).rsplit("@", 1)[1] for token in entry.get("tokens") or []
            if "@" in str(token)]


SCENES = {"rhein": _rhein, "rheinlaender": _rheinlaender, "troedler": _troedler,
          "18rhl": _rhl18}


def scene(game_key: str, view: dict) -> Scene | None:
    """The simplified board of a game's public view (None for a game without one)."""
    build = SCENES.get(game_key)
    return build(view) if build else None
