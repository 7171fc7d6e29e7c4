"""A game's end is DMed once: its row is written only where none is, on both backends. Two
processes on one PostgreSQL database (or a restart's catch-up after the end was told) each
wrote it with set_reminder, which replaced the row already sent (kept as the mark that it
was told) with an unsent one: the DM went out again."""

from __future__ import annotations

from bot.store import open_store


async def test_the_end_row_is_added_once_and_a_sent_one_stays_sent(store_target) -> None:
    store = await open_store(store_target)
    try:
        row = await store.create_game(guild_id=1, channel_id=2, game_key="rhein", options={},
                                      seed=1, creator_id=7, min_players=2, max_players=4,
                                      now=1000.0)
        assert await store.add_reminder("ended", row.id, 7, 1000.0, {"line": "a"}, 1000.0)
        [ended] = await store.reminders(row.id)
        await store.move_reminder(ended.id, 9e9, 1, ended.payload)  # sent, kept as the mark
        assert not await store.add_reminder("ended", row.id, 7, 1001.0, {"line": "b"}, 1001.0)
        assert await store.add_reminder("ended", row.id, 8, 1001.0, {"line": "c"}, 1001.0)
        rows = {r.user_id: (r.sent, r.payload["line"]) for r in await store.reminders(row.id)}
        assert rows == {7: (1, "a"), 8: (0, "c")}
    finally:
        await store.close()
