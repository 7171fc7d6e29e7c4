"""A bare ``sell`` while sales are moves names the corporations and how a sale is typed.

It was "I could not read that move. Moves now start with: pass, sell": the move typed was a
sale, and nothing said how to name one (left open by this round's review of `sell gve`)."""

from __future__ import annotations

from engine import get_game
from engine.core import RuleError
from engine.text import say
from tests.test_rhl18_learner_sell import SELL_CUT
from tests.test_rhl18_refusals import refusals

GAME = get_game("18rhl")


async def test_a_bare_sell_says_which_and_how(tmp_path, monkeypatch):
    [said] = await refusals(tmp_path, monkeypatch, SELL_CUT, ["sell"])
    assert "could not read" not in said, said
    # the third seat may sell GVE (its president's share) and RhE at action 35
    assert said.startswith("Which shares? Name the corporation and how many, as in `sell "), said
    assert "You can sell " in said and "GVE" in said and "RhE" in said, said


def test_a_bare_sell_where_no_sale_is_a_move_is_still_unread():
    state = GAME.setup(4, {}, 1)  # the private auction: nothing to sell
    seat = GAME.active(state)[0]
    try:
        GAME.parse(state, seat, "sell")
    except RuleError as error:
        assert "could not read" in say(error.args[0], "en")
    else:
        raise AssertionError("a bare sell in the auction was read as a move")
