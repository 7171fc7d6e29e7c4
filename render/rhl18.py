"""The 18Rhl map picture: the map (every hex and laid tile), with a header that says the
round, the phase and who acts, and a footer with the legend (or, for the routes picture, the
corporation's trains, routes and revenues). The market picture is render.rhl18_market.

What is read from the view is listed in /work/notes/rhl18-board.md ("render" section):
``board`` (required), optional ``phase``, ``round``, ``bank``, ``coal_hexes``,
``steel_hexes``, ``er_links``, ``routes``, ``players``, ``seats``, ``corporations``,
``current_entity``, ``active_step``, ``priority``, ``offer``, ``finished``, ``end_reason``,
``changed`` (hexes touched since the previous full board, outlined), ``lang`` (``"en"`` /
``"de"``: every label is drawn from the ``render.rhl18.*`` catalogue keys in that language).
The printed map is drawn once and cached; each call only redraws hexes that differ from it.
Every word goes through render.text_draw; a word on the cached map is reported again for each
picture made from it.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from engine import text
from engine.rhl18 import hexmap, move_line, routes, tiles
from render import highlight
from render.common import HIGHLIGHT, HIGHLIGHT_WIDTH, text_colour_on, to_png
from render.rhl18_facts import (
    acting,
    clip,
    draw_segments,
    fit_size,
    header_line,
    lang_of,
    money,
    round_label,  # noqa: F401 - kept for callers that label rounds
    t,
)
from render.rhl18_tiles import (
    BLANK_GRAY,
    CORP_COLOURS,
    INK,
    PHASE_BOX,
    RIVER,
    SQ3,
    TILE_FILL,
    HexText,
    collecting,
    corners,
    draw_tile,
    edge_mid,
    edge_segment,
    node_positions,
    track_curve,
)
from render.text_draw import draw_text, note, text_width, unrecorded

# A hex of 74 px keeps the whole picture (header, 12 rows of hexes, footer) under 1600 px.
SIZE = 74
HEX_W = SQ3 * SIZE
MARGIN = 14
HEADER = 96
MAP_W = int(MARGIN * 2 + 8 * HEX_W)
MAP_BOTTOM = int(HEADER + MARGIN + 11 * 1.5 * SIZE + 2 * SIZE)
LINE = 30  # one footer line
FOOTER_LINES = 4  # legend, or the routes: corporation and total, then two trains a line
MAP_H = MAP_BOTTOM + MARGIN + FOOTER_LINES * LINE + MARGIN
BACKGROUND = "#E9E4D4"
# The routes of up to six trains: Okabe-Ito's, but a deep purple for its blue #0072B2, which
# ran beside the Rhine's blue as its twin under deuteranopia (ΔE2000 1.8; now 17 or more under
# every simulated deficiency). Each route also carries its number, as its footer line does.
ROUTE_COLOURS = ("#D55E00", "#550077", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")
ROUTE_NUMBER_R = 15  # a route's numbered disc...
ROUTE_NUMBER_SIZE = 18  # ...and its digit: 9 px on a phone, as the map's revenues
SMALL = 14  # the footer's words: 1.3 % of the picture's width
TITLE = 24
WHO = 21

text.register("render.locales")


def hex_center(hex_id: str) -> tuple[float, float]:
    info = hexmap.hex_info(hex_id)
    return (MARGIN + HEX_W / 2 + info.x * HEX_W / 2,
            HEADER + MARGIN + SIZE + info.y * 1.5 * SIZE)


def _dark(hex_id: str) -> bool:
    info = hexmap.hex_info(hex_id)
    return info.color == "red" or (info.color == "gray" and not info.code)


def place_name(hex_id: str, lang: str) -> str | None:
    """A hex's place name as the table's language says it: the map data's name (the one
    18xx.games prints), unless the catalogue has the language's own (Liège, German Lüttich)."""
    key = f"render.rhl18.place.{hex_id}"
    return t(lang, f"place.{hex_id}") if text.has(key) else hexmap.hex_info(hex_id).name


