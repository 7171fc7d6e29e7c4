"""Shared by the race tests (tests/test_discord_race_*.py)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator
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


def slowed_ai(monkeypatch: Any, seconds: float) -> tuple[asyncio.Event, asyncio.Event, Any]:
    """Each AI choice takes ``seconds`` more, as a hard seat on a loaded machine: returns the
    events set when it starts and when it has waited, and the real choice to put back."""
    thinking, done = asyncio.Event(), asyncio.Event()
    real = ai_module.choose
    loop = asyncio.get_running_loop()

    def slow_choose(*args: Any, **kwargs: Any) -> Any:
        loop.call_soon_threadsafe(thinking.set)
        time.sleep(seconds)
        loop.call_soon_threadsafe(done.set)
        return real(*args, **kwargs)

    monkeypatch.setattr(ai_module, "choose", slow_choose)
    return thinking, done, real
