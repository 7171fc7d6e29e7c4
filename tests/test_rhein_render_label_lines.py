"""The German Rhein board's text reads as one piece: row labels and transport names all
bold or all regular (it dropped bold only for the words too wide for it: "Flugzeuge",
"Abgeladen", "Schwarz"); an order's terms on a line of their own stand indented under it
(at the right edge "Zeit 3 · Strafe 4" read as the next order's); a result's detail breaks
before a whole part ("· 5 erfüllt" began a line)."""
from __future__ import annotations

import pytest
from rhein_helpers import GAME, fresh

from render import rhein as board_picture
from render.text_draw import recording


def _drawn(view: dict) -> list:
    with recording() as drawn:
        board_picture.render(view)
    return drawn


def _view(lang: str) -> dict:
    view = GAME.view(fresh(5), None)
    view["lang"] = lang
    return view


@pytest.mark.parametrize("lang", ["en", "de"])
def test_row_labels_and_transport_names_are_all_bold_or_all_regular(lang):
    drawn = _drawn(_view(lang))
    word = board_picture.word
    labels = {word(lang, f"lane.{kind}") for kind in board_picture.KINDS}
    labels |= {word(lang, "row.trucks"), word(lang, "row.lying"), word(lang, "city")}
    weights = {item.bold for item in drawn if item.text in labels and item.box[0] < 20}
    assert len(weights) == 1, [(i.text, i.bold) for i in drawn if i.text in labels]
    names = {word(lang, f"colour.{colour}") for colour in board_picture.VEHICLE}
    weights = {item.bold for item in drawn if item.text in names}
    assert len(weights) == 1, [(i.text, i.bold) for i in drawn if i.text in names]


def test_terms_on_their_own_line_stand_indented_under_their_order():
    view = _view("de")
    view["orders_list"] = [
        {"card": 38, "city": 9, "options": [[3, 12], [4, 15], [5, 19]], "time": 3,
         "penalty": 4},
        {"card": 24, "city": 6, "options": [[2, 7], [4, 12]], "time": 3, "penalty": 2}]
    drawn = _drawn(view)
    order = next(i for i in drawn if i.text.startswith("#38 "))
    alone = next(i for i in drawn if i.text == "Zeit 3 · Strafe 4")
    beside = next(i for i in drawn if i.text == "Zeit 3 · Strafe 2")
    assert alone.box[1] > order.box[1]  # below its order, as before
    assert alone.box[0] < order.box[0] + 40  # but at the left, under it
    assert beside.box[0] > alone.box[0] + 200  # unlike the terms beside an order


def test_no_result_line_starts_with_a_separator():
    view = _view("de")
    entry = {"score": 61, "capital": 66, "penalties": 5, "aboard": 0, "mortgages": 0,
             "fulfilled": 5}
    view.update(step="over", final={str(seat): entry for seat in range(5)})
    lines = [said for said, _ in board_picture._result_lines(view, "de")]
    assert any("5 erfüllt" in line for line in lines), lines
    assert not [line for line in lines if line.lstrip().startswith("·")], lines