def _words(hex_id: str, cell: dict | None, view: dict | None, lang: str) -> HexText:
    """The coordinate, name, tile number and badges of a hex as the view shows it."""
    info = hexmap.hex_info(hex_id)
    name = cell["tile"] if cell else info.tile
    number = None if tiles.tile(name).preprinted else name.split("~", 1)[0]
    # a brown tile is as dark as the red off-boards: its coordinate and name in white
    dark = (_dark(hex_id) and number is None) or tiles.tile(name).color == "brown"
    return HexText(hex_id, place_name(hex_id, lang) or None, number,
                   _badges(hex_id, name, view), dark)


def _badges(hex_id: str, tile_name: str, view: dict | None) -> tuple[tuple[str, str], ...]:
    """Coal (K) and steel (S), RGE hexes, the Eastern Ruhr link count, Ratingen's marks."""
    icons = tiles.tile(tile_name).icons
    out = []
    view = view or {}
    lang = lang_of(view)
    if "K" in icons or hex_id in set(view.get("coal_hexes") or ()):
        out.append(("K", "#111111"))
    if "S" in icons or hex_id in set(view.get("steel_hexes") or ()):
        out.append(("S", "#4F6D8A"))
    if hex_id in routes.RGE_HEXES:
        out.append(("RGE", "#7B3FA0"))
    if hex_id in routes.EASTERN_RUHR and view.get("board"):
        links = view.get("er_links")
        if links is None:
            links = routes.eastern_ruhr_links(view["board"])
        out.append((t(lang, "er_links", links=links), "#FFD400"))
    if "green_hex" in icons and str(view.get("phase") or "2") == "2":
        out.append((t(lang, "from_phase3"), "#2E7D32"))  # Ratingen: no tile before phase 3
    return tuple(out)


def _dynamic(hex_id: str) -> bool:
    """Hexes whose badges change with the game (drawn for every picture, not cached)."""
    return hex_id in routes.EASTERN_RUHR or hex_id in ("E12", "E10") or \
        hex_id in _MARKER_HEXES


@cache
def _paying_as(phase: str) -> str:
    """The first phase whose red areas pay as ``phase``'s do: the printed map is cached
    once per such phase (two: yellow values, then brown), each with the paid box framed;
    redrawing those twelve hexes for every picture cost 40 ms of a map's 50-250."""
    values = [n.revenue for h in hexmap.all_hexes()
              for n in tiles.tile(hexmap.hex_info(h).tile).nodes if isinstance(n.revenue, tuple)]
    paid = [tiles.revenue_of(v, phase) for v in values]
    return next(p for p in tiles.PHASE_COLOURS
                if [tiles.revenue_of(v, p) for v in values] == paid)


# Coal and steel markers land on one of these hexes, depending on the game's seed.
_MARKER_HEXES = frozenset({"J3", "K4", "D9", "C12", "D11", "E6", "D13"})


@cache
def _base(ratingen: bool, lang: str, paying: str | None = None
          ) -> tuple[Image.Image, dict[str, list]]:
    """The printed map, without tokens or markers: drawn once per variant, language (a
    few place names differ) and ``paying`` (:func:`_paying_as`: the red areas' box paid
    then framed), with the texts of each hex (text, size, bold, box), reported again for
    each picture made from it."""
    image = Image.new("RGB", (MAP_W, MAP_H), BACKGROUND)
    draw = ImageDraw.Draw(image)
    board = hexmap.initial_board({"ratingen_variant"} if ratingen else set())
    texts: dict[str, list] = {}
    with unrecorded():
        for hex_id, cell in board.items():
            cx, cy = hex_center(hex_id)
            with collecting() as found:
                draw_tile(draw, cell["tile"], 0, cx, cy, SIZE, (), _printed_homes(hex_id),
                          paying, words=_words(hex_id, None, None, lang))
            texts[hex_id] = found
    return image, texts


def _printed_homes(hex_id: str) -> list[str | None]:
    """Home reservations as printed on the map (one per city; shown until the engine's board
    says otherwise through its "reserved" entries)."""
    return [syms[0] if syms else None for syms in hexmap.hex_info(hex_id).homes]


