"""The tiles a player may lay on a hex they picked, as one picture sent with the menu of those
lays (only to the player): the hex and its neighbours as they are now, then each choice of
the menu drawn as it would lie on the map, numbered as the menu numbers it.

A text label ("Tile 57: exits SW to F9, NE to D11") asks an 18xx player to turn the tile in
their head; the picture shows the track. The view's ``image`` says what to draw:
``{"kind": "lay_options", "hex": "F11", "title": ..., "options": [{"number": 1, "tile":
"57", "rotation": 2, "caption": "Tile 57"}, ...]}``; the service words the title and
captions in the reader's language, the options are ``legal()``'s lays (bot.service.rhl18_steps).
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.rhl18 import hexmap, routes, tiles
from render import rhl18
from render.common import text_colour_on
from render.rhl18_facts import lang_of
from render.rhl18_tiles import INK, SQ3, edge_mid, edge_segment
from render.text_draw import draw_text, text_width, unrecorded

SIZE = rhl18.SIZE  # each choice as big as a hex of the map: the same tile, the same look
CELL_W = 238  # the hex (128 px) and its neighbours' names beyond the east and west exits
COLUMN_GAP = 7  # a label keeps this far inside its column: 14 px, a space, from the next one's
CELL_H = 236  # the hex (148 px), the names above and below, the caption
COLUMNS = 4  # four across: at 550 px on a phone a caption is still 14 px tall
MARGIN = 14
TITLE = 26
CAPTION = 24
EXIT = 19  # a neighbour's coordinate beside the exit towards it
NUMBER_R = 17
MARK = "#FF8C00"  # the picked hex's frame, as the lay preview's


def render(view: dict) -> bytes:
    """The picture as PNG on the map's palette."""
    return rhl18.png(picture(view))


