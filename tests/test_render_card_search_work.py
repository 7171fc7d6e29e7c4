"""The turn card's searches skip work whose answer is already known: a tag's spot clips the
map's cells only for spots not already dearer than the best one on the pieces they hide,
and only the cells near it, and a move line's cut with an ellipsis is worked out once,
however many line counts the card tries (the answers themselves: tests/test_turn_card.py,
tests/test_card_map_tags.py)."""

from __future__ import annotations

from render import card_text
from render import turn_card as tc


def _square(left: float, top: float, right: float, bottom: float) -> tc._Cell:
    return tc._Cell.of([(left, top), (right, top), (right, bottom), (left, bottom)])


def test_a_tag_clips_the_cells_only_under_spots_still_cheap_enough(monkeypatch):
    clipped: list[tuple] = []
    real = tc._Cell.covered
    monkeypatch.setattr(tc._Cell, "covered", lambda self, box: clipped.append(box) or
                        real(self, box))
    # a strip of cell right above the place, twenty more cells around; pieces fill the map
    # above and below the place's row, so every spot but those at its level hides them
    cells = [_square(440, 455, 560, 465)] + [_square(250 + k * 20, 700, 260 + k * 20, 710)
                                             for k in range(20)]
    crowd = tc._Crowd(things=[(0, 0, 1000, 449), (0, 481, 1000, 1000)], cells=cells)
    found = tc._best_spot(500, 500, 20, 20, 60, 30, [], (0, 0, 1000, 1000), crowd)
    assert found == ((520.0, 450.0, 580.0, 480.0), 200.0)  # the corner hides least
    assert len(set(clipped)) <= 5  # of the 48 spots tried
    assert len(clipped) <= 10  # against the cells they meet, not all 21 of them


def widths_asked(monkeypatch) -> list[str]:
    """The texts the cards measure (card_text.text_width) from now on, in order."""
    measured: list[str] = []
    real = card_text.text_width
    monkeypatch.setattr(card_text, "text_width", lambda text, *a: measured.append(text) or
                        real(text, *a))
    return measured


def test_a_line_is_cut_once_however_often_the_card_asks(monkeypatch):
    line = "Anne-Marie Weißenfels liefert 3 Kohle nach Düsseldorf und erhält 12 Taler " * 3
    measured = widths_asked(monkeypatch)
    first = card_text.fit(line, 26, 700)
    count = len(measured)
    assert card_text.fit(line, 26, 700) == first and first.endswith("…")
    assert len(measured) == count



def _cut_letter_by_letter(text: str, size: int, width: float) -> str:
    while text and card_text.text_width(text + "…", size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def test_a_long_line_is_cut_to_its_longest_fitting_prefix_in_few_measures(monkeypatch):
    line = "Bärbel Groß baut eine Station in Köln-Deutz und zahlt 40 Taler an die Bank; " * 8
    measured = widths_asked(monkeypatch)
    for width in (700, 333.5, 40, 5):
        measured.clear()
        cut = card_text.fit.__wrapped__(line, 26, width)
        assert len(measured) <= 12  # by halving, not one letter at a time (600 letters)
        assert cut == _cut_letter_by_letter(line, 26, width)
