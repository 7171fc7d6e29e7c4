"""Rheinländer's AI seats ended almost every turn with "· ends the turn without a bastion"
(some fifteen times a game) in the channel's summaries of their moves: they now leave it
out; the game's log keeps it, and so does a player's own move (their choice)."""

from __future__ import annotations

import random

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import Played, open_table, play_out, row_of

DONE = {"en": "ends the turn without a bastion", "de": "beendet den Zug ohne Bastion"}


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_ai_summaries_leave_the_declined_bastion_out(tmp_path, monkeypatch, lang):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        anna = Member(bot, "Anna", locale=lang)
        played = Played()
        await open_table(bot, "rheinlaender", [anna], bots=2, level="normal", played=played,
                         language=lang)
        await play_out(bot, [anna], fake.channel, random.Random(5), played, max_moves=40)
        lines = [line for m in fake.messages.values() if m.channel_id == fake.channel
                 for line in m.text.splitlines()]
        bots = [line for line in lines if line.startswith("**Bot ")]
        assert len(bots) > 5 and not any(DONE[lang] in line for line in bots), bots
        row = await row_of(bot, fake.channel)
        logged = " ".join(" ".join(str(x) for x in a.lines)
                          for a in await bot.client.store.actions(row.id))
        assert DONE["en"] in logged  # the log (stored in English) keeps it
