"""Phase 1: taking orders, the round-1 auctions, 2-player passes, last round, variants."""

import pytest
from rhein_helpers import (
    BLUE,
    BROWN,
    GAME,
    GREEN,
    PURPLE,
    YELLOW,
    act,
    current,
    fresh,
    restart_round1,
    set_capital,
    stack,
    start_phase6,
    start_take,
)

from engine import RuleError
from engine.rhein.state import turn_order

K, D = 4, 41  # the printed Karlsruhe order and the Duisburg order (4 -> 20)


def test_turn_order_example_reverse_capital_and_stack():
    # Rulebook example: Blue, Yellow, Brown, Green, Purple. Brown and Green share a value;
    # Brown's marker is on top of Green's.
    state = fresh(5)
    set_capital(state, blue=8, yellow=12, brown=15, green=15, purple=22)
    stack(state, BROWN, GREEN)
    assert turn_order(state) == [BLUE, YELLOW, BROWN, GREEN, PURPLE]


def test_r2_e2_a_marker_that_arrives_goes_on_top():
    state = fresh(3)
    set_capital(state, green=15, blue=18, yellow=30)
    from rhein_helpers import at_load
    at_load(state)
    assert turn_order(state) == [GREEN, BLUE, YELLOW]
    act(state, GREEN, "done")
    act(state, BLUE, "load red-train 3")
    assert state["capital"][BLUE] == 15
    assert turn_order(state)[:2] == [BLUE, GREEN]


def test_r1_e5_capital_over_100_is_not_a_tie():
    state = fresh(5)
    set_capital(state, purple=116, brown=16)
    order = turn_order(state)
    assert order.index(BROWN) < order.index(PURPLE)


def test_r10_r12_e6_four_player_round1_auction():
    state = fresh(4, seed=2)
    stack(state, BLUE, GREEN, YELLOW, PURPLE)
    restart_round1(state, [K, D, 1, 2, 3, 5])
    assert current(state) == BLUE
    act(state, BLUE, f"bid {K} 0")
    act(state, GREEN, f"bid {K} 1")
    act(state, YELLOW, "pass")
    act(state, PURPLE, f"bid {K} 2")
    act(state, BLUE, "pass")
    act(state, GREEN, f"bid {K} 3")
    act(state, PURPLE, "pass")
    assert state["capital"][GREEN] == 17
    assert state["orders"][GREEN] == [{"card": K, "tokens": 2}]
    assert current(state) == BLUE  # auction 2: Blue is the first of those left
    act(state, BLUE, f"bid {D} 0")
    act(state, YELLOW, f"bid {D} 4")
    act(state, PURPLE, "pass")
    act(state, BLUE, f"bid {D} 5")
    act(state, YELLOW, "pass")
    assert state["capital"][BLUE] == 15
    assert current(state) == YELLOW
    act(state, YELLOW, "bid 1 0")
    act(state, PURPLE, "pass")
    assert state["capital"][YELLOW] == 20
    assert state["auction"]["lone"] and current(state) == PURPLE
    with pytest.raises(RuleError, match="take one for 0"):
        act(state, PURPLE, "bid 2 0")
    act(state, PURPLE, "take 2")
    assert state["capital"][PURPLE] == 20 and state["phase"] == 2
    assert turn_order(state) == [BLUE, GREEN, YELLOW, PURPLE]
    assert sorted(state["list"]) == [3, 5]


def test_r11_opener_cannot_pass_and_bids_must_raise():
    state = fresh(3)
    stack(state, GREEN, YELLOW, BLUE)
    restart_round1(state, [K, D, 1, 2, 3])
    with pytest.raises(RuleError, match="opener"):
        act(state, GREEN, "pass")
    act(state, GREEN, f"bid {K} 2")
    with pytest.raises(RuleError, match="raise"):
        act(state, YELLOW, f"bid {K} 2")
    with pytest.raises(RuleError, match=f"order {K}"):
        act(state, YELLOW, f"bid {D} 3")


def test_r11_e7_bid_above_capital_needs_a_mortgage():
    state = fresh(3)
    stack(state, YELLOW, GREEN, BLUE)
    restart_round1(state, [K, D, 1, 2, 3])
    act(state, YELLOW, f"bid {K} 0")
    act(state, GREEN, f"bid {K} 20")
    act(state, BLUE, "pass")
    with pytest.raises(RuleError, match="Capital"):
        act(state, YELLOW, f"bid {K} 21")
    act(state, YELLOW, "mortgage a")
    assert state["capital"][YELLOW] == 26 and current(state) == YELLOW
    act(state, YELLOW, f"bid {K} 21")
    act(state, GREEN, "pass")
    assert state["capital"][YELLOW] == 5
    assert state["trucks"][YELLOW]["a"]["where"] == "mortgaged"
    assert current(state) == GREEN  # Green, above Blue, opens auction 2


