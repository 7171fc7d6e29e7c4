"""A fake clock shared by the stand-in bot's service and reminders, and a way to let the
reminder task fire everything due at the fake time (for quiet hours, day-long schedules)."""

from __future__ import annotations

import asyncio
import weakref
from dataclasses import dataclass, field
from typing import Any

from discord_standin.driver import Bot


class FakeTime:
    def __init__(self, start: float) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now


def install_clock(bot: Bot, start: float | FakeTime) -> FakeTime:
    clock = start if isinstance(start, FakeTime) else FakeTime(start)
    bot.client.reminders.clock = clock
    bot.client.adapter.service.clock = clock
    return clock


def clock_from_the_start(monkeypatch: Any, start: float) -> FakeTime:
    """A fake clock that a bot started after this call reads from its reminder task's first
    pass (install it in the service with :func:`install_clock` once the bot runs). A clock
    installed only then comes after a first pass on the real time, which may have moved
    what was due: by the real hour's quiet hours, a test passed by day and failed at night."""
    from bot.service.reminders import Reminders

    clock = FakeTime(start)
    real_start = Reminders.start

    def start_on_the_clock(self: Reminders) -> None:
        self.clock = clock
        real_start(self)

    monkeypatch.setattr(Reminders, "start", start_on_the_clock)
    return clock


@dataclass
class _Passes:
    """The reminder task's passes over what is due (its calls of ``run_due``), counted so
    that a settle waits for the one pass it needs instead of sleeping a guessed while."""
    started: int = 0
    finished: int = 0  # the highest numbered pass that has finished
    changed: asyncio.Event = field(default_factory=asyncio.Event)


_counted: weakref.WeakKeyDictionary[Any, _Passes] = weakref.WeakKeyDictionary()


def _passes(reminders: Any) -> _Passes:
    """The pass counter of ``reminders``, set up on first use (the task looks ``run_due``
    up on the instance at each pass)."""
    passes = _counted.get(reminders)
    if passes is None:
        passes = _counted[reminders] = _Passes()
        real = reminders.run_due

        async def run_due() -> int:
            passes.started += 1
            number = passes.started
            try:
                return await real()
            finally:
                passes.finished = max(passes.finished, number)
                passes.changed.set()

        reminders.run_due = run_due
    return passes


async def reminders_settle(bot: Bot, clock: FakeTime, timeout: float = 30.0) -> None:
    """Wake the reminder task and wait until nothing due at the fake time is left: each
    round waits for a whole pass that began after its wake, so it read the clock as set."""
    reminders = bot.client.reminders
    passes = _passes(reminders)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        reminders.wake()
        woken_for = passes.started + 1  # the first pass to begin after this wake
        while passes.finished < woken_for:
            passes.changed.clear()
            left = deadline - loop.time()
            assert left > 0, f"the reminder task made no pass: {reminders._task!r}"
            if bot.task.done():
                bot.task.result()
            try:
                await asyncio.wait_for(passes.changed.wait(), min(left, 1.0))
            except TimeoutError:
                reminders.wake()  # as the old fixed-interval settle did, should one be lost
        if not await bot.client.store.reminders(due_before=clock.now):
            break
        assert loop.time() < deadline, "reminders stayed due"
    await _caught_up(bot, deadline - loop.time())


async def _caught_up(bot: Bot, timeout: float) -> None:
    """After a restart, the catch-up's posts (what the channel missed) go out in the
    background while the reminders of its games run: a test's hours passing see them out."""
    task = bot.client.catch_up_task
    if task is not None and not task.done():
        done, _ = await asyncio.wait({task}, timeout=max(timeout, 0.0))
        assert done, "the catch-up after the start did not finish"
