"""What only the PostgreSQL store has: its schema version table, its durability settings,
several pools (processes) on one database, a server crash, and the ``?`` to ``$n`` rewrite.

The tests common to both backends are in tests/test_store_basics.py (``store_target``)."""

from __future__ import annotations

import asyncio
import json

import asyncpg
import pytest

import bot.store.postgres as pg_module
from bot.store import Move, Settings, Snapshot, StaleVersion, open_store, store_target
from bot.store.migrations import migrations
from bot.store.postgres import PostgresStore, numbered


def _snap(state: str) -> Snapshot:
    return Snapshot(state=state, phase="Round 1", status="active", active_seats=[0])


def _move(text: str) -> Move:
    return Move(seat=0, user_id=100, notation=text, lines=[f"did {text}"], reveals_before=0,
                reveals_after=0)


async def _game(store, channel: int = 10) -> tuple[int, int]:
    row = await store.create_game(guild_id=1, channel_id=channel, game_key="pebbles",
                                  options={}, seed=7, creator_id=100, min_players=2,
                                  max_players=4, now=1000.0)
    return row.id, await store.start_game(row.id, row.version, [], _snap("s0"), 1000.0)


def test_placeholders_are_numbered_outside_quotes():
    assert numbered("SELECT ? WHERE a = '?' AND b IN (?, ?)") == \
        "SELECT $1 WHERE a = '?' AND b IN ($2, $3)"


def test_database_url_picks_postgres_and_sqlite_stays_the_default():
    assert store_target({}) == "rheinbot.sqlite3"
    assert store_target({"RHEINBOT_DB": "x.sqlite3"}) == "x.sqlite3"
    assert store_target({"RHEINBOT_DB": "x.sqlite3"}, path="y.sqlite3") == "y.sqlite3"
    url = "postgresql://bot@db/rheinbot"
    assert store_target({"DATABASE_URL": url, "RHEINBOT_DB": "x.sqlite3"}) == url


async def test_migrations_record_the_version_and_commits_are_durable(pg_url):
    store = await open_store(pg_url)
    try:
        assert isinstance(store, PostgresStore)
        known = migrations("postgres")
        assert await store.schema_version() == len(known) == len(migrations("sqlite"))
        assert await store.migrate() == len(known)  # re-running applies nothing
        rows = await store._all("SELECT version, name FROM schema_migrations ORDER BY version")
        assert [(r[0], r[1]) for r in rows] == [(n, name) for n, name, _ in known]
        assert await store._scalar("SHOW fsync") == "on"
        assert await store._scalar("SHOW synchronous_commit") == "on"
    finally:
        await store.close()


async def test_a_connection_set_to_lose_commits_is_set_back(pg_url):
    # asyncpg passes unknown URL parameters as session settings.
    store = await open_store(pg_url + "&synchronous_commit=off")
    try:
        assert await store._scalar("SHOW synchronous_commit") == "on"
    finally:
        await store.close()


async def test_a_newer_schema_is_refused_and_a_failing_migration_rolls_back(pg_url,
                                                                           monkeypatch):
    store = await open_store(pg_url)
    game_id, _ = await _game(store)
    await store.close()
    original = migrations("postgres")
    good = (len(original) + 1, "0xx_good.sql", "ALTER TABLE games ADD COLUMN note TEXT;")
    bad = (len(original) + 2, "0xx_bad.sql",
           "CREATE TABLE half (x INTEGER);\nINSERT INTO nowhere VALUES (1);")
    monkeypatch.setattr(pg_module, "migrations", lambda _dialect: [*original, good, bad])
    with pytest.raises(asyncpg.UndefinedTableError):
        await open_store(pg_url)
    monkeypatch.setattr(pg_module, "migrations", lambda _dialect: [*original, good])
    store = await open_store(pg_url)  # the good one stuck, the bad one left nothing behind
    try:
        assert await store.schema_version() == len(original) + 1
        assert await store._scalar("SELECT to_regclass('half')") is None
        assert await store._scalar("SELECT note FROM games WHERE id = ?", (game_id,)) is None
    finally:
        await store.close()
    monkeypatch.setattr(pg_module, "migrations", lambda _dialect: original)
    with pytest.raises(RuntimeError, match="newer than this Rheinbot"):
        await open_store(pg_url)