def test_r2_e3_payment_of_zero_does_not_move_the_marker():
    state = fresh(3)
    stack(state, GREEN, BLUE, YELLOW)
    restart_round1(state, [K, D, 1, 2, 3])
    act(state, GREEN, f"bid {K} 0")
    act(state, BLUE, "pass")
    act(state, YELLOW, "pass")
    act(state, BLUE, f"bid {D} 0")
    act(state, YELLOW, "pass")
    assert state["capital"][BLUE] == 20
    assert turn_order(state)[0] == GREEN  # Green still on top at 20


def test_r13_e8_two_player_round1():
    state = fresh(2)
    stack(state, GREEN, YELLOW)
    restart_round1(state, [K, D, 2, 3, 5])
    act(state, GREEN, f"bid {K} 0")
    act(state, YELLOW, f"bid {K} 2")
    act(state, GREEN, "pass")
    assert current(state) == GREEN
    act(state, GREEN, f"take {D}")
    assert state["capital"] == [20, 18]
    assert state["step"] == "take" and state["pass"] == 2
    assert current(state) == YELLOW
    act(state, YELLOW, "take 2")  # time 3 -> 2 tokens
    act(state, GREEN, "take 3")  # time 1 -> 0 tokens
    assert state["orders"][YELLOW][-1] == {"card": 2, "tokens": 2}
    assert state["orders"][GREEN][-1] == {"card": 3, "tokens": 0}
    assert state["orders"][GREEN][0] == {"card": D, "tokens": 2}
    assert state["phase"] == 2 and state["list"] == [5]


def test_r9_e9_two_player_later_round():
    state = fresh(2)
    set_capital(state, green=30, yellow=12)
    start_take(state, 4, [1, 2, 3, 5, 6])
    act(state, YELLOW, "pass")
    act(state, GREEN, "take 1")  # time 2
    act(state, YELLOW, "take 2")  # time 3, second pass
    act(state, GREEN, "take 3")  # time 1, second pass
    assert state["orders"][GREEN] == [{"card": 1, "tokens": 2}, {"card": 3, "tokens": 0}]
    assert state["orders"][YELLOW] == [{"card": 2, "tokens": 2}]
    assert len(state["list"]) == 2


def test_r8_e10_taking_is_optional_and_passing_is_final():
    state = fresh(3)
    set_capital(state, blue=5, green=10, yellow=20)
    start_take(state, 3, [1, 2, 3, 5, 6])
    act(state, BLUE, "done")
    act(state, GREEN, "take 1")
    with pytest.raises(RuleError, match="turn"):
        act(state, BLUE, "take 2")
    act(state, YELLOW, "done")
    assert state["phase"] == 2 and len(state["list"]) == 4
    start_phase6(state)
    assert state["list"] != [2, 3, 5, 6] and {2, 3, 5, 6} <= set(state["discards"])


def test_r8_taking_ends_the_turn_one_card_per_pass():
    state = fresh(3)
    set_capital(state, blue=5, green=10, yellow=20)
    start_take(state, 3, [1, 2, 3, 5, 6])
    act(state, BLUE, "take 1")
    assert current(state) == GREEN


def test_r15_r60_e44_life_of_a_time_token_counts_rounds():
    state = fresh(3)
    start_take(state, 3, [K, 1, 2, 3, 5])
    act(state, current(state), f"take {K}")
    owner = next(s for s in range(3) if state["orders"][s])
    before = state["capital"][owner]
    start_phase6(state)
    assert state["orders"][owner][0]["tokens"] == 1
    state["phase"], state["step"] = 6, "take"
    start_phase6(state)
    assert state["orders"][owner] == []
    assert K in state["discards"]
    assert state["capital"][owner] == before - 2


def test_r16_e45_under_pressure_time_one_card_gets_zero():
    state = fresh(3, {"under_pressure": True})
    start_take(state, 2, [3, 2, 1, 5, 6])
    first = current(state)
    act(state, first, "take 3")  # time 1
    second = current(state)
    act(state, second, "take 2")  # time 3
    assert state["orders"][first] == [{"card": 3, "tokens": 0}]
    assert state["orders"][second] == [{"card": 2, "tokens": 2}]


