"""The channel lock the adapter holds from a change's service call through the delivery of
its replies (:class:`bot.discord.commands.ChannelLocks`): one channel's changes wait for
each other, other channels' never, and a look at the game waits for no change."""

from __future__ import annotations

import asyncio

from discord_standin import running_bot
from race_helpers import anna_against_an_ai, private_text, slowed_ai

import bot.service.ai as ai_module
from bot.discord.commands import ChannelLocks


async def test_one_channel_waits_other_channels_do_not() -> None:
    locks = ChannelLocks()
    order: list[str] = []
    first_in = asyncio.Event()
    release = asyncio.Event()

    async def first() -> None:
        async with locks.held(1):
            first_in.set()
            await release.wait()
            order.append("first")

    async def same_channel() -> None:
        async with locks.held(1):
            order.append("same channel")

    async def other_channel() -> None:
        async with locks.held(2):
            order.append("other channel")

    task = asyncio.create_task(first())
    await first_in.wait()
    waiting = asyncio.create_task(same_channel())
    await asyncio.wait_for(other_channel(), 1)  # not held up by channel 1
    await asyncio.sleep(0)
    assert order == ["other channel"]
    release.set()
    await asyncio.gather(task, waiting)
    assert order == ["other channel", "first", "same channel"]
    assert not locks._locks  # nothing kept for channels nobody acts in


async def test_a_look_at_the_hand_does_not_wait_for_a_thinking_ai(tmp_path,
                                                                   monkeypatch) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        anna, row, mine, choices = await anna_against_an_ai(bot)
        slowed = slowed_ai(monkeypatch, 10)  # held back until the hand has answered
        move = await fake.interact(2, anna.id, fake.channel,
                                   anna._command_data("play", {"move": choices[0]["value"]}))
        await asyncio.wait_for(slowed.thinking.wait(), 10)
        fake.current = None
        hand = await fake.interact(2, anna.id, fake.channel, anna._command_data("game hand", {}))
        fake.current = None
        # its answer, not the empty "thinking..." placeholder the defer left at once
        while not private_text(hand) and not slowed.done.is_set():
            await asyncio.sleep(0.005)
        assert private_text(hand) and not slowed.done.is_set()  # while the AI still thought
        slowed.release()
        await asyncio.gather(bot.settle(move), bot.settle(hand))
        monkeypatch.setattr(ai_module, "choose", slowed.real)
