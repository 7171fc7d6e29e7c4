"""Shared by the race tests (tests/test_discord_race_*.py)."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

from discord_standin import Member
from discord_standin.table import open_table, row_of, seat_users

import bot.service.ai as ai_module
from bot.discord.commands import ChannelLocks


def private_text(record: Any) -> str:
    return "\n".join(m.text for m in record.private)


def unserialized(monkeypatch: Any) -> None:
    """Changes to one channel no longer wait for each other in this process: what another
    process sharing the database (or the terminal) does at the same moment. The version
    race in the store then decides, and the loser must say what happened."""

    @contextlib.asynccontextmanager
    async def held(self: ChannelLocks, channel_id: int) -> AsyncIterator[None]:
        yield

    monkeypatch.setattr(ChannelLocks, "held", held)


async def anna_against_an_ai(bot: Any) -> tuple[Member, Any, int, list[dict[str, Any]]]:
    """Anna at a Trödler table with one AI seat, her turn first: (Anna, the game's row, her
    seat, her /play choices)."""
    anna = Member(bot, "Anna")
    await open_table(bot, "troedler", [anna], bots=1)
    row = await row_of(bot, bot.stand_in.channel)
    mine = next(s for s, u in (await seat_users(bot, row.id)).items() if u == anna.id)
    assert row.active_seats == [mine]
    choices = await anna.autocomplete("play", "move", "", bot.stand_in.channel)
    return anna, row, mine, choices


@dataclass
class SlowedAi:
    """The first AI choice held back, as a hard seat thinking on a loaded machine."""
    thinking: asyncio.Event  # set when the first choice starts
    done: asyncio.Event  # set when it has stopped waiting and goes on
    real: Any  # the real choice, to put back
    gate: threading.Event

    def release(self) -> None:
        """Let the first choice go on: what the test raced against it has happened."""
        self.gate.set()


def slowed_ai(monkeypatch: Any, longest: float) -> SlowedAi:
    """The first AI choice waits until the test calls ``release`` (or ``longest`` seconds
    have passed, for a test whose race went the wrong way); the later ones run at full
    speed. Only the first is raced against: holding back every choice of the AI's turns
    only made the test wait for nothing."""
    loop = asyncio.get_running_loop()
    slowed = SlowedAi(asyncio.Event(), asyncio.Event(), ai_module.choose, threading.Event())
    first = threading.Lock()  # AI choices run in worker threads

    def slow_choose(*args: Any, **kwargs: Any) -> Any:
        if first.acquire(blocking=False):
            loop.call_soon_threadsafe(slowed.thinking.set)
            slowed.gate.wait(longest)
            loop.call_soon_threadsafe(slowed.done.set)
        return slowed.real(*args, **kwargs)

    monkeypatch.setattr(ai_module, "choose", slow_choose)
    return slowed
