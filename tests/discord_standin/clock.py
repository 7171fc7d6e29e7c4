"""A fake clock shared by the stand-in bot's service and reminders, and a way to let the
reminder task fire everything due at the fake time (for quiet hours, day-long schedules)."""

from __future__ import annotations

import asyncio

from discord_standin.driver import Bot


class FakeTime:
    def __init__(self, start: float) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now


def install_clock(bot: Bot, start: float) -> FakeTime:
    clock = FakeTime(start)
    bot.client.reminders.clock = clock
    bot.client.adapter.service.clock = clock
    return clock


async def reminders_settle(bot: Bot, clock: FakeTime, timeout: float = 30.0) -> None:
    """Wake the reminder task and wait until nothing due at the fake time is left."""
    bot.client.reminders.wake()
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    await asyncio.sleep(0.02)
    while await bot.client.store.reminders(due_before=clock.now):
        assert loop.time() < deadline, "reminders stayed due"
        bot.client.reminders.wake()
        await asyncio.sleep(0.02)
    await asyncio.sleep(0.05)
