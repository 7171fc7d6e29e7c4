"""A look that takes no channel lock (/game hand, its answer with move buttons) while a
committed move's posts are still on their way must not mark the move announced: the process
dying then lost the move's posts for good, with no catch-up at the next start. Only a
change's own posts, delivered under the channel's lock, mark it. Both backends.
(From the code review's test_catch_up_hand_marks.py.)"""

from __future__ import annotations

import asyncio
import time

from discord_standin import Member, running_bot
from discord_standin.clock import install_clock, reminders_settle
from discord_standin.driver import HANDLER_TASKS
from discord_standin.table import open_table, row_of, seat_users
from test_discord_restart_catch_up import use_backend


async def test_a_hand_shown_meanwhile_does_not_lose_the_move(
        tmp_path, monkeypatch, store_target) -> None:
    use_backend(monkeypatch, store_target)
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake, store = bot.stand_in, bot.client.store
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert")
        await open_table(bot, "troedler", [anna, bert])
        row = await row_of(bot, fake.channel)
        users = await seat_users(bot, row.id)
        mover, waiting = (anna, bert) if users[row.active_seats[0]] == anna.id else (bert, anna)
        choices = await mover.autocomplete("play", "move", "", fake.channel)
        data = mover._command_data("play", {"move": choices[0]["value"]})
        delivering, delivered = asyncio.Event(), asyncio.Event()
        real = bot.client.delivery.deliver

        async def hang_once(*args, **kwargs):
            if not delivering.is_set():  # the move's answer: Discord slow, then the kill
                delivering.set()
                await asyncio.Event().wait()
            try:
                return await real(*args, **kwargs)  # marked (or not) before it returns
            finally:
                delivered.set()
        monkeypatch.setattr(bot.client.delivery, "deliver", hang_once)
        posts_before = len(fake.posts())
        await fake.interact(2, mover.id, fake.channel, data)
        await asyncio.wait_for(delivering.wait(), 20)
        moved = await row_of(bot, fake.channel)
        assert moved.version > row.version
        marked = await store.announced_version(row.id)
        # the other player looks at their cards meanwhile: its answer carries move buttons
        look = await fake.interact(2, waiting.id, fake.channel,
                                   waiting._command_data("game hand", {}))
        await asyncio.wait_for(delivered.wait(), 20)
        assert any(m.custom_ids for m in look.private)  # the hand, with move buttons
        assert await store.announced_version(row.id) == marked  # the move is still unsaid
        for task in asyncio.all_tasks():  # the kill
            if task.get_name().startswith(HANDLER_TASKS):
                task.cancel()
        await asyncio.sleep(0.05)
        assert len(fake.posts()) == posts_before
    monkeypatch.undo()
    use_backend(monkeypatch, store_target)
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        clock = install_clock(bot, time.time())
        clock.now += 60
        await reminders_settle(bot, clock)
        assert await bot.client.catch_up_task == 1
        said = "\n".join(m.text for m in bot.stand_in.posts())
        assert "What you missed (1 move)" in said, said
