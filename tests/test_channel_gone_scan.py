"""The scan a channel's deletion sets off (its auto-archived threads' games end) goes on past
a lookup that fails with a network error: one reset connection left every game after it live
in a deleted thread, its turn DMs linking to a thread nobody can open."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import aiohttp
import discord

from bot.discord.channel_gone import ChannelGone


def unknown_channel() -> discord.NotFound:
    return discord.NotFound(SimpleNamespace(status=404, reason="Not Found"),
                            {"code": 10003, "message": "Unknown Channel"})


class Service:
    def __init__(self, live: list[int]) -> None:
        self.live, self.ended = live, []

    async def live_channel_parents(self, guild_id: int) -> list[tuple[int, int | None]]:
        return [(channel, None) for channel in self.live]  # none on record: each looked up

    async def channel_gone(self, channel_id: int, why: str = "deleted") -> list:
        self.ended.append(channel_id)
        return []


async def test_a_network_error_on_one_lookup_leaves_the_others_to_be_looked_up() -> None:
    service = Service([1, 2, 3])

    async def fetch(channel_id: int) -> None:
        if channel_id == 2:
            raise aiohttp.ClientOSError("connection reset")
        raise unknown_channel()

    gone = ChannelGone(lambda: service, lambda *_: asyncio.sleep(0))
    await gone.threads_deleted(1, 99, lambda _: False, fetch)
    assert service.ended == [1, 3]
