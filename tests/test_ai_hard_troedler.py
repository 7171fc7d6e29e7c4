"""Trödler's hard level (engine.ai.hard_troedler) and the engine's fast path for the AI.

The AI plays its simulated moves through ``Troedler.carry_out(say=False)`` on
``copy_state`` copies: no checks (the move came from ``legal()``), no log lines. It must
leave exactly the state ``apply`` leaves, or normal's choices would drift."""

from __future__ import annotations

from engine import ai, get_game
from engine.ai.hard_troedler import late, standings_now
from engine.ai.troedler import copy_state
from engine.core import new_rng, rng_below
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
