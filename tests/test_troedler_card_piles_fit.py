"""The Trödler turn card's pile rows keep their text inside their boxes: a German review's
card ran "#9 Auftrag 2 Flaschen + Tasse (4)" over the right edge of its box ("Tasse" across
the border), as the text wrapped to a width the box's padding did not leave."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from engine.troedler.data import CARDS
from engine.troedler.views import card_face
from render.text_draw import recording
from render.troedler_card import draw_piles

BOX = (600.0, 100.0, 990.0, 560.0)  # about the card's pile panel


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_pile_text_stays_inside_its_box(lang):
    draw = ImageDraw.Draw(Image.new("RGB", (1000, 620), "white"))
    for first in range(0, len(CARDS), 4):  # every card on top of a pile, four at a time
        piles = [{"number": n + 1, "top": card_face(card), "covered": 3}
                 for n, card in enumerate(sorted(CARDS)[first:first + 4])]
        with recording() as drawn:
            draw_piles(draw, {"piles": piles}, BOX, lang)
        for text in drawn:
            if not text.text.startswith("+") and not text.text.isdigit():
                assert text.box[2] <= BOX[2] - 70 - 4, (text.text, text.box)
