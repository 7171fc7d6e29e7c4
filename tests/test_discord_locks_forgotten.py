"""A bot that runs for months meets thousands of channels and DM users: the per-channel
and per-user locks that keep posts and DMs in order are forgotten once nobody holds or
waits for them (they were kept for good, one per channel and user ever served)."""

from __future__ import annotations

import asyncio
import random

from discord_standin import Member, running_bot
from discord_standin.table import Played, open_table, play_turn, row_of, seat_users

from bot.discord.keyed_locks import KeyedLocks


async def waited_on(bot, people: list[Member], channel: int) -> Member:
    row = await row_of(bot, channel)
    users = await seat_users(bot, row.id)
    return next(p for p in people if p.id in {users[seat] for seat in row.active_seats})


async def test_channel_and_dm_locks_are_forgotten_after_moves_in_two_channels(
        tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert")
        second = fake.add_channel("second")
        await fake.dispatch("CHANNEL_CREATE", fake.channels[second])
        rng, played = random.Random(3), Played()
        for channel in (fake.channel, second):
            await open_table(bot, "troedler", [anna, bert], channel=channel)
            for _ in range(4):
                await play_turn(bot, await waited_on(bot, [anna, bert], channel), channel,
                                rng, played)
        delivery = bot.client.delivery
        assert fake.dms(anna.id) and fake.dms(bert.id)  # hands were DMed: the DM locks ran
        # the reminder task may still be sending a turn DM: its lock is free once it is sent
        await eventually(lambda: len(delivery._dm_locks) == 0)
        await eventually(lambda: len(delivery._channel_locks) == 0)
        assert not bot.client.adapter.locks.busy()


async def eventually(done, within: float = 10.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + within
    while not done():
        assert loop.time() < deadline, "a lock was kept"
        await asyncio.sleep(0.01)


async def test_a_key_s_lock_orders_its_holders_and_is_dropped_after_the_last():
    locks, order = KeyedLocks(), []

    async def hold(key: int, name: str) -> None:
        async with locks.held(key):
            order.append(f"{name} in")
            await asyncio.sleep(0.01)
            order.append(f"{name} out")

    await asyncio.gather(hold(1, "a"), hold(1, "b"), hold(2, "c"))
    assert order.index("a out") < order.index("b in")  # one channel: one at a time
    assert order.index("c in") < order.index("a out")  # another channel never waits
    assert len(locks) == 0 and not locks.busy()
