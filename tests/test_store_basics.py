"""The store on both backends (SQLite and PostgreSQL, the ``store_target`` fixture): one
transaction per move, the version race, restarts, reminders; and SQLite's own: migrations
and user_version, WAL and synchronous=FULL, backups."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from bot.store import (
    ChannelBusy,
    Move,
    Snapshot,
    StaleVersion,
    Store,
    StoreBase,
    migrations,
    open_store,
)


async def _open(tmp_path, name="t.sqlite3") -> Store:
    return await Store.open(str(tmp_path / name))


async def _game(store: StoreBase, channel: int = 10):
    row = await store.create_game(guild_id=1, channel_id=channel, game_key="pebbles",
                                  options={"big_pile": False}, seed=7, creator_id=100,
                                  min_players=2, max_players=4, now=1000.0)
    version = await store.start_game(row.id, row.version, [], _snap("s0"), 1000.0)
    return row.id, version


def _snap(state: str, phase: str = "Round 1") -> Snapshot:
    return Snapshot(state=state, phase=phase, status="active", active_seats=[0])


def _move(text: str, seat: int = 0) -> Move:
    return Move(seat=seat, user_id=100, notation=text, lines=[f"did {text}"],
                reveals_before=0, reveals_after=0)


async def test_migrations_from_empty_set_the_schema_version_and_wal(tmp_path):
    store = await _open(tmp_path)
    try:
        assert await store.schema_version() == len(migrations()) >= 1
        assert await store.migrate() == len(migrations())  # re-running applies nothing
        assert await store.integrity_ok()
    finally:
        await store.close()
    raw = sqlite3.connect(tmp_path / "t.sqlite3")
    tables = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"games", "seats", "actions", "reminders", "user_settings", "undo_votes"} <= tables
    assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert raw.execute("SELECT COUNT(*) FROM schema_migrations").fetchone()[0] == len(migrations())
    raw.close()


async def test_store_uses_synchronous_full(tmp_path):
    store = await _open(tmp_path)
    try:
        async with store._db.execute("PRAGMA synchronous") as cursor:
            assert (await cursor.fetchone())[0] == 2  # FULL
    finally:
        await store.close()


async def test_one_live_game_per_channel(store_target):
    store = await open_store(store_target)
    try:
        game_id, version = await _game(store, channel=5)
        with pytest.raises(ChannelBusy):
            await _game(store, channel=5)
        await _game(store, channel=6)  # another channel (or thread) is fine
        await store.set_status(game_id, version, "finished", 1001.0)
        second, _ = await _game(store, channel=5)  # a finished game frees the channel
        assert (await store.live_game(5)).id == second
    finally:
        await store.close()


async def test_a_move_appends_to_the_log_and_bumps_the_version(store_target):
    store = await open_store(store_target)
    try:
        game_id, version = await _game(store)
        new = await store.commit_move(game_id, version, _move("take 2"), _snap("s1"), 1001.0)
        assert new == version + 1
        row = await store.game(game_id)
        assert (row.state, row.version) == ("s1", new)
        assert [(a.notation, a.lines) for a in await store.actions(game_id)] == [
            ("take 2", ["did take 2"])]
    finally:
        await store.close()


async def test_a_seats_latest_live_action(store_target):
    """What a turn DM's news starts after (ReminderSettings._add_news)."""
    store = await open_store(store_target)
    try:
        game_id, version = await _game(store)
        assert await store.last_action_of(game_id, 0) is None
        version = await store.commit_move(game_id, version, _move("take 2", 0), _snap("s1"), 1.0)
        version = await store.commit_move(game_id, version, _move("take 1", 1), _snap("s2"), 2.0)
        first, second = await store.actions(game_id)
        assert await store.last_action_of(game_id, 0) == first.id
        assert await store.last_action_of(game_id, 1) == second.id
        assert await store.last_action_of(game_id + 1, 0) is None  # another game's log
    finally:
        await store.close()


