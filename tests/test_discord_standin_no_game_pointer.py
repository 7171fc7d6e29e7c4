"""A command in a channel without a game names where the caller's games are, through the
Discord stand-in. Anna typed her move into #games while her games were in a thread and in
#second, and read only "There is no game in this channel. Start one with /game new."."""

from __future__ import annotations

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import open_table

TROEDLER = "Die Trödler aus den Highlands"


@pytest.mark.parametrize("locale, said", [
    ("en-US", "There is no game in this channel. Your turn: **Rhein: River Trade** in <#{b}>. "
              "Your other games: **{t}** in <#{a}>."),
    ("de", "In diesem Kanal gibt es kein Spiel. Du bist dran: **Rhein: River Trade** in <#{b}>. "
           "Deine anderen Spiele: **{t}** in <#{a}>.")])
async def test_no_game_here_points_to_the_callers_games(tmp_path, monkeypatch, locale, said):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        anna, bert = Member(bot, "Anna", locale=locale), Member(bot, "Bert")
        thread = await fake.add_thread(fake.channel, "troedler", anna.id)
        await open_table(bot, "troedler", [anna, bert], channel=thread)
        second = fake.add_channel("second")
        await fake.dispatch("CHANNEL_CREATE", fake.channels[second])
        await open_table(bot, "rhein", [bert, anna], bots=1, channel=second)
        expected = said.format(t=TROEDLER, a=thread, b=second)

        for path, values in (("play", {"move": "take 1"}), ("game status", {})):
            [answer] = (await anna.command(path, fake.channel, **values)).private
            assert answer.ephemeral and answer.text == expected

        # one with no game anywhere is told how to start one, as before
        cora = Member(bot, "Cora")
        [answer] = (await cora.command("game status", fake.channel)).private
        assert answer.text == "There is no game in this channel. Start one with /game new."
