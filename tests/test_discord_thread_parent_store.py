"""The record of which channel a game's thread belongs to, on both store backends: kept
only for a thread with a live game, Discord's 64-bit ids whole, and forgotten with the
channel (and with the parent channel, whose threads went with it)."""

from __future__ import annotations

from bot.store import open_store

GUILD = 910000000000000001
PARENT, OTHER = 920000000000000001, 920000000000000002
THREAD, LATER, TEXT = 930000000000000001, 930000000000000002, 930000000000000003


async def _game(store, channel: int) -> tuple[int, int]:
    row = await store.create_game(guild_id=GUILD, channel_id=channel, game_key="rhein",
                                  options={}, seed=1, creator_id=1, min_players=2,
                                  max_players=4, now=1000.0)
    return row.id, row.version


async def test_a_threads_parent_is_kept_for_its_live_game_and_forgotten_with_it(store_target):
    store = await open_store(store_target)
    try:
        assert not await store.note_thread_parent(LATER, PARENT)  # no game there (yet)
        game, version = await _game(store, THREAD)
        await _game(store, TEXT)
        assert await store.note_thread_parent(THREAD, PARENT)
        assert await store.note_thread_parent(THREAD, OTHER)  # a thread never moves
        await _game(store, LATER)
        assert await store.note_thread_parent(LATER, OTHER)
        assert await store.live_channel_parents(GUILD) == [
            (THREAD, PARENT), (TEXT, None), (LATER, OTHER)]
        assert await store.live_channel_parents(GUILD + 1) == []

        await store.set_status(game, version, "finished", 1001.0)
        assert await store.live_channel_parents(GUILD) == [(TEXT, None), (LATER, OTHER)]
        await store.forget_thread_parents(OTHER)  # the parent deleted: its threads went
        assert await store.live_channel_parents(GUILD) == [(TEXT, None), (LATER, None)]
        await store.forget_thread_parents(THREAD)
        assert not await store.note_thread_parent(THREAD, PARENT)  # its game is over
    finally:
        await store.close()