async def test_a_move_against_an_old_version_changes_nothing(store_target):
    store = await open_store(store_target)
    try:
        game_id, version = await _game(store)
        await store.commit_move(game_id, version, _move("take 2"), _snap("s1"), 1001.0)
        with pytest.raises(StaleVersion):
            await store.commit_move(game_id, version, _move("take 3"), _snap("bad"), 1002.0)
        row = await store.game(game_id)
        assert row.state == "s1" and row.version == version + 1
        assert [a.notation for a in await store.actions(game_id)] == ["take 2"]
    finally:
        await store.close()


async def test_a_move_on_a_game_no_longer_active_changes_nothing(store_target):
    store = await open_store(store_target)
    try:
        game_id, version = await _game(store)
        version = await store.set_status(game_id, version, "abandoned", 1001.0)
        with pytest.raises(StaleVersion):  # the version matches, the status does not
            await store.commit_move(game_id, version, _move("take 1"), _snap("s1"), 1002.0)
        assert (await store.game(game_id)).status == "abandoned"
        assert await store.actions(game_id) == []
        last = Snapshot(state="end", phase="Over", status="finished", active_seats=[])
        version = await store.set_status(game_id, version, "active", 1003.0)
        await store.commit_move(game_id, version, _move("take 2"), last, 1004.0)
        assert (await store.game(game_id)).status == "finished"  # the last move ends it
    finally:
        await store.close()


async def test_two_simultaneous_moves_exactly_one_applies(store_target):
    store = await open_store(store_target)
    try:
        game_id, version = await _game(store)
        results = await asyncio.gather(
            *(store.commit_move(game_id, version, _move(f"take {n}"), _snap(f"s{n}"), 1001.0)
              for n in (1, 2, 3)),
            return_exceptions=True)
        applied = [r for r in results if isinstance(r, int)]
        refused = [r for r in results if isinstance(r, StaleVersion)]
        assert len(applied) == 1 and len(refused) == 2
        actions = await store.actions(game_id)
        assert len(actions) == 1
        assert (await store.game(game_id)).state == "s" + actions[0].notation[-1]
    finally:
        await store.close()


async def test_moves_arriving_together_each_get_their_own_outcome(store_target):
    """Moves on several games at once (on SQLite they commit as one group after the first):
    a valid move applies, a broken one fails alone, a stale one is refused alone."""
    store = await open_store(store_target)
    try:
        games = [await _game(store, channel=20 + n) for n in range(4)]
        broken = Move(seat=0, user_id=1, notation=None, lines=[], reveals_before=0,  # type: ignore[arg-type]
                      reveals_after=0)
        (a, va), (b, vb), (c, vc), (d, vd) = games
        results = await asyncio.gather(
            store.commit_move(a, va, _move("take 1"), _snap("a1"), 1.0),
            store.commit_move(b, vb, broken, _snap("b1"), 1.0),
            store.commit_move(c, vc, _move("take 2"), _snap("c1"), 1.0),
            store.commit_move(c, vc, _move("take 3"), _snap("c2"), 1.0),
            store.commit_move(d, vd, _move("take 1"), _snap("d1"), 1.0),
            return_exceptions=True)
        assert results[0] == va + 1 and results[4] == vd + 1
        assert isinstance(results[1], store.INTEGRITY_ERRORS)
        # the two moves on c: one applies, the other is stale (which one: SQLite commits in
        # arrival order, PostgreSQL's pool runs both at once)
        winner = 2 if results[2] == vc + 1 else 3
        assert isinstance(results[5 - winner], StaleVersion) and results[winner] == vc + 1
        states = [(await store.game(g)).state for g, _ in games]
        assert states == ["a1", "s0", f"c{winner - 1}", "d1"]
        assert [[x.notation for x in await store.actions(g)] for g, _ in games] == [
            ["take 1"], [], [f"take {winner}"], ["take 1"]]
        if store.dialect == "sqlite":
            assert winner == 2
    finally:
        await store.close()


async def test_a_failing_statement_rolls_the_whole_move_back(store_target):
    store = await open_store(store_target)
    try:
        game_id, version = await _game(store)
        broken = Move(seat=0, user_id=1, notation=None, lines=[], reveals_before=0,  # type: ignore[arg-type]
                      reveals_after=0)
        with pytest.raises(store.INTEGRITY_ERRORS):
            await store.commit_move(game_id, version, broken, _snap("s1"), 1001.0)
        row = await store.game(game_id)
        assert (row.state, row.version) == ("s0", version)  # the snapshot update was undone
        assert await store.actions(game_id) == []
        await store.commit_move(game_id, version, _move("take 1"), _snap("s1"), 1002.0)
    finally:
        await store.close()


