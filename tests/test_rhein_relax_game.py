"""R17, Relax (for non-expert players): the delivery time is ignored, no time tokens are
used, and an order not fulfilled pays its penalty only at the end of the game. A whole game
is played with the variant on: no order ever expires, even one held past its time, and the
final account charges every open order's penalty."""

from __future__ import annotations

from rhein_helpers import GAME, fresh

from engine import ai
from engine.rhein.state import card


def test_r17_a_relaxed_game_keeps_every_order_to_the_end_and_charges_its_penalty_there():
    state = fresh(3, {"relax": True}, seed=4)
    taken: dict[int, int] = {}  # card -> round it was taken in
    held_past_time = []
    while GAME.result(state) is None:
        seat = GAME.active(state)[0]
        lines = GAME.apply(state, seat, ai.choose(GAME, state, seat, "normal", 4))
        assert not [line for line in lines if getattr(line, "key", "") == "rhein.log.expires"]
        for orders in state["orders"]:
            for order in orders:
                assert order["tokens"] is None, order  # R17: time tokens are not used
                taken.setdefault(order["card"], state["round"])
                if state["round"] - taken[order["card"]] >= card(order["card"]).time:
                    held_past_time.append(order["card"])
    assert held_past_time, "no order was held past its time: the game proved nothing"
    assert not state["discards"] or not set(held_past_time) & set(state["discards"])
    for seat, orders in enumerate(state["orders"]):
        final = state["final"][str(seat)]
        assert final["penalties"] == sum(card(order["card"]).penalty for order in orders)
    assert any(state["final"][str(seat)]["penalties"] for seat in range(3))
