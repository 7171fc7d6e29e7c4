"""One bot process for tests/test_multiprocess_shards.py: the tables service and the
reminder task on a shared database, without Discord.

``python -m tests.multiprocess_worker CONFIG_JSON``. The process

1. opens the database (``db``: a PostgreSQL URL or an SQLite path) and starts the reminder
   task (at once, or when the file ``reminders_after`` appears);
2. plays ``moves`` moves in each game of its shard (a guild's shard is Discord's
   ``(guild_id >> 22) % shard_count``), alternating ``take 1`` and ``end``;
3. when the file ``race`` appears (it holds a game id and a version), plays ``take 1`` there
   at that version, as a button press would;
4. runs until the file ``stop`` appears.

Every event goes to ``events`` as one JSON line, written with a single unbuffered append so
that a SIGKILL loses none that were written: ``ready``, ``dm`` (a DM that went out: user,
title), ``post``, ``hanging`` (the DM it will never finish sending, see ``hang_on_dm``),
``move`` (an acknowledged move: game, notation, the log length after it), ``race``.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from bot.replies import Reply
from bot.service import TablesService
from bot.service.reminders import Reminders
from bot.store import open_store
from tests.service_pebbles import GAME, GAMES, ctx


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord puts a guild on."""
    return (guild_id >> 22) % shard_count


class Events:
    def __init__(self, path: str, worker: str) -> None:
        self.fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        self.worker = worker

    def write(self, event: str, **fields: Any) -> None:
        line = json.dumps({"worker": self.worker, "event": event, "t": time.time(), **fields})
        os.write(self.fd, (line + "\n").encode())


async def wait_for(path: Path) -> None:
    while not path.exists():
        await asyncio.sleep(0.02)


async def main(config: dict[str, Any]) -> None:
    events = Events(config["events"], config["worker"])
    store = await open_store(config["db"])
    sent = 0
    hang_on = config.get("hang_on_dm")  # the n-th DM this process starts never finishes

    async def send_dm(user_id: int, reply: Reply) -> None:
        nonlocal sent
        sent += 1
        if sent == hang_on:
            events.write("hanging", user=user_id, title=reply.title)
            await asyncio.Event().wait()  # stuck mid-send until the test kills us
        events.write("dm", user=user_id, title=reply.title)

    async def post_channel(channel_id: int, reply: Reply) -> None:
        events.write("post", channel=channel_id, text=reply.text[:80])

    reminders = Reminders(store, send_dm, post_channel, time.time, owner=config["worker"],
                          lease_seconds=config["lease"], poll_seconds=0.5)
    service = TablesService(store, games=GAMES, render=lambda key, view: b"",
                            reminders=reminders)
    shard_count, shard = config["shard_count"], config["shard_id"]

    async def start_reminders() -> None:
        if config.get("reminders_after"):
            await wait_for(Path(config["reminders_after"]))
        reminders.start()

    starting = asyncio.create_task(start_reminders())
    events.write("ready", shard=shard)
    for channel, guild in config["games"]:
        if shard_of(guild, shard_count) == shard:
            await play_moves(service, store, events, channel, guild, config["moves"])
    await wait_for(Path(config["race"]))
    game_id, version, user, channel, guild = json.loads(Path(config["race"]).read_text())
    replies = await service.play(ctx(user, channel, guild=guild), "take 1", version=version)
    events.write("race", game=game_id, replies=[reply.text[:80] for reply in replies])
    await wait_for(Path(config["stop"]))
    starting.cancel()
    await reminders.stop()
    await store.close()


async def play_moves(service: TablesService, store: Any, events: Events, channel: int,
                     guild: int, count: int) -> None:
    for _ in range(count):
        row, user, move = await next_move(store, channel)
        await service.play(ctx(user, channel, guild=guild), move)
        log = await store.actions(row.id)
        if not log or log[-1].notation != move:
            raise RuntimeError(f"game {row.id}: {move} did not apply")
        events.write("move", game=row.id, notation=move, length=len(log))


async def next_move(store: Any, channel: int) -> tuple[Any, int, str]:
    """The channel's game, the user on turn and their move (``take 1``, then ``end``)."""
    row = await store.live_game(channel)
    state = GAME.load(row.state)
    seat = GAME.active(state)[0]
    user = next(s.user_id for s in await store.seats(row.id) if s.seat == seat)
    return row, user, "end" if state["acted"] else "take 1"


if __name__ == "__main__":
    asyncio.run(main(json.loads(sys.argv[1])))