async def test_processes_starting_together_migrate_once(pg_url):
    stores = await asyncio.gather(*(open_store(pg_url) for _ in range(4)))
    try:
        assert await stores[0]._scalar("SELECT COUNT(*) FROM schema_migrations") == \
            len(migrations("postgres"))
    finally:
        for store in stores:
            await store.close()


async def test_moves_racing_from_two_pools_apply_once_per_version(pg_url):
    """Two stores (two connection pools, as two bot processes would have) play one game:
    each round both try the move on the version they read; one applies, one is refused, and
    every applied move is in the log in order."""
    first, second = await open_store(pg_url), await open_store(pg_url)
    try:
        game_id, _ = await _game(first)
        applied = []
        for round_no in range(40):
            version = (await first.game(game_id)).version
            results = await asyncio.gather(
                *(store.commit_move(game_id, version, _move(f"{name} {round_no}"),
                                    _snap(f"{name} {round_no}"), 1001.0)
                  for name, store in (("a", first), ("b", second))),
                return_exceptions=True)
            won = [f"{name} {round_no}" for name, r in zip("ab", results, strict=True)
                   if isinstance(r, int)]
            assert len(won) == 1 and sum(isinstance(r, StaleVersion) for r in results) == 1
            applied += won
        assert [a.notation for a in await second.actions(game_id)] == applied
        row = await second.game(game_id)
        assert row.state == applied[-1] and row.version == 1 + len(applied)
    finally:
        await first.close()
        await second.close()


async def test_reminders_set_from_two_pools_at_once_stay_one_row(pg_url):
    first, second = await open_store(pg_url), await open_store(pg_url)
    try:
        game_id, _ = await _game(first)
        for n in range(10):
            await asyncio.gather(
                first.set_reminder("turn", game_id, 100, 50.0 + n, {"by": "a"}, 1.0),
                second.set_reminder("turn", game_id, 100, 60.0 + n, {"by": "b"}, 1.0),
                first.set_reminder("digest", None, 100, 70.0 + n, {}, 1.0),
                second.set_reminder("digest", None, 100, 80.0 + n, {}, 1.0),
                first.sync_turn_reminders(game_id, {100: {"n": n}}, {100: 5.0}, 90.0, {}, 1.0),
                second.sync_turn_reminders(game_id, {100: {"n": n}}, {100: 5.0}, 90.0, {}, 1.0))
        kinds = sorted(r.kind for r in await first.reminders())
        assert kinds == ["digest", "idle", "turn"]
    finally:
        await first.close()
        await second.close()


async def test_discord_ids_and_hours_keep_every_bit(pg_url):
    store = await open_store(pg_url)
    try:
        snowflake = 1_180_000_000_000_000_001  # 61 bits, as Discord's ids are today
        row = await store.create_game(guild_id=snowflake, channel_id=snowflake + 1,
                                      game_key="pebbles", options={}, seed=2**31 - 1,
                                      creator_id=snowflake + 2, min_players=2, max_players=4,
                                      now=1_764_633_600.123456, pace_hours=0.1)
        assert (row.guild_id, row.channel_id, row.creator_id, row.created_at, row.pace_hours) \
            == (snowflake, snowflake + 1, snowflake + 2, 1_764_633_600.123456, 0.1)
        await store.save_settings(Settings(user_id=snowflake, delay_hours=0.1), 1.0)
        assert (await store.settings(snowflake)).delay_hours == 0.1
    finally:
        await store.close()


async def test_every_acknowledged_move_survives_a_server_crash(pg_cluster, pg_url):
    """The server is stopped like a crash (no checkpoint) while moves are committing: after
    it restarts, every move the store acknowledged is there and the snapshot matches the
    log."""
    store = await open_store(pg_url)
    game_id, version = await _game(store)
    acked = 0

    async def writer() -> None:
        nonlocal acked, version
        while True:
            version = await store.commit_move(
                game_id, version, _move(f"move {acked + 1}"),
                _snap(json.dumps({"n": acked + 1})), 1.0)
            acked += 1  # acknowledged only after the commit returned

    task = asyncio.create_task(writer())
    while acked < 50:
        await asyncio.sleep(0.01)
    await asyncio.to_thread(pg_cluster.crash_and_restart)
    with pytest.raises((OSError, asyncpg.PostgresError, asyncpg.InterfaceError)):
        await task
    await store.close()
    store = await open_store(pg_url)
    try:
        count = json.loads((await store.game(game_id)).state)["n"]
        assert count >= acked > 0, f"acknowledged move {acked} lost (database has {count})"
        assert [a.notation for a in await store.actions(game_id)] == [
            f"move {n}" for n in range(1, count + 1)]
    finally:
        await store.close()


