"""Trödler's goods are told apart without colour: each kind carries its own glyph on its token
(the board's chips, its legend and the turn card's squares), and chair and pot are no longer
both brown.

Before, the card's squares were told apart by colour alone, and on the board by two-letter
labels that were a smudge at a phone's 550 px; a colour-blind player, or anyone on a phone,
could not tell a chair from a pot.
"""

from __future__ import annotations

from itertools import combinations

import pytest
from PIL import Image, ImageColor, ImageDraw

from engine.troedler.data import GOODS, VILLAGES
from render import card_scene, troedler, turn_card

PHONE = 550  # the width Discord shows a picture at on a phone


def grey(colour: str) -> float:
    r, g, b = ImageColor.getrgb(colour)
    return 0.299 * r + 0.587 * g + 0.114 * b


def glyph_pixels(token: Image.Image, fill: str) -> list[bool]:
    """Which pixels of a token, in greyscale, stand out from its fill: its glyph's shape."""
    level = grey(fill)
    return [abs(value - level) > 50 for value in token.convert("L").tobytes()]  # a byte a pixel


def share_apart(a: list[bool], b: list[bool]) -> float:
    return sum(x != y for x, y in zip(a, b, strict=True)) / len(a)


def test_every_kind_in_the_data_has_its_own_colour_and_glyph():
    looks = {good: troedler.good_look(good) for good in GOODS}
    assert len({fill.upper() for fill, _glyph in looks.values()}) == len(GOODS)
    masks = {good: troedler.glyph_mask(good, 24).tobytes() for good in GOODS}
    assert len(set(masks.values())) == len(GOODS)


def test_chair_and_pot_differ_even_without_hue():
    chair, _ = troedler.good_look("chair")
    pot, _ = troedler.good_look("pot")
    assert abs(grey(chair) - grey(pot)) > 50  # before: 35, brown beside reddish brown


def board_chip(good: str) -> Image.Image:
    image = Image.new("RGB", (troedler.CHIP_H + 4, troedler.CHIP_H + 4), "#FFFFFF")
    troedler._good_chip(ImageDraw.Draw(image), 2, 2, good)
    inset = 4  # inside the chip's rounded outline
    return image.crop((2 + inset, 2 + inset, 2 + troedler.CHIP_H - inset,
                       2 + troedler.CHIP_H - inset))


@pytest.mark.parametrize(("a", "b"), list(combinations(GOODS, 2)))
def test_board_chips_of_two_kinds_differ_in_greyscale_shape(a, b):
    apart = share_apart(glyph_pixels(board_chip(a), troedler.GOOD_STYLE[a]),
                        glyph_pixels(board_chip(b), troedler.GOOD_STYLE[b]))
    assert apart > 0.1, apart


def card_tokens(width: int) -> dict[str, Image.Image]:
    """Each kind's square on the turn card's map, all six in one village, the card scaled to
    ``width`` px: its inside, within its outline."""
    village = VILLAGES[len(VILLAGES) // 2]["key"]
    view = {"villages": {village: list(GOODS)}, "players": [], "card": {"acting": []}}
    drawn = card_scene.scene("troedler", view)
    image = Image.new("RGB", (turn_card.WIDTH, turn_card.HEIGHT), turn_card.BACKGROUND)
    turn_card._small_map(image, ImageDraw.Draw(image), drawn, [])
    window = turn_card._window(drawn, [], turn_card.MAP_BOX)
    box = turn_card.MAP_BOX
    scale = (box[2] - box[0]) / (window[2] - window[0]) * width / turn_card.WIDTH
    image = image.resize((width, round(image.height * width / image.width)),
                         Image.Resampling.LANCZOS)

    def at(x: float, y: float) -> tuple[int, int]:
        ratio = width / turn_card.WIDTH
        return (round(box[0] * ratio + (x - window[0]) * scale),
                round(box[1] * ratio + (y - window[1]) * scale))

    tokens = {}
    inset = max(1, round(2 * width / turn_card.WIDTH))
    for place in drawn.places.values():
        if place.label in GOODS:
            left, top, right, bottom = place.box()
            (x0, y0), (x1, y1) = at(left, top), at(right, bottom)
            tokens[place.label] = image.crop((x0 + inset, y0 + inset, x1 - inset, y1 - inset))
    assert set(tokens) == set(GOODS)
    return tokens


@pytest.mark.parametrize("width", [turn_card.WIDTH, PHONE])
def test_card_squares_of_two_kinds_differ_in_greyscale_shape(width):
    tokens = card_tokens(width)
    sizes = {token.size for token in tokens.values()}
    side = min(min(size) for size in sizes)
    shapes = {good: glyph_pixels(token.crop((0, 0, side, side)), troedler.GOOD_STYLE[good])
              for good, token in tokens.items()}
    for good, shape in shapes.items():  # the glyph still shows, at a phone's width too
        assert sum(shape) / len(shape) > 0.15, good
    for a, b in combinations(GOODS, 2):
        assert share_apart(shapes[a], shapes[b]) > 0.08, (a, b, width)


def test_the_legend_shows_every_kind_with_the_glyph_the_map_uses(monkeypatch):
    drawn = []
    original = troedler.draw_glyph

    def recording(draw, box, good):
        drawn.append(good)
        original(draw, box, good)

    monkeypatch.setattr(troedler, "draw_glyph", recording)
    troedler._static_map.__wrapped__(troedler.HEIGHT, "en", frozenset())
    assert sorted(drawn) == sorted(GOODS)  # the static map draws goods only in its legend
