"""The DM that tells a player their game is over comes after the channel's post of it. The
reminder task, woken as the end was written, sent the DM while the move's channel posts
(the result, a board drawn for it) were still on their way: a phone buzzed "… is over",
and the channel it linked to did not show it yet."""

from __future__ import annotations

import random

from discord_standin import Member, running_bot
from discord_standin.table import Played, open_table, play_out, row_of
from test_discord_standin_failures import reminders_done


def _first(messages, words: str):
    return next(m for m in messages if words in m.text)


async def test_the_end_dm_comes_after_the_result_post(tmp_path, monkeypatch) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        people = [Member(bot, name) for name in ("Anna", "Bert", "Cara")]
        await open_table(bot, "rheinlaender", people, language="en")
        await play_out(bot, people, fake.channel, random.Random(3), Played())
        assert (await row_of(bot, fake.channel)).status == "finished"
        await reminders_done(bot)
        result = max(m.id for m in fake.posts())  # the channel's last post: the result's
        for person in people:
            dm = _first(fake.dms(person.id), "Rheinländer (#games) is over")
            assert dm.id > result, (person.name, dm.id, result)


async def test_the_abandon_dm_comes_after_the_abandon_post(tmp_path, monkeypatch) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert")
        await open_table(bot, "rhein", [anna, bert], language="en")
        await reminders_done(bot)
        await anna.command("game abandon")
        await reminders_done(bot)
        post = _first(fake.posts(), "abandoned this game")
        dm = _first(fake.dms(bert.id), "abandoned")
        assert dm.id > post.id, (dm.text, dm.id, post.id)
