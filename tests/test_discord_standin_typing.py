"""A pressed button has no "thinking…" placeholder: a move after which AI seats take their
time left a phone player looking at an unchanged channel for up to 5 s (a review timed
hard Rheinländer seats). The channel now shows "Rheinbot is typing…" while it waits."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from discord_standin import Member, running_bot
from discord_standin.table import BUTTON, Played, open_table, row_of, turn_prompt

from bot.service import ai


def thinks_until(monkeypatch, shown: Callable[[], bool], longest: float = 10.0) -> None:
    """The AI seats' first choice takes until ``shown()`` (the typing indicator was shown or
    tried, ``TYPING_AFTER`` into the work), or ``longest`` seconds where it never is; the
    later choices take their usual time."""
    choose = ai.choose
    first = threading.Lock()  # AI choices run in worker threads

    def slow(*args, **kwargs):
        if first.acquire(blocking=False):
            deadline = time.monotonic() + longest
            while not shown() and time.monotonic() < deadline:
                time.sleep(0.01)
        return choose(*args, **kwargs)

    monkeypatch.setattr(ai, "choose", slow)


def typings(bot, since: int) -> list[str]:
    return [r.path for r in bot.stand_in.requests[since:]
            if r.method == "POST" and r.path.endswith("/typing")]


async def test_a_press_the_ai_seats_answer_slowly_shows_typing(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        anna = Member(bot, "Anna")
        await open_table(bot, "rhein", [anna], bots=2, played=Played())
        since = len(fake.requests)
        # an AI seat thinking as hard seats may: until the channel shows it
        thinks_until(monkeypatch, lambda: bool(typings(bot, since)))
        row = await row_of(bot, fake.channel)
        prompt = turn_prompt(bot, fake.channel, anna, row.version)
        assert prompt is not None
        move = next(c for c in prompt.custom_ids if c.startswith(BUTTON)
                    and c.split(":")[3].isdigit())
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
        tried = threading.Event()

        class Dropped:
            def __await__(self):
                tried.set()
                raise aiohttp.ClientConnectionError("connection reset")
                yield  # (a generator: awaitable)

        thinks_until(monkeypatch, tried.is_set)
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
