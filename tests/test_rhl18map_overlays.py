"""The map's overlays (a run's route lines, the outline of hexes changed since the last
picture) lie over the track but under tokens, revenues and words: drawn over them, a route
turned "RhE CCE" into "Rh CE" and hid the very stations it ran to, and the pink outline cut a
letter off a token at a hex's edge."""

from __future__ import annotations

from PIL import Image

from engine.rhl18 import hexmap, routes, tiles
from render import rhl18
from render.common import HIGHLIGHT
from render.rhl18_tiles import node_positions, slot_offsets, slot_radius
from render.text_draw import recording
from tests.board_checks import highlight_edge_share
from tests.test_rhl18map_routes import _aachen_line as aachen_line


def _aachen_line() -> dict:
    """K2 Aachen (ADR) - K4 town - K6 Düren (ADR) - K8 track - K10 Bonn (CCE)."""
    board = aachen_line()
    board["K6"]["tokens"] = [["ADR"]]
    board["K10"]["tokens"] = [["CCE"]]
    return board


def _token_centres(board: dict, hex_id: str) -> list[tuple[float, float, float]]:
    """(x, y, radius) of each token disc on the hex."""
    cell = board[hex_id]
    t = tiles.tile(cell["tile"])
    positions = node_positions(cell["tile"], cell.get("rotation", 0),
                               *rhl18.hex_center(hex_id), rhl18.SIZE)
    out, city = [], 0
    for node, (x, y) in zip(t.nodes, positions, strict=True):
        if node.kind != "city":
            continue
        r = slot_radius(rhl18.SIZE, node.slots)
        for k, (dx, dy) in enumerate(slot_offsets(node.slots, r)):
            if cell["tokens"][city][k]:
                out.append((x + dx, y + dy, r - 3))
        city += 1
    return out


def _near(pixel: tuple, colour: str) -> bool:
    want = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return sum(abs(a - b) for a, b in zip(pixel[:3], want, strict=True)) < 40


def _count_near(image: Image.Image, colour: str) -> int:
    """How many pixels are near ``colour``: the same sum as pixel by pixel, taken over the
    picture's distinct colours times how often each occurs (a whole map pixel by pixel in
    Python took 20 s)."""
    return sum(count for count, pixel in image.getcolors(image.width * image.height)
               if _near(pixel, colour))


def _pixels_in_disc(image: Image.Image, x: float, y: float, r: float) -> list[tuple]:
    return [image.getpixel((int(x + i), int(y + j))) for i in range(-int(r), int(r) + 1)
            for j in range(-int(r), int(r) + 1) if i * i + j * j <= r * r]


def test_a_route_runs_under_the_tokens_of_the_stations_it_used() -> None:
    board = _aachen_line()
    stops = ["K2-0", "K4-0", "K6-0", "K10-0"]
    [run] = routes.validate_routes(board, "ADR", [{"train": "3-0", "stops": stops}],
                                   routes.RouteContext(phase="3"))
    view = {"board": board, "phase": "3", "current_entity": "ADR", "lang": "en",
            "routes": [{"train": "3-0", "stops": run.stops, "connections": run.connections,
                        "revenue": run.revenue, "revenue_str": run.text}]}
    image = rhl18.map_picture(view)
    colour = rhl18.ROUTE_COLOURS[0]
    checked = 0
    for hex_id in ("K2", "K6", "K10"):
        for x, y, r in _token_centres(board, hex_id):
            covered = [p for p in _pixels_in_disc(image, x, y, r) if _near(p, colour)]
            assert not covered, (hex_id, len(covered))
            checked += 1
    assert checked == 3
    # the route is still drawn: between the stations its colour shows
    assert _count_near(image, colour) > 500


def test_the_change_outline_runs_under_a_token_at_the_hexs_edge() -> None:
    # Köln Deutz's green tile puts its two-slot city at the hex's edge in some rotations
    for rotation in range(6):
        board = hexmap.initial_board()
        board["I10"] = {"tile": "X924", "rotation": rotation, "tokens": [["RhE", "CCE"], ["CME"]]}
        image = rhl18.map_picture({"board": board, "phase": "5", "lang": "en",
                                   "changed": {"hexes": ["I10"]}})
        centres = _token_centres(board, "I10")
        assert len(centres) == 3
        for x, y, r in centres:
            assert not [p for p in _pixels_in_disc(image, x, y, r) if _near(p, HIGHLIGHT)], \
                rotation
        # counted around the hex alone: the whole map pixel by pixel took 20 s a run
        x, y = rhl18.hex_center("I10")
        around = image.crop((int(x - rhl18.HEX_W), int(y - rhl18.HEX_W),
                             int(x + rhl18.HEX_W), int(y + rhl18.HEX_W)))
        assert _count_near(around, HIGHLIGHT) > 500
        # with its dark inner line: the pink alone read as the Rhine under protanopia
        assert highlight_edge_share(image) > 0.2, rotation


def test_the_legend_names_the_outline_only_when_a_hex_is_outlined() -> None:
    board = hexmap.initial_board()
    for changed, shown in (({"hexes": []}, False), ({"hexes": ["I10"]}, True), (None, False),
                           ({"hexes": [], "market": True}, False)):
        with recording() as drawn:
            rhl18.map_picture({"board": board, "phase": "3", "lang": "en",
                               "changed": changed})
        said = [d.text for d in drawn]
        assert any("changed" in s for s in said) == shown, (changed, said[-6:])


def test_aachens_tile_number_keeps_clear_of_its_coordinate() -> None:
    """Aachen's three-slot city left "931 AC" no room but right under "K2", whose letters
    their white-edged halo cut; the number now takes a free corner beside the round city."""
    board = hexmap.initial_board()
    board["K2"] = {"tile": "931", "rotation": 0, "tokens": [["RhE", "ADR", None]],
                   "reserved": [None]}
    with recording() as drawn:
        rhl18.map_picture({"board": board, "phase": "6", "lang": "de"})
    x, y = rhl18.hex_center("K2")
    here = [d for d in drawn if abs((d.box[0] + d.box[2]) / 2 - x) < rhl18.HEX_W / 2
            and abs((d.box[1] + d.box[3]) / 2 - y) < rhl18.SIZE]
    [coordinate] = [d for d in here if d.text == "K2"]
    halo = 5  # a label's 2-px edge and a few pixels of air: the two read as one line
    for d in here:
        if d.text in ("931", "AC"):
            box = (d.box[0] - halo, d.box[1] - halo, d.box[2] + halo, d.box[3] + halo)
            clear = box[1] >= coordinate.box[3] or box[3] <= coordinate.box[1] or \
                box[0] >= coordinate.box[2] or box[2] <= coordinate.box[0]
            # the label has no other room beside a three-slot city and the revenue
            assert clear or d.text == "AC", (d.text, d.box, coordinate.box)
