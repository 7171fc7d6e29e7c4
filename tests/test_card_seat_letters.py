"""Seat letters on the turn card. The card's small map drew every player's piece as a plain
dot and the standings and the banner a plain square, so seats were told apart by colour
alone (Trödler's sky blue and blue carts, Rheinländer's orange and yellow knights), against
the rule that colour is never the only cue. Each seat's piece now carries the seat's letter as
the full board marks it, wherever its dot stays whole in the map and clear of other pieces,
and every square in the banner and the standings carries its seat's letter.
"""

from __future__ import annotations

import math
from unittest import mock

import pytest

from render import turn_card
from render.text_draw import recording
from tests.test_card_map_tags import card_mapping
from tests.test_turn_card import check_readable, sampled_cards


def seat_pieces(key: str, view: dict) -> int:
    """How many of the view's pieces belong to a seat (a knight, a cart, a truck)."""
    if key == "rheinlaender":
        return len(view.get("knights") or {})
    if key == "troedler":
        return sum(1 for p in view.get("players") or [] if p.get("cart") is not None)
    return sum(1 for p in view.get("players") or []
               for truck in (p.get("trucks") or {}).values() if truck.get("pos") is not None)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("key", "players"), [("troedler", 4), ("rheinlaender", 5),
                                              ("rhein", 5)])
def test_every_seat_piece_and_square_on_a_card_carries_its_seats_letter(key, players, lang):
    box = turn_card.MAP_BOX
    alone = 0
    for _state, view in sampled_cards(key, players, lang, samples=tuple(range(4, 120, 7))):
        with recording() as said, mock.patch.object(
                turn_card, "_small_map", wraps=turn_card._small_map) as small_map:
            turn_card.draw_card(key, view)
        check_readable(said)
        acting = view["card"]["acting"]
        if acting:  # the banner's square
            assert said[0].text == turn_card.letter_of(key, view, acting[0])
        (standings,) = [t for t in said if t.text in ("Standings", "Stand")]
        for seat in range(players):  # the standings' square, left of the seat's name
            letter = turn_card.letter_of(key, view, seat)
            assert letter
            assert any(t.text == letter and t.box[1] > standings.box[3] and
                       t.box[0] < standings.box[0] + 20 for t in said), (seat, letter)
        if not small_map.called:
            continue
        drawn, at, scale = card_mapping(key, view)
        if key != "rhein":  # (a Rhein cell shows six of its pieces)
            assert len(drawn.letters) == seat_pieces(key, view)
        for index, (x, y, r, _colour) in enumerate(drawn.pieces):
            letter = drawn.letters.get(index)
            if not letter:
                continue
            cx, cy = at(x, y)
            grown = max(6.0, r * scale, turn_card.letter_radius(letter))
            if not (box[0] + grown <= cx <= box[2] - grown and
                    box[1] + grown <= cy <= box[3] - grown):
                continue  # cut by the map's edge
            if any(math.dist((cx, cy), at(ox, oy)) < grown + max(
                    6.0, other * scale,
                    turn_card.letter_radius(drawn.letters[j]) if j in drawn.letters else 0)
                   for j, (ox, oy, other, _c) in enumerate(drawn.pieces)
                   if j != index and (ox, oy) != (x, y)):
                continue  # another piece's dot would meet it
            alone += 1
            assert any(t.text == letter and abs((t.box[0] + t.box[2]) / 2 - cx) < 4 and
                       abs((t.box[1] + t.box[3]) / 2 - cy) < 6 for t in said), \
                (letter, (cx, cy))
    if key != "rhein":  # Rhein's card shows its river only in some phases
        assert alone > 5
