"""18Rhl's pictures as players with a colour-vision deficiency see them (simulated: see
tests/colour_vision.py). A colour-vision review found the purple RhE and the blue CCE one
colour under deuteranopia (ΔE2000 3.3) and red CME and brown BME olive beside grey GVE; the
second route's blue beside the Rhine's (1.8), each route tied to its train by colour alone;
and the turn card's stations plain dots in those colours, its latest moves under the colour
of the president's seat ("RhE lays ..." beside a green square)."""

from __future__ import annotations

import io
import math
from functools import cache

import pytest
from PIL import Image

from engine.rhl18 import routes
from engine.rhl18.routes import RouteContext
from render import rhl18
from render.common import text_colour_on
from render.rhl18_tiles import CORP_COLOURS, RIVER
from render.text_draw import recording
from tests.colour_vision import HUED, closest_pair, contrast, seen_apart
from tests.test_rhl18map_routes import _aachen_line

CORPORATIONS = {sym: CORP_COLOURS[sym] for sym in
                ("ADR", "BME", "CME", "DEE", "KEG", "GVE", "CCE", "RhE")}


def test_the_corporations_colours_part_under_every_simulated_deficiency() -> None:
    apart, one, other, vision = closest_pair(CORPORATIONS, HUED)
    assert apart >= 10, (one, other, vision, apart)
    # without any hue the letters on the tokens carry it, but the colours still differ
    apart, one, other, vision = closest_pair(CORPORATIONS, ("grey",))
    assert apart >= 5, (one, other, vision, apart)


def test_a_corporations_letters_read_on_its_colour() -> None:
    for sym, colour in CORP_COLOURS.items():
        assert contrast(text_colour_on(colour), colour) >= 4.5, sym


def test_no_route_runs_in_the_rhines_colour() -> None:
    for colour in rhl18.ROUTE_COLOURS:
        for vision in HUED:
            assert seen_apart(colour, RIVER, vision) >= 10, (colour, vision)


def _two_routes() -> tuple[dict, list[dict]]:
    """ADR's two 2-trains: Aachen - the K4 town - Düren, and Düren - Bonn."""
    board = _aachen_line()
    board["K6"]["tokens"] = [["ADR"]]
    asked = [{"train": "2-0", "stops": ["K2-0", "K4-0", "K6-0"]},
             {"train": "2-1", "stops": ["K6-0", "K10-0"]}]
    run = routes.validate_routes(board, "ADR", asked, RouteContext(phase="3"))
    return board, [{"train": a["train"], "stops": r.stops, "connections": r.connections,
                    "revenue": r.revenue, "revenue_str": r.text} for a, r in zip(asked, run,
                                                                                 strict=True)]


def _to_line(point: tuple[float, float], line: list[tuple[float, float]]) -> float:
    """The distance from ``point`` to the polyline ``line``."""
    best = math.inf
    for (ax, ay), (bx, by) in zip(line, line[1:], strict=False):
        dx, dy = bx - ax, by - ay
        k = 0.0 if not dx and not dy else max(0.0, min(1.0, ((point[0] - ax) * dx +
                                                            (point[1] - ay) * dy) /
                                                     (dx * dx + dy * dy)))
        best = min(best, math.dist(point, (ax + k * dx, ay + k * dy)))
    return best


def test_each_route_carries_its_trains_number() -> None:
    board, run = _two_routes()
    view = {"board": board, "phase": "3", "current_entity": "ADR", "lang": "en", "routes": run}
    with recording() as texts:
        image = rhl18.map_picture(view).convert("RGB")
    for number, route in enumerate(run, start=1):
        line = rhl18._route_points(board, route)
        on_map = [t for t in texts if t.text == str(number) and t.box[3] < rhl18.MAP_BOTTOM
                  and _to_line(((t.box[0] + t.box[2]) / 2, (t.box[1] + t.box[3]) / 2),
                               line) < 12]
        assert on_map, f"route {number} has no number on its line"
        # ...in a disc of the route's colour (what the footer's square beside it shows)
        box = on_map[0].box
        x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        colour = rhl18.ROUTE_COLOURS[number - 1]
        ring = [image.getpixel((round(x + 10 * math.cos(a / 8 * math.pi)),
                                round(y + 10 * math.sin(a / 8 * math.pi)))) for a in range(16)]
        want = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
        assert sum(sum(abs(p - w) for p, w in zip(px, want, strict=True)) < 40
                   for px in ring) >= 12, (number, ring)
        # the footer's line for the train starts with the same number
        footer = [t for t in texts if t.text == str(number) and t.box[1] > rhl18.MAP_BOTTOM]
        assert footer, f"the footer's square for route {number} carries no number"


