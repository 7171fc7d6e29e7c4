"""18Rhl's market picture marks what changed since the previous board, as the map outlines
changed hexes: render.changes names the corporations whose share price (or trains)
differ between the two public views, and the market picture rims their markers and cells in
the shared highlight, with a legend line only then. It marked nothing before, so a price
that fell a row after a withheld dividend went unseen unless one remembered the old cell."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageColor

from engine.rhl18.game import GAME
from render import changes, highlight, rhl18_market
from render.common import HIGHLIGHT
from render.text_draw import recording
from tests.board_checks import highlight_edge_share
from tests.test_rhl18_pictures import play, seated

PINK = ImageColor.getrgb(HIGHLIGHT)


def _moved() -> tuple[dict, dict, str]:
    """Two public views, one move apart, between which a corporation's price moved (fresh
    views for each test; the search for the move is done once)."""
    game = play(4, 2, 400)
    index, sym = _first_price_move()
    return GAME.view(game[index][0], None), GAME.view(game[index + 1][0], None), sym


@cache
def _first_price_move() -> tuple[int, str]:
    game = play(4, 2, 400)
    for index, ((before, _), (after, _)) in enumerate(zip(game, game[1:], strict=False)):
        old, new = GAME.view(before, None), GAME.view(after, None)
        was = {c["id"]: c["share_price"] for c in old["corporations"]}
        moved = [c["id"] for c in new["corporations"]
                 if c["share_price"] and was[c["id"]] and c["share_price"] != was[c["id"]]]
        if moved:
            return index, moved[0]
    raise AssertionError("no price moved in the sampled game")


def _pink(image: Image.Image) -> int:
    """The picture's pixels exactly in the highlight: counted over its distinct colours,
    the same figure as pixel by pixel, without a Python loop over every pixel."""
    return sum(count for count, colour in image.getcolors(image.width * image.height)
               if colour == PINK)


def _pink_near_marker(view: dict, sym: str) -> tuple[int, bool]:
    """Highlight pixels around the corporation's marker on the market grid (the lowest
    place its symbol is drawn), and whether the legend says what they mean."""
    with recording() as texts:
        image = rhl18_market.market_picture(view).convert("RGB")
    chip = max((t for t in texts if t.text == sym), key=lambda t: t.box[1])
    left, top, right, bottom = chip.box
    crop = image.crop((left - 30, top - 30, right + 30, bottom + 30))
    pink = _pink(crop)
    legend = any(t.text == highlight.words(view["lang"]) for t in texts)
    return pink, legend


def test_changed_names_the_corporation_whose_price_moved():
    before, after, sym = _moved()
    changed = changes.touched("18rhl", before, after)
    assert "share_price" in changed["corporations"][sym]
    assert isinstance(changed["hexes"], list)  # the map's key as it was
    assert changes.touched("18rhl", after, after) == {"hexes": []}
    assert changes.touched("18rhl", None, after) == {"hexes": []}


def test_the_market_picture_rims_the_moved_marker_and_says_why():
    before, after, sym = _moved()
    view = seated(after, "en")
    plain, plain_legend = _pink_near_marker(view, sym)
    marked, legend = _pink_near_marker(
        {**view, "changed": changes.touched("18rhl", before, after)}, sym)
    assert plain == 0 and not plain_legend  # nothing marked, no legend
    assert marked > 100 and legend


def test_trains_that_changed_leave_the_market_marker_alone():
    """Only a price marks the market grid: a corporation that bought a train is marked in
    the corporations table, its marker unrimmed (it did not move)."""
    _, after, sym = _moved()
    view = {**seated(after, "de"), "changed": {"hexes": [], "corporations": {sym: ["trains"]}}}
    near, legend = _pink_near_marker(view, sym)
    image = rhl18_market.market_picture(view).convert("RGB")
    assert near == 0 and legend
    assert _pink(image) > 100
    assert highlight_edge_share(image) > 0.2  # the frames wear the map's dark inner line
