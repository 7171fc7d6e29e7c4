"""End of the game and scoring: R42 and R44 to R49, with the rulebook's scoring example."""

from __future__ import annotations

import json

import pytest

from engine.troedler import scoring
from engine.troedler.data import CARDS
from tests.test_troedler_support import ANN, BEN, CAT, DAN, FEED, GAME, ids, play, turn_state

BY_POINTS = {p: [cid for cid in ids("request") if CARDS[cid]["points"] == p] for p in range(3, 8)}


def value_pile(feed: int, points: list[int], used: dict[int, int]) -> list[int]:
    """Feed cards and requests worth ``points``; ``used`` keeps card ids distinct per game."""
    first = used.setdefault("feed", 0)
    cards = FEED[first:first + feed]
    used["feed"] += feed
    for p in points:
        cards.append(BY_POINTS[p][used.setdefault(p, 0)])
        used[p] += 1
    return cards


def scored_state(players: list[tuple[int, int, list[int]]]):
    """A finished game: (feed in value pile, goods kept, request points) per seat."""
    state = GAME.setup(len(players), {}, 1)
    used: dict[int, int] = {}
    for seat, (feed, goods, points) in enumerate(players):
        state["values"][seat] = value_pile(feed, points, used)
        state["collections"][seat] = ["pot"] * goods
    state["stage"] = "over"
    return state


EXAMPLE = [(4, 5, [7, 6, 5, 3]),      # Ivy
           (5, 1, [6, 5, 4, 3, 3]),   # Jack
           (3, 6, [5, 5, 4, 4]),      # Freya
           (6, 0, [7, 7, 4, 3, 3])]   # Scott
IVY, JACK, FREYA, SCOTT = range(4)


def test_scoring_example_from_the_rulebook():
    """Case 43: Ivy alone has the highest damage; Scott beats Freya on fewer goods."""
    result = GAME.result(scored_state(EXAMPLE))
    damage = {s.seat: s.detail["damage"] for s in result}
    assert damage == {IVY: 7, JACK: 6, FREYA: 6, SCOTT: 6}
    assert [(s.seat, s.score, s.rank) for s in result] == [
        (SCOTT, 24, 1), (FREYA, 24, 2), (JACK, 22, 3), (IVY, 26, 4)]
    assert result[-1].detail["total_damage"] and not result[0].detail["total_damage"]


def test_r46_case44_scoring_example_variant_nobody_eliminated():
    variant = list(EXAMPLE)
    variant[SCOTT] = (7, 0, [7, 7, 4, 3, 3])
    result = GAME.result(scored_state(variant))
    assert [(s.seat, s.score, s.rank) for s in result] == [
        (IVY, 26, 1), (SCOTT, 24, 2), (FREYA, 24, 3), (JACK, 22, 4)]
    assert not any(s.detail["total_damage"] for s in result)


def test_r45_case47_damage_arithmetic():
    assert [scoring.damage(0, goods) for goods in (0, 1, 2, 7)] == [0, 1, 1, 4]
    state = scored_state([(2, 0, []), (0, 0, [])])
    state["hands"][0] = FEED[10:13]  # feed in hand counts nothing
    assert {s.seat: s.detail["damage"] for s in GAME.result(state)} == {0: 2, 1: 0}


def test_r46_case48_small_unique_maximum():
    assert scoring.total_damage([1, 0, 0, 0]) == 0
    result = scoring.rank([30, 1, 1, 1], [0, 0, 0, 0], [1, 0, 0, 0])
    assert result[-1].seat == 0 and result[-1].detail["total_damage"]


def test_r46_case49_shared_maximum():
    assert scoring.total_damage([5, 5, 3, 2]) is None
    result = scoring.rank([10, 20, 5, 1], [0, 0, 0, 0], [5, 5, 3, 2])
    assert [s.seat for s in result] == [1, 0, 2, 3]


def test_r48_case50_several_winners():
    result = scoring.rank([20, 20, 15, 12], [2, 2, 0, 1], [3, 3, 1, 1])
    assert [(s.seat, s.rank) for s in result] == [(0, 1), (1, 1), (2, 3), (3, 4)]


