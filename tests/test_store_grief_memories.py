"""The three anti-griefing memories live in the store (migration 023), on both backends: a
second store over the same database (a restart, or another bot process) keeps them, and
each stays bounded: boards and lobby leaves by the time they count, refused undos by a cap
per game."""

from __future__ import annotations

from bot.store import StoreBase, open_store
from bot.store.rows import GameRow


async def _game(store: StoreBase, channel: int = 10) -> GameRow:
    return await store.create_game(guild_id=1, channel_id=channel, game_key="pebbles",
                                   options={}, seed=7, creator_id=100, min_players=2,
                                   max_players=4, now=1000.0)


async def _count(store: StoreBase, table: str) -> int:
    return int((await store._all(f"SELECT COUNT(*) FROM {table}"))[0][0])


async def test_a_board_post_is_claimed_once_and_known_after_a_restart(store_target):
    store = await open_store(store_target)
    try:
        game = await _game(store)
        assert await store.claim_board_post(game.id, 3, "", 5000.0, 4400.0) is None
        assert await store.claim_board_post(game.id, 3, "", 5010.0, 4410.0) == 5000.0
        assert await store.claim_board_post(game.id, 3, "F9", 5010.0, 4410.0) is None
    finally:
        await store.close()
    store = await open_store(store_target)  # the restart
    try:
        assert await store.claim_board_post(game.id, 3, "", 5100.0, 4500.0) == 5000.0
        # ten minutes on, it is the caller's to post again, and the old rows are gone
        assert await store.claim_board_post(game.id, 3, "", 5600.0, 5000.0) is None
        assert await store.claim_board_post(game.id, 4, "", 6300.0, 5700.0) is None
        assert await _count(store, "board_posts") == 1
    finally:
        await store.close()


async def test_a_refused_undo_is_kept_across_a_restart_and_capped_per_game(store_target):
    store = await open_store(store_target)
    try:
        game, other = await _game(store), await _game(store, channel=11)
        await store.note_undo_refused(game.id, 7, "Bert", 1000.0, keep=16)
        await store.note_undo_refused(other.id, 7, "Cora", 1000.0, keep=16)
    finally:
        await store.close()
    store = await open_store(store_target)
    try:
        assert await store.undo_refused_by(game.id, 7) == "Bert"
        assert await store.undo_refused_by(other.id, 7) == "Cora"
        assert await store.undo_refused_by(game.id, 8) is None
        for action in range(100, 140):
            await store.note_undo_refused(game.id, action, "Bert", 2000.0 + action, keep=16)
        assert await store.undo_refused_by(game.id, 7) is None  # the oldest went first
        assert await store.undo_refused_by(game.id, 139) == "Bert"
        assert await _count(store, "refused_undos") == 16 + 1  # the other game's stays
    finally:
        await store.close()


async def test_lobby_leaves_are_kept_across_a_restart_and_bounded(store_target):
    store = await open_store(store_target)
    try:
        game = await _game(store)
        for at in (1000.0, 1005.0, 1010.0):
            await store.note_lobby_leave(game.id, 42, at, at - 1800, keep=2)
    finally:
        await store.close()
    store = await open_store(store_target)
    try:
        assert await store.lobby_leaves(game.id, 42, 1020.0 - 1800) == [1005.0, 1010.0]
        assert await store.lobby_leaves(game.id, 43, 1020.0 - 1800) == []
        assert await store.lobby_leaves(game.id, 42, 1006.0) == [1010.0]
        await store.note_lobby_leave(game.id, 43, 5000.0, 5000.0 - 1800, keep=2)
        assert await _count(store, "lobby_leaves") == 1  # the half hour old ones went
    finally:
        await store.close()


