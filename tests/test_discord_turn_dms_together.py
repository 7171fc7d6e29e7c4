"""A player with many games gets one turn DM for the games that wait on them at once, not
one DM per game: at the end of quiet hours (with the reminders due soon after), when
several turns start within minutes, and within Discord's 2000 characters."""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

from discord_standin.clock import install_clock, reminders_settle
from discord_standin.driver import Member, running_bot
from discord_standin.server import GUILD_ID, StandIn
from discord_standin.table import open_table

BERLIN = ZoneInfo("Europe/Berlin")
MONDAY_8PM = datetime(2026, 3, 2, 20, 0, tzinfo=BERLIN).timestamp()
HOUR = 3600.0


def stand_in(tables: int) -> tuple[StandIn, int, list[int]]:
    fake = StandIn()
    lobby = fake.add_channel("lobby")
    return fake, lobby, [fake.add_channel(f"rhein-{n}") for n in range(tables)]


def link(channel: int) -> str:
    return f"https://discord.com/channels/{GUILD_ID}/{channel}"


async def test_the_end_of_quiet_hours_is_one_dm_with_the_reminders_due_soon(tmp_path,
                                                                          monkeypatch):
    fake, lobby, channels = stand_in(4)
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        clock = install_clock(bot, MONDAY_8PM)
        pia = Member(bot, "Pia")
        await pia.command("remind quiet", lobby, **{"from": 22, "to": 7}, tz="Europe/Berlin")
        await open_table(bot, "rhein", [pia], bots=1, channel=channels[0])
        await reminders_settle(bot, clock)
        assert len(fake.dms(pia.id)) == 1  # at 20:00: its reminder is due at 08:00
        clock.now = MONDAY_8PM + 3 * HOUR  # 23:00, quiet: these wait for 07:00
        for channel in channels[1:]:
            await open_table(bot, "rhein", [pia], bots=1, channel=channel)
        await reminders_settle(bot, clock)
        assert len(fake.dms(pia.id)) == 1
        clock.now = MONDAY_8PM + 11 * HOUR  # Tuesday 07:00
        await reminders_settle(bot, clock)
        dms = fake.dms(pia.id)[1:]
        assert len(dms) == 1, [m.text for m in dms]
        text = dms[0].embed_text
        assert text.startswith("Your turn\nIt is your turn in 4 games:"), text
        assert all(link(channel) in text for channel in channels), text
        assert text.count("- still:") == 1 and link(channels[0]) in \
            next(line for line in text.split("\n") if line.startswith("- still:"))
        assert len(text) <= 2000
        clock.now = MONDAY_8PM + 12 * HOUR  # 08:00: the reminder went out with the 07:00 DM
        await reminders_settle(bot, clock)
        assert len(fake.dms(pia.id)) == 2
        clock.now = MONDAY_8PM + 23 * HOUR  # 19:00: every reminder counts from 07:00
        await reminders_settle(bot, clock)
        dms = fake.dms(pia.id)[2:]
        # (the first table's reminder at 07:00 was its second: the next one backs off to
        # 24 h, the others' second reminders come 12 h after their first)
        assert len(dms) == 1 and dms[0].text.count("- still:") == 3, [m.text for m in dms]
        assert link(channels[0]) not in dms[0].text


async def test_turns_starting_within_minutes_wait_for_one_dm_in_the_readers_language(
        tmp_path, monkeypatch):
    fake, lobby, channels = stand_in(3)
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        clock = install_clock(bot, MONDAY_8PM - 8 * HOUR)  # Monday noon
        pia = Member(bot, "Pia", locale="de")
        for channel in channels:
            await open_table(bot, "rhein", [pia], bots=1, channel=channel, language="en")
            await reminders_settle(bot, clock)
        dms = fake.dms(pia.id)
        assert len(dms) == 1 and link(channels[0]) in dms[0].text, [m.text for m in dms]
        clock.now += 300
        await reminders_settle(bot, clock)
        dms = fake.dms(pia.id)[1:]
        assert len(dms) == 1, [m.text for m in dms]
        assert dms[0].embed_text.startswith("Du bist dran\nDu bist in 2 Spielen dran:"), \
            dms[0].text
        assert link(channels[1]) in dms[0].text and link(channels[2]) in dms[0].text
        assert "/erinnerung aus" in dms[0].text


async def test_thirty_games_in_one_dm_keep_whole_lines_and_the_footer(tmp_path, monkeypatch):
    fake, lobby, channels = stand_in(30)
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        clock = install_clock(bot, MONDAY_8PM + 3 * HOUR)
        pia = Member(bot, "Pia")
        await pia.command("remind quiet", lobby, **{"from": 22, "to": 7}, tz="Europe/Berlin")
        for channel in channels:
            await open_table(bot, "rhein", [pia], bots=1, channel=channel)
        clock.now = MONDAY_8PM + 11 * HOUR
        await reminders_settle(bot, clock)
        dms = fake.dms(pia.id)
        assert len(dms) == 1, [m.text for m in dms]
        lines = dms[0].embed_text.split("\n")
        assert len(dms[0].embed_text) <= 2000
        assert lines[1] == "It is your turn in 30 games:"
        shown = [line for line in lines if line.startswith("- **")]
        # each line whole, to its link: the turn prompt's message where it is known
        assert all(re.search(r"\]\(https://discord\.com/channels/\d+/\d+(/\d+)?\)$", line)
                   for line in shown), shown
        assert lines[-2] == f"(+{30 - len(shown)} more: /mygames)", lines[-3:]
        assert lines[-1].startswith("(/remind off")
