"""The Rhein turn card of Phases 2 and 3 lists the acting seat's open orders (city and the
quantities each takes) beside the transports: the card showed only the transports, and a
player on a phone had to open the full board to see where their containers should go.
Orders held are public (the board shows them)."""

from __future__ import annotations

import pytest
from rhein_helpers import GAME, at_load, fresh, give

from render import turn_card
from tests.test_turn_card import card_view, check_readable, draw


@pytest.mark.parametrize("players", [3, 5])
@pytest.mark.parametrize(("lang", "title"), [("en", "Your orders"), ("de", "Deine Aufträge")])
def test_the_loading_card_lists_the_seats_open_orders(players, lang, title):
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
    assert "Frankfurt 2/3/4" in panel and "Koblenz 2/4 +1" in panel, panel
    assert not any("London" in text for text in panel), panel
