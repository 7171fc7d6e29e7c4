"""The Rhein turn card of Phases 2 and 3 lists the acting seat's open orders (city and the
quantities each takes) beside the transports: the card showed only the transports, and a
player on a phone had to open the full board to see where their containers should go.
Orders held are public (the board shows them)."""

from __future__ import annotations

import re

import pytest
from rhein_helpers import GAME, at_load, at_reserve, board, fresh, give

from render import turn_card
from tests.test_turn_card import card_view, check_readable, draw


@pytest.mark.parametrize("players", [3, 5])
@pytest.mark.parametrize(("lang", "title", "more"), [("en", "Your orders", "+2 more"),
                                                     ("de", "Deine Aufträge", "+2 weitere")])
def test_the_loading_card_lists_the_seats_open_orders(players, lang, title, more):
    state = fresh(players, seed=2)
    state["auction"] = None
    at_load(state)
    seat = GAME.active(state)[0]
    for card in (17, 24, 9):  # Frankfurt 2/3/4, Koblenz 2/4, Mannheim 2/3/4
        give(state, seat, card)
    give(state, (seat + 1) % players, 47)  # London: another seat's, not on this card
    _, texts = draw("rhein", card_view(GAME, "rhein", state, players, lang,
                                       GAME.view(state, None), []))
    check_readable(texts)
    left, top, right, bottom = turn_card.MAP_BOX
    panel = [t.text for t in texts if t.box[0] < right and t.box[1] > turn_card.BANNER]
    assert title in panel, panel
    # those that do not fit are counted in words on a line of their own: "Koblenz 2/4 +1"
    # read as a bonus
    assert "Frankfurt 2/3/4" in panel and more in panel, panel
    assert not any(re.search(r"\d \+\d+$", text) for text in panel), panel
    assert not any("London" in text for text in panel), panel


def test_a_box_with_room_below_it_lists_every_order():
    """In Phase 3 with two transports loaded, the orders' box took one line's height above
    an empty panel: it now reaches down the column and lists every order."""
    state = fresh(3, seed=2)
    state["auction"] = None
    for key in ("red-train", "white-ship"):
        board(state, key, None, {0: 4})
    at_reserve(state)
    seat = GAME.active(state)[0]
    for card in (17, 24, 9, 15):
        give(state, seat, card)
    _, texts = draw("rhein", card_view(GAME, "rhein", state, 3, "en",
                                       GAME.view(state, None), []))
    check_readable(texts)
    left, top, right, bottom = turn_card.MAP_BOX
    panel = [t.text for t in texts if t.box[0] < right and t.box[1] > turn_card.BANNER]
    assert {"Frankfurt 2/3/4", "Koblenz 2/4", "Mannheim 2/3/4", "Frankfurt 6/8"} <= set(panel), \
        panel
    assert not any("more" in text for text in panel), panel
