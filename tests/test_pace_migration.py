"""Migration 003 on a database written before it: games, settings and pending reminders stay."""

from __future__ import annotations

import sqlite3

from bot.store import Store, migrations


async def test_a_version_2_database_keeps_its_rows(tmp_path):
    path = str(tmp_path / "old.sqlite3")
    db = sqlite3.connect(path)
    for number, name, sql in migrations()[:2]:
        db.executescript(f"BEGIN;\n{sql}\nINSERT INTO schema_migrations VALUES ({number}, "
                         f"'{name}', 0);\nPRAGMA user_version = {number};\nCOMMIT;")
    db.execute("INSERT INTO games (guild_id, channel_id, game_key, seed, min_players, "
               "max_players, creator_id, created_at, updated_at, status) "
               "VALUES (1, 500, 'rhein', 9, 2, 4, 1, 0, 0, 'active')")
    db.execute("INSERT INTO user_settings VALUES (7, 1, 6, NULL, NULL, 'UTC', 0)")
    db.execute("INSERT INTO reminders (kind, game_id, user_id, due_at, sent, payload, "
               "created_at) VALUES ('turn', 1, 7, 123, 2, '{\"title\": \"Rhein\"}', 0)")
    db.commit()
    db.close()
    store = await Store.open(path)
    try:
        assert await store.schema_version() == len(migrations()) >= 3
        game = await store.game(1)
        assert game.language == "en" and game.pace_hours is None and game.rematch_of is None
        settings = await store.settings(7)
        assert settings.every_hours == 6 and settings.digest is False
        [row] = await store.reminders(1)
        assert (row.kind, row.user_id, row.due_at, row.sent) == ("turn", 7, 123, 2)
        # the new kinds are accepted, a digest needs no game
        await store.set_reminder("digest", None, 7, 50, {}, 0)
        await store.set_reminder("digest", None, 7, 60, {}, 0)  # one per user: moved
        digests = [r for r in await store.reminders(user_id=7) if r.kind == "digest"]
        assert [r.due_at for r in digests] == [60]
        assert await store.integrity_ok()
    finally:
        await store.close()
