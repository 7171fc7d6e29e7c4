"""Rhein's opener must choose an order and bid (R-rules; ``rhein.refuse.opener``), yet the
turn prompt and card told them "Bid for an order, or pass", and a newcomer who typed
``pass`` was refused. The opener's task now says what they must do; a bidder after the
opening may still pass."""

from __future__ import annotations

import pytest

from engine import GAMES
from render.turn_card import task_text
from tests.rhein_helpers import fresh


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Choose an order and open the bidding (0 is allowed)"),
    ("de", "Wähle einen Auftrag und eröffne das Bieten (0 ist erlaubt)")])
def test_the_opener_is_not_offered_a_pass(lang, said) -> None:
    game = GAMES["rhein"]
    state = fresh(3)
    seat = game.active(state)[0]
    assert state["step"] == "auction" and state["auction"]["card"] is None
    assert not any(m["type"] == "pass" for m in game.legal(state, seat))
    assert task_text("rhein", game.view(state, seat), lang) == said


def test_a_bidder_after_the_opening_may_pass() -> None:
    game = GAMES["rhein"]
    state = fresh(3)
    seat = game.active(state)[0]
    opening = next(m for m in game.legal(state, seat) if m["type"] == "bid")
    game.apply(state, seat, opening)
    nxt = game.active(state)[0]
    assert any(m["type"] == "pass" for m in game.legal(state, nxt))
    assert task_text("rhein", game.view(state, nxt), "en") == "Bid for an order, or pass"
