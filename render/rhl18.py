"""Board pictures for 18Rhl: the map (every hex and laid tile), the stock market, the
corporation charters with player holdings, and the routes a corporation ran.

``render(view)`` draws the map, plus the market and charters below it when the view has them.
What is read from the view is listed in /work/notes/rhl18-board.md ("render" section):
``board`` (required), optional ``phase``, ``round``, ``bank``, ``coal_hexes``,
``steel_hexes``, ``er_links``, ``routes``, ``market``, ``corporations``, ``players``,
``depot``, ``lang`` (``"en"``/``"de"``: every label is drawn from the ``render.rhl18.*``
catalogue keys in that language). The printed map is drawn once and cached (it carries only
hex ids and place names); each call only redraws hexes that differ from it.
"""

from __future__ import annotations

import math
import re
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from engine import text
from engine.rhl18 import hexmap, routes, tiles
from render.common import font, text_colour_on, to_png
from render.rhl18_tiles import (
    BLANK_GRAY,
    CORP_COLOURS,
    INK,
    PHASE_BOX,
    RIVER,
    SQ3,
    TILE_FILL,
    draw_tile,
    draw_token,
    edge_mid,
    edge_segment,
    node_positions,
    track_curve,
)

SIZE = 110
HEX_W = SQ3 * SIZE
MARGIN = 24
HEADER = 60
MAP_W = int(MARGIN * 2 + 8 * HEX_W)
MAP_H = int(HEADER + MARGIN * 2 + 11 * 1.5 * SIZE + 2 * SIZE)
BACKGROUND = "#E9E4D4"
# Okabe-Ito colours for the routes of up to six trains.
ROUTE_COLOURS = ("#D55E00", "#0072B2", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")

text.register("render.locales")


def lang_of(view: dict) -> str:
    """The language the picture's labels are drawn in (the table's, put in by the service)."""
    return text.language(view.get("lang") or text.DEFAULT)


def _t(lang: str, key: str, **params: Any) -> str:
    return text.render(f"render.rhl18.{key}", params, lang)


def round_label(value: Any, lang: str) -> str:
    """The round as the engine's view names it ("OR 3.1", "SR 4", "Auction", or a catalogue
    text) in ``lang``; anything else is shown as given."""
    if not isinstance(value, str) or isinstance(value, text.Msg):
        return text.say(value, lang)
    found = re.fullmatch(r"(OR|SR) (\d+(?:\.\d+)?)", value.strip())
    if found:
        kind = "operating" if found[1] == "OR" else "stock"
        return _t(lang, f"round.{kind}", number=found[2])
    if value.strip() == "Auction":
        return _t(lang, "round.auction")
    return value


def hex_center(hex_id: str) -> tuple[float, float]:
    info = hexmap.hex_info(hex_id)
    return (MARGIN + HEX_W / 2 + info.x * HEX_W / 2,
            HEADER + MARGIN + SIZE + info.y * 1.5 * SIZE)


def _labels(draw: ImageDraw.ImageDraw, hex_id: str) -> None:
    """Coordinate at the top, place name at the bottom (wrapped to fit the hex)."""
    cx, cy = hex_center(hex_id)
    info = hexmap.hex_info(hex_id)
    dark = info.color == "red" or (info.color == "gray" and not info.code)
    draw.text((cx, cy - SIZE * 0.80), hex_id, fill="#FFFFFF" if dark else "#444444",
              font=font(14, bold=True), anchor="mm")
    if info.name:
        # At half the radius below the centre the hex still has its full width.
        lines = _wrap(info.name, HEX_W * 0.80)
        y = cy + SIZE * 0.56 - 8 * (len(lines) - 1)
        for line in lines:
            draw.text((cx, y), line, fill="#FFFFFF" if dark else INK, font=font(14),
                      anchor="mm", stroke_width=0 if dark else 2,
                      stroke_fill="#FFFFFF" if not dark else None)
            y += 16


def _wrap(text: str, width: float) -> list[str]:
    words, lines, line = text.split(), [], ""
    for word in words:
        trial = f"{line} {word}".strip()
        if font(14).getlength(trial) > width and line:
            lines.append(line)
            line = word
        else:
            line = trial
    return [*lines, line] if line else lines


@cache
def _base(ratingen: bool) -> Image.Image:
    """The printed map, without tokens: drawn once per variant."""
    image = Image.new("RGB", (MAP_W, MAP_H), BACKGROUND)
    draw = ImageDraw.Draw(image)
    board = hexmap.initial_board({"ratingen_variant"} if ratingen else set())
    for hex_id, cell in board.items():
        cx, cy = hex_center(hex_id)
        draw_tile(draw, cell["tile"], 0, cx, cy, SIZE, (), _printed_homes(hex_id), None)
        _labels(draw, hex_id)
    return image


def _printed_homes(hex_id: str) -> list[str | None]:
    """Home reservations as printed on the map (one per city; shown until the engine's board
    says otherwise through its "reserved" entries)."""
    return [syms[0] if syms else None for syms in hexmap.hex_info(hex_id).homes]


def _needs_redraw(hex_id: str, cell: dict, printed: str) -> bool:
    """Whether the hex differs from the cached printed map (tile, tokens, reservations)."""
    if cell["tile"] != printed or cell.get("rotation"):
        return True
    if any(t for city in cell.get("tokens", []) for t in city):
        return True
    homes = _printed_homes(hex_id)
    return "reserved" in cell and list(cell["reserved"] or []) + [None] * (
        len(homes) - len(cell["reserved"] or [])) != homes


def draw_map(view: dict, manifest: dict | None = None) -> Image.Image:
    """The map with every laid tile, token, border, marker and (if given) route.

    ``manifest`` (optional) receives hex -> (tile, rotation, tokens) for every hex as drawn,
    so tests can check the picture's content against the state without reading pixels.
    """
    board = view["board"]
    ratingen = ratingen_board(board)
    image = _base(ratingen).copy()
    draw = ImageDraw.Draw(image)
    printed = hexmap.initial_board({"ratingen_variant"} if ratingen else set())
    phase = str(view.get("phase") or "2")
    for hex_id, cell in board.items():
        if hex_id in printed and not _needs_redraw(hex_id, cell, printed[hex_id]["tile"]):
            if manifest is not None:
                manifest[hex_id] = (printed[hex_id]["tile"], 0, printed[hex_id]["tokens"])
            continue
        if manifest is not None:
            manifest[hex_id] = (cell["tile"], cell.get("rotation", 0), cell.get("tokens", []))
        cx, cy = hex_center(hex_id)
        reserved = cell["reserved"] if "reserved" in cell else (
            _printed_homes(hex_id) if cell["tile"] == printed[hex_id]["tile"] else [])
        draw_tile(draw, cell["tile"], cell.get("rotation", 0), cx, cy, SIZE,
                  cell.get("tokens", []), reserved or [], phase)
        _labels(draw, hex_id)
    _borders(draw, board)
    _markers(draw, view, lang_of(view))
    _header(draw, view, lang_of(view))
    if view.get("routes"):
        draw_routes(draw, board, view["routes"], lang_of(view))
    return image


def _borders(draw: ImageDraw.ImageDraw, board: dict) -> None:
    """Impassable borders (the Rhine and other rivers) as thick blue edges."""
    for hex_id, cell in board.items():
        printed = tiles.tile(hexmap.hex_info(hex_id).tile)
        edges = set(printed.borders) | set(tiles.tile(cell["tile"]).borders)
        for edge in edges:
            a, b = edge_segment(*hex_center(hex_id), SIZE, edge)
            draw.line((a, b), fill=RIVER, width=9)


def _markers(draw: ImageDraw.ImageDraw, view: dict, lang: str) -> None:
    """Coal (K) and steel (S) markers, RGE hexes and the Eastern Ruhr link count."""
    board = view["board"]
    coal = set(view.get("coal_hexes") or ())
    steel = set(view.get("steel_hexes") or ())
    for hex_id, cell in board.items():
        icons = tiles.tile(cell["tile"]).icons
        cx, cy = hex_center(hex_id)
        marks = []
        if "K" in icons or hex_id in coal:
            marks.append(("K", "#111111"))
        if "S" in icons or hex_id in steel:
            marks.append(("S", "#4F6D8A"))
        for i, (letter, colour) in enumerate(marks):
            x, y = cx + SIZE * 0.30 + i * 26, cy - SIZE * 0.62
            draw.rectangle((x - 11, y - 11, x + 11, y + 11), fill=colour, outline="#FFFFFF",
                           width=2)
            draw.text((x, y), letter, fill="#FFFFFF", font=font(15, bold=True), anchor="mm")
        if "green_hex" in icons and str(view.get("phase") or "2") == "2":
            # Ratingen variant: no tile on E12 before phase 3.
            draw.text((cx + SIZE * 0.42, cy - SIZE * 0.18), _t(lang, "from_phase3"), fill="#2E7D32",
                      font=font(14, bold=True), anchor="mm")
        if "white_wooden_cube" in icons or (hex_id == "E12" and board[hex_id]["tile"] !=
                                            hexmap.hex_info("E12").tile and ratingen_board(board)):
            x, y = cx - SIZE * 0.55, cy - SIZE * 0.5
            draw.rectangle((x - 9, y - 9, x + 9, y + 9), fill="#FFFFFF", outline=INK, width=2)
        if hex_id in routes.RGE_HEXES:
            draw.text((cx, cy + SIZE * 0.36), "RGE", fill="#FFFFFF", font=font(14, bold=True),
                      anchor="mm")
    links = view.get("er_links")
    if links is None:
        links = routes.eastern_ruhr_links(board)
    for hex_id in routes.EASTERN_RUHR:
        cx, cy = hex_center(hex_id)
        draw.text((cx + SIZE * 0.42, cy - SIZE * 0.05), _t(lang, "er_links", links=links), fill="#FFFFFF",
                  font=font(14, bold=True), anchor="mm", align="center")
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


def _header(draw: ImageDraw.ImageDraw, view: dict, lang: str) -> None:
    parts = [_t(lang, "title")]
    if view.get("phase"):
        parts.append(_t(lang, "phase", phase=str(view["phase"])))
    if view.get("round"):
        parts.append(round_label(view["round"], lang))
    if view.get("bank") is not None:
        parts.append(_t(lang, "bank", bank=view["bank"]))
    draw.text((MARGIN, HEADER / 2 + 4), "  ·  ".join(parts), fill=INK, font=font(26, bold=True),
              anchor="lm")
    legend = _t(lang, "legend")
    draw.text((MAP_W - MARGIN, HEADER / 2 + 4), legend, fill="#333333", font=font(14),
              anchor="rm")


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


def draw_routes(draw: ImageDraw.ImageDraw, board: dict, run: list[dict],
                lang: str = text.DEFAULT) -> None:
    """Each route as a thick line in its train's colour, offset a little so that routes
    through the same city stay visible, and a legend with train and revenue."""
    legend_y = MAP_H - MARGIN - 34 * len(run)
    for i, route in enumerate(run):
        colour = ROUTE_COLOURS[i % len(ROUTE_COLOURS)]
        shift = (i - (len(run) - 1) / 2) * 9
        points = [(x + shift, y + shift) for x, y in _route_points(board, route)]
        draw.line(points, fill="#FFFFFF", width=15, joint="curve")
        draw.line(points, fill=colour, width=9, joint="curve")
        for x, y in points[:1] + points[-1:]:
            draw.ellipse((x - 10, y - 10, x + 10, y + 10), fill=colour, outline="#FFFFFF",
                         width=3)
        y = legend_y + 34 * i
        line = f"{route.get('train', '?')}: {route.get('revenue', '?')}M"  # no words to say
        if route.get("text"):
            line += f"  ({text.say(route['text'], lang)})"
        draw.rectangle((MARGIN, y, MARGIN + 40, y + 26), fill=colour, outline=INK)
        draw.text((MARGIN + 50, y + 13), line, fill=INK, font=font(18, bold=True), anchor="lm",
                  stroke_width=3, stroke_fill="#FFFFFF")


# ---------------------------------------------------------------- market and charters


@cache
def _market_rows() -> list[list[dict]]:
    import json

    data = json.loads((hexmap.DATA / "market.json").read_text(encoding="utf-8"))
    return data["cells"]


def _corporations(view: dict) -> list[dict]:
    corps = view.get("corporations") or []
    if isinstance(corps, dict):
        return [{"sym": sym, **data} for sym, data in corps.items()]
    return [{"sym": c.get("sym") or c.get("id"), **c} for c in corps]


def _market_positions(view: dict) -> dict[str, list[str]]:
    """Cell id -> corporation syms in stacking order (first = leftmost = operates first)."""
    market = view.get("market") or {}
    if isinstance(market, dict) and isinstance(market.get("cells"), dict):
        return {cell: list(syms) for cell, syms in market["cells"].items()}
    if isinstance(market, dict) and market:  # the engine's view: {cell id: [syms]}
        return {cell: list(syms) for cell, syms in market.items() if isinstance(syms, list)}
    positions: dict[str, list[str]] = {}
    for corp in _corporations(view):
        cell = corp.get("share_price")
        if cell:
            positions.setdefault(str(cell), []).append(corp["sym"])
    return positions


def draw_market(view: dict) -> Image.Image:
    """The 2-D market: each cell with its price, par cells marked, markers stacked."""
    rows = _market_rows()
    cw, ch = 90, 84
    width = max(len(r) for r in rows) * cw + 2 * MARGIN
    image = Image.new("RGB", (max(width, MAP_W), len(rows) * ch + 2 * MARGIN + 40), "#F7F4EA")
    draw = ImageDraw.Draw(image)
    lang = lang_of(view)
    draw.text((MARGIN, MARGIN), _t(lang, "market.title"), fill=INK, font=font(20, bold=True), anchor="lm")
    positions = _market_positions(view)
    top = MARGIN + 24
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            x, y = MARGIN + c * cw, top + r * ch
            fill = "#FFF2B8" if cell["par"] else "#FFFFFF"
            draw.rectangle((x, y, x + cw - 2, y + ch - 2), fill=fill, outline=INK,
                           width=3 if cell["par"] else 1)
            draw.text((x + 6, y + 4), str(cell["price"]), fill=INK, font=font(15, bold=True))
            if cell["par"]:
                draw.text((x + cw - 8, y + 4), _t(lang, "market.par"), fill="#7A5A00", font=font(14),
                          anchor="ra")
            # Stacking order: first marker leftmost; a third one goes below the first two.
            for k, sym in enumerate(positions.get(cell["id"], [])):
                mx = x + 23 + (k % 2) * 42 + (k // 2) * 8
                my = y + 48 + (k // 2) * 12
                draw_token(draw, mx, my, 19, sym)
    return image


def _share_count(value: Any) -> str:
    if isinstance(value, list):
        return str(len(value))
    return str(value) if value is not None else "-"


def draw_charters(view: dict) -> Image.Image:
    """One card per corporation, then the players' cash, certificates and shares, the depot."""
    corps = _corporations(view)
    players = view.get("players") or []
    lang = lang_of(view)
    card_w, card_h, per_row = 372, 226, 4
    rows = max(1, math.ceil(len(corps) / per_row))
    offer = view.get("offer")
    height = MARGIN * 2 + rows * (card_h + 14) + 60 + 34 * (len(players) + 2) + 60 + \
        (40 if offer else 0)
    image = Image.new("RGB", (MAP_W, height), "#F7F4EA")
    draw = ImageDraw.Draw(image)
    for i, corp in enumerate(corps):
        x = MARGIN + (i % per_row) * (card_w + 14)
        y = MARGIN + (i // per_row) * (card_h + 14)
        _charter(draw, x, y, card_w, card_h, corp, lang)
    y = MARGIN + rows * (card_h + 14) + 10
    y = _players_table(draw, y, players, corps, lang)
    depot = view.get("depot")
    if not depot and view.get("depot_available") is not None:
        depot = {"available": view["depot_available"],
                 "left": len(view.get("depot_remaining") or []),
                 "rusted_discarded": view.get("discarded") or "-"}
    if depot:
        draw.text((MARGIN, y + 20), _t(lang, "depot", items=_depot_items(depot, lang)),
                  fill=INK, font=font(18), anchor="lm")
    if offer:  # a train offer waits for the selling president: say who must answer
        said = text.render("rhl18.offer.open", {
            "buyer": offer["buyer"], "seller": offer["seller"], "price": offer["price"],
            "train": offer["train"], "who": offer.get("answering", "?")}, lang)
        draw.text((MARGIN, y + 58), said, fill="#9A1B1B", font=font(20, bold=True),
                  anchor="lm")
    return image


def _depot_items(depot: Any, lang: str) -> str:
    """``available: 6-5, 8-0  remaining: 5`` with the known entry names in ``lang``."""
    if not isinstance(depot, dict):
        return text.say(depot, lang)
    items = []
    for name, value in depot.items():
        key = "render.rhl18.depot." + str(name).replace("/", "_")
        label = text.render(key, {}, lang) if text.has(key) else str(name)
        shown = ", ".join(map(str, value)) if isinstance(value, list) else str(value)
        items.append(f"{label}: {shown}")
    return "  ".join(items)


def _charter(draw: ImageDraw.ImageDraw, x: int, y: int, w: int, h: int, corp: dict,
             lang: str) -> None:
    sym = corp["sym"]
    colour = CORP_COLOURS.get(sym, "#CCCCCC")
    draw.rounded_rectangle((x, y, x + w, y + h), radius=10, fill="#FFFFFF", outline=INK, width=2)
    draw.rounded_rectangle((x, y, x + w, y + 40), radius=10, fill=colour, outline=INK, width=2)
    draw.text((x + 12, y + 20), sym, fill=text_colour_on(colour), font=font(22, bold=True),
              anchor="lm")
    if corp.get("name"):
        draw.text((x + 80, y + 20), str(corp["name"])[:30], fill=text_colour_on(colour),
                  font=font(14), anchor="lm")
    trains = corp.get("trains") or []
    tokens = corp.get("tokens")
    if isinstance(tokens, list):
        tokens = sum(1 for t in tokens if str(t).startswith("unused"))
    lines = [
        _t(lang, "charter.president", name=str(corp.get("president") or "-")),
        _t(lang, "charter.money", cash=str(corp.get("cash", 0)),
           price=_price(corp.get("share_price")), par=_price(corp.get("par_price"))),
        _t(lang, "charter.trains",
           trains=", ".join(map(str, trains)) or _t(lang, "charter.no_trains")),
        _t(lang, "charter.tokens", tokens=str(tokens if tokens is not None else "-")),
        _t(lang, "charter.shares",
           ipo=_share_count(corp.get("treasury_or_ipo_shares", corp.get("ipo"))),
           pool=_share_count(corp.get("pool_shares", corp.get("pool")))),
    ]
    if not corp.get("floated", True):
        lines.append(_t(lang, "charter.not_floated"))
    for k, line in enumerate(lines):
        draw.text((x + 12, y + 52 + k * 28), line, fill=INK, font=font(16), anchor="la")


def _price(cell: Any) -> str:
    if cell is None:
        return "-"
    return str(cell).split(",")[0]


def _players_table(draw: ImageDraw.ImageDraw, y: int, players: list, corps: list,
                   lang: str) -> int:
    if not players:
        return y
    syms = [c["sym"] for c in corps]
    for x, key in ((0, "player"), (230, "cash"), (330, "certs")):
        draw.text((MARGIN + x, y + 14), _t(lang, f"players.{key}"), fill=INK,
                  font=font(18, bold=True), anchor="lm")
    for k, sym in enumerate(syms):
        draw.text((MARGIN + 450 + k * 70, y + 14), sym, fill=INK, font=font(18, bold=True),
                  anchor="lm")
    for row, player in enumerate(players):
        yy = y + 48 + row * 34
        name = player.get("name") or player.get("id")
        draw.text((MARGIN, yy), str(name), fill=INK, font=font(18), anchor="lm")
        draw.text((MARGIN + 230, yy), f"{player.get('cash', 0)}M", fill=INK, font=font(18),
                  anchor="lm")
        certs = player.get("certs")
        limit = player.get("cert_limit")
        if certs is not None:
            draw.text((MARGIN + 330, yy), f"{certs}/{limit}" if limit else str(certs), fill=INK,
                      font=font(18), anchor="lm")
        shares = player.get("shares") or {}
        for k, sym in enumerate(syms):
            held = shares.get(sym)
            if held:
                count = f"{len(held)}" if isinstance(held, list) else str(held)
                draw.text((MARGIN + 450 + k * 70, yy), count, fill=INK, font=font(18),
                          anchor="lm")
    return y + 48 + len(players) * 34


# ---------------------------------------------------------------- entry points


def render(view: dict) -> bytes:
    """The map; with market and charters stacked below when the view carries them."""
    parts = [draw_map(view)]
    if _market_positions(view) or any(c.get("share_price") for c in _corporations(view)):
        parts.append(draw_market(view))
    if view.get("corporations") or view.get("players"):
        parts.append(draw_charters(view))
    return _png(_stack(parts))


def _stack(parts: list[Image.Image]) -> Image.Image:
    if len(parts) == 1:
        return parts[0]
    width = max(p.width for p in parts)
    image = Image.new("RGB", (width, sum(p.height for p in parts)), "#F7F4EA")
    y = 0
    for part in parts:
        image.paste(part, (0, y))
        y += part.height
    return image


@cache
def _palette() -> Image.Image:
    """One 256-colour palette for every picture, built once from the printed map and a swatch
    of every colour we draw (with black and white text on each, for the anti-aliased edges).
    Mapping onto a fixed palette costs a few milliseconds; choosing a palette per picture
    costs several times more."""
    colours = {*TILE_FILL.values(), *CORP_COLOURS.values(), *ROUTE_COLOURS, *PHASE_BOX.values(),
               RIVER, INK, BLANK_GRAY, BACKGROUND, "#FFFFFF", "#FFD400", "#FF8C00", "#F7F4EA",
               "#FFF2B8", "#7A5A00", "#8B6B4A", "#4F6D8A", "#111111", "#333333", "#444444",
               "#5A5A5A", "#DDDDDD", "#CCCCCC"}
    base = _base(False)
    swatch_h = 48
    image = Image.new("RGB", (base.width, base.height + swatch_h * (len(colours) // 20 + 1)),
                      "#FFFFFF")
    image.paste(base, (0, 0))
    draw = ImageDraw.Draw(image)
    for i, colour in enumerate(sorted(colours)):
        x, y = (i % 20) * 78, base.height + (i // 20) * swatch_h
        draw.rectangle((x, y, x + 76, y + swatch_h - 2), fill=colour)
        draw.text((x + 4, y + 4), "Ab8", fill=INK, font=font(16, bold=True))
        draw.text((x + 40, y + 24), "Ab8", fill="#FFFFFF", font=font(16, bold=True))
    return image.quantize(colors=256, method=Image.Quantize.MEDIANCUT)


def _png(image: Image.Image) -> bytes:
    """PNG on the fixed palette: encoding a palette image is about twice as fast and half the
    size of RGB, and the map has few colours."""
    return to_png(image.quantize(palette=_palette(), dither=Image.Dither.NONE))


def render_map(view: dict) -> bytes:
    return _png(draw_map(view))


def render_market(view: dict) -> bytes:
    return _png(draw_market(view))


def render_charters(view: dict) -> bytes:
    return _png(draw_charters(view))


def render_routes(view: dict) -> bytes:
    """The map with ``view["routes"]`` drawn (the run a corporation just made)."""
    return _png(draw_map(view))


def render_zoom(view: dict, hex_id: str, radius: int = 2) -> bytes:
    """A crop of the map around ``hex_id`` (``/game board near:F9``), titled with the phase
    and the hex."""
    title = _t(lang_of(view), "zoom.title", phase=str(view.get("phase") or "2"), hex=hex_id)
    return _png(_titled(_crop(draw_map(view), hex_id, radius), title))


def render_lay_preview(view: dict, hex_id: str, tile_name: str, rotation: int) -> bytes:
    """A zoomed preview of a tile lay before it is confirmed: the new tile (tokens moved as
    the upgrade moves them) outlined in orange."""
    board = dict(view["board"])
    old = board[hex_id]
    board[hex_id] = {**old, "tile": tile_name, "rotation": rotation,
                     "tokens": tiles.moved_tokens(old["tile"], old.get("rotation", 0),
                                                  old.get("tokens", []), tile_name, rotation)}
    image = draw_map({**view, "board": board, "routes": None})
    draw = ImageDraw.Draw(image)
    cx, cy = hex_center(hex_id)
    outline = [edge_segment(cx, cy, SIZE, e)[0] for e in range(6)]
    draw.line([*outline, outline[0]], fill="#FF8C00", width=7, joint="curve")
    title = _t(lang_of(view), "preview.title", tile=tile_name, hex=hex_id, rotation=rotation)
    return _png(_titled(_crop(image, hex_id, 2), title))


def _titled(image: Image.Image, title: str) -> Image.Image:
    """The picture under a title strip (a crop may not show the map's header)."""
    strip = 44
    title_font = font(22, bold=True)
    width = max(image.width, int(title_font.getlength(title)) + 2 * MARGIN)
    framed = Image.new("RGB", (width, image.height + strip), BACKGROUND)
    framed.paste(image, (0, strip))
    ImageDraw.Draw(framed).text((MARGIN // 2, strip / 2), title, fill=INK, font=title_font,
                                anchor="lm")
    return framed


def _crop(image: Image.Image, hex_id: str, radius: int) -> Image.Image:
    cx, cy = hex_center(hex_id)
    half_w = (radius + 0.6) * HEX_W
    half_h = (radius + 0.7) * 1.5 * SIZE
    box = (max(0, int(cx - half_w)), max(0, int(cy - half_h)),
           min(image.width, int(cx + half_w)), min(image.height, int(cy + half_h)))
    return image.crop(box)