def _needs_redraw(hex_id: str, cell: dict, printed: str) -> bool:
    """Whether the hex differs from the cached printed map (tile, tokens, reservations)."""
    if cell["tile"] != printed or cell.get("rotation") or _dynamic(hex_id):
        return True
    if any(t for city in cell.get("tokens", []) for t in city):
        return True
    homes = _printed_homes(hex_id)
    return "reserved" in cell and list(cell["reserved"] or []) + [None] * (
        len(homes) - len(cell["reserved"] or [])) != homes


def draw_map(view: dict, manifest: dict | None = None) -> Image.Image:
    """The map picture's canvas: every laid tile, token, border, marker, the touched hexes
    outlined, and (if given) the routes; header and footer are drawn by the callers.

    ``manifest`` (optional) receives hex -> (tile, rotation, tokens) for every hex as drawn,
    so tests can check the picture's content against the state without reading pixels.
    """
    board = view["board"]
    ratingen = ratingen_board(board)
    lang = lang_of(view)
    phase = str(view.get("phase") or "2")
    paying = _paying_as(phase) if phase in tiles.PHASE_COLOURS else None
    base, base_texts = _base(ratingen, lang, paying)
    image = base.copy()
    draw = ImageDraw.Draw(image)
    printed = hexmap.initial_board({"ratingen_variant"} if ratingen else set())
    drawn: dict[str, tuple] = {}  # hex -> draw_tile's arguments, to draw its top again
    for hex_id, cell in board.items():
        if hex_id in printed and not _needs_redraw(hex_id, cell, printed[hex_id]["tile"]):
            if manifest is not None:
                manifest[hex_id] = (printed[hex_id]["tile"], 0, printed[hex_id]["tokens"])
            for said, size, bold, box in base_texts.get(hex_id, ()):
                note(said, size, bold, box, image.size)
            drawn[hex_id] = (printed[hex_id]["tile"], 0, (), _printed_homes(hex_id), paying,
                             _words(hex_id, None, None, lang))
            continue
        if manifest is not None:
            manifest[hex_id] = (cell["tile"], cell.get("rotation", 0), cell.get("tokens", []))
        cx, cy = hex_center(hex_id)
        reserved = cell["reserved"] if "reserved" in cell else (
            _printed_homes(hex_id) if cell["tile"] == printed[hex_id]["tile"] else [])
        drawn[hex_id] = (cell["tile"], cell.get("rotation", 0), cell.get("tokens", []),
                         reserved or [], phase, _words(hex_id, cell, view, lang))
        draw_tile(draw, cell["tile"], cell.get("rotation", 0), cx, cy, SIZE,
                  cell.get("tokens", []), reserved or [], phase, words=drawn[hex_id][5])
    _borders(draw, board)
    _links(draw, board)
    covered = _highlight(image, view.get("changed"))
    if view.get("routes"):
        covered |= draw_routes(draw, board, view["routes"])
    # The outline and the routes lie over the track but under the tokens, revenues and
    # words: a route drawn over them turned "RhE CCE" into "Rh CE" and hid the very stations
    # it ran to. A hex's top is drawn again where either passed (neighbours too: a name may
    # reach over its hex's edge); its words were reported when first drawn.
    with unrecorded():
        for hex_id in _with_neighbours(covered):
            if hex_id in drawn:
                tile_name, rotation, tokens, reserved, hex_phase, words = drawn[hex_id]
                cx, cy = hex_center(hex_id)
                draw_tile(draw, tile_name, rotation, cx, cy, SIZE, tokens, reserved, hex_phase,
                          words=words, ground=False)
    if view.get("routes"):  # over the tops: a token or a name hid a number drawn under it
        draw_route_numbers(draw, board, view["routes"])
    return image


def _with_neighbours(hexes: set[str]) -> list[str]:
    out = set(hexes)
    for hex_id in hexes:
        out.update(n for e in range(6) if (n := hexmap.neighbor(hex_id, e)))
    return sorted(out)


