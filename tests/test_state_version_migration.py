"""Migration 022 on a database written before it: a running game's state_version starts at
its version, so a button made before the upgrade stays as stale as it was; from then on
moves, undos and the start move it, seat changes do not."""

from __future__ import annotations

import sqlite3

from bot.store import Move, Snapshot, Store, migrations


async def test_a_game_from_before_022_counts_from_its_version(tmp_path) -> None:
    path = str(tmp_path / "old.sqlite3")
    db = sqlite3.connect(path)
    for number, name, sql in migrations()[:21]:
        db.executescript(f"BEGIN;\n{sql}\nINSERT INTO schema_migrations VALUES ({number}, "
                         f"'{name}', 0);\nPRAGMA user_version = {number};\nCOMMIT;")
    db.execute("INSERT INTO games (guild_id, channel_id, game_key, seed, min_players, "
               "max_players, creator_id, created_at, updated_at, status, version, state) "
               "VALUES (1, 500, 'rhein', 9, 2, 4, 1, 0, 0, 'active', 17, '{}')")
    db.execute("INSERT INTO seats (game_id, joined, seat, user_id, name, colour, is_ai) "
               "VALUES (1, 0, 0, 7, 'Anna', 'red', 0)")
    db.commit()
    db.close()
    store = await Store.open(path)
    try:
        game = await store.game(1)
        assert (game.version, game.state_version) == (17, 17)
        await store.replace_seat(1, 17, 0, user_id=8, name="Bert", is_ai=False,
                                 ai_level=None, now=1)
        game = await store.game(1)
        assert (game.version, game.state_version) == (18, 17)
        snap = Snapshot(state="{}", phase="", status="active", active_seats=[0],
                        state_format=game.state_format)
        await store.commit_move(1, 18, Move(seat=0, user_id=8, notation="x", lines=[],
                                            reveals_before=0, reveals_after=0), snap, 2)
        game = await store.game(1)
        assert (game.version, game.state_version) == (19, 19)
    finally:
        await store.close()