async def test_everything_is_there_after_a_restart(store_target):
    store = await open_store(store_target)
    game_id, version = await _game(store)
    version = await store.add_seat(game_id, version, user_id=100, name="Änne",
                                   colour="orange", now=1000.5)
    for n in range(1, 6):
        version = await store.commit_move(game_id, version, _move(f"take {n % 3 + 1}"),
                                          _snap(f"s{n}"), 1000.0 + n)
    before = (await store.game(game_id), await store.actions(game_id), await store.seats(game_id))
    await store.close()
    store = await open_store(store_target)
    try:
        after = (await store.game(game_id), await store.actions(game_id),
                 await store.seats(game_id))
        assert after == before
        assert after[2][0].name == "Änne"
    finally:
        await store.close()


async def test_undo_marks_actions_and_keeps_them_out_of_the_live_log(store_target):
    store = await open_store(store_target)
    try:
        game_id, version = await _game(store)
        for text in ("take 1", "take 2", "take 3"):
            version = await store.commit_move(game_id, version, _move(text), _snap(text), 1.0)
        second = (await store.actions(game_id))[1].id
        version = await store.undo_from(game_id, version, second, _snap("take 1"), 2.0)
        assert [a.notation for a in await store.actions(game_id)] == ["take 1"]
        assert (await store.game(game_id)).state == "take 1"
    finally:
        await store.close()


async def test_an_undo_requests_post_is_kept_with_its_votes_and_told_once(store_target):
    """The post an undo request became is kept on its votes (a 64-bit Discord id); ending
    the vote hands back its votes with the post once. Votes the game moved past end
    without touching a request opened meanwhile at a newer version."""
    store = await open_store(store_target)
    try:
        game_id, version = await _game(store)
        post = 1_180_000_000_000_000_007
        await store.cast_vote(game_id, version, 1, 100, 100, True, 1.0, opens=True)
        assert await store.set_vote_post(game_id, version, post)
        await store.cast_vote(game_id, version, 1, 100, 200, True, 2.0)  # keeps the post
        assert [v["post_id"] for v in await store.votes(game_id, version)
                if v["user_id"] == 100] == [post]
        assert await store.clear_votes(game_id, before_version=version) == []  # still open
        moved = await store.commit_move(game_id, version, _move("take 1"), _snap("t1"), 3.0)
        ended = await store.clear_votes(game_id, before_version=moved)
        assert sorted(v["user_id"] for v in ended) == [100, 200] and \
            post in {v["post_id"] for v in ended}
        assert await store.clear_votes(game_id, before_version=moved) == []  # told once
        assert not await store.set_vote_post(game_id, version, post)  # over: nothing kept
        # a process whose table is a move behind leaves a request opened since alone
        newer = await store.commit_move(game_id, moved, _move("take 2"), _snap("t2"), 4.0)
        await store.cast_vote(game_id, newer, 2, 200, 200, True, 5.0, opens=True)
        assert await store.clear_votes(game_id, before_version=moved) == []
        assert [v["user_id"] for v in await store.clear_votes(game_id)] == [200]
    finally:
        await store.close()


async def test_backup_is_a_consistent_copy(tmp_path):
    store = await _open(tmp_path)
    try:
        game_id, version = await _game(store)
        await store.commit_move(game_id, version, _move("take 2"), _snap("s1"), 1001.0)
        await store.backup(str(tmp_path / "copy.sqlite3"))
    finally:
        await store.close()
    copy = await _open(tmp_path, "copy.sqlite3")
    try:
        assert (await copy.game(game_id)).state == "s1"
        assert await copy.integrity_ok()
    finally:
        await copy.close()