def _changed_hexes(changed: Any) -> list[str]:
    """The map's hexes touched since the previous full board (``changed`` is a view's)."""
    hexes = changed.get("hexes") if isinstance(changed, dict) else changed
    return [h for h in hexes or () if h in hexmap.all_hexes()]


def _highlight(image: Image.Image, changed: Any) -> set[str]:
    """Hexes touched since the previous full board, outlined in the shared highlight;
    returns the outlined hexes."""
    hexes = _changed_hexes(changed)
    for hex_id in hexes:
        points = corners(*hex_center(hex_id), SIZE - HIGHLIGHT_WIDTH / 2)
        highlight.outline(image, points)
    return set(hexes)


def _borders(draw: ImageDraw.ImageDraw, board: dict) -> None:
    """Impassable borders (the Rhine and other rivers) as thick blue edges."""
    for hex_id, cell in board.items():
        printed = tiles.tile(hexmap.hex_info(hex_id).tile)
        edges = set(printed.borders) | set(tiles.tile(cell["tile"]).borders)
        for edge in edges:
            a, b = edge_segment(*hex_center(hex_id), SIZE, edge)
            draw.line((a, b), fill=RIVER, width=8)


def _links(draw: ImageDraw.ImageDraw, board: dict) -> None:
    """A yellow dot on each edge where track links to the Eastern Ruhr."""
    for hex_id, edge in routes.ER_LINK_EDGES:
        cell = board[hex_id]
        if edge in tiles.exits(cell["tile"], cell.get("rotation", 0)):
            a, b = edge_segment(*hex_center(hex_id), SIZE, edge)
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            draw.ellipse((mid[0] - 8, mid[1] - 8, mid[0] + 8, mid[1] + 8), fill="#FFD400",
                         outline=INK, width=2)


def ratingen_board(board: dict) -> bool:
    """Whether the board was set up with the Ratingen variant."""
    return any(c["tile"].endswith(hexmap.RATINGEN_SUFFIX) for c in board.values()) or any(
        c["tile"] in ("1910", "1911") for c in board.values())


def draw_header(draw: ImageDraw.ImageDraw, view: dict, width: int, lang: str) -> None:
    """Title, phase, round and bank; below it who acts now (or the end of the game)."""
    line = header_line(view, lang)
    size = fit_size([("text", line)], width - 2 * MARGIN, TITLE, 14)
    draw_text(draw, (MARGIN, 26), line, size, bold=True, fill=INK, anchor="lm")
    who = acting(view, lang)
    size = fit_size(who, width - 2 * MARGIN, WHO, 14)
    who = clip(who, width - 2 * MARGIN, size)
    colour = "#9A1B1B" if view.get("offer") or view.get("finished") else INK
    draw_segments(draw, MARGIN, 68, who, size, fill=colour)


# ---------------------------------------------------------------- routes overlay


def _stop_position(board: dict, stop: str) -> tuple[float, float]:
    hex_id, part = stop.rsplit("-", 1)
    cell = board[hex_id]
    cx, cy = hex_center(hex_id)
    index = tiles.node_index_of_part(cell["tile"], int(part))
    return node_positions(cell["tile"], cell.get("rotation", 0), cx, cy, SIZE)[index]


def _route_points(board: dict, route: dict) -> list[tuple[float, float]]:
    """The route's line: from each stop to the next along the drawn track (the same curves
    as the tiles), through the edges where the track crosses from hex to hex."""
    stops = route["stops"]
    chains = route.get("connections") or [[] for _ in stops[1:]]
    points = [_stop_position(board, stops[0])]
    for i, chain in enumerate(chains[: len(stops) - 1]):
        here = stops[i].rsplit("-", 1)[0]
        chain = list(chain)
        if chain and chain[0] != here:
            chain.reverse()
        crossings = [next((e for e in range(6) if hexmap.neighbor(a, e) == b), None)
                     for a, b in zip(chain, chain[1:], strict=False)]
        for k, edge in enumerate(crossings):
            if edge is None:
                continue
            if k > 0 and crossings[k - 1] is not None:
                # Through an intermediate hex: follow its track curve from entry to exit.
                entry = (crossings[k - 1] + 3) % 6
                points.extend(track_curve(*hex_center(chain[k]), SIZE, entry, edge)[1:])
            else:
                points.append(edge_mid(*hex_center(chain[k]), SIZE, edge))
        points.append(_stop_position(board, stops[i + 1]))
    return points


