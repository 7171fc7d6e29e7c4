"""Crash safety: a child process commits moves and is killed with SIGKILL at random moments.

After every kill the database must hold every move the child acknowledged, nothing
half-written (the snapshot always matches the log), and pass ``PRAGMA integrity_check``.
The quick run kills 6 times; RHEINBOT_SLOW=1 runs the 200-kill version.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

# A writer committing moves on ``games`` games at once, printing each acknowledged move.
CHILD = r"""
import asyncio, json, sys
from bot.store import Move, Snapshot, Store

async def play(store, channel):
    row = await store.live_game(channel)
    if row is None:
        row = await store.create_game(guild_id=1, channel_id=channel, game_key="k",
                                      options={}, seed=1, creator_id=1, min_players=2,
                                      max_players=2, now=0.0)
        await store.start_game(row.id, row.version, [], Snapshot(json.dumps({"n": 0}), "p",
                               "active", [0]), 0.0)
        row = await store.live_game(channel)
    version, count = row.version, json.loads(row.state)["n"]
    while True:
        count += 1
        move = Move(seat=0, user_id=1, notation=f"move {count}", lines=["x" * 200],
                    reveals_before=0, reveals_after=0)
        snap = Snapshot(json.dumps({"n": count, "pad": "y" * 2000}), "p", "active", [0])
        version = await store.commit_move(row.id, version, move, snap, float(count))
        sys.stdout.write(f"ack {channel} {count}\n")  # only after the commit returned
        sys.stdout.flush()

async def main(path, games):
    store = await Store.open(path)
    await asyncio.gather(*(play(store, channel) for channel in range(1, games + 1)))

asyncio.run(main(sys.argv[1], int(sys.argv[2])))
"""


def _check(path: Path, acked: int) -> int:
    db = sqlite3.connect(path)
    try:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        state = db.execute("SELECT state FROM games").fetchone()[0]
        notations = [r[0] for r in db.execute(
            "SELECT notation FROM actions WHERE undone = 0 ORDER BY id")]
    finally:
        db.close()
    count = json.loads(state)["n"]
    assert notations == [f"move {n}" for n in range(1, count + 1)]  # log matches snapshot
    assert count >= acked, f"acknowledged move {acked} lost (database has {count})"
    return count


def _kill_loop(tmp_path: Path, kills: int) -> int:
    path = tmp_path / "killed.sqlite3"
    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(root)}
    rng = random.Random(8)
    acked = 0
    for _ in range(kills):
        child = subprocess.Popen([sys.executable, "-c", CHILD, str(path), "1"], env=env,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert child.stdout is not None
        first = child.stdout.readline()  # wait until it is committing
        assert first.startswith("ack"), child.stderr.read() if child.stderr else first
        acked = max(acked, int(first.split()[2]))
        time.sleep(rng.uniform(0.0, 0.05))
        child.send_signal(signal.SIGKILL)
        rest, _ = child.communicate()
        for line in rest.split("\n")[:-1]:  # a line cut off by the kill was never acknowledged
            if line.startswith("ack"):
                acked = max(acked, int(line.split()[2]))
        _check(path, acked)
    return acked


def test_killed_writer_loses_no_acknowledged_move(tmp_path):
    assert _kill_loop(tmp_path, 6) > 6


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("RHEINBOT_SLOW"), reason="set RHEINBOT_SLOW=1")
def test_two_hundred_kills(tmp_path):
    assert _kill_loop(tmp_path, 200) > 200




def test_killed_group_commits_lose_no_acknowledged_move(tmp_path):
    """Eight games commit at once (so their moves go as groups, one transaction each) and
    the writer is killed mid-stream: every game keeps every move acknowledged to it."""
    path = tmp_path / "group.sqlite3"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    acked: dict[int, int] = {}
    for pause in (0.0, 0.02, 0.05):
        child = subprocess.Popen([sys.executable, "-c", CHILD, str(path), "8"], env=env,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert child.stdout is not None
        lines = [child.stdout.readline() for _ in range(40)]  # committing on several games
        assert all(line.startswith("ack") for line in lines), child.stderr.read()
        time.sleep(pause)
        child.send_signal(signal.SIGKILL)
        rest, _ = child.communicate()
        for line in lines + rest.split("\n")[:-1]:  # a cut-off last line was never acked
            if line.startswith("ack"):
                _, channel, count = line.split()
                acked[int(channel)] = max(acked.get(int(channel), 0), int(count))
        db = sqlite3.connect(path)
        try:
            assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            rows = db.execute("SELECT id, channel_id, state FROM games").fetchall()
            for game_id, channel, state in rows:
                count = json.loads(state)["n"]
                notations = [r[0] for r in db.execute(
                    "SELECT notation FROM actions WHERE game_id = ? ORDER BY id", (game_id,))]
                assert notations == [f"move {n}" for n in range(1, count + 1)]
                assert count >= acked.get(channel, 0), (channel, count, acked)
        finally:
            db.close()
    assert len(acked) >= 2 and sum(acked.values()) > 40
