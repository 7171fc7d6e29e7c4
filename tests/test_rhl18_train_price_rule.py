"""One rule for the price a corporation may offer for another corporation's train.

The engine's buy (operating._buy_train), its listed moves (legal.train_moves) and the typed
offers the bot completes (bot.service.rhl18_steps) each wrote "1M to the treasury, above a
declined offer" themselves; now all ask legal.offer_refusal. A typed price in another
script's digits ("²", which str.isdigit() accepts) made the autocomplete raise.
"""

from __future__ import annotations

import marshal
from functools import cache

import pytest

from bot.service.rhl18_steps import step_choices
from engine import get_game
from engine.ai import choose
from engine.core import RuleError
from engine.rhl18 import flow as F
from engine.rhl18.legal import offer_refusal
from engine.text import say

GAME = get_game("18rhl")


@cache
def _bought() -> bytes:
    # seed 0, 3 players, the easy AI: after 45 moves a corporation may buy RhE's 2-trains
    state = GAME.setup(3, None, 0)
    for step in range(45):
        seat = GAME.active(state)[0]
        GAME.apply(state, seat, choose(GAME, state, seat, "easy", step))
    return marshal.dumps(state)


def _position():
    state = marshal.loads(_bought())
    seat = GAME.active(state)[0]
    buyer = F.current_corp(state)
    offers = [m for m in GAME.legal(state, seat) if m["type"] == "buy_train"
              and m["train"] in state["corps"]["RhE"]["trains"]]
    assert offers and buyer != "RhE"
    return state, seat, buyer


def _applies(state, seat, text) -> bool:
    trial = marshal.loads(marshal.dumps(state))
    try:
        GAME.apply(trial, seat, GAME.parse(trial, seat, text))
    except RuleError:
        return False
    return True


def test_every_typed_price_the_autocomplete_offers_applies() -> None:
    state, seat, buyer = _position()
    cash = state["corps"][buyer]["cash"]
    for price in (1, cash // 2, cash):
        found = step_choices(GAME, state, seat, f"buy-train 2 from rhe {price}")
        assert found, price
        assert all(_applies(state, seat, text) for _, text in found)
    assert step_choices(GAME, state, seat, f"buy-train 2 from rhe {cash + 1}") == []
    assert not _applies(state, seat, f"buy-train 2-0 from rhe {cash + 1}")


def test_a_declined_price_is_neither_offered_nor_accepted() -> None:
    state, seat, buyer = _position()
    state["round"]["t"]["declined"] = {"2-0": 30}
    refusal = offer_refusal(state, buyer, "RhE", "2-0", 30)
    assert refusal is not None and "30" in say(refusal, "en")
    texts = [t for _, t in step_choices(GAME, state, seat, "buy-train 2 from rhe 30")]
    assert "buy-train 2-0 from rhe 30" not in texts
    with pytest.raises(RuleError) as refused:
        GAME.apply(state, seat, GAME.parse(state, seat, "buy-train 2-0 from rhe 30"))
    assert str(refused.value) == say(refusal, "en")
    assert offer_refusal(state, buyer, "RhE", "2-0", 31) is None
    assert _applies(state, seat, "buy-train 2-0 from rhe 31")


def test_the_listed_offers_obey_the_rule() -> None:
    state, seat, buyer = _position()
    for move in GAME.legal(state, seat):
        if move["type"] == "buy_train" and move["train"] in state["corps"]["RhE"]["trains"]:
            assert offer_refusal(state, buyer, "RhE", move["train"], move["price"]) is None
    assert offer_refusal(state, buyer, "RhE", "2-0", 0) is not None


@pytest.mark.parametrize("price", ["²", "٣٠", "1²"])
def test_a_price_in_other_digits_completes_nothing_and_raises_nothing(price) -> None:
    state, seat, _ = _position()
    assert step_choices(GAME, state, seat, f"buy-train 2 from rhe {price}") == []
