"""A rematch where the bot may not open a thread: its advice was "Run /game rematch in a new
channel instead", which there answered "A rematch needs a finished game in this channel".
It now asks for the permission and to run /game rematch here again, which works."""

from __future__ import annotations

import random

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import Played, open_table, play_out, row_of


@pytest.mark.parametrize(("lang", "again", "new"), [
    ("en", "/game rematch here again", "/game new"),
    ("de", "/spiel revanche hier noch einmal", "/spiel neu"),
])
async def test_the_advice_of_a_refused_thread_works(tmp_path, monkeypatch, lang, again, new):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        anna, bert = Member(bot, "Anna", locale=lang), Member(bot, "Bert", locale=lang)
        played = Played()
        await open_table(bot, "troedler", [anna, bert], bots=1, played=played, language=lang)
        await play_out(bot, [anna, bert], fake.channel, random.Random(7), played,
                       leave_after=0)
        assert (await row_of(bot, fake.channel)).status == "finished"
        fake.inject("POST", rf"channels/{fake.channel}/threads", 403, code=50013, times=5)
        refused = await anna.command("game rematch")
        said = " ".join(m.text for m in refused.private)
        assert again in said and new in said, said
        fake.injections.clear()  # a moderator granted Create Public Threads
        again_here = await anna.command("game rematch")
        thread = await bot.client.store.rematch((await row_of(bot, fake.channel)).id)
        assert thread is not None and thread != fake.channel, \
            [m.text for m in again_here.private]
        assert (await row_of(bot, thread)).status == "lobby"
