"""Shared by the race tests (tests/test_discord_race_*.py)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

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
