"""Two paths for every game (issue 18): each seeded game is played in memory and, move by move,
through a snapshot whose dict keys come back in another order (``engine.fuzz_paths``); legal
moves, notation, AI choices, log lines, states and views must agree at every step.

CI plays 3 seeds per player count of Rhein and Rheinländer to the end (variants in turn, the
third round with AI seats), 2 of Trödler plus one with AI seats, 18Rhl's first RHL_OPENING
moves of 3 seeds per player count (the private auction, stock rounds and the first operating
rounds) plus one whole game; RHEINBOT_SLOW=1 plays 20 seeds per player count of every game,
18Rhl's to the end as well.
"""

from __future__ import annotations

import os

import pytest
from service_pebbles import GEMS, Pebbles

from engine import GAMES
from engine.fuzz import Case, game_cases
from engine.fuzz_paths import first_difference, reordered, run_many, run_two_paths
from engine.rhl18 import data as rhl18_data

SLOW = os.environ.get("RHEINBOT_SLOW") == "1"
SEEDS = 20 if SLOW else 3
RHL_OPENING = None if SLOW else 100
WORKERS = 2


def _run(jobs, stop_after=None):
    outcomes = list(run_many(jobs, stop_after=stop_after, workers=WORKERS))
    failures = [f"{o.case.describe()} after {len(o.moves)} moves: {o.fault}"
                for o in outcomes if o.fault]
    assert not failures, "\n".join(failures)
    return outcomes


SEEDS_OF = {"troedler": 20 if SLOW else 2}  # its games are long (450-650 moves)
EXTRA = {"troedler": [Case("troedler", 3, {}, 7, (0, 2))]}


@pytest.mark.parametrize("key", ["rhein", "rheinlaender", "troedler"])
def test_every_game_plays_the_same_in_memory_and_through_reordered_snapshots(key):
    game = GAMES[key]
    counts = game.max_players - game.min_players + 1
    cases = [*game_cases(game, key, SEEDS_OF.get(key, SEEDS) * counts), *EXTRA.get(key, [])]
    outcomes = _run(cases)
    assert all(o.finished for o in outcomes)
    assert {o.case.players for o in outcomes} == set(range(game.min_players,
                                                           game.max_players + 1))
    assert any(o.case.ai_seats for o in outcomes)
    # every step compared: one per move, plus the end
    assert all(o.checks == len(o.moves) + 1 for o in outcomes)


def test_18rhl_plays_the_same_in_memory_and_through_reordered_snapshots():
    whole = Case("18rhl", 4, {}, 0)  # 374 moves, to the end
    outcomes = _run([(whole, None), *game_cases(GAMES["18rhl"], "18rhl", SEEDS * 4)],
                    stop_after=RHL_OPENING)
    assert outcomes[0].finished
    assert any(o.case.ai_seats for o in outcomes)
    assert all(o.finished or len(o.moves) == RHL_OPENING for o in outcomes)


# == the check itself ==========================================================================
def test_reordered_keeps_the_content_and_changes_the_key_order():
    import random

    value = {"b": [{"y": 1, "x": 2, "z": 3}], "a": {"k": None, "j": "s"}, "c": 3}
    backwards = reordered(value)
    assert backwards == value
    assert list(backwards) == ["c", "a", "b"] and list(backwards["b"][0]) == ["z", "x", "y"]
    orders = {tuple(reordered(value, random.Random(seed))) for seed in range(20)}
    assert len(orders) > 2  # shuffled, not always the same way


def test_first_difference_names_the_path():
    one = {"a": [1, {"b": 2}], "c": 1}
    assert first_difference(one, {"a": [1, {"b": 3}], "c": 1}) == (".a[1].b", 2, 3)
    assert first_difference('{"x": [1]}', '{"x": [2]}') == (".x[0]", 1, 2)


class DictOrderedPlays(Pebbles):
    """Lists its gem moves in the order of a dict made at set-up (insertion order)."""

    def setup(self, num_players, options, seed):
        state = super().setup(num_players, options, seed)
        state["worth"] = {gem: GEMS[gem] for gem in reversed(sorted(GEMS))}
        return state

    def legal(self, state, seat):
        moves = [m for m in super().legal(state, seat) if m["type"] != "play"]
        return moves + [{"type": "play", "gem": gem} for gem in state["worth"]
                        if gem in state["hands"][seat] and GEMS[gem] <= state["pile"]]


class DictOrderedTurns(Pebbles):
    """Passes the turn to the next seat in a dict's key order (made at set-up)."""

    def setup(self, num_players, options, seed):
        state = super().setup(num_players, options, seed)
        state["next"] = {str(seat): None for seat in reversed(range(num_players))}
        return state

    def _apply(self, state, seat, action):
        if action["type"] == "end":
            seats = [int(key) for key in state["next"]]
            lines = super()._apply(state, seat, action)
            state["turn"] = seats[(seats.index(seat) + 1) % len(seats)]
            return lines
        return super()._apply(state, seat, action)


@pytest.mark.parametrize(("game", "words"), [
    (Pebbles(), None),
    (DictOrderedPlays(), "legal moves differ"),
    (DictOrderedTurns(), "differ"),
])
def test_a_rule_that_follows_a_dicts_key_order_is_found(game, words):
    outcome = run_two_paths(game, Case("pebbles", 3, {}, seed=4))
    if words is None:
        assert outcome.ok and outcome.finished, outcome.fault
        return
    assert outcome.stage == "two paths" and words in outcome.fault, outcome.fault


def test_18rhl_load_restores_the_map_and_charter_order():
    game = GAMES["18rhl"]
    state = game.setup(4, {"ratingen_variant": True}, 3)
    loaded = game.load(game.dump(state))  # keys sorted by the dump
    assert list(loaded["board"]) == rhl18_data.hex_order() == list(state["board"])
    assert list(loaded["corps"]) == list(rhl18_data.CORP_ORDER) == list(state["corps"])
    assert list(loaded["companies"]) == list(state["companies"])[:1] + \
        ["KEO", "Szl", "Tjt", "NLK", "RhE"]
    assert list(loaded["certs"]) == list(state["certs"])
