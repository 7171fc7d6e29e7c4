"""Store figures: committed moves per second on a file database, against raw SQLite.

Our figure goes through ``Store.commit_move`` (aiosqlite thread, version check, the action
row, the snapshot) with the store's own pragmas. The baseline does the least a move needs,
one UPDATE of the game row plus one INSERT into the log per transaction, with the plain
``sqlite3`` module on the same machine, the same journal mode and the same synchronous
setting, so the ratio shows what our layers cost.
"""

from __future__ import annotations

import asyncio
import sqlite3
import tempfile
import time
from pathlib import Path

from bench.common import Figure, random_states
from bot.store import Move, Snapshot, Store
from engine import GAMES

MOVES_PER_S = 1000.0
SYNC_NAMES = {0: "OFF", 1: "NORMAL", 2: "FULL", 3: "EXTRA"}


def sample_snapshot() -> str:
    """A real mid-game Rheinländer snapshot (a few KB, like most of our games)."""
    game = GAMES["rheinlaender"]
    states = list(random_states(game, seed=5))
    return game.dump(states[len(states) // 2])


async def started_game(store: Store, channel: int, snap: str) -> tuple[int, int]:
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


async def _commits(store: Store, game_id: int, version: int, count: int, snap: str) -> None:
    move = Move(seat=0, user_id=10, notation="place 3 c4", lines=["P0 places a knight."],
                reveals_before=0, reveals_after=0)
    for _ in range(count):
        version = await store.commit_move(game_id, version, move, _snap(snap), time.time())


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
    ]
