"""Rhein's board tells a player without red or green vision, on a phone, which transport a
reservation flag belongs to and where no transport can stop:

- a flag's transport (white, red, black) was a 7 px band of its colour at the pole: 2.4 px
  at 550 px, and under protanopia red read as black. The flag's top stripe now carries the
  transport's letter (W, R, K; German W, R, S) on its colour;
- 'no stop possible' was hatched in 1 px #C9C4B8, 1.4:1 against the lanes, gone at 550 px.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

import engine
from render import render_board, rhein
from tests.board_checks import board_problems, drawn
from tests.colour_vision import KINDS, at_phone_width, contrast, luminance, pixels, simulate_image

LETTERS = {"en": {"white": "W", "red": "R", "black": "K"},
           "de": {"white": "W", "red": "R", "black": "S"}}
# the stops reserved: (transport, city, seat)
RESERVED = [("white-train", 2, 0), ("red-train", 3, 1), ("black-train", 5, 2),
            ("red-ship", 2, 3), ("black-ship", 4, 0)]


def _view(lang: str) -> dict:
    game = engine.GAMES["rhein"]
    view = {**game.view(game.setup(4, {}, seed=5), None), "lang": lang}
    for item in view["transports"]:
        for key, city, seat in RESERVED:
            if item["key"] == key:
                item["markers"] = [*item["markers"], city]
                item["reserved_by"] = {**item["reserved_by"], str(city): seat}
    return view


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_reservation_flag_carries_its_transports_letter(lang):
    view = _view(lang)
    texts, _ = drawn(lambda: render_board("rhein", view))
    layout = rhein.plan(view, lang)
    for key, city, _seat in RESERVED:
        colour, kind = key.split("-")
        left, right = rhein.x_of(city), rhein.x_of(city) + rhein.width_of(city)
        top, bottom = layout.lanes[kind]
        inside = [t.text for t in texts
                  if left <= t.box[0] and t.box[2] <= right and top <= t.box[1]
                  and t.box[3] <= bottom]
        assert LETTERS[lang][colour] in inside, (key, city, inside)
    assert board_problems(lambda: render_board("rhein", view)) == []


@pytest.mark.parametrize("kind", KINDS)
def test_a_flags_letter_reads_on_its_transports_colour(kind):
    """The letter against its stripe, as each deficiency sees them: red's white letter and
    black's stay at least 4.5:1."""
    for colour, fill in rhein.VEHICLE.items():
        ink = rhein.text_colour_on(fill)
        seen = [Image.new("RGB", (1, 1), c).getpixel((0, 0)) for c in (ink, fill)]
        ratio = contrast(*(simulate_image(Image.new("RGB", (1, 1), c), kind).getpixel((0, 0))
                           for c in seen))
        assert ratio >= 4.5, (colour, kind, ratio)
    assert rhein.FLAG_BAND * 550 / rhein.WIDTH >= 6  # the stripe at phone width, px


def test_no_stop_possible_is_hatched_visibly_at_phone_width():
    """In a hatched lane cell at 550 px, the hatching's pixels stand out from the lane's fill
    by 1.6:1 or more in every simulation (1 px #C9C4B8 blurred into the fill at about 1.1)."""
    view = _view("en")
    image = Image.open(io.BytesIO(render_board("rhein", view))).convert("RGB")
    layout = rhein.plan(view, "en")
    cities = {city["number"]: city for city in view["cities"]}
    city = next(n for n in range(1, 11) if n in cities and "plane" not in cities[n]["services"])
    top, bottom = layout.lanes["plane"]
    scale = 550 / image.width
    small = at_phone_width(image)
    box = (round((rhein.x_of(city) + 4) * scale), round((top + 4) * scale),
           round((rhein.x_of(city) + rhein.width_of(city) - 4) * scale),
           round((bottom - 4) * scale))
    fill = Image.new("RGB", (1, 1), rhein.LANE_FILL["plane"]).getpixel((0, 0))
    for kind in KINDS:
        cell = simulate_image(small.crop(box), kind)
        lane = simulate_image(Image.new("RGB", (1, 1), fill), kind).getpixel((0, 0))
        darkest = min(pixels(cell), key=luminance)
        assert contrast(darkest, lane) >= 1.6, (kind, contrast(darkest, lane))