def draw_routes(draw: ImageDraw.ImageDraw, board: dict, run: list[dict]) -> set[str]:
    """Each route as a thick line in its train's colour, offset a little so that routes
    through the same city stay visible (the legend is the footer's, below the map); returns
    the hexes the routes pass."""
    passed: set[str] = set()
    for route in run:
        passed.update(stop.rsplit("-", 1)[0] for stop in route.get("stops", []))
        passed.update(h for chain in route.get("connections") or [] for h in chain)
    for i in range(len(run)):
        colour = ROUTE_COLOURS[i % len(ROUTE_COLOURS)]
        points = _shifted_points(board, run, i)
        draw.line(points, fill="#FFFFFF", width=13, joint="curve")
        draw.line(points, fill=colour, width=8, joint="curve")
        for x, y in points[:1] + points[-1:]:
            draw.ellipse((x - 9, y - 9, x + 9, y + 9), fill=colour, outline="#FFFFFF", width=3)
    return passed & set(board)


def _shifted_points(board: dict, run: list[dict], i: int) -> list[tuple[float, float]]:
    """Route ``i``'s line, offset a little from the others' so routes through a city part."""
    shift = (i - (len(run) - 1) / 2) * 7
    return [(x + shift, y + shift) for x, y in _route_points(board, run[i])]


def draw_route_numbers(draw: ImageDraw.ImageDraw, board: dict, run: list[dict]) -> None:
    """Each route's number (its footer line's) in a disc of its colour on the route: the
    routes were told from each other by colour alone, and their end discs lie under the
    stations' tokens."""
    for i, (x, y) in enumerate(route_number_spots(board, run)):
        colour = ROUTE_COLOURS[i % len(ROUTE_COLOURS)]
        r = ROUTE_NUMBER_R
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline="#FFFFFF", width=3)
        draw_text(draw, (x, y), str(i + 1), ROUTE_NUMBER_SIZE, bold=True,
                  fill=text_colour_on(colour), anchor="mm")


def route_number_spots(board: dict, run: list[dict]) -> list[tuple[float, float]]:
    """Where each route's number goes: on its line, as far from every stop (a station's
    token, a town) and the numbers before it as the line allows, the middle preferred."""
    stops = [_stop_position(board, stop) for route in run for stop in route.get("stops", [])]
    spots: list[tuple[float, float]] = []
    for i in range(len(run)):
        points = _shifted_points(board, run, i)
        along = [*points, *((((ax + bx) / 2, (ay + by) / 2))
                            for (ax, ay), (bx, by) in zip(points, points[1:], strict=False))]
        middle = ((points[0][0] + points[-1][0]) / 2, (points[0][1] + points[-1][1]) / 2)
        spots.append(max(along, key=lambda p, m=middle: _room(p, m, [*stops, *spots])))
    return spots


def _room(point: tuple[float, float], middle: tuple[float, float],
          taken: list[tuple[float, float]]) -> float:
    """How well a route's number sits at ``point``: clear of ``taken`` (enough is three
    discs' radii), then near the route's ``middle``."""
    clear = min((math.dist(point, other) for other in taken), default=99.0)
    return min(clear, 3 * ROUTE_NUMBER_R) - math.dist(point, middle) / 50


LEGEND = 21  # the legend's words: 11 px on a phone (at 14 px they were 7 px, unread)
LEGEND_LINE = 34


