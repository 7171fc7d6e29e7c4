"""Rheinländer's turn card: the realms beside the river (cities, castles, churches) were
discs told apart only by their fill, and a city lost its value. Each disc now carries the
board's mark in ink: a city its value, a church a cross, a castle a tower, so a player who
sees no colour (or a castle's tan as a city's yellow) tells them apart, and sees what a city
is worth, on the card as on the board."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engine.rheinlaender import GAME
from engine.rheinlaender.board import get_board
from render import card_scene, render_turn_card
from render.turn_card import MAP_BOX, _window
from tests.colour_vision import KINDS, luminance, pixels, simulate_image


def _card(lang: str) -> tuple[Image.Image, dict]:
    view = {**GAME.view(GAME.setup(4, {}, seed=9), 0), "lang": lang}
    return Image.open(io.BytesIO(render_turn_card("rheinlaender", view))).convert("RGB"), view


def _disc(image: Image.Image, view: dict, realm: str) -> Image.Image:
    """The middle of a realm's disc on the card (inside its rim)."""
    scene = card_scene.scene("rheinlaender", view)
    window = _window(scene, [], MAP_BOX)
    scale = (MAP_BOX[2] - MAP_BOX[0]) / (window[2] - window[0])
    x, y = get_board().spaces[realm]["centre"]
    cx = MAP_BOX[0] + (x - window[0]) * scale
    cy = MAP_BOX[1] + (y - window[1]) * scale
    half = 4  # inside the 7 px disc's rim the whole board drew
    return image.crop((round(cx - half), round(cy - half), round(cx + half), round(cy + half)))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_realm_disc_on_the_card_carries_an_ink_mark(lang):
    image, view = _card(lang)
    realms = view["realms"]
    assert {piece["kind"] for piece in realms.values()} == {"city", "castle", "church"}
    for realm in realms:
        middle = list(pixels(_disc(image, view, realm)))
        ink = sum(luminance(p) < 0.05 for p in middle) / len(middle)
        assert ink >= 0.08, (realm, realms[realm], ink)


@pytest.mark.parametrize("kind", KINDS)
def test_cities_of_different_values_and_the_three_kinds_differ_without_colour(kind):
    """Two cities of different values, a castle and a church: four different marks, as
    ``kind`` sees them (the discs alone were three fills, two cities alike)."""
    image, view = _card("en")
    realms = view["realms"]
    by_value: dict = {}
    for realm, piece in sorted(realms.items()):
        by_value.setdefault((piece["kind"], piece.get("value")), realm)
    cities = sorted(key for key in by_value if key[0] == "city")
    chosen = [by_value[cities[0]], by_value[cities[-1]],
              by_value[("castle", None)] if ("castle", None) in by_value else
              next(r for r, p in realms.items() if p["kind"] == "castle"),
              next(r for r, p in realms.items() if p["kind"] == "church")]
    assert cities[0][1] != cities[-1][1]
    seen = [simulate_image(_disc(image, view, realm), kind).convert("L") for realm in chosen]
    # as shapes: which pixels are ink
    shapes = [tuple(v < 90 for v in pixels(disc)) for disc in seen]
    assert len(set(shapes)) == 4, (kind, chosen)
