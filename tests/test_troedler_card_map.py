"""The small map on Die Trödler aus den Highlands' turn card: the player to act decides from it
where to move their cart, so it shows the whole map with every village's goods in the full
board's goods colours, and their own cart inside it, marked apart from the others.

Before, the map zoomed onto the last turn's changes: two or three villages as empty circles,
often without the acting player's cart.
"""

from __future__ import annotations

import math

import pytest
from PIL import Image

from render import changes, turn_card
from render.card_scene import scene
from render.troedler import GOOD_STYLE, INK
from tests.test_turn_card import sampled_cards

SAMPLES = tuple(range(5, 200, 12))


def play_cards(players: int, lang: str = "en", seed: int = 3):
    """Card views while carts move (a pile choice shows the piles instead of the map)."""
    for _state, view in sampled_cards("troedler", players, lang, seed=seed, samples=SAMPLES):
        if not view.get("piles"):
            yield view


def villages_of(drawn) -> dict[str, tuple[float, float]]:
    return {key: place.points[0] for key, place in drawn.places.items() if place.radius}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_village_shows_its_goods_as_squares_in_the_full_boards_colours(players):
    checked = 0
    for view in play_cards(players):
        drawn = scene("troedler", view)
        villages = villages_of(drawn)
        near: dict[str, list[str]] = {key: [] for key in villages}
        squares = [place for place in drawn.places.values() if not place.radius]
        for square in squares:
            assert len(square.points) == 4  # a square, apart from the round carts
            left, top, right, bottom = square.box()
            centre = ((left + right) / 2, (top + bottom) / 2)
            nearest = min(villages, key=lambda key: math.dist(villages[key], centre))
            assert centre[1] > villages[nearest][1]  # under it, as on the full board
            near[nearest].append(square.fill)
        for key, goods in view["villages"].items():
            assert sorted(near[key]) == sorted(GOOD_STYLE[good] for good in goods), key
        for index, a in enumerate(squares):  # each square stands alone, none hides another
            assert not any(overlap(a.box(), b.box()) for b in squares[index + 1:])
        checked += len(squares)
    assert checked


@pytest.mark.parametrize("seed", [1, 3, 5])
def test_every_village_and_the_acting_cart_are_inside_the_cards_map(seed):
    checked = 0
    for view in play_cards(3, seed=seed):
        drawn = scene("troedler", view)
        window = turn_card._window(drawn, changes.places(view["card"]["changed"]),
                                   turn_card.MAP_BOX)
        for key, place in drawn.places.items():
            assert inside(place.box(), window), key
        for x, y, r, _colour in drawn.pieces:
            assert inside((x - r, y - r, x + r, y + r), window)
        checked += 1
    assert checked


def test_the_acting_players_cart_is_bigger_and_ringed():
    checked = 0
    for players in (2, 4):
        for view in play_cards(players):
            acting = view["card"]["acting"]
            if len(acting) != 1:
                continue
            drawn = scene("troedler", view)
            colour = turn_card.colour_of("troedler", view, acting[0])
            others = {turn_card.colour_of("troedler", view, p["seat"])
                      for p in view["players"] if p["seat"] != acting[0]}
            mine = [piece for piece in drawn.pieces if piece[3] == colour]
            theirs = [piece for piece in drawn.pieces if piece[3] in others]
            assert len(mine) == 1 and len(theirs) == players - 1
            x, y, r, _ = mine[0]
            assert all(r > piece[2] for piece in theirs)
            assert any((px, py) == (x, y) and pr > r and pc == INK
                       for px, py, pr, pc in drawn.pieces)  # a dark ring around it
            checked += 1
    assert checked


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_drawn_card_shows_the_colours_of_the_goods_lying_in_villages(lang):
    view = next(play_cards(3, lang))
    lying = {GOOD_STYLE[good] for goods in view["villages"].values() for good in goods}
    assert lying
    shown = colours(turn_card.draw_card("troedler", view).crop(turn_card.MAP_BOX))
    for colour in lying:
        assert shown.get(colour, 0) > 100, colour  # a square's worth at least


def colours(image: Image.Image) -> dict[str, int]:
    return {"#{:02X}{:02X}{:02X}".format(*rgb): count
            for count, rgb in image.convert("RGB").getcolors(1 << 20)}


def overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def inside(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] >= b[0] and a[1] >= b[1] and a[2] <= b[2] and a[3] <= b[3]
