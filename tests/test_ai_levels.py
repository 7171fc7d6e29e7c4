"""AI seats: ``normal`` beats ``easy`` (short run of bench/ai_strength.py), always plays a
legal move, is deterministic for a seed, and never raises on positions from random play."""

from __future__ import annotations

import os

import pytest

from bench.ai_strength import play
from bot.service import ai as bot_ai
from engine import ai, get_game
from engine.core import new_rng, rng_below

QUICK = [("rhein", 3, 10, 8), ("rheinlaender", 3, 6, 4), ("troedler", 2, 6, 5)]


@pytest.mark.parametrize(("key", "players", "games", "need"), QUICK)
def test_normal_beats_easy(key: str, players: int, games: int, need: int) -> None:
    outcomes = [play(key, players, index) for index in range(games)]
    assert all(o.finished for o in outcomes)
    wins = sum(o.win for o in outcomes)
    assert wins >= need, f"{key} {players}p: normal won {wins} of {games}"


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("RHEINBOT_SLOW") != "1", reason="set RHEINBOT_SLOW=1")
@pytest.mark.parametrize(("key", "players", "games", "need"), [
    ("18rhl", 3, 6, 4), ("rheinlaender", 5, 10, 7), ("troedler", 4, 10, 7), ("rhein", 5, 20, 16),
])
def test_normal_beats_easy_slow(key: str, players: int, games: int, need: int) -> None:
    test_normal_beats_easy(key, players, games, need)


def random_positions(key: str, players: int, seed: int, every: int, limit: int):
    """Positions along one random game: (state, seat) every ``every`` moves."""
    game = get_game(key)
    state = game.setup(players, {}, seed)
    rng = new_rng(seed)
    for count in range(limit):
        if game.result(state) is not None:
            return
        seat = game.active(state)[0]
        if count % every == 0:
            yield state, seat
        moves = game.legal(state, seat)
        game.apply(state, seat, moves[rng_below(rng, len(moves))])


@pytest.mark.parametrize(("key", "players", "every", "limit"), [
    ("rhein", 2, 1, 400), ("rhein", 5, 1, 400), ("rheinlaender", 5, 3, 400),
    ("troedler", 3, 5, 700), ("18rhl", 3, 15, 300),
])
def test_normal_is_legal_deterministic_and_never_raises(key: str, players: int, every: int,
                                                       limit: int) -> None:
    game = get_game(key)
    checked = 0
    for seed in (1, 2):
        for state, seat in random_positions(key, players, seed, every, limit):
            before = game.dump(state)
            move = ai.choose(game, state, seat, "normal", seed * 7919 + checked, strict=True)
            assert game.dump(state) == before, "choosing must not change the state"
            assert move in game.legal(state, seat)
            copy = game.load(before)
            assert ai.choose(game, copy, seat, "normal", seed * 7919 + checked) == move
            checked += 1
    assert checked >= 10


def test_easy_keeps_the_old_seeding_so_old_games_replay() -> None:
    """bot.service.ai's easy move is still a uniform pick from the old mixed seed."""
    game = get_game("rhein")
    state = game.setup(3, {}, 5)
    seat = game.active(state)[0]
    for seed, version in ((5, 0), (123456789, 17), (2**40 + 3, 999)):
        mixed = (seed * 0x9E3779B97F4A7C15 + version * 0xC2B2AE3D27D4EB4F + seat * 0x165667B1)
        moves = game.legal(state, seat)
        expected = moves[rng_below(new_rng(mixed & ((1 << 64) - 1)), len(moves))]
        assert bot_ai.choose(game, state, seat, "easy", seed, version) == expected


def test_levels_and_fallback() -> None:
    assert bot_ai.LEVELS == ("easy", "normal", "hard")
    game = get_game("rhein")
    state = game.setup(2, {}, 1)
    seat = game.active(state)[0]
    with pytest.raises(ValueError):
        ai.choose(game, state, seat, "expert", 1)


def test_a_failing_heuristic_falls_back_to_a_legal_move(monkeypatch) -> None:
    game = get_game("rheinlaender")
    state = game.setup(3, {}, 4)
    seat = game.active(state)[0]

    def broken(*_args):
        raise KeyError("engine changed under us")

    monkeypatch.setattr(ai, "heuristic", lambda key: broken)
    assert ai.choose(game, state, seat, "normal", 9) in game.legal(state, seat)
    with pytest.raises(KeyError):
        ai.choose(game, state, seat, "normal", 9, strict=True)
