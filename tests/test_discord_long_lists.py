"""A player in 30 games: /mygames and the daily digest stop after the last whole line that
fits Discord's limit, say how many were left out, and the digest keeps its footer."""

from __future__ import annotations

from discord_standin.clock import install_clock, reminders_settle
from discord_standin.driver import Member, running_bot
from discord_standin.server import StandIn
from discord_standin.table import open_table

MONDAY_NOON = 1_772_449_200.0
TABLES = 30


async def test_thirty_games_listed_in_whole_lines(tmp_path, monkeypatch):
    fake = StandIn()
    lobby = fake.add_channel("lobby")
    channels = [fake.add_channel(f"rhein-{n}") for n in range(TABLES)]
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        clock = install_clock(bot, MONDAY_NOON)
        pia = Member(bot, "Pia")
        await pia.command("remind digest", lobby, mode="on")
        for channel in channels:
            await open_table(bot, "rhein", [pia], bots=1, channel=channel)
        listed = (await pia.command("mygames", lobby)).private[0].text.split("\n")
        games = [line for line in listed if line.startswith("- **")]
        assert len("\n".join(listed)) <= 2000 and 0 < len(games) < TABLES
        assert all(line.endswith("Phase 1: Take Orders") for line in games), games[-1]
        assert listed[-1] == f"(+{TABLES - len(games)} more games: the list is longer than " \
            "Discord allows)", listed[-2:]
        clock.now += 86400
        await reminders_settle(bot, clock)
        pushed = [m for m in fake.dms(pia.id) if m.embed_text.startswith("Your games")][-1]
        assert len(pushed.content) <= 200, pushed.content  # the lock screen's line, clipped
        digest = pushed.embed_text
        lines = digest.split("\n")
        games = [line for line in lines if line.startswith("- **")]
        assert len(digest) <= 2000 and 0 < len(games) < TABLES
        assert all(line.rsplit("/", 1)[-1].isdigit() for line in games), games[-1]
        assert lines[-2] == f"(+{TABLES - len(games)} more: /mygames)", lines[-3:]
        assert lines[-1] == "(/remind digest off: one DM per game again.)"
