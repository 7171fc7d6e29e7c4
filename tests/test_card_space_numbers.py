"""Space numbers on Rheinländer's turn card. Moves name the spaces by number ("play 17 left",
a knight "on 27L"), and the card's map, a zoom onto the latest changes, showed no number but
the changed places' tags: a player reading the card on a phone could not tell which space was
which. Each free space in the map now carries its number inside it (as on the full board)
wherever it fits at the zoom; a space with a knight or a bastion keeps its piece whole. Where
the zoom is too far for that (the whole board), every fifth area's number stands on the river.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from unittest import mock

import pytest

import engine
from engine.rheinlaender.board import get_board
from render import turn_card
from render.card_scene import Place
from render.common import font
from render.text_draw import DrawnText, recording
from tests.test_card_map_tags import card_mapping
from tests.test_turn_card import card_view, check_readable, sampled_cards

# a card a move or two after the one before, as the table gets one each turn (a zoom onto a
# turn's knight), and one after several moves (a wider zoom)
SAMPLES = tuple(move for start in range(4, 70, 8) for move in (start, start + 1, start + 2))


@contextlib.contextmanager
def drawn_tags() -> Iterator[list]:
    """The name tags the card draws on its map (each with its leader line)."""
    tags: list = []
    draw = turn_card._labels

    def spy(*args, **kwargs):
        tags.extend(drawn := draw(*args, **kwargs))
        return drawn

    with mock.patch.object(turn_card, "_labels", spy):
        yield tags


def in_map(text: DrawnText) -> bool:
    left, top, right, bottom = turn_card.MAP_BOX
    return left <= text.box[0] and text.box[2] <= right and top <= text.box[1] and \
        text.box[3] <= bottom


def square(place: Place) -> bool:
    """A straight stretch's space, a rectangle (a bend's wedge is not its box)."""
    left, top, right, bottom = place.box()
    return all(x in (left, right) or y in (top, bottom) for x, y in place.points)


def roomy(box: tuple[float, ...], label: str) -> bool:
    """Room in ``box`` (on the card) for ``label`` in the card's least text size with a
    comfortable margin, wholly inside the map."""
    left, top, right, bottom = font(turn_card.SMALL).getbbox(label, anchor="mm")
    inner = turn_card.MAP_BOX
    return box[0] >= inner[0] + 4 and box[1] >= inner[1] + 4 and box[2] <= inner[2] - 4 and \
        box[3] <= inner[3] - 4 and box[2] - box[0] >= right - left + 12 and \
        box[3] - box[1] >= bottom - top + 12


def near(a: tuple[float, ...], b: tuple[float, ...], gap: float) -> bool:
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


def clear_of(box: tuple[int, ...], x: float, y: float, r: float) -> bool:
    """Whether the disc at (x, y) of radius ``r`` stays outside the box."""
    dx = max(box[0] - x, 0, x - box[2])
    dy = max(box[1] - y, 0, y - box[3])
    return dx * dx + dy * dy >= r * r


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_cards_map_numbers_its_free_spaces_and_hides_no_piece(lang):
    fitting = numbered = 0
    for players in (3, 5):
        for _state, view in sampled_cards("rheinlaender", players, lang, samples=SAMPLES):
            drawn, at, scale = card_mapping("rheinlaender", view)
            with recording() as texts, drawn_tags() as drawn_leaders:
                turn_card.draw_card("rheinlaender", view)
            check_readable(texts)  # at least 14 px on a phone, no two texts overlapping
            leaders = [tag.leader for tag in drawn_leaders]
            space_of = {place.label: key for key, place in drawn.places.items()
                        if not place.thing}
            occupied = set(view["knights"]) | set(view["bastions"])
            tags = [t.box for t in texts if in_map(t) and t.bold]
            numbers = [t for t in texts if in_map(t) and not t.bold]
            for text in numbers:  # each number stands in its own space, a free one
                # (a far zoom's every fifth stands on its river cell, never on an island)
                key = space_of[text.text]
                assert key not in occupied, (text.text, key)
                left, top, right, bottom = drawn.places[key].box()
                (x0, y0), (x1, y1) = at(left, top), at(right, bottom)
                cx, cy = (text.box[0] + text.box[2]) / 2, (text.box[1] + text.box[3]) / 2
                assert x0 <= cx <= x1 and y0 <= cy <= y1, (text.text, text.box)
                # the knights (as big as their letters need) and bastions stay whole
                for x, y, r, _colour, _letter in turn_card.dots(
                        drawn, lambda p, at=at: at(*p), scale, *turn_card.MAP_BOX[2:],
                        turn_card.MAP_BOX[:2]):
                    assert clear_of(text.box, x, y, r), text.text
            said = {t.text for t in numbers}
            for key, place in drawn.places.items():
                if place.thing or key in occupied or not square(place):
                    continue
                left, top, right, bottom = place.box()
                box = (*at(left, top), *at(right, bottom))
                # a space beside a tag may give way to it or its line, and one its line
                # crosses (a tag kept off the river's cells points across them)
                if not roomy(box, place.label) or any(near(box, tag, 40) for tag in tags) or \
                        any(turn_card._cuts(leader, box) for leader in leaders):
                    continue
                fitting += 1
                numbered += place.label in said
    assert fitting > 450  # fewer than before the knights grew to hold their letters
    assert numbered == fitting


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_whole_board_gives_every_fifth_area_number_along_the_river(lang):
    # the first card shows the whole board, where no space has room for its number
    (_state, view), *_ = sampled_cards("rheinlaender", 4, lang, samples=(0,))
    with recording() as texts:
        turn_card.draw_card("rheinlaender", view)
    check_readable(texts)
    # not 10 and 45: their areas' river is an island (10/11, 44/45), which moves name as such
    assert sorted(int(t.text) for t in texts if in_map(t)) == [5, 15, 20, 25, 30, 35, 40, 50]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_wide_zoom_writes_no_area_number_on_an_island(lang):
    """A review's cards at the wide zoom (several moves far apart) read "10" in the middle of
    island 10/11 and "45" in island 44/45, which moves call "Insel 10/11", "Insel 44/45"."""
    board = get_board()
    islands = [key for key, record in board.spaces.items() if record["bank"] == "I"]
    wide = 0
    for players in (3, 5):
        # a card every tenth move: the moves since the last one lie far apart
        for _state, view in sampled_cards("rheinlaender", players, lang,
                                          samples=tuple(range(0, 120, 10))):
            drawn, at, _scale = card_mapping("rheinlaender", view)
            with recording() as texts:
                turn_card.draw_card("rheinlaender", view)
            numbers = [t for t in texts if in_map(t) and not t.bold]
            wide += any(t.text in ("5", "15", "20", "25", "30", "35", "40", "50")
                        for t in numbers)
            for key in islands:
                left, top, right, bottom = drawn.places[key].box()
                island = (*at(left, top), *at(right, bottom))
                on_it = [t.text for t in numbers if near(t.box, island, 0)]
                assert on_it in ([], [drawn.places[key].label]), (key, on_it)
    assert wide >= 4  # cards at the wide zoom, its every fifth numbers drawn


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_near_zoom_names_the_spaces_only_not_an_area_number_beside_a_piece(lang):
    # a bastion on island 10/11 leaves it no room for "10/11"; the river's every fifth number
    # is for a far zoom, and "10" beside the bastion read as the island's name
    game = engine.GAMES["rheinlaender"]
    state = game.setup(3, {}, seed=2)
    state["bastions"] = {"I10/11": 0}
    before = game.view(state, None)
    state["knights"] = {"L12": 1}
    view = card_view(game, "rheinlaender", state, 3, lang, before,
                     [{"seat": 1, "text": "Blue plays card 12: knight on 12 left."}])
    with recording() as texts:
        turn_card.draw_card("rheinlaender", view)
    said = [t.text for t in texts if in_map(t) and not t.bold]
    assert "11L" in said and "13" in said  # near enough for the spaces' own names
    assert "10" not in said and "10/11" not in said
