"""A spectator's board DMs speak the spectator's language, not the table's (as turn DMs
do); the picture may stay in the table's."""

from __future__ import annotations

import random

from discord_standin.driver import Member, running_bot
from discord_standin.server import StandIn
from discord_standin.table import Played, open_table, play_turn, to_move


async def test_a_german_spectator_of_an_english_table_reads_german(tmp_path, monkeypatch):
    fake = StandIn()
    channel = fake.channel
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        bob, eva = Member(bot, "Bob"), Member(bot, "Eva")
        udo = Member(bot, "Udo", locale="de")
        await open_table(bot, "rhein", [bob, eva], channel=channel, language="en")
        await udo.command("game watch", channel)
        [first] = fake.dms(udo.id)
        assert "Runde 1/10" in first.text and "Round" not in first.text, first.text
        rng, played = random.Random(1), Played()
        for _ in range(60):
            if len(fake.dms(udo.id)) > 1:
                break
            await play_turn(bot, await to_move(bot, [bob, eva]), channel, rng, played)
        later = fake.dms(udo.id)[1:]
        assert later and all("Runde" in m.text and "Round" not in m.text for m in later), \
            [m.text for m in later]
        assert any("Round" in m.text for m in fake.posts(channel))  # the table's stays English
