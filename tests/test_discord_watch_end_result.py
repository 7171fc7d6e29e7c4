"""Through the Discord stand-in: a watched game that ends in the spectator's quiet hours.

The morning DM read "Game over after round 1 / 2 phases ended since 23:30 ...: this is the
board now" and never named the result; only the picture did. It now says the game is over
and who won, with the head of the channel's result post, in the reader's words."""

from __future__ import annotations

import re

from discord_standin.clock import reminders_settle
from discord_standin.driver import running_bot
from discord_standin.server import StandIn
from discord_standin.table import row_of
from test_discord_watch_quiet_hours import (
    MORNING,
    board_dms,
    watched_night,
)

OVER = {"en": "The game is over: **{name}** wins!",
        "de": "Die Partie ist vorbei: **{name}** gewinnt!"}


WINS = re.compile(r"^\*\*(.+)\*\* wins!$")


def winner(fake: StandIn) -> str:
    """The name the channel's result post (in the table's English) gives the winner."""
    [name] = [found[1] for m in fake.posts() for line in m.text.split("\n")
              if (found := WINS.match(line))]
    return name


async def test_the_morning_dm_names_who_won(tmp_path, monkeypatch):
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        clock, (bob, eva, udo, pia) = await watched_night(bot, fake)
        for member in (bob, eva):  # the AI seats play it to its end
            await member.command("game leave", fake.channel)
        row = await row_of(bot, fake.channel)
        assert row.status == "finished"
        name = winner(fake)
        await reminders_settle(bot, clock)
        clock.now = MORNING
        await reminders_settle(bot, clock)
        for member, lang in ((udo, "en"), (pia, "de")):
            [*_, morning] = board_dms(fake, member.id)
            assert len(board_dms(fake, member.id)) == 2
            assert OVER[lang].format(name=name) in morning.text.split("\n"), morning.text
