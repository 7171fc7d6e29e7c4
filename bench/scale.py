"""Scale figure: resident memory with many stored games and many loaded (active) ones.

Runs in a fresh child process (``python -m bench.scale STORED LOADED``) so the figure is this
workload's memory, not what the other bench parts left behind. The stored games are real
mid-game snapshots of the finished games, written straight into the store's schema (creating
10,000 games through the service would only time the fsyncs); the loaded ones go through
``TablesService._load``, the same path a command takes, and are kept alive in a list.
"""

from __future__ import annotations

import asyncio
import gc
import json
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.common import FINISHED, Figure, random_states, spread

RSS_MB = 300.0


def rss_mb() -> float:
    """This process's resident set size now, in MB (Linux /proc)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def sample_states() -> list[tuple[str, str, str, list[int]]]:
    """(game key, snapshot, phase, active seats) from along random games of each game."""
    from engine import GAMES

    found = []
    for key in FINISHED:
        game = GAMES[key]
        for state in spread(list(random_states(game, seed=21)), 8):
            if game.result(state) is None:
                found.append((key, game.dump(state), game.phase(state), game.active(state)))
    return found


def fill(path: str, stored: int, samples: list[tuple[str, str, str, list[int]]]) -> None:
    """``stored`` active games with three seats each, in one transaction."""
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("BEGIN")
    for n in range(stored):
        key, snap, phase, active = samples[n % len(samples)]
        cursor = db.execute(
            "INSERT INTO games (guild_id, channel_id, game_key, options, seed, status, "
            "min_players, max_players, creator_id, state, version, phase, active_seats, "
            "created_at, updated_at) VALUES (1, ?, ?, '{}', ?, 'active', 3, 3, ?, ?, 5, ?, ?, "
            "?, ?)", (10_000 + n, key, n, n * 10, snap, phase, json.dumps(active),
                      time.time(), time.time()))
        for seat in range(3):
            db.execute("INSERT INTO seats (game_id, joined, seat, user_id, name, colour) "
                       "VALUES (?, ?, ?, ?, ?, ?)",
                       (cursor.lastrowid, seat, seat, n * 10 + seat, f"P{seat}",
                        ("orange", "sky", "green")[seat]))
    db.execute("COMMIT")
    db.close()


async def load_many(path: str, loaded: int) -> list:
    from bot.service import TablesService
    from bot.store import Store

    store = await Store.open(path)
    service = TablesService(store)
    tables = []
    try:
        for game_id in range(1, loaded + 1):
            row = await store.game(game_id)
            assert row is not None
            table, _ = await service._load(row)
            tables.append(table)
        return tables
    finally:
        await store.close()


def child(stored: int, loaded: int) -> dict[str, float]:
    from bot.store import Store

    base = rss_mb()
    samples = sample_states()
    with tempfile.TemporaryDirectory(prefix="rheinbot-bench-") as tmp:
        path = str(Path(tmp) / "scale.sqlite3")
        asyncio.run(_migrate(Store, path))
        fill(path, stored, samples)
        after_fill = rss_mb()
        tables = asyncio.run(load_many(path, loaded))
        gc.collect()
        after_load = rss_mb()
        size = Path(path).stat().st_size
    assert len(tables) == loaded
    return {"base": base, "stored": after_fill, "loaded": after_load, "db_mb": size / 1e6}


async def _migrate(store_cls, path: str) -> None:
    store = await store_cls.open(path)
    await store.close()


def run(size: float) -> list[Figure]:
    stored = max(50, int(10_000 * size))
    loaded = max(5, int(1_000 * size))
    done = subprocess.run([sys.executable, "-m", "bench.scale", str(stored), str(loaded)],
                          capture_output=True, text=True, check=True, timeout=600)
    got = json.loads(done.stdout.strip().splitlines()[-1])
    return [
        Figure("scale", f"RSS, {stored:,} stored + {loaded:,} loaded", got["loaded"], "MB",
               RSS_MB, "low", note=f"interpreter+imports {got['base']:.0f} MB, "
               f"db {got['db_mb']:.0f} MB"),
    ]


if __name__ == "__main__":
    print(json.dumps(child(int(sys.argv[1]), int(sys.argv[2]))))
