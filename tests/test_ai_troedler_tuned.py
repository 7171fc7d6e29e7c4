"""Trödler hard's own turn policy (engine.ai.troedler_tuned): the hand limit in its score
and the pile chosen by the turn it makes."""

from __future__ import annotations

from functools import cache

from engine import ai, get_game
from engine.ai import troedler_tuned
from engine.ai.troedler import banked, evaluate
from engine.core import Game, State, new_rng
from engine.troedler.data import CARDS, HAND_LIMIT
from engine.troedler.phase3 import start_turn


def _positions(game: Game, players: int, seed: int, wanted: str) -> list[tuple[State, int]]:
    """Positions of an all-normal game where ``wanted`` holds: "full" (a seat in its turn
    with more cards than the limit) or "take" (a seat choosing a pile). Fresh copies each
    call: seed 5's game is read by two tests and played once (_found)."""
    return [(game.load(dump), seat) for dump, seat in _found(game, players, seed, wanted)]


@cache
def _found(game: Game, players: int, seed: int, wanted: str) -> tuple[tuple[str, int], ...]:
    state = game.setup(players, {}, seed)
    version, found = 0, []
    while game.result(state) is None:
        seat = game.active(state)[0]
        if wanted == "take" and state["stage"] == "take":
            found.append((game.dump(state), seat))
        if (wanted == "full" and state["stage"] == "play" and state["current"] == seat
                and len(state["hands"][seat]) > HAND_LIMIT):
            found.append((game.dump(state), seat))
        game.apply(state, seat, ai.choose(game, state, seat, "normal",
                                          ai.move_seed(seed, version, seat), strict=True))
        version += 1
    return tuple(found)


def _feed(cards: list[int]) -> int:
    return sum(CARDS[c]["type"] == "feed" for c in cards)


def test_the_limit_in_the_score_keeps_what_the_rules_keep() -> None:
    """R37: at the turn's end a hand keeps at most four cards, every feed among them (feed
    is never discarded) and surplus feed goes to the value pile. ``kept`` is that hand if the
    turn ended now, with the best other cards; ending the turn and discarding the rest in the
    engine leaves exactly it."""
    game = get_game("troedler")
    checked = {"feed over": 0, "choice": 0}
    for seed in (3, 4, 5, 6):
        for state, seat in _positions(game, 3, seed, "full")[::3]:
            hand = state["hands"][seat]
            kept, surplus = troedler_tuned.kept(state, seat)
            assert len(kept) == HAND_LIMIT and set(kept) <= set(hand)
            assert _feed(kept) == min(_feed(hand), HAND_LIMIT)
            assert surplus == max(0, _feed(hand) - HAND_LIMIT)
            if {"type": "end"} not in game.legal(state, seat):
                continue
            feed_before = banked(state, seat)[1]
            game.apply(state, seat, {"type": "end"})
            if state["stage"] == "limit":
                dropped = [c for c in state["hands"][seat] if c not in kept]
                game.apply(state, seat, {"type": "discard", "cards": sorted(dropped)})
                checked["choice"] += 1
            else:
                checked["feed over"] += 1
            assert sorted(state["hands"][seat]) == sorted(kept)
            assert banked(state, seat)[1] == feed_before + surplus
    assert all(checked.values()), checked


def test_the_score_with_the_limit_charges_forced_feed_and_ignores_dropped_cards() -> None:
    game = get_game("troedler")
    with_limit = troedler_tuned.TUNED.but(limit=1.0)
    without = troedler_tuned.TUNED.but(limit=0.0)
    differs = 0
    for state, seat in _positions(game, 3, 5, "full"):
        kept, surplus = troedler_tuned.kept(state, seat)
        trimmed = game.load(game.dump(state))
        trimmed["hands"][seat] = list(kept)
        trimmed["played"] = trimmed["played"] + [c for c in state["hands"][seat]
                                                 if CARDS[c]["type"] == "feed"
                                                 and c not in kept]
        # the trimmed position, its surplus feed played: what the limit makes of the hand
        assert troedler_tuned.evaluate(state, seat, with_limit) == troedler_tuned.evaluate(
            trimmed, seat, without)
        differs += troedler_tuned.evaluate(state, seat, with_limit) != (
            troedler_tuned.evaluate(state, seat, without))
    assert differs


def test_a_pile_is_chosen_for_the_best_turn_its_cards_make() -> None:
    game = get_game("troedler")
    score = troedler_tuned.scorer(3)
    checked = 0
    for state, seat in _positions(game, 3, 7, "take")[:12]:
        before = game.dump(state)
        moves = game.legal(state, seat)
        values = [troedler_tuned.turn_value(game, ai.after(game, state, seat, m), seat, score)
                  for m in moves]
        chosen = troedler_tuned.choose(game, state, seat, moves, new_rng(1))
        assert game.dump(state) == before  # judging piles changes nothing
        assert values[moves.index(chosen)] == max(values)
        for move, value in zip(moves, values, strict=True):
            turn = ai.after(game, state, seat, move)
            turn["stage"] = "play"
            start_turn(turn, seat)
            assert value >= score(turn, seat) - 1e-9  # ending the turn at once is a turn
        checked += len(set(values)) > 1
    assert checked


def test_normal_weights_score_as_normal_does_and_hand_weights_reach_the_hand() -> None:
    """``NORMAL`` is normal's own score, hand included; a hand weight set through ``but``
    changes what a hand is worth and nothing else."""
    game = get_game("troedler")
    richer = troedler_tuned.NORMAL.but(route=1.4)
    assert richer.hand.route == 1.4 and richer.feed == troedler_tuned.NORMAL.feed
    changed = 0
    for state, seat in _positions(game, 4, 8, "take")[:10]:
        assert troedler_tuned.evaluate(state, seat, troedler_tuned.NORMAL) == evaluate(
            state, seat)
        routes = sum(CARDS[c]["type"] == "route" for c in state["hands"][seat])
        gain = troedler_tuned.evaluate(state, seat, richer) - evaluate(state, seat)
        assert abs(gain - routes) < 1e-9
        changed += routes > 0
    assert changed