async def test_reminder_rows_are_one_per_game_kind_and_user(store_target):
    store = await open_store(store_target)
    try:
        game_id, _ = await _game(store)
        await store.set_reminder("turn", game_id, 100, 50.0, {"a": 1}, 1.0)
        await store.set_reminder("turn", game_id, 100, 40.0, {"a": 2}, 1.0)  # moves, not adds
        await store.set_reminder("idle", game_id, None, 90.0, {}, 1.0)
        rows = await store.reminders(game_id)
        assert [(r.kind, r.due_at, r.payload) for r in rows] == [
            ("turn", 40.0, {"a": 2}), ("idle", 90.0, {})]
        assert await store.next_due() == 40.0
        assert [r.kind for r in await store.reminders(due_before=45.0)] == ["turn"]
        await store.delete_reminders(game_id, "turn")
        assert [r.kind for r in await store.reminders()] == ["idle"]
    finally:
        await store.close()


async def test_a_new_migration_is_applied_once_and_a_failing_one_rolls_back(tmp_path,
                                                                            monkeypatch):
    import bot.store.sqlite as store_module

    store = await _open(tmp_path)
    game_id, _ = await _game(store)
    await store.close()
    original = store_module.migrations()
    good = (len(original) + 1, "0xx_good.sql", "ALTER TABLE games ADD COLUMN note TEXT;")
    bad = (len(original) + 2, "0xx_bad.sql",
           "CREATE TABLE half (x INTEGER);\nINSERT INTO nowhere VALUES (1);")
    monkeypatch.setattr(store_module, "migrations", lambda _dialect: [*original, good, bad])
    with pytest.raises(sqlite3.OperationalError):
        await _open(tmp_path)
    raw = sqlite3.connect(tmp_path / "t.sqlite3")
    assert raw.execute("PRAGMA user_version").fetchone()[0] == len(original) + 1
    names = {r[0] for r in raw.execute("SELECT name FROM sqlite_master")}
    assert "half" not in names  # the failed migration left nothing behind
    assert raw.execute("SELECT note FROM games WHERE id = ?", (game_id,)).fetchone() == (None,)
    raw.close()
    monkeypatch.setattr(store_module, "migrations", lambda _dialect: original)
    with pytest.raises(RuntimeError, match="newer than this Rheinbot"):
        await _open(tmp_path)


async def test_cli_backup_of_a_database_being_written_is_consistent(tmp_path):
    import io
    import json

    from bot.cli import main

    store = await _open(tmp_path, "live.sqlite3")
    game_id, version = await _game(store)
    stop = asyncio.Event()

    async def writer() -> int:
        nonlocal version
        count = 0
        while not stop.is_set():
            count += 1
            version = await store.commit_move(game_id, version, _move(f"move {count}"),
                                              _snap(json.dumps({"n": count})), 1.0)
            await asyncio.sleep(0)
        return count

    task = asyncio.create_task(writer())
    await asyncio.sleep(0.05)
    out = io.StringIO()
    code = await asyncio.to_thread(main, ["backup", str(tmp_path / "copy.sqlite3"), "--db",
                                          str(tmp_path / "live.sqlite3")], out=out)
    stop.set()
    written = await task
    await store.close()
    assert code == 0 and "integrity ok" in out.getvalue()
    raw = sqlite3.connect(tmp_path / "copy.sqlite3")
    state = raw.execute("SELECT state FROM games").fetchone()[0]
    moves = [r[0] for r in raw.execute("SELECT notation FROM actions ORDER BY id")]
    raw.close()
    copied = json.loads(state)["n"]
    assert 0 < copied <= written
    assert moves == [f"move {n}" for n in range(1, copied + 1)]  # snapshot matches its log


async def test_a_players_language_is_kept_and_replaced(store_target):
    """What a player's own DMs are said in (ServiceBase._learn_language)."""
    store = await open_store(store_target)
    try:
        assert await store.languages([7, 8]) == {}
        await store.set_language(7, "de", 1.0)
        await store.set_language(2**62, "en", 1.0)  # Discord ids need 64 bits
        assert await store.languages([7, 8, 2**62, 7]) == {7: "de", 2**62: "en"}
        await store.set_language(7, "en", 2.0)
        assert await store.languages([7]) == {7: "en"}
    finally:
        await store.close()
