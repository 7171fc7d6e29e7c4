"""``rheinbot run`` as a host runs it, in a process of its own against the stand-in:

- SIGTERM (every deploy or restart of a Procfile host, ``docker stop``) stops it cleanly: exit
  code 0, the store closed (SQLite's write-ahead log folded back, no -wal file left). It died
  as at a SIGKILL (exit -15, the log left), cutting whatever was under way.
- A second process on the same SQLite file exits at once, naming the first by host:pid:
  two processes on one file gave players contradictory answers.
(crash review)"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import discord
from discord_standin import Member
from discord_standin.server import GUILD_ID, TOKEN, StandIn

from bot.discord import app as discord_app

REPO = Path(__file__).resolve().parent.parent
# discord.py reads its API address from Route.BASE only: the child points it at the stand-in
LAUNCH = ("import os, discord; discord.http.Route.BASE = os.environ['STANDIN_BASE']; "
          "from bot.cli import main; raise SystemExit(main(['run']))")


def child_env(db: Path, base: str = "http://127.0.0.1:9/api/v10") -> dict[str, str]:
    env = {**os.environ, "DISCORD_TOKEN": TOKEN, "RHEINBOT_DB": str(db),
           "RHEINBOT_DEV_GUILD": str(GUILD_ID), "STANDIN_BASE": base,
           "PYTHONPATH": str(REPO)}
    for key in ("DATABASE_URL", "SHARD_COUNT", "SHARD_IDS", "KILL_AT"):
        env.pop(key, None)
    return env


class Shim:
    """What a Member needs of a bot: the stand-in, and a settle that waits for the answer."""

    def __init__(self, fake: StandIn) -> None:
        self.stand_in = fake

    async def settle(self, record, timeout: float = 20.0):
        """Until the answer has come and its messages after the defer (the child's work
        for it done), not a guessed 0.3 s after the defer."""
        deadline = time.monotonic() + timeout
        while (record.answered is None or not record.posts) and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        return record


async def started(fake: StandIn, db: Path, log: Path) -> subprocess.Popen:
    """``rheinbot run`` on ``db`` in a process of its own, connected to the stand-in."""
    before = fake.sessions
    child = subprocess.Popen([sys.executable, "-c", LAUNCH], cwd=db.parent,
                             stdout=log.open("w"), stderr=subprocess.STDOUT,
                             env=child_env(db, fake.api_base))
    deadline = time.monotonic() + 30
    while fake.sessions == before:
        assert child.poll() is None, log.read_text()
        assert time.monotonic() < deadline, "the bot did not connect"
        await asyncio.sleep(0.05)
    return child


async def stopped(child: subprocess.Popen, signum: int = signal.SIGTERM) -> int:
    child.send_signal(signum)
    for _ in range(300):
        if child.poll() is not None:
            return child.returncode
        await asyncio.sleep(0.05)
    child.kill()
    return child.wait()


async def stand_in(monkeypatch) -> StandIn:
    fake = StandIn()
    await fake.start()
    monkeypatch.setattr(discord.http.Route, "BASE", fake.api_base)
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("RHEINBOT_DEV_GUILD", str(GUILD_ID))
    await discord_app.sync(None)
    return fake


async def test_sigterm_stops_the_bot_cleanly(tmp_path, monkeypatch) -> None:
    fake = await stand_in(monkeypatch)
    db, log = tmp_path / "bot.sqlite3", tmp_path / "child.log"
    child = await started(fake, db, log)
    try:
        anna = Member(Shim(fake), "Anna")
        opened = await anna.command("game new", fake.channel, game="rhein")
        assert opened.answered is not None
        assert Path(f"{db}-wal").exists()  # written while it runs
        code = await stopped(child)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        await fake.stop()
    said = log.read_text()
    assert code == 0, said
    assert "stopped" in said, said
    wal = Path(f"{db}-wal")
    assert not wal.exists() or wal.stat().st_size == 0, "the store was not closed"


async def test_a_second_process_on_the_same_file_exits_naming_the_first(
        tmp_path, monkeypatch) -> None:
    fake = await stand_in(monkeypatch)
    db = tmp_path / "bot.sqlite3"
    first = await started(fake, db, tmp_path / "first.log")
    try:
        second = await asyncio.to_thread(
            subprocess.run, [sys.executable, "-c", LAUNCH], cwd=tmp_path,
            env=child_env(db, fake.api_base), capture_output=True, text=True, timeout=30)
        assert first.poll() is None  # the first one serves on
    finally:
        await stopped(first)
        await fake.stop()
    said = second.stdout + second.stderr
    assert second.returncode != 0, said
    assert f"in use by another Rheinbot process ({socket.gethostname()}:{first.pid})" \
        in said, said