def test_r16_e46_under_pressure_two_players_never_minus_two():
    state = fresh(2, {"under_pressure": True})
    set_capital(state, green=10, yellow=20)
    start_take(state, 2, [2, 10, 3, 5, 6])
    act(state, GREEN, "take 2")  # time 3, first pass
    act(state, YELLOW, "take 3")  # time 1, first pass
    act(state, GREEN, "take 10")  # time 3, second pass
    assert state["orders"][GREEN] == [{"card": 2, "tokens": 2}, {"card": 10, "tokens": 2}]
    assert state["orders"][YELLOW] == [{"card": 3, "tokens": 0}]


def test_r17_e47_relax_no_tokens_penalty_only_at_the_end():
    state = fresh(3, {"relax": True})
    set_capital(state, blue=5, green=10, yellow=20)
    start_take(state, 2, [K, 1, 2, 3, 5])
    act(state, BLUE, f"take {K}")
    assert state["orders"][BLUE] == [{"card": K, "tokens": None}]
    for _ in range(3):
        state["phase"] = 6
        start_phase6(state)
    assert state["orders"][BLUE][0]["card"] == K and state["capital"][BLUE] == 5
    state["round"] = state["rounds"]
    start_phase6(state)
    assert state["final"][str(BLUE)]["penalties"] == 2


def test_r14_e48_retake_a_fulfilled_order_in_the_last_round():
    state = fresh(3)
    set_capital(state, blue=5, yellow=20, green=40)
    state["fulfilled"][GREEN] = [K]
    start_take(state, 10, [1, 2, 3, 5, 6])
    act(state, BLUE, "done")
    act(state, YELLOW, "done")
    act(state, GREEN, f"retake {K}")
    assert state["capital"][GREEN] == 37
    assert state["orders"][GREEN] == [{"card": K, "tokens": 2}]
    assert state["fulfilled"][GREEN] == []
    assert state["phase"] == 2


def test_r14_retake_only_in_the_last_round_and_not_with_a_list_card():
    state = fresh(3)
    set_capital(state, blue=5, yellow=20, green=40)
    state["fulfilled"][BLUE] = [K]
    start_take(state, 9, [1, 2, 3, 5, 6])
    with pytest.raises(RuleError, match="last round"):
        act(state, BLUE, f"retake {K}")
    start_take(state, 10, [1, 2, 3, 5, 6])
    act(state, BLUE, f"retake {K}")
    assert current(state) == YELLOW  # the re-take was Blue's take of the pass


def test_r14_retake_in_two_player_second_pass_gets_one_token_less():
    state = fresh(2)
    set_capital(state, green=10, yellow=20)
    state["fulfilled"][GREEN] = [K]
    start_take(state, 10, [1, 2, 3, 5, 6])
    act(state, GREEN, "take 1")
    act(state, YELLOW, "done")
    act(state, GREEN, f"retake {K}")
    assert state["orders"][GREEN][-1] == {"card": K, "tokens": 1}
    assert state["retook"][GREEN]


def test_green_karlsruhe_order_example():
    # Rulebook: Green takes the Karlsruhe order with 2 time tokens; 4->9, 3->7 or 2->5,
    # penalty 2 after 2 rounds.
    state = fresh(3)
    set_capital(state, green=5, yellow=10, blue=20)
    start_take(state, 2, [K, 1, 2, 3, 5])
    act(state, GREEN, f"take {K}")
    assert state["orders"][GREEN] == [{"card": K, "tokens": 2}]
    shown = GAME.view(state, None)["players"][GREEN]["orders"][0]
    assert (shown["city"], shown["options"], shown["tokens"], shown["penalty"]) == (
        2, [[2, 5], [3, 7], [4, 9]], 2, 2)


def test_r9_passing_in_the_first_pass_still_allows_a_second_card(monkeypatch):
    state = fresh(2)
    set_capital(state, green=10, yellow=20)
    start_take(state, 3, [1, 2, 3, 5, 6])
    act(state, GREEN, "done")
    act(state, YELLOW, "take 1")
    act(state, GREEN, "take 2")  # R9: allowed, with one token less
    assert state["orders"][GREEN] == [{"card": 2, "tokens": 2}]
    from engine.rhein import rules
    monkeypatch.setattr(rules, "SECOND_PASS_AFTER_PASSING", False)
    state = fresh(2)
    set_capital(state, green=10, yellow=20)
    start_take(state, 3, [1, 2, 3, 5, 6])
    act(state, GREEN, "done")
    lines = act(state, YELLOW, "take 1")
    # Green may not take a second card, so the second pass does not ask Green at all
    # (issue 15: no turn that no choice can change); the log says so.
    assert any("Green has nothing to do" in line for line in lines), lines
    assert GAME.active(state) != [GREEN]
    with pytest.raises(RuleError):
        act(state, GREEN, "take 2")
