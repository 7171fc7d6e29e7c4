"""A corporation that must buy a train (none, and a route to run) when the depot sells none
its treasury can pay: the prompt's buttons were only "Sell 10% of …", and the trains other
corporations offer at list price, the moves that settle it, had none."""

from __future__ import annotations

from functools import cache

import engine
from bot.service.rhl18_steps import button_indexes
from engine import ai
from engine.rhl18 import flow as F
from engine.text import DEFAULT, say


def forced_position():
    """The first forced purchase without a depot train in a seeded normal game, played once
    per module (its dump cached); each test loads its own copy."""
    game = engine.get_game("18rhl")
    state = game.load(forced_dump())
    return game, state, game.legal(state, game.active(state)[0])


@cache
def forced_dump() -> str:
    game = engine.get_game("18rhl")
    state = game.setup(3, {}, 1)
    for number in range(400):
        seat = game.active(state)[0]
        view = game.view(state, None)
        corp = view.get("current_entity")
        if view.get("active_step") == "BuyTrain" and isinstance(corp, str) and \
                F.must_buy(state, corp):
            moves = game.legal(state, seat)
            if not any("depot" in game.format(state, m) for m in moves):
                return game.dump(state)
        game.apply(state, seat, ai.choose(game, state, seat, "normal", number))
    raise AssertionError("no forced purchase without a depot train came up")


def test_a_forced_purchase_offers_the_other_corporations_trains_as_buttons():
    game, state, moves = forced_position()
    picked = [moves[i] for i in button_indexes(game, state, moves)]
    labels = [say(game.label(state, m), DEFAULT).split(" · ")[0] for m in picked]
    offers = {say(game.label(state, m), DEFAULT).split(" · ")[0] for m in moves
              if m["type"] == "buy_train"}
    assert offers and offers <= set(labels)  # each seller, kind and price once
    assert len(labels) == len(set(labels))
    assert any(m["type"] == "sell_shares" for m in picked)


def test_pass_typed_when_the_corporation_must_buy_says_why_it_is_refused():
    """"/play pass" answered "I could not read that move", though the prompt's task said
    "Buy trains for CME, or pass"."""
    import pytest

    from engine.core import RuleError

    game, state, moves = forced_position()
    seat = game.active(state)[0]
    corp = moves[0]["entity"]
    for lang, words, verb in (("en", "must buy one: passing is not allowed", "buy-train"),
                              ("de", "Passen ist nicht erlaubt", "zug-kaufen")):
        with pytest.raises(RuleError) as refused:
            game.parse(state, seat, "pass")
        said = say(refused.value.text, lang)
        assert words in said and corp in said and verb in said, said


def test_the_task_says_the_corporation_must_buy_a_train():
    """The prompt and card said "Buy trains for BME, or pass", and passing was refused."""
    from render.turn_card import task_text

    game, state, moves = forced_position()
    corp = moves[0]["entity"]
    view = game.view(state, None)
    assert task_text("18rhl", view, "en").startswith(f"{corp} has no train and must buy one:")
    assert task_text("18rhl", view, "de", figures=False) == \
        f"{corp} hat keinen Zug und muss einen kaufen"
