"""Trödler's hard level (engine.ai.hard_troedler) and the engine's fast path for the AI.

The AI plays its simulated moves through ``Troedler.carry_out(say=False)`` on
``copy_state`` copies: no checks (the move came from ``legal()``), no log lines. It must
leave exactly the state ``apply`` leaves, or normal's choices would drift."""

from __future__ import annotations

import pytest

from engine import ai, get_game
from engine.ai.hard import first_place_share
from engine.ai.hard_troedler import late, standings_now
from engine.ai.troedler import copy_state
from engine.core import Game, State, new_rng, rng_below
from engine.troedler import scoring


def test_the_fast_path_leaves_the_state_apply_leaves() -> None:
    game = get_game("troedler")
    checked = 0
    for players, seed in ((2, 1), (4, 3)):
        state = game.setup(players, {}, seed)
        rng = new_rng(seed)
        while game.result(state) is None:
            seat = game.active(state)[0]
            moves = game.legal(state, seat)
            for move in moves[:4]:
                before = game.dump(state)
                plain, fast = game.load(before), copy_state(state)
                game.apply(plain, seat, move)
                game.carry_out(fast, seat, move, say=False)
                assert game.dump(fast) == game.dump(plain), (players, seed, move)
                assert game.dump(state) == before  # the copy shares nothing it changes
                checked += 1
            game.apply(state, seat, moves[rng_below(rng, len(moves))])
    assert checked > 300


def test_the_late_score_is_the_rules_ranking_at_the_end() -> None:
    game = get_game("troedler")
    state = game.setup(3, {}, 5)
    version = 0
    while game.result(state) is None:
        seat = game.active(state)[0]
        game.apply(state, seat, ai.choose(game, state, seat, "normal",
                                          ai.move_seed(5, version, seat)))
        version += 1
    assert late(state)
    for standing in scoring.standings(state):
        share = standings_now(game, state, standing.seat)
        if standing.rank == 1:
            assert share > 0.25  # first (alone or shared) and a points lead or tie
        else:
            assert share <= 0.25


def test_a_late_horizon_short_of_the_end_counts_less_than_the_end() -> None:
    """At 4 players a lead at an open horizon is worth less than a game won, and a deficit
    there costs less than a game lost: so the late search ends a game it leads and keeps
    one it trails going. 3 players score both alike (LATE_OPENS)."""
    game = get_game("troedler")
    for players, seed in ((4, 2), (3, 5)):
        over = _normal_until(game, game.setup(players, {}, seed), seed, 0, None)
        still = dict(over, stage="take")
        first = [s.seat for s in scoring.standings(over) if s.rank == 1][0]
        last = scoring.standings(over)[-1].seat
        if players == 4:
            assert standings_now(game, still, first) < standings_now(game, over, first)
            assert standings_now(game, still, last) > standings_now(game, over, last)
        else:
            for seat in (first, last):
                assert standings_now(game, still, seat) == standings_now(game, over, seat)


def _normal_until(game: Game, state: State, seed: int, start: int, stop: int | None) -> State:
    version = start
    while game.result(state) is None and (stop is None or version < stop):
        seat = game.active(state)[0]
        game.apply(state, seat, ai.choose(game, state, seat, "normal",
                                          ai.move_seed(seed, version, seat)))
        version += 1
    return state


def test_hard_finds_the_delivery_that_wins_the_last_round() -> None:
    """Seed 0, 2 players, move 160: the last round (a value pile holds the seven requests
    that end the game). Normal delivers request 12; played out by normal from there, the
    seat loses. Hard's late search scores the rules' ranking and delivers another request
    that wins the same play-out."""
    game = get_game("troedler")
    state = _normal_until(game, game.setup(2, {}, 0), 0, 0, 160)
    seat = game.active(state)[0]
    assert late(state) and state["stage"] == "play"
    seed = ai.move_seed(0, 160, seat)
    hard = ai.choose(game, state, seat, "hard", seed, strict=True)
    normal = ai.choose(game, state, seat, "normal", seed, strict=True)
    assert hard != normal
    shares = []
    for move in (hard, normal):
        after = game.load(game.dump(state))
        game.apply(after, seat, move)
        _normal_until(game, after, 0, 161, None)
        shares.append(first_place_share(game, after, seat))
    assert shares == [1.0, 0.0]


def test_the_tuned_policy_with_normal_weights_plays_normal_moves() -> None:
    """engine.ai.troedler_tuned copies normal's search with its own score: with normal's
    weights it must choose exactly normal's moves, so its other weights alone make hard's
    seat play otherwise."""
    import json

    from engine.ai import troedler_tuned
    from engine.core import new_rng

    game = get_game("troedler")
    state = game.setup(3, {}, 7)
    version = 0
    while game.result(state) is None and version < 120:
        seat = game.active(state)[0]
        seed = ai.move_seed(7, version, seat)
        moves = sorted(game.legal(state, seat), key=lambda m: json.dumps(m, sort_keys=True))
        normal = ai.choose(game, state, seat, "normal", seed, strict=True)
        if len(moves) > 1:
            mine = troedler_tuned.choose(game, state, seat, moves, new_rng(seed),
                                         troedler_tuned.NORMAL)
            assert mine == normal, version
        game.apply(state, seat, normal)
        version += 1


def test_each_feed_in_hand_beyond_the_first_costs_hards_score_its_clog_weight() -> None:
    """Feed may never be discarded (R37): a hand of feed keeps no requests, so hard's score
    charges ``clog`` for each feed in hand beyond the first, and nothing for the first."""
    from engine.ai import troedler_tuned
    from engine.troedler.data import CARDS

    game = get_game("troedler")
    state = game.setup(3, {}, 5)
    version = 0
    seen = set()
    while game.result(state) is None and len(seen) < 3:
        for seat in range(3):
            feed = sum(CARDS[c]["type"] == "feed" for c in state["hands"][seat])
            plain = troedler_tuned.evaluate(state, seat, troedler_tuned.TUNED.but(clog=0.0))
            charged = troedler_tuned.evaluate(state, seat, troedler_tuned.TUNED.but(clog=1.5))
            assert plain - charged == pytest.approx(1.5 * max(0, feed - 1))
            seen.add(min(feed, 2))
        seat = game.active(state)[0]
        game.apply(state, seat, ai.choose(game, state, seat, "normal",
                                          ai.move_seed(5, version, seat), strict=True))
        version += 1
    assert seen == {0, 1, 2}, "the game never showed hands with 0, 1 and 2+ feed"
    assert troedler_tuned.weights_for(3).clog == troedler_tuned.weights_for(4).clog == 1.0
