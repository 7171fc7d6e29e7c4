"""Through the Discord stand-in: /play's one entry where the caller cannot move names the
games waiting on them so that they can be told apart. A review's player at several tables
read "Your turn: Rhein: River Trade, Rhein: River Trade, Die Trödler aus den Highlands,
Rheinländer, Die…", cut at Discord's 100 characters: two tables of one game read as one
said twice, and what was cut off was not counted. Several games now go by short titles, a
game's tables counted ("2× Rhein"), and what does not fit as "+1 more"."""

from __future__ import annotations

import random

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import Played, open_table
from test_discord_standin_where_your_turn import new_channel, play_until

SAID = {
    "en": {"free": "Your turn: 2× Rhein, Trödler, Rheinländer (pick this for the links)",
           "busy": "It is not your turn: waiting for Bert. "
                   "Your turn: 2× Rhein, +2 more (pick this for the links)"},
    "de": {"free": "Du bist dran: 2× Rhein, Trödler, Rheinländer (wähl das für die Links)",
           "busy": "Du bist nicht dran: wir warten auf Bert. "
                   "Du bist dran: 2× Rhein, +2 weitere (wähl das für die Links)"},
}


@pytest.mark.parametrize("locale", ["en-US", "de"])
async def test_the_entry_tells_several_games_apart_and_counts_the_rest(
        tmp_path, monkeypatch, locale: str) -> None:
    lang = locale[:2]
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        anna, bert = Member(bot, "Anna", locale=locale), Member(bot, "Bert", locale=locale)
        rng, played = random.Random(3), Played()
        for name, game, bots in (("r1", "rhein", 0), ("r2", "rhein", 0), ("tr", "troedler", 0),
                                 ("rl", "rheinlaender", 1)):
            channel = await new_channel(fake, name)
            await open_table(bot, game, [anna, bert], bots=bots, channel=channel,
                             played=played)
            await play_until(bot, channel, [anna, bert], lambda w: w == {anna.id}, rng, played)
        theirs = await new_channel(fake, "theirs")
        await open_table(bot, "rhein", [bert, anna], channel=theirs, played=played)
        await play_until(bot, theirs, [anna, bert], lambda w: w == {bert.id}, rng, played)
        # theirs waits on Bert: Anna's turn is at the four others (and the empty channel)
        empty = await new_channel(fake, "empty")
        [free] = await anna.autocomplete("play", "move", "", empty)
        assert free["name"] == SAID[lang]["free"]
        [busy] = await anna.autocomplete("play", "move", "", theirs)
        assert busy["name"] == SAID[lang]["busy"] and len(busy["name"]) <= 100