def _laying_track() -> dict:
    """A seeded 4-player game's public view where a corporation with stations on the map
    lays track (the lay menu's hexes offered): a fresh view for each of the four tests, of
    the position _laying_track_dump finds once."""
    import engine

    game = engine.get_game("18rhl")
    return game.view(game.load(_laying_track_dump()), None)


@cache
def _laying_track_dump() -> str:
    import engine
    from engine.ai import choose

    game = engine.get_game("18rhl")
    state = game.setup(4, {}, 5)
    for _ in range(900):
        view = game.view(state, None)
        corp = view.get("current_entity")
        if view.get("active_step") == "Track" and view.get("lay_hexes") and any(
                sym == corp for cell in view["board"].values()
                for city in cell.get("tokens") or [] for sym in city):
            return game.dump(state)
        seat = game.active(state)[0]
        game.apply(state, seat, choose(game, state, seat, "normal", 5))
    raise AssertionError("no corporation laid track")


def _card(view: dict, lang: str, moves: list[dict]) -> dict:
    from tests.test_turn_card import seats

    return {**view, "lang": lang, "seats": seats(None, 4),
            "card": {"acting": [0], "moves": moves, "earlier": 0, "first": False,
                     "changed": {"hexes": []}}}


def test_the_cards_stations_carry_their_corporations_marks() -> None:
    from render.card_scene import scene
    from render.rhl18_tiles import CORP_MARKS

    view = _laying_track()
    drawn = scene("18rhl", view)
    stations = [i for i, (*_xy, _r, colour) in enumerate(drawn.pieces)
                if colour in CORP_COLOURS.values()]
    assert stations
    for index in stations:  # the mark of the corporation whose colour the dot has
        sym = next(s for s, c in CORP_COLOURS.items() if c == drawn.pieces[index][3])
        # (coal and steel's dummy tokens, K and S, are their own marks)
        assert drawn.letters.get(index) == CORP_MARKS.get(sym, sym), (index, sym)
    operating = view["current_entity"]
    assert drawn.rings == {i for i in stations
                           if drawn.pieces[i][3] == CORP_COLOURS[operating]}
    assert drawn.rings
    # its network keeps its names beside the hexes the lay menu offers
    assert drawn.choices and drawn.tagged


def test_the_operating_corporations_stations_read_on_the_card() -> None:
    from render import turn_card
    from render.rhl18_tiles import CORP_MARKS

    view = _laying_track()
    mark = CORP_MARKS[view["current_entity"]]
    with recording() as texts:
        turn_card.render("18rhl", _card(view, "en", []))
    left, top, right, bottom = turn_card.MAP_BOX
    on_map = [t for t in texts if t.text == mark and left <= t.box[0] and t.box[2] <= right
              and top <= t.box[1] and t.box[3] <= bottom]
    assert on_map, f"no station marked {mark} on the card's map"
    assert all(t.size / t.image_size[0] * 550 >= 14 for t in on_map)  # 14 px on a phone


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_corporations_move_is_listed_under_its_colour_and_mark(lang: str) -> None:
    from render import turn_card
    from render.rhl18_tiles import CORP_MARKS

    view = _laying_track()
    corp = view["current_entity"]
    said = {"en": f"{corp} lays tile 9 on J9", "de": f"{corp} legt Plättchen 9 auf J9"}[lang]
    move = {"seat": 2, "text": said, "corp": corp}  # the service says whose move it is
    png = turn_card.render("18rhl", _card(view, lang, [move]))
    image = Image.open(io.BytesIO(png)).convert("RGB")
    with recording() as texts:
        turn_card.render("18rhl", _card(view, lang, [move]))
    line = next(t for t in texts if t.text == said)
    marks = [t for t in texts if t.text == CORP_MARKS[corp] and t.box[2] <= line.box[0]
             and abs((t.box[1] + t.box[3]) / 2 - (line.box[1] + line.box[3]) / 2) < 12]
    assert marks, "the move's square carries no mark"
    # the square's colour: the corporation's, where it was seat 2's (green)
    x0 = turn_card.COLUMN[0]
    y = (line.box[1] + line.box[3]) // 2
    want = tuple(int(CORP_COLOURS[corp][i:i + 2], 16) for i in (1, 3, 5))
    assert any(sum(abs(a - b) for a, b in zip(image.getpixel((x, y)), want, strict=True)) < 30
               for x in range(x0, x0 + 6)), [image.getpixel((x, y)) for x in range(x0, x0 + 6)]