def _legend(draw: ImageDraw.ImageDraw, view: dict, lang: str) -> int:
    """The map's symbols below the map, on a second line where one is too narrow (German,
    or with the highlight's entry); returns the bottom of the footer."""
    items = [("K", "#111111", t(lang, "legend.coal")), ("S", "#4F6D8A", t(lang, "legend.steel")),
             ("●", None, t(lang, "legend.link")), ("", RIVER, t(lang, "legend.rhine"))]
    if _changed_hexes(view.get("changed")):
        items.append(("", HIGHLIGHT, highlight.words(lang)))
    top = MAP_BOTTOM + MARGIN + LEGEND_LINE / 2
    x, y = MARGIN, top
    for mark, colour, words in items:
        wide = _legend_mark_width(mark, colour) + text_width(words, LEGEND)
        if x > MARGIN and x + wide > MAP_W - MARGIN:
            x, y = MARGIN, y + LEGEND_LINE
        x = _legend_mark(draw, mark, colour, x, y)
        draw_text(draw, (x, y), words, LEGEND, fill=INK, anchor="lm")
        x += text_width(words, LEGEND) + 26
    return int(y + LEGEND_LINE / 2 + MARGIN)


def _legend_mark_width(mark: str, colour: str | None) -> float:
    if mark == "●":
        return 26
    if mark:
        return 32
    return highlight.SWATCH_W + 8 if colour == HIGHLIGHT else 36


def _legend_mark(draw: ImageDraw.ImageDraw, mark: str, colour: str | None, x: float,
                 y: float) -> float:
    """One symbol of the legend from ``x``; returns where its words start."""
    if mark == "●":
        draw.ellipse((x, y - 9, x + 18, y + 9), fill="#FFD400", outline=INK, width=2)
        return x + 26
    if mark:
        draw.rectangle((x, y - 12, x + 24, y + 12), fill=colour, outline="#FFFFFF")
        draw_text(draw, (x + 12, y), mark, LEGEND - 2, bold=True, fill="#FFFFFF", anchor="mm")
        return x + 32
    if colour == HIGHLIGHT:  # a frame as the map's, dark line and all
        return highlight.swatch(draw, x, y)
    draw.line((x, y, x + 28, y), fill=colour, width=HIGHLIGHT_WIDTH)
    return x + 36


