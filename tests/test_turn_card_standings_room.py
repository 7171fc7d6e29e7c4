"""A turn card's standings row gives the numbers the room a short name leaves: six 18Rhl
seats named "Bot 1" to "Bot 6" read "1248M, worth 277…" once the seat's letter squares
grew, with the name column kept wide for long names."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render import turn_card
from render.text_draw import recording


def _drawn(name: str, value: str) -> list[str]:
    image = Image.new("RGB", (turn_card.WIDTH, turn_card.HEIGHT), "white")
    view = {"seats": [{"seat": 1, "name": name}]}
    with recording() as texts:
        turn_card._standings(ImageDraw.Draw(image), "18rhl", view, "en", [(1, value)], 300)
    return [t.text for t in texts]


def test_a_short_names_row_shows_the_numbers_whole():
    drawn = _drawn("Bot 2", "1248M, worth 2778M")
    assert "1248M, worth 2778M" in drawn and "Bot 2" in drawn, drawn


def test_a_long_name_still_keeps_its_room():
    drawn = _drawn("Maximiliane von Hohenzollern", "1248M, worth 2778M")
    assert any(text.startswith("Maxi") for text in drawn), drawn
