"""Two bot processes (service level, no Discord) with different shard ids on one database.

Process A (shard 0) starts firing the reminders alone and gets stuck sending its third DM
while it holds leases; B (shard 1) then starts its reminder task and A is killed with
SIGKILL. Every reminder due during the test must be sent exactly once, A's held ones by B
once their leases ran out; every move either process acknowledged must be in the log; two
presses of one button in the two processes apply once; and a game of A's shard goes on in
another process (resharding moves nothing: the state is in the database).

Runs on PostgreSQL (the case it is for) and on SQLite with both processes on one file.
Nothing here times anything: it waits for conditions, with a generous limit.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from bot.service import TablesService
from bot.store import Settings, open_store
from tests.multiprocess_worker import next_move, shard_of
from tests.service_pebbles import GAMES, ctx

ROOT = Path(__file__).resolve().parent.parent
LEASE = 1.5          # seconds: short, so the takeover comes quickly
TURN_USERS = range(1000, 1030)
CLOCK_USERS = range(2000, 2006)
MOVES = 6            # per played game
LIMIT = 60.0         # seconds to wait for any one condition before failing


def _guild(shard: int, k: int) -> int:
    """A guild id that Discord puts on ``shard`` of 2."""
    guild = ((2 * k + shard) << 22) | 17
    assert shard_of(guild, 2) == shard
    return guild


async def _table(service: TablesService, channel: int, guild: int, users: tuple[int, int]
                 ) -> int:
    first, second = users
    await service.new(ctx(first, channel, guild=guild), "pebbles")
    await service.join(ctx(second, channel, guild=guild))
    await service.start(ctx(first, channel, manage=True, guild=guild), order="joined")
    for user in users:
        await service.play(ctx(user, channel, guild=guild), "ready")
    row = await service.store.live_game(channel)
    assert row is not None and row.status == "active"
    return row.id


def _events(tmp_path: Path) -> list[dict]:
    found = []
    for name in ("a.jsonl", "b.jsonl"):
        path = tmp_path / name
        if path.exists():
            found += [json.loads(line) for line in path.read_text().splitlines() if line]
    return found


async def _until(condition, what: str, procs) -> None:
    waited = 0.0
    while not condition():
        for proc in procs:
            if proc.poll() not in (None, -signal.SIGKILL):
                raise AssertionError(f"worker exited with {proc.returncode} while waiting "
                                     f"for {what}: {proc.stderr.read().decode()[-2000:]}")
        if waited > LIMIT:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.05)
        waited += 0.05


def _worker(tmp_path: Path, db: str, name: str, shard: int, games, **extra):
    config = {"worker": f"worker-{name}", "db": db, "shard_id": shard, "shard_count": 2,
              "lease": LEASE, "events": str(tmp_path / f"{name}.jsonl"), "games": games,
              "moves": MOVES, "race": str(tmp_path / "race"), "stop": str(tmp_path / "stop"),
              **extra}
    return subprocess.Popen([sys.executable, "-m", "tests.multiprocess_worker",
                             json.dumps(config)], cwd=ROOT, stderr=subprocess.PIPE,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})


async def test_two_processes_share_reminders_moves_and_a_killed_processs_work(
        store_target, tmp_path):
    store = await open_store(store_target)
    service = TablesService(store, games=GAMES, render=lambda key, view: b"")
    played = []  # (channel, guild) of the games the workers play, two per shard
    for shard in (0, 1):
        for k in range(2):
            channel, guild = 600 + 10 * shard + k, _guild(shard, k)
            users = (10 * channel + 1, 10 * channel + 2)
            for user in users:  # their notice is the prompt's ping: no DMs from play
                await store.save_settings(Settings(user_id=user, remind_on=False), 0.0)
            await _table(service, channel, guild, users)
            played.append((channel, guild))
    race_guild = _guild(0, 5)
    race = await _table(service, 700, race_guild, (7001, 7002))
    quiet = [await _table(service, 710 + shard, _guild(shard, 6), (7101 + shard, 7111 + shard))
             for shard in (0, 1)]

    procs = []
    try:
        a = _worker(tmp_path, store_target, "a", 0, played, hang_on_dm=3)
        b = _worker(tmp_path, store_target, "b", 1, played,
                    reminders_after=str(tmp_path / "b-reminders"))
        procs = [a, b]
        await _until(lambda: sum(e["event"] == "ready" for e in _events(tmp_path)) == 2,
                     "both workers to start", procs)
        race_row = await store.game(race)
        (tmp_path / "race").write_text(json.dumps([race, race_row.version, 7001, 700,
                                                   race_guild]))

        # The reminders: due over the next two seconds, turn DMs and move clock warnings.
        start = time.time()
        planned = [*TURN_USERS, *CLOCK_USERS]
        for k, user in enumerate(planned):
            due = start + 0.3 + 2.0 * k / len(planned)
            game = quiet[k % 2]
            payload = {"title": "Pebbles", "phase": "Round 1", "expected": "", "guild_id": 1,
                       "channel_id": 710, "language": "en"}
            if user in CLOCK_USERS:
                payload |= {"started": start, "deadline": start + 36000, "pace_hours": 10,
                            "stage": 0}
            await store.set_reminder("turn" if user in TURN_USERS else "clock", game, user,
                                     due, payload, start)

        await _until(lambda: any(e["event"] == "hanging" for e in _events(tmp_path)),
                     "A to get stuck on its third DM", procs)
        (tmp_path / "b-reminders").touch()
        await _until(lambda: any(e["event"] == "dm" and e["worker"] == "worker-b"
                                 for e in _events(tmp_path)), "B's first DM", procs)
        # A presses the race button on its own schedule; on a loaded machine it may not have
        # yet, and a killed A never would: the race needs both presses.
        await _until(lambda: any(e["event"] == "race" and e["worker"] == "worker-a"
                                 for e in _events(tmp_path)), "A's race press", procs)
        a.send_signal(signal.SIGKILL)
        a.wait()
        killed_at = time.time()
        held = await _leased(store_target, "worker-a")
        hanging = next(e for e in _events(tmp_path) if e["event"] == "hanging")
        assert hanging["user"] in held  # A died holding what it was sending

        def all_sent() -> bool:
            sent = {e["user"] for e in _events(tmp_path) if e["event"] == "dm"}
            return sent >= set(planned)

        await _until(all_sent, "every planned reminder", procs)
        await _until(lambda: sum(e["event"] == "race" for e in _events(tmp_path)) == 2,
                     "both race presses", procs)
        # Resharding: A's shard now lives elsewhere and its games go on where A left them.
        channel, guild = played[0]
        row, mover, move = await next_move(store, channel)
        before = len(await store.actions(row.id))
        await service.play(ctx(mover, channel, guild=guild), move)
        assert [a.notation for a in await store.actions(row.id)][before:] == [move]
        (tmp_path / "stop").touch()
        assert b.wait(timeout=LIMIT) == 0, b.stderr.read().decode()[-2000:]
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()

    events = _events(tmp_path)
    dms = Counter(e["user"] for e in events if e["event"] == "dm")
    assert {user: dms[user] for user in planned} == {user: 1 for user in planned}
    # A may die holding rows it already sent and recorded (its pass hangs before it ends its
    # leases): those must not be sent again (one DM each, above); the rest are B's to send.
    sent_by_a = {e["user"] for e in events if e["event"] == "dm" and e["worker"] == "worker-a"}
    took_over = [e for e in events
                 if e["event"] == "dm" and e["user"] in held and e["user"] not in sent_by_a]
    assert took_over and all(e["worker"] == "worker-b" for e in took_over)
    assert all(e["t"] >= held[e["user"]] for e in took_over)  # not before the lease ended
    # Every acknowledged move is in the log, at the place it was acknowledged.
    for event in (e for e in events if e["event"] == "move"):
        log = await store.actions(event["game"])
        assert log[event["length"] - 1].notation == event["notation"]
    assert {e["worker"] for e in events if e["event"] == "move"} == {"worker-a", "worker-b"}
    race_log = [a.notation for a in await store.actions(race)]
    assert race_log.count("take 1") == 1  # two presses of the same button: one applied
    remaining = {row.user_id: row for row in await store.reminders()}
    assert all(remaining[user].sent == 1 and remaining[user].due_at > start + 3600
               for user in planned)  # recorded as sent, next one hours away
    delays = [e["t"] - killed_at for e in took_over]
    backend = "postgres" if store_target.startswith("postgres") else "sqlite"
    print(f"\n{backend}: {sum(dms[u] for u in planned)}/{len(planned)} "
          f"reminders sent, {len(held)} held by the killed process, taken over "
          f"{min(delays):.2f}-{max(delays):.2f} s after the kill (lease {LEASE} s)")
    await store.close()


async def _leased(db: str, owner: str) -> dict[int, float]:
    """user id -> lease end of the reminders ``owner`` holds (read past the store, which has
    no call for it: only the scheduler needs leases)."""
    sql = "SELECT user_id, lease_until FROM reminders WHERE lease_owner = "
    if db.startswith("postgres"):
        import asyncpg

        connection = await asyncpg.connect(db)
        try:
            return dict(await connection.fetch(sql + "$1", owner))
        finally:
            await connection.close()
    with sqlite3.connect(db) as connection:
        return dict(connection.execute(sql + "?", (owner,)).fetchall())
