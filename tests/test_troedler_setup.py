"""Set-up, seating, phase 1 (the deal) and phase 2 (taking piles): rulings R1 to R17."""

from __future__ import annotations

from collections import Counter

import pytest

from engine import RuleError
from engine.text import from_json
from engine.troedler import turn_end
from engine.troedler.data import CARDS, START_VILLAGES, VILLAGES
from tests.test_troedler_support import ANN, BEN, CAT, DAN, GAME, all_goods, goods_total


def types(cards: list[int]) -> Counter:
    return Counter(CARDS[cid]["type"] for cid in cards)


def dealt_cards(state) -> list[int]:
    return [cid for pile in state["piles"] if pile for cid in pile]


def phase3_order(state) -> list[int]:
    n = state["n"]
    return [(state["dealer"] + i) % n for i in range(n)]


def take_all_piles(state) -> None:
    while state["stage"] == "take":
        seat = GAME.active(state)[0]
        GAME.apply(state, seat, GAME.legal(state, seat)[0])


def end_all_turns(state) -> None:
    """Play 'end' (and the first discard choice) until the next round's deal."""
    start = state["round"]
    while state["round"] == start and state["stage"] != "over":
        seat = GAME.active(state)[0]
        moves = GAME.legal(state, seat)
        GAME.apply(state, seat, moves[-1] if moves[-1]["type"] == "end" else moves[0])


def test_r7_r9_case1_seating_and_order_four_players():
    state = GAME.setup(4, {}, 3)
    assert state["dealer"] == DAN
    assert state["queue"] == [ANN, BEN, CAT, DAN]
    take_all_piles(state)
    assert phase3_order(state) == [DAN, ANN, BEN, CAT] and GAME.active(state) == [DAN]
    end_all_turns(state)
    assert state["dealer"] == ANN and state["queue"] == [BEN, CAT, DAN, ANN]
    take_all_piles(state)
    assert phase3_order(state) == [ANN, BEN, CAT, DAN]


def test_r7_case1_three_players_and_random_first_dealer():
    state = GAME.setup(3, {}, 3)
    assert state["dealer"] == CAT
    take_all_piles(state)
    assert phase3_order(state) == [CAT, ANN, BEN]
    dealers = {GAME.setup(4, {"first_dealer": "random"}, seed)["dealer"] for seed in range(20)}
    assert len(dealers) > 1


@pytest.mark.parametrize("n, discard, requests, feed", [(4, 18, 17, 15), (3, 18, 17, 15),
                                                        (2, 14, 19, 17)])
