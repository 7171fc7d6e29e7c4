"""/game hand in Rhein says a seat's face-down fulfilled orders in the words of the orders it
took and those on display: "order 46 Rotterdam: 3 containers pay 16, 4 pay 20, 5 pay 25;
time 3, penalty 5", not "3→16 4→20 5→25" (a phone player's review: the arrows are said
nowhere else in the hand)."""

from __future__ import annotations

import pytest

from bot.service.base import _private_part, _secret_lines
from engine import get_game

SAID = {"en": "Fulfilled orders (face down): order 46 Rotterdam: 3 containers pay 16, "
              "4 pay 20, 5 pay 25; time 3, penalty 5",
        "de": "Auftrag 46 Rotterdam: 3 Container bringen 16, 4 bringen 20, 5 bringen 25; "
              "Zeit 3, Strafe 5"}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_fulfilled_orders_in_the_hand_are_in_words(lang: str) -> None:
    game = get_game("rhein")
    state = game.setup(3, {}, 1)
    state["fulfilled"][0] = [46]
    secret = _private_part(game.view(state, 0), game.view(state, None))
    said = "\n".join(_secret_lines(secret, lang))
    assert SAID[lang] in said, said
    assert "→" not in said
    # the other seats' view names no fulfilled card
    assert "46" not in str(_private_part(game.view(state, None), game.view(state, None)))