def test_cli_backup_of_a_postgres_bot_points_to_pg_dump(tmp_path, monkeypatch):
    import io

    from bot.cli import main

    monkeypatch.setenv("DATABASE_URL", "postgresql://bot@db.example/rheinbot")
    out = io.StringIO()
    assert main(["backup", str(tmp_path / "copy.sqlite3")], out=out) == 1
    assert "pg_dump" in out.getvalue() and not (tmp_path / "copy.sqlite3").exists()


@pytest.mark.parametrize("required", [False, True])
def test_without_postgres_the_tests_skip_or_under_ci_fail(required, tmp_path):
    """No PostgreSQL (RHEINBOT_PG_BINDIR names an empty folder): a laptop skips the PostgreSQL
    tests and says why; CI (RHEINBOT_REQUIRE_PG=1) fails them, never passing them silently."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    env = {**os.environ, "RHEINBOT_PG_BINDIR": str(tmp_path)}
    env.pop("RHEINBOT_REQUIRE_PG", None)
    if required:
        env["RHEINBOT_REQUIRE_PG"] = "1"
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-n", "0", "-rsE", "-p", "no:cacheprovider",
         "tests/test_pg_store.py::test_discord_ids_and_hours_keep_every_bit"],
        cwd=Path(__file__).resolve().parents[1], env=env, capture_output=True, text=True,
        timeout=120)
    assert "PostgreSQL is not installed" in done.stdout, done.stdout
    if required:
        assert done.returncode != 0 and "\nERROR tests/test_pg_store.py" in done.stdout, \
            done.stdout
    else:
        assert done.returncode == 0 and "\nSKIPPED" in done.stdout, done.stdout


async def test_both_dialects_build_the_same_schema(pg_url, tmp_path):
    """The .postgres.sql twins leave PostgreSQL with the tables, columns (and which may be
    NULL), defaults' presence and indexes SQLite gets from the plain files."""
    import sqlite3

    from bot.store import Store

    lite = await Store.open(str(tmp_path / "shape.sqlite3"))
    await lite.close()
    raw = sqlite3.connect(tmp_path / "shape.sqlite3")
    try:
        tables = [r[0] for r in raw.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
        sqlite_columns = {(t, r[1], bool(r[3]) or bool(r[5])) for t in tables
                          for r in raw.execute(f"PRAGMA table_info({t})")}
        sqlite_indexes = {r[0] for r in raw.execute(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")}
    finally:
        raw.close()
    store = await open_store(pg_url)
    try:
        schema = pg_url.rsplit("search_path=", 1)[1]
        rows = await store._all(
            "SELECT c.table_name, c.column_name, c.is_nullable = 'NO' OR EXISTS ("
            "  SELECT 1 FROM information_schema.key_column_usage k"
            "  JOIN information_schema.table_constraints tc"
            "    ON tc.constraint_name = k.constraint_name AND tc.table_schema = k.table_schema"
            "  WHERE tc.constraint_type = 'PRIMARY KEY' AND k.table_schema = c.table_schema"
            "    AND k.table_name = c.table_name AND k.column_name = c.column_name) "
            "FROM information_schema.columns c WHERE c.table_schema = ?", (schema,))
        pg_columns = {(r[0], r[1], r[2]) for r in rows}
        pg_indexes = {r[0] for r in await store._all(
            "SELECT indexname FROM pg_indexes WHERE schemaname = ? "
            "AND indexname NOT LIKE '%_pkey'", (schema,))}
    finally:
        await store.close()
    # SQLite's PRAGMA says "not null" only when declared; an INTEGER PRIMARY KEY is the rowid
    assert {(t, c) for t, c, _ in pg_columns} == {(t, c) for t, c, _ in sqlite_columns}
    assert pg_columns == sqlite_columns
    assert pg_indexes == sqlite_indexes
    assert len(pg_columns) > 60 and len(pg_indexes) >= 8  # the whole schema was compared