def test_r1_r3_r4_r5_case2_setup_counts(n, discard, requests, feed):
    state = GAME.setup(n, {}, 11)
    # The deal of round 1 already happened: put its cards back on top of the round pile.
    round_pile = state["round_pile"] + dealt_cards(state)
    assert len(state["discard"]) == discard
    assert types(state["discard"]) == Counter(request=discard // 2, feed=discard // 2)
    assert len(round_pile) == 110 - 12 - discard
    assert types(round_pile) == Counter(route=44, extra=4, request=requests, feed=feed)
    for seat, hand in enumerate(state["hands"]):
        assert types(hand) == Counter(request=1, route=1, feed=1)
        assert {CARDS[cid]["start"] for cid in hand} == {START_VILLAGES[seat]}
    total = len(round_pile) + len(state["discard"]) + sum(map(len, state["hands"]))
    assert total == {4: 110, 3: 107, 2: 104}[n]
    for village in VILLAGES:
        assert len(state["villages"][village["key"]]) == village["goods"]
    assert all(not state["villages"][key] for key in START_VILLAGES)
    assert goods_total(state) == all_goods()
    assert state["carts"] == START_VILLAGES[:n]


def test_r3_case2_unused_start_village_takes_deliveries():
    from tests.test_troedler_support import request, turn_state
    state = turn_state("dunmorrow", [request("cup", "cup")], goods=["cup", "cup"], n=3)
    cid = request("cup", "cup")
    assert f"deliver {cid}" in [GAME.format(state, a) for a in GAME.legal(state, ANN)]


def test_r10_r12_case3_dealing_layout_and_log():
    state = GAME.setup(3, {}, 5)
    fresh = GAME.setup(3, {}, 5)
    # Rebuild the order the cards left the round pile: c1 was its top.
    piles = state["piles"]
    order = [piles[k % 4][k // 4] for k in range(16)]
    assert [len(p) for p in piles] == [4, 4, 4, 4]
    assert piles[0] == [order[0], order[4], order[8], order[12]]
    assert piles[1] == [order[1], order[5], order[9], order[13]]
    assert fresh["piles"] == piles  # deterministic from the seed
    # the deal's one log entry (R12.2), kept in the state as catalogue keys; no view has it
    log = "\n".join(from_json(state["deal_log"]))
    for cid in order:
        assert f"#{cid} " in log
    public = GAME.view(state, None)
    assert [p["top"]["id"] for p in public["piles"]] == [order[12], order[13], order[14],
                                                         order[15]]
    assert all(p["covered"] == 3 and "cards" not in p for p in public["piles"])
    assert "cards" not in str(GAME.view(state, ANN)["piles"])


def test_r12_case4_open_piles_option():
    state = GAME.setup(3, {"open_piles": True}, 5)
    closed = GAME.setup(3, {}, 5)
    public = GAME.view(state, None)
    assert [[c["id"] for c in p["cards"]] for p in public["piles"]] == state["piles"]
    pile2 = state["piles"][1]
    lines = GAME.apply(state, ANN, {"type": "take-pile", "pile": 2})
    assert all(f"#{cid} " in lines[0] for cid in pile2)
    lines = GAME.apply(closed, ANN, {"type": "take-pile", "pile": 2})
    assert f"pile 2 (top #{pile2[-1]} " in lines[0]
    assert not any(f"#{cid} " in lines[0] for cid in pile2[:3])


def test_r10_case5_pile_numbers_stay():
    state = GAME.setup(4, {}, 2)
    GAME.apply(state, ANN, GAME.parse(state, ANN, "take-pile 2"))
    assert [a["pile"] for a in GAME.legal(state, BEN)] == [1, 3, 4, 5]
    with pytest.raises(RuleError, match="no pile 2"):
        GAME.apply(state, BEN, GAME.parse(state, BEN, "take-pile 2"))


@pytest.mark.parametrize("n, rounds", [(4, 4), (3, 5), (2, 7)])
def test_r13_case6_exact_exhaustion(n, rounds):
    state = GAME.setup(n, {}, 8)
    draws = state["rng"]["draws"]
    for _ in range(rounds - 1):
        take_all_piles(state)
        end_all_turns(state)
    assert state["round"] == rounds and state["round_pile"] == []
    assert state["rng"]["draws"] == draws  # no reshuffle so far
    take_all_piles(state)
    end_all_turns(state)
    assert state["round"] == rounds + 1 and state["rng"]["draws"] > draws
    assert "shuffled into a new game-round pile" in "\n".join(from_json(state["deal_log"]))


def test_r13_case7_running_out_during_a_deal():
    state = GAME.setup(4, {}, 9)
    take_all_piles(state)
    pool = state["round_pile"] + state["discard"]
    state["round_pile"], state["discard"] = pool[:7], pool[7:37]
    x = list(reversed(state["round_pile"]))  # x[0] is the top card
    draws = state["rng"]["draws"]
    turn_end.start_round(state)
    piles = state["piles"]
    assert [pile[0] for pile in piles] == x[:5]
    assert piles[0][1] == x[5] and piles[1][1] == x[6]
    assert state["rng"]["draws"] > draws
    assert piles[2][1] in pool[7:37]
    assert len(state["round_pile"]) == 17 and state["discard"] == []
    for _ in range(3):
        seat = GAME.active(state)[0]
        GAME.apply(state, seat, GAME.legal(state, seat)[0])
    leftover = [pile for pile in state["piles"] if pile is not None][1]
    seat = GAME.active(state)[0]
    GAME.apply(state, seat, GAME.legal(state, seat)[0])
    assert state["discard"] == leftover and len(leftover) == 4


def test_r15_case8_leftover_pile_goes_on_discard_as_it_lies():
    state = GAME.setup(4, {}, 4)
    feed = [cid for cid in state["round_pile"] if CARDS[cid]["type"] == "feed"][:2]
    other = [cid for cid in state["round_pile"] if CARDS[cid]["type"] == "route"][:2]
    state["piles"][4] = [feed[0], other[0], feed[1], other[1]]
    before = list(state["discard"])
    for seat, number in ((ANN, 1), (BEN, 2), (CAT, 3), (DAN, 4)):
        GAME.apply(state, seat, {"type": "take-pile", "pile": number})
    assert state["discard"] == before + [feed[0], other[0], feed[1], other[1]]
    assert GAME.view(state, None)["discard_top"]["id"] == other[1]


def test_r16_case9_two_player_phase2():
    state = GAME.setup(2, {}, 6)
    assert state["dealer"] == BEN and GAME.active(state) == [BEN]
    assert GAME.legal(state, ANN) == []
    with pytest.raises(RuleError):
        GAME.apply(state, ANN, GAME.parse(state, ANN, "take-pile 1"))
    with pytest.raises(RuleError, match="discard-pile"):
        GAME.apply(state, BEN, GAME.parse(state, BEN, "take-pile 1"))
    assert [GAME.format(state, a) for a in GAME.legal(state, BEN)] == [
        "discard-pile 1", "discard-pile 2", "discard-pile 3"]
    discarded = list(state["piles"][1])
    GAME.apply(state, BEN, GAME.parse(state, BEN, "discard-pile 2"))
    assert state["discard"][-4:] == discarded
    assert GAME.active(state) == [ANN]
    last = list(state["piles"][2])
    GAME.apply(state, ANN, GAME.parse(state, ANN, "take-pile 1"))
    assert state["hands"][BEN][-4:] == last  # without a prompt
    assert state["stage"] == "play" and GAME.active(state) == [BEN]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_r17_case10_seven_cards_after_phase2(n):
    state = GAME.setup(n, {}, 7)
    take_all_piles(state)
    assert [len(h) for h in state["hands"]] == [7] * n
    assert state["stage"] == "play"


def test_r14_deal_survives_empty_piles():
    state = GAME.setup(4, {}, 7)
    take_all_piles(state)
    state["round_pile"], state["discard"] = state["round_pile"][:6], []
    lines = turn_end.start_round(state)
    assert [len(p) for p in state["piles"]] == [2, 1, 1, 1, 1]
    assert any("ran out" in line for line in lines)
