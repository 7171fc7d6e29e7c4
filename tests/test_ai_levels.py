"""AI seats: ``normal`` beats ``easy`` (short run of bench/ai_strength.py), always plays a
legal move, is deterministic for a seed, and never raises on positions from random play."""

from __future__ import annotations

import os

import pytest

from bench.ai_strength import play
from bot.service import ai as bot_ai
from engine import ai, get_game
from engine.core import new_rng, rng_below
from engine.fuzz import ai_move

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


def test_the_fuzzers_ai_seats_keep_the_old_seeding() -> None:
    """The fuzzer's AI seats (``engine.fuzz.ai_move``, ``ai.uniform``) still pick uniformly
    from the old mixed seed, as ``easy`` did before it became a beginner: the seeds the
    fuzzer found its bugs with still reach the same positions."""
    game = get_game("rhein")
    state = game.setup(3, {}, 5)
    seat = game.active(state)[0]
    for seed, version in ((5, 0), (123456789, 17), (2**40 + 3, 999)):
        mixed = (seed * 0x9E3779B97F4A7C15 + version * 0xC2B2AE3D27D4EB4F + seat * 0x165667B1)
        moves = game.legal(state, seat)
        expected = moves[rng_below(new_rng(mixed & ((1 << 64) - 1)), len(moves))]
        assert ai_move(game, state, seat, seed, version) == expected
        assert ai.uniform(game, state, seat, ai.move_seed(seed, version, seat)) == expected


async def test_a_stored_game_replays_its_ai_moves_from_the_log(tmp_path, monkeypatch) -> None:
    """An AI seat's moves are stored like a player's, and a game is rebuilt from what was
    stored: changing how an AI level plays (``easy`` was a random move) leaves games played
    before the change as they were."""
    from bot.service import TablesService
    from bot.store import Store
    from tests.service_pebbles import ctx

    game = get_game("rheinlaender")
    store = await Store.open(str(tmp_path / "ai.sqlite3"))
    service = TablesService(store, games={"rheinlaender": game}, render=lambda k, v: b"PNG",
                            seed_source=lambda: 4)
    await service.new(ctx(1), "rheinlaender", min_players=3, max_players=3)
    await service.leave(ctx(1))
    for _ in range(3):
        await service.add_bot(ctx(1), "easy")
    await service.start(ctx(1), order="joined")
    row = await store.latest_game(500)
    assert row.status == "finished"
    actions = await store.actions(row.id)
    assert actions and all(a.user_id is None for a in actions)

    def changed(*_args, **_kwargs):
        raise AssertionError("a rebuild chose an AI move again")

    monkeypatch.setattr(ai, "choose", changed)
    # the saved position no longer loads (a new engine's format): rebuilt from the log
    monkeypatch.setattr(game, "state_format", getattr(game, "state_format", 1) + 1,
                        raising=False)
    said = (await service.status(ctx(1)))[0].text
    assert f"rebuilt it from the move log ({len(actions)} moves)" in said
    rebuilt = await store.latest_game(500)
    assert game.dump(game.load(rebuilt.state)) == game.dump(game.load(row.state))
    await store.close()


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