def _routes_footer(draw: ImageDraw.ImageDraw, view: dict, lang: str) -> int:
    """The corporation, its total, then each train: colour, train, stops and revenue."""
    run = view["routes"]
    entity = view.get("current_entity")
    sym = entity if isinstance(entity, str) and entity in CORP_COLOURS else None
    total = sum(int(r.get("revenue", 0) or 0) for r in run)
    y = MAP_BOTTOM + MARGIN + LINE / 2
    head = [("corp", sym)] if sym else []
    head.append(("text", t(lang, "routes.total", total=money(total), count=len(run))))
    draw_segments(draw, MARGIN, y, head, 17)
    # a train a line at full width while the lines hold them; two a line only past that:
    # in half a line a single 6-train's text ended "F9-H9-I10-…" before its revenue
    per_line = 1 if len(run) <= FOOTER_LINES - 1 else 2
    column = (MAP_W - 2 * MARGIN) / per_line
    # each train named and its bonuses said as the run's text says them ("2-Zug (2): C14-E12-F13
    # + 1 Verbindung"), not in the engine's English notation
    names = routes.run_train_names([str(r.get("train", "?")) for r in run])
    for i, route in enumerate(run[: per_line * (FOOTER_LINES - 1)]):
        x = MARGIN + (i % per_line) * column
        yy = y + LINE * (1 + i // per_line)
        colour = ROUTE_COLOURS[i % len(ROUTE_COLOURS)]
        draw.rectangle((x, yy - 11, x + 28, yy + 11), fill=colour, outline=INK)
        draw_text(draw, (x + 14, yy), str(i + 1), ROUTE_NUMBER_SIZE, bold=True,
                  fill=text_colour_on(colour), anchor="mm")
        line, size = _train_line(names[i], _notation(route), column - 44, lang)
        draw_text(draw, (x + 36, yy), line, size, fill=INK, anchor="lm")
    lines = 1 + (min(len(run), per_line * (FOOTER_LINES - 1)) + per_line - 1) // per_line
    return int(MAP_BOTTOM + MARGIN + LINE * lines + MARGIN)


def _train_line(name: Any, route: dict, room: float, lang: str) -> tuple[str, int]:
    """One train's legend text and its size within ``room``: smaller first, then with the
    middle stops left out ("F9-H9-…-K4-L1 + Montan (=+40M) = 400M"), so the bonuses and
    the revenue stay; cut at its end only when its first and last stops alone are too long."""
    said = route.get("revenue_str") or "-".join(route.get("stops", []))
    path, *bonuses = str(said).split(" + ")
    hexes = path.split("-")

    def worded(kept: list[str]) -> str:
        short = {**route, "revenue_str": " + ".join(["-".join(kept), *bonuses])}
        return t(lang, "routes.train", train=text.say(name, lang),
                 revenue=money(route.get("revenue", "?")),
                 stops=text.say(move_line.route_text(short), lang))

    line, size = worded(hexes), SMALL + 1
    while size > 13 and text_width(line, size) > room:
        size -= 1
    for drop in range(1, max(len(hexes) - 1, 1)):
        if text_width(line, size) <= room:
            break
        keep = len(hexes) - drop  # the first stops and the last, around "…"
        line = worded([*hexes[:(keep + 1) // 2], "…", *hexes[len(hexes) - keep // 2:]])
    while text_width(line, size) > room and len(line) > 8:
        line = line[:-2] + "…"
    return line, size


def _notation(route: dict) -> dict:
    """A route with its engine notation ("C14-E12-F13 + 1 link (=+10M)") where a view gives
    it as ``text`` (a best-routes result's) rather than ``revenue_str``."""
    said = route.get("revenue_str") or route.get("text")
    return {**route, "revenue_str": said} if said else route


def map_picture(view: dict, manifest: dict | None = None) -> Image.Image:
    """Header, map and footer (the legend, or the routes when the view has them)."""
    image = draw_map(view, manifest)
    draw = ImageDraw.Draw(image)
    lang = lang_of(view)
    draw_header(draw, view, image.width, lang)
    bottom = _routes_footer(draw, view, lang) if view.get("routes") else \
        _legend(draw, view, lang)
    return image.crop((0, 0, image.width, bottom))


def _palette() -> Image.Image:
    # Kept in a plain dict: a test's recording() empties the render modules' caches, and
    # the palette holds no words of any picture.
    if "palette" not in _PALETTE:
        _PALETTE["palette"] = _make_palette()
    return _PALETTE["palette"]


_PALETTE: dict[str, Image.Image] = {}


def _make_palette() -> Image.Image:
    """One 256-colour palette for every picture, built once from the printed map and a swatch
    of every colour we draw (with black and white text on each, for the anti-aliased edges).
    Mapping onto a fixed palette costs a few milliseconds; choosing a palette per picture
    costs several times more."""
    colours = {*TILE_FILL.values(), *CORP_COLOURS.values(), *ROUTE_COLOURS, *PHASE_BOX.values(),
               RIVER, INK, BLANK_GRAY, BACKGROUND, "#FFFFFF", "#FFD400", "#FF8C00", "#F7F4EA",
               "#FFF2B8", "#7A5A00", "#8B6B4A", "#4F6D8A", "#111111", "#333333", "#444444",
               "#5A5A5A", "#DDDDDD", "#CCCCCC", HIGHLIGHT, "#9A1B1B", "#2E7D32", "#E6DFCB",
               "#7B3FA0", "#F1ECDD", "#FFE08A", *_player_colours()}
    base = _base(False, text.DEFAULT)[0]
    swatch_h = 48
    image = Image.new("RGB", (base.width, base.height + swatch_h * (len(colours) // 20 + 1)),
                      "#FFFFFF")
    image.paste(base, (0, 0))
    draw = ImageDraw.Draw(image)
    for i, colour in enumerate(sorted(colours)):
        x, y = (i % 20) * 78, base.height + (i // 20) * swatch_h
        draw.rectangle((x, y, x + 76, y + swatch_h - 2), fill=colour)
        with unrecorded():  # colour samples for the palette, not words of a picture
            draw_text(draw, (x + 4, y + 4), "Ab8", 16, bold=True, fill=INK)
            draw_text(draw, (x + 40, y + 24), "Ab8", 16, bold=True, fill="#FFFFFF")
    return image.quantize(colors=256, method=Image.Quantize.MEDIANCUT)


def _player_colours() -> list[str]:
    from render.common import PLAYER_COLOURS

    return [fill for fill, _letter in PLAYER_COLOURS.values()]


def _png(image: Image.Image) -> bytes:
    """PNG on the fixed palette: encoding a palette image is about twice as fast and half the
    size of RGB, and the map has few colours."""
    return to_png(image.quantize(palette=_palette(), dither=Image.Dither.NONE))


def png(image: Image.Image) -> bytes:
    """Any 18Rhl picture as PNG on the shared palette."""
    return _png(image)


def render(view: dict) -> bytes:
    """The map picture (the market picture is render.rhl18_market's)."""
    return render_map(view)


def render_map(view: dict) -> bytes:
    """The map picture: header (round, phase, who acts), map, legend."""
    return _png(map_picture({k: v for k, v in view.items() if k != "routes"}))


def render_routes(view: dict) -> bytes:
    """The map with ``view["routes"]`` drawn (the run a corporation just made, or run auto's
    proposal), the footer naming the corporation, each train's route and revenue, the total."""
    return _png(map_picture({**view, "changed": None}))


def render_zoom(view: dict, hex_id: str, radius: int = 2) -> bytes:
    """A crop of the map around ``hex_id`` (``/game board near:F9``), titled with the phase
    and the hex."""
    title = t(lang_of(view), "zoom.title", phase=str(view.get("phase") or "2"), hex=hex_id)
    with unrecorded():  # a crop: its texts are the full map's, cut at the crop's edges
        return _png(_titled(_crop(draw_map(view), hex_id, radius), title))


def render_lay_preview(view: dict, hex_id: str, tile_name: str, rotation: int) -> bytes:
    """A zoomed preview of a tile lay before it is confirmed: the new tile (tokens moved as
    the upgrade moves them) outlined in orange."""
    board = dict(view["board"])
    old = board[hex_id]
    board[hex_id] = {**old, "tile": tile_name, "rotation": rotation,
                     "tokens": tiles.moved_tokens(old["tile"], old.get("rotation", 0),
                                                  old.get("tokens", []), tile_name, rotation)}
    with unrecorded():
        image = draw_map({**view, "board": board, "routes": None, "changed": None})
        draw = ImageDraw.Draw(image)
        cx, cy = hex_center(hex_id)
        outline = [edge_segment(cx, cy, SIZE, e)[0] for e in range(6)]
        draw.line([*outline, outline[0]], fill="#FF8C00", width=7, joint="curve")
        title = t(lang_of(view), "preview.title", tile=tile_name, hex=hex_id, rotation=rotation)
        return _png(_titled(_crop(image, hex_id, 2), title))


def _titled(image: Image.Image, title: str) -> Image.Image:
    """The picture under a title strip (a crop may not show the map's header)."""
    strip = 44
    width = max(image.width, int(text_width(title, 22, True)) + 2 * MARGIN)
    framed = Image.new("RGB", (width, image.height + strip), BACKGROUND)
    framed.paste(image, (0, strip))
    draw_text(ImageDraw.Draw(framed), (MARGIN // 2, strip / 2), title, 22, bold=True, fill=INK,
              anchor="lm")
    return framed


def _crop(image: Image.Image, hex_id: str, radius: int) -> Image.Image:
    cx, cy = hex_center(hex_id)
    half_w = (radius + 0.6) * HEX_W
    half_h = (radius + 0.7) * 1.5 * SIZE
    box = (max(0, int(cx - half_w)), max(0, int(cy - half_h)),
           min(image.width, int(cx + half_w)), min(image.height, int(cy + half_h)))
    return image.crop(box)