def picture(view: dict) -> Image.Image:
    image_spec = view["image"]
    hex_id, options = image_spec["hex"], image_spec["options"]
    with unrecorded():  # a crop: its texts are the full map's, cut at the crop's edges
        now = _neighbourhood(view, hex_id)
    columns = max(1, min(COLUMNS, len(options)))
    rows = (len(options) + columns - 1) // columns
    width = max(now.width, columns * CELL_W) + 2 * MARGIN
    size, lines = _title_lines(str(image_spec.get("title") or hex_id), width)
    title_h = int(len(lines) * size * 1.3) + 20
    top = title_h + now.height + MARGIN
    image = Image.new("RGB", (width, top + rows * CELL_H + MARGIN), rhl18.BACKGROUND)
    draw = ImageDraw.Draw(image)
    _title(draw, size, lines)
    image.paste(now, ((width - now.width) // 2, title_h))
    left = (width - columns * CELL_W) // 2
    for i, option in enumerate(options):
        x = left + (i % columns) * CELL_W
        y = top + (i // columns) * CELL_H
        _cell(draw, view, hex_id, option, x, y)
    return image


def _title_lines(title: str, width: int) -> tuple[int, list[str]]:
    """The title's size and lines: one line, smaller down to 22 px, else wrapped between
    words (a hex with one lay makes a narrow picture)."""
    room = width - 2 * MARGIN
    size = TITLE
    while size > 22 and text_width(title, size, True) > room:
        size -= 1
    lines: list[str] = []
    for word in title.split():
        if lines and text_width(f"{lines[-1]} {word}", size, True) <= room:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return size, lines or [title]


def _title(draw: ImageDraw.ImageDraw, size: int, lines: list[str]) -> None:
    for n, line in enumerate(lines):
        draw_text(draw, (MARGIN, 10 + (n + 0.5) * size * 1.3), line, size, bold=True,
                  fill=INK, anchor="lm")


def _neighbourhood(view: dict, hex_id: str) -> Image.Image:
    """The hex (framed) and its neighbours as the map shows them now. Only the hexes the
    crop shows are drawn over the printed map (the crop cuts the ones beyond): a whole map
    took twice as long."""
    board = view["board"]
    near = {hex_id}
    for _ in range(2):
        near |= {n for h in near for e in range(6) if (n := hexmap.neighbor(h, e))}
    printed = hexmap.initial_board({"ratingen_variant"} if rhl18.ratingen_board(board)
                                   else set())
    shown = {h: cell if h in near or h not in printed else printed[h]
             for h, cell in board.items()}
    links = view.get("er_links")  # counted on the whole board, not the printed rest
    image = rhl18.draw_map({**view, "board": shown, "routes": None, "changed": None,
                            "er_links": routes.eastern_ruhr_links(board) if links is None
                            else links})
    draw = ImageDraw.Draw(image)
    cx, cy = rhl18.hex_center(hex_id)
    outline = [edge_segment(cx, cy, SIZE, e)[0] for e in range(6)]
    draw.line([*outline, outline[0]], fill=MARK, width=7, joint="curve")
    return rhl18._crop(image, hex_id, 1)


def _cell(draw: ImageDraw.ImageDraw, view: dict, hex_id: str, option: dict,
          x: float, y: float) -> None:
    """One choice: the tile as it would lie (tokens moved as the upgrade moves them), the
    neighbour each exit leads to, its number and caption below."""
    name, rotation = str(option["tile"]), int(option["rotation"])
    old = view["board"][hex_id]
    tokens = tiles.moved_tokens(old["tile"], old.get("rotation", 0), old.get("tokens", []),
                                name, rotation)
    cell = {**old, "tile": name, "rotation": rotation, "tokens": tokens}
    cx, cy = x + CELL_W / 2, y + SIZE + 26
    rhl18.draw_tile(draw, name, rotation, cx, cy, SIZE, tokens, old.get("reserved") or [],
                    str(view.get("phase") or "2"),
                    words=rhl18._words(hex_id, cell, view, lang_of(view)))
    for edge in sorted(tiles.exits(name, rotation)):
        neighbour = hexmap.neighbor(hex_id, edge)
        if neighbour is None:
            continue
        mx, my = edge_mid(cx, cy, SIZE, edge)
        dx, dy = mx - cx, my - cy
        if abs(dy) < 1:  # east or west: beside the edge, reading away from it
            _beside(draw, neighbour, mx + (5 if dx > 0 else -5), my, dx > 0,
                    CELL_W / 2 - abs(mx - cx) - 5 - COLUMN_GAP)
            continue
        reach = (SIZE * SQ3 / 2 + 14) / (SIZE * SQ3 / 2)  # beyond the edge, clear of it
        draw_text(draw, (cx + dx * reach, cy + dy * reach), neighbour, EXIT, bold=True,
                  fill=INK, anchor="mm")
    _caption(draw, option, cx, y + CELL_H - 24)


def _beside(draw: ImageDraw.ImageDraw, text: str, x: float, y: float, east: bool,
            room: float) -> None:
    """An east or west exit's neighbour, kept inside the choice's column: the next choice's
    west label starts beyond it, and with no space between them "D15" "D11" read as one word
    on a phone."""
    size = EXIT
    while size > 14 and text_width(text, size, True) > room:
        size -= 1
    draw_text(draw, (x, y), text, size, bold=True, fill=INK, anchor="lm" if east else "rm")


def _caption(draw: ImageDraw.ImageDraw, option: dict, cx: float, cy: float) -> None:
    """The number in a disc, then the caption, smaller where it is long (German
    "Plättchen X925") so that it stays within its cell."""
    number = str(option["number"])
    caption = str(option.get("caption") or option["tile"])
    room = CELL_W - 10 - 2 * NUMBER_R - 6
    size = CAPTION
    while size > 17 and text_width(caption, size, True) > room:
        size -= 1
    wide = 2 * NUMBER_R + 6 + min(text_width(caption, size, True), room)
    left = cx - wide / 2
    draw.ellipse((left, cy - NUMBER_R, left + 2 * NUMBER_R, cy + NUMBER_R), fill=MARK,
                 outline=INK, width=2)
    draw_text(draw, (left + NUMBER_R, cy), number, CAPTION - 2, bold=True,
              fill=text_colour_on(MARK), anchor="mm")
    draw_text(draw, (left + 2 * NUMBER_R + 6, cy), caption, size, bold=True, fill=INK,
              anchor="lm")
