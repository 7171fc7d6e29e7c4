"""A pressed button has no "thinking…" placeholder: a move after which AI seats take their
time left a phone player looking at an unchanged channel for up to 5 s (a review timed
hard Rheinländer seats). The channel now shows "Rheinbot is typing…" while it waits."""

from __future__ import annotations

import time

from discord_standin import Member, running_bot
from discord_standin.table import BUTTON, Played, open_table, row_of, turn_prompt

from bot.service import ai


def typings(bot, since: int) -> list[str]:
    return [r.path for r in bot.stand_in.requests[since:]
            if r.method == "POST" and r.path.endswith("/typing")]


async def test_a_press_the_ai_seats_answer_slowly_shows_typing(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        anna = Member(bot, "Anna")
        await open_table(bot, "rhein", [anna], bots=2, played=Played())
        choose = ai.choose

        def slow(*args, **kwargs):  # an AI seat thinking as hard seats may
            time.sleep(0.6)
            return choose(*args, **kwargs)

        monkeypatch.setattr(ai, "choose", slow)
        row = await row_of(bot, fake.channel)
        prompt = turn_prompt(bot, fake.channel, anna, row.version)
        assert prompt is not None
        move = next(c for c in prompt.custom_ids if c.startswith(BUTTON)
                    and c.split(":")[3].isdigit())
        since = len(fake.requests)
        record = await anna.press(prompt, move)
        assert (await row_of(bot, fake.channel)).version > row.version + 1  # AI seats moved
        shown = typings(bot, since)
        assert shown and set(shown) == {f"channels/{fake.channel}/typing"}
        assert record.visible_posts  # and then their moves came




async def test_a_typing_indicator_that_fails_does_not_cost_the_move_its_posts(
        tmp_path, monkeypatch):
    """Showing "typing…" is cosmetic: a dropped connection while showing it (not an HTTP
    error) ended the press in "Something went wrong", the move made but never posted."""
    import aiohttp
    import discord

    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        anna = Member(bot, "Anna")
        await open_table(bot, "rhein", [anna], bots=2, played=Played())
        choose = ai.choose

        def slow(*args, **kwargs):
            time.sleep(0.6)
            return choose(*args, **kwargs)

        class Dropped:
            def __await__(self):
                raise aiohttp.ClientConnectionError("connection reset")
                yield  # (a generator: awaitable)

        monkeypatch.setattr(ai, "choose", slow)
        monkeypatch.setattr(discord.TextChannel, "typing", lambda channel: Dropped())
        row = await row_of(bot, fake.channel)
        prompt = turn_prompt(bot, fake.channel, anna, row.version)
        assert prompt is not None
        move = next(c for c in prompt.custom_ids if c.startswith(BUTTON)
                    and c.split(":")[3].isdigit())
        record = await anna.press(prompt, move)
        assert (await row_of(bot, fake.channel)).version > row.version + 1  # AI seats moved
        assert record.visible_posts  # their moves and the next prompt were posted
        assert not any("wrong" in m.text for m in record.private)
