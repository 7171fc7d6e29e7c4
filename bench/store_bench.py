"""Store figures: committed moves per second, through our store and raw, on both backends.

SQLite: our figure goes through ``Store.commit_move`` (aiosqlite thread, version check, the
action row, the snapshot) with the store's own pragmas. The baseline does the least a move
needs, one UPDATE of the game row plus one INSERT into the log per transaction, with the
plain ``sqlite3`` module on the same machine, the same journal mode and the same synchronous
setting, so the ratio shows what our layers cost.

PostgreSQL: a throwaway cluster (``bench.pg_cluster``; fsync and synchronous_commit on, as
shipped) or ``RHEINBOT_BENCH_PG_URL``. Ours goes through ``PostgresStore.commit_move`` (a pool
of ``RHEINBOT_PG_POOL`` connections, default 10); raw sends the very statement ours sends,
with its parameters made up front, on bare asyncpg (one connection for one game, a pool of
the same size for many), so the ratio is what the store's Python costs around the database.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bench.common import Figure, failed, random_states
from bench.pg_cluster import Cluster, find_bindir
from bot.store import Move, Snapshot, Store, StoreBase, open_store
from bot.store.base import move_params
from engine import GAMES

MOVES_PER_S = 1000.0
SYNC_NAMES = {0: "OFF", 1: "NORMAL", 2: "FULL", 3: "EXTRA"}


def sample_snapshot() -> str:
    """A real mid-game Rheinländer snapshot (a few KB, like most of our games)."""
    game = GAMES["rheinlaender"]
    states = list(random_states(game, seed=5))
    return game.dump(states[len(states) // 2])


async def started_game(store: StoreBase, channel: int, snap: str) -> tuple[int, int]:
    """A game with three seats, started: (game id, version)."""
    row = await store.create_game(guild_id=1, channel_id=channel, game_key="rheinlaender",
                                  options={}, seed=channel, creator_id=1, min_players=3,
                                  max_players=3, now=time.time())
    version = row.version
    for user in range(3):
        version = await store.add_seat(row.id, version, user_id=channel * 10 + user,
                                       name=f"P{user}", colour=f"c{user}", now=time.time())
    version = await store.start_game(row.id, version, [0, 1, 2], _snap(snap), time.time())
    return row.id, version


def _snap(state: str) -> Snapshot:
    return Snapshot(state=state, phase="Placement", status="active", active_seats=[0])


MOVE = Move(seat=0, user_id=10, notation="place 3 c4", lines=["P0 places a knight."],
            reveals_before=0, reveals_after=0)


async def _commits(store: StoreBase, game_id: int, version: int, count: int, snap: str) -> None:
    for _ in range(count):
        version = await store.commit_move(game_id, version, MOVE, _snap(snap), time.time())


async def ours(folder: Path, games: int, moves: int, snap: str) -> tuple[float, int]:
    """Committed moves per second through the store with ``games`` games at once."""
    store = await Store.open(str(folder / f"ours-{games}.sqlite3"))
    try:
        # The pragma is per connection, so ask the store's own connection.
        sync = (await store._db.execute_fetchall("PRAGMA synchronous"))[0][0]
        ids = [await started_game(store, 100 + n, snap) for n in range(games)]
        per_game = max(1, moves // games)
        start = time.perf_counter()
        await asyncio.gather(*(_commits(store, gid, ver, per_game, snap) for gid, ver in ids))
        return per_game * games / (time.perf_counter() - start), sync
    finally:
        await store.close()


def raw_sqlite(path: Path, sync: int, moves: int, snap: str) -> float:
    """The baseline: one UPDATE + one INSERT per transaction, plain sqlite3, same pragmas."""
    db = sqlite3.connect(str(path), isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute(f"PRAGMA synchronous={sync}")
        db.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, version INTEGER, state TEXT, "
                   "updated_at REAL)")
        db.execute("CREATE TABLE actions (id INTEGER PRIMARY KEY AUTOINCREMENT, game_id "
                   "INTEGER, seat INTEGER, notation TEXT, lines TEXT, created_at REAL)")
        db.execute("INSERT INTO games VALUES (1, 0, ?, 0)", (snap,))
        start = time.perf_counter()
        for _ in range(moves):
            db.execute("BEGIN IMMEDIATE")
            db.execute("UPDATE games SET version = version + 1, state = ?, updated_at = ? "
                       "WHERE id = 1", (snap, time.time()))
            db.execute("INSERT INTO actions (game_id, seat, notation, lines, created_at) "
                       "VALUES (1, 0, 'place 3 c4', '[]', ?)", (time.time(),))
            db.execute("COMMIT")
        return moves / (time.perf_counter() - start)
    finally:
        db.close()


# A raw move sender (game id, version) and what releases what it holds.
Sender = Callable[[int, int], Awaitable[None]]


async def _pg_rate(url: str, games: int, moves: int, snap: str,
                   commit: Callable[[Any], tuple[Sender, Callable[[], Awaitable[None]]]] | None
                   ) -> float:
    """Committed moves/s on ``games`` games at once: through our store (``commit`` None), or
    through ``commit(store)(game_id, version)``, a raw sender built from the store's pool."""
    store = await open_store(url)
    try:
        ids = [await started_game(store, 100 + n, snap) for n in range(games)]
        per_game = max(1, moves // games)
        if commit is None:
            start = time.perf_counter()
            await asyncio.gather(*(_commits(store, gid, ver, per_game, snap)
                                   for gid, ver in ids))
            return per_game * games / (time.perf_counter() - start)
        send, done = commit(store)

        async def play(game_id: int, version: int) -> None:
            for step in range(per_game):
                await send(game_id, version + step)

        try:
            start = time.perf_counter()
            await asyncio.gather(*(play(gid, ver) for gid, ver in ids))
            return per_game * games / (time.perf_counter() - start)
        finally:
            await done()
    finally:
        await store.close()


def _raw_sender(snap: str, one: bool
                ) -> Callable[[Any], tuple[Sender, Callable[[], Awaitable[None]]]]:
    """The statement ``PostgresStore.commit_move`` sends, parameters ready but the version,
    on bare asyncpg: the store's pool for many games, one held connection for one."""
    from bot.store.postgres import commit_move_sql

    update, params, action = move_params(0, 0, MOVE, _snap(snap), time.time())
    sql = commit_move_sql(update)
    fixed, extra = params[:-2], action[1:]

    def build(store: Any) -> tuple[Sender, Callable[[], Awaitable[None]]]:
        pool = store._pool
        held: list[Any] = []

        async def send(game_id: int, version: int) -> None:
            if one:
                if not held:
                    held.append(await pool.acquire())
                rows = await held[0].fetch(sql, *fixed, game_id, version, *extra)
            else:
                rows = await pool.fetch(sql, *fixed, game_id, version, *extra)
            assert rows, "the raw move did not apply"

        async def done() -> None:
            for conn in held:
                await pool.release(conn)

        return send, done

    return build


async def postgres_figures(url: str, moves: int, many: int, snap: str) -> list[Figure]:
    import asyncpg

    schemas = iter(range(1, 100))

    async def fresh() -> str:
        name = f"bench_{next(schemas)}"
        conn = await asyncpg.connect(url)
        try:
            await conn.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE; CREATE SCHEMA {name}")
            version = await conn.fetchval("SHOW server_version")
        finally:
            await conn.close()
        joiner = "&" if "?" in url else "?"
        return f"{url}{joiner}search_path={name}", version

    where, version = await fresh()
    one = await _pg_rate(where, 1, moves, snap, None)
    raw_one = await _pg_rate((await fresh())[0], 1, moves, snap, _raw_sender(snap, one=True))
    lots = await _pg_rate((await fresh())[0], many, moves, snap, None)
    raw_lots = await _pg_rate((await fresh())[0], many, moves, snap,
                              _raw_sender(snap, one=False))
    note = f"PostgreSQL {version.split()[0]}, fsync and synchronous_commit on"
    return [
        Figure("store", "PostgreSQL: 1 game", one, "moves/s", MOVES_PER_S, "high", note=note),
        Figure("store", f"PostgreSQL: {many} games at once", lots, "moves/s", MOVES_PER_S,
               "high", note=f"pool of {os.environ.get('RHEINBOT_PG_POOL') or 10}"),
        Figure("store", "raw asyncpg, same statement, 1 game", raw_one, "commits/s",
               note="one statement per move: the UPDATE feeding the INSERT"),
        Figure("store", f"raw asyncpg, same statement, {many} games", raw_lots, "commits/s"),
        Figure("store", "PostgreSQL ours / raw (1 game)", 100 * one / raw_one, "%"),
        Figure("store", f"PostgreSQL ours / raw ({many} games)", 100 * lots / raw_lots, "%"),
    ]


def run_postgres(moves: int, many: int, snap: str) -> list[Figure]:
    """The PostgreSQL rows; none when PostgreSQL is not installed, unless the run requires it
    (RHEINBOT_REQUIRE_PG=1), where that is an error row."""
    url = os.environ.get("RHEINBOT_BENCH_PG_URL", "").strip()
    if url:
        return asyncio.run(postgres_figures(url, moves, many, snap))
    bindir = find_bindir()
    if bindir is None:
        if os.environ.get("RHEINBOT_REQUIRE_PG") == "1":
            return [failed("store", "PostgreSQL", "PostgreSQL is not installed (no initdb)")]
        return []
    cluster = Cluster(bindir)
    try:
        cluster.start()
        return asyncio.run(postgres_figures(cluster.url, moves, many, snap))
    finally:
        cluster.stop()


def run(size: float) -> list[Figure]:
    moves = max(100, int(3000 * size))
    snap = sample_snapshot()
    with tempfile.TemporaryDirectory(prefix="rheinbot-bench-") as tmp:
        folder = Path(tmp)
        one, sync = asyncio.run(ours(folder, 1, moves, snap))
        # The baseline runs between our two figures: the disk is shared and its speed
        # drifts, so each side should see the same weather.
        raw = raw_sqlite(folder / "raw.sqlite3", sync, moves, snap)
        many = 100 if size >= 0.5 else 5
        hundred, _ = asyncio.run(ours(folder, many, moves, snap))
        raw_normal = raw_sqlite(folder / "raw-normal.sqlite3", 1, moves, snap)
    name = SYNC_NAMES.get(sync, str(sync))
    size_note = f"{len(snap) / 1024:.1f} KB snapshot, WAL, synchronous={name}"
    return [
        Figure("store", f"1 game, synchronous={name}", one, "moves/s", MOVES_PER_S, "high",
               note=size_note),
        Figure("store", f"{many} games at once, synchronous={name}", hundred, "moves/s",
               MOVES_PER_S, "high"),
        Figure("store", f"raw sqlite3 baseline, synchronous={name}", raw, "commits/s",
               note="one UPDATE + one INSERT per commit"),
        Figure("store", "raw sqlite3 baseline, synchronous=NORMAL", raw_normal, "commits/s"),
        Figure("store", "ours / raw (1 game)", 100 * one / raw, "%"),
        Figure("store", f"ours / raw ({many} games)", 100 * hundred / raw, "%"),
        *run_postgres(moves, many, snap),
    ]