def test_r48_ties_go_to_fewer_goods():
    result = scoring.rank([20, 20, 5], [3, 1, 0], [0, 0, 0])
    assert [(s.seat, s.rank) for s in result] == [(1, 1), (0, 2), (2, 3)]


@pytest.mark.parametrize("damages, loser", [([5, 3], None), ([6, 3], 0), ([4, 4], None),
                                            ([3, 6], 1), ([2, 4], None)])
def test_r47_case51_two_players(damages, loser):
    assert scoring.total_damage(damages) == loser
    result = scoring.rank([10, 30], [0, 0], damages)
    if loser is None:
        assert result[0].seat == 1  # the points decide
    else:
        assert result[0].seat == 1 - loser and result[1].detail["total_damage"]


@pytest.mark.parametrize("n, below, enough", [(4, 4, 5), (3, 5, 6), (2, 6, 7)])
def test_r44_case46_thresholds(n, below, enough):
    mixed = [3, 4, 5, 6, 7, 3, 4]
    state = scored_state([(0, 0, mixed[:below])] * n)
    assert not scoring.end_reached(state)
    state = scored_state([(0, 0, mixed[:enough])] + [(0, 0, [])] * (n - 1))
    assert scoring.end_reached(state)


def test_r44_case46_the_starting_request_counts():
    state = scored_state([(0, 0, [3, 4, 5, 6])] + [(0, 0, [])] * 3)
    state["values"][0].append(next(c for c in ids("request", start=True)))
    assert scoring.end_reached(state)


def _last_round_state():
    """Ben deals; phase 3 order Ben, Cat, Dan, Ann. Cat can fulfil her fifth request."""
    state = turn_state("glenmore", [], seat=BEN)
    used: dict[int, int] = {}
    for seat in range(4):
        state["values"][seat] = value_pile(0, [3, 4, 5, 6] if seat == CAT else [6, 7], used)
    fifth = BY_POINTS[4][1]
    state["hands"] = [[FEED[20]], [FEED[21]], [fifth], [FEED[22]]]
    state["collections"][CAT] = sorted(CARDS[fifth]["goods"])
    state["carts"][CAT] = "lochaven"
    return state, fifth


def test_r42_r44_case45_the_trigger_stays_secret():
    state, fifth = _last_round_state()
    play(state, BEN, "end")
    public_before = json.dumps(GAME.view(state, None), sort_keys=True)
    phase_before = GAME.phase(state)
    play(state, CAT, f"deliver {fifth}")  # her hand is empty: the turn ends by itself
    assert GAME.view(state, CAT)["you"]["requests"] == 5
    public = GAME.view(state, None)
    assert GAME.phase(state) == phase_before and GAME.result(state) is None
    assert "requests" not in json.dumps(public["players"])
    assert "end" not in " ".join(public.get("deal_log", [])).lower()
    assert set(public) == set(json.loads(public_before))
    for seat in (ANN, BEN, DAN):
        assert "requests" not in json.dumps(GAME.view(state, seat)["players"])
    assert GAME.active(state) == [DAN]
    play(state, DAN, "end")
    assert GAME.result(state) is None and GAME.active(state) == [ANN]
    lines = play(state, ANN, "end")
    assert GAME.result(state) is not None and GAME.phase(state) == "Game over"
    assert any("the game ends" in line for line in lines)


def test_r42_open_counts_shows_counts_to_everyone():
    state, fifth = _last_round_state()
    state["options"]["open_counts"] = True
    public = GAME.view(state, None)
    assert [p["requests"] for p in public["players"]] == [2, 2, 4, 2]
    assert all("damage" in p for p in public["players"])


def test_r38_case40d_surplus_feed_in_the_last_round_counts():
    state, fifth = _last_round_state()
    state["hands"][ANN] = FEED[:5]
    play(state, BEN, "end")
    play(state, CAT, f"deliver {fifth}")
    play(state, DAN, "end")
    play(state, ANN, "end")
    result = {s.seat: s for s in GAME.result(state)}
    assert result[ANN].detail["feed"] == 1 and result[ANN].detail["damage"] == 1
    assert result[ANN].detail["total_damage"]  # the only damage at the table
