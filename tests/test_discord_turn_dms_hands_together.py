"""A player at several Trödler tables gets the hands dealt to her in one turn DM, each under
its game's line, not one DM per table in the same minute; a hand that would not fit whole
comes in a DM of its own."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from discord_standin.clock import install_clock, reminders_settle
from discord_standin.driver import Member, running_bot
from discord_standin.server import GUILD_ID, StandIn
from discord_standin.table import open_table

from bot.service.reminders import DM_TEXT_LIMIT, _turn_dms
from bot.store import ReminderRow

BERLIN = ZoneInfo("Europe/Berlin")
MONDAY_NOON = datetime(2026, 3, 2, 12, 0, tzinfo=BERLIN).timestamp()


def link(channel: int) -> str:
    return f"https://discord.com/channels/{GUILD_ID}/{channel}"


async def test_hands_dealt_within_minutes_come_in_one_dm_under_their_games(tmp_path,
                                                                         monkeypatch):
    fake = StandIn()
    channels = [fake.add_channel(f"troedler-{n}") for n in range(3)]
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        clock = install_clock(bot, MONDAY_NOON)
        pia = Member(bot, "Pia")
        for channel in channels:
            await open_table(bot, "troedler", [pia], bots=1, channel=channel)
            await reminders_settle(bot, clock)
        dms = fake.dms(pia.id)
        assert len(dms) == 1 and link(channels[0]) in dms[0].text, [m.text for m in dms]
        clock.now += 300  # the other two tables' turns waited for one DM
        await reminders_settle(bot, clock)
        dms = fake.dms(pia.id)[1:]
        assert len(dms) == 1, [m.text for m in dms]
        lines = dms[0].embed_text.split("\n")
        assert lines[1] == "It is your turn in 2 games:", lines
        for channel in channels[1:]:
            heading = next(n for n, line in enumerate(lines) if link(channel) in line)
            assert lines[heading + 1] == "**Only you see**:", lines
            assert lines[heading + 2].startswith("Hand: #"), lines
        assert len(dms[0].text) <= 2000


def row(number: int, hand: str = "") -> ReminderRow:
    payload = {"title": "Die Trödler aus den Highlands", "phase": "Round 1: playing cards",
               "guild_id": GUILD_ID, "channel_id": 900 + number, "language": "en",
               "expected": "You can: play cards"}
    if hand:
        payload["hand"] = hand
    return ReminderRow(number, "turn", number, 7, 0.0, 0, payload)


def test_a_hand_too_long_for_the_grouped_dm_comes_whole_on_its_own():
    long = "**Only you see**:\nHand: " + "; ".join(f"#{n} special feed" for n in range(90))
    rows = [row(1, "**Only you see**:\nHand: #1 bridge"), row(2, long), row(3), row(4)]
    dms = _turn_dms(rows)
    assert [[r.id for r in said] for said, _ in dms] == [[1, 3, 4], [2]]
    grouped, alone = dms[0][1].text, dms[1][1].text
    assert "Hand: #1 bridge" in grouped and long not in grouped
    assert long.split("\n")[1] in alone and len(grouped) <= DM_TEXT_LIMIT >= len(alone)
