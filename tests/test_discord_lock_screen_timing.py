"""When a phone buzzes, through the Discord stand-in with a fake clock. A review found a
/remind off player pinged for their turn inside their quiet hours (their ping ignored them),
and a stalled turn reminding its player every 12 hours until the idle notice after 14 days:
up to 28 pushes for one turn."""

from __future__ import annotations

import random
from datetime import UTC, datetime

from discord_standin.clock import install_clock, reminders_settle
from discord_standin.driver import Member, running_bot
from discord_standin.server import StandIn
from discord_standin.table import Played, open_table, play_turn, to_move

NOON = datetime(2026, 3, 2, 12, 0, tzinfo=UTC).timestamp()  # a Monday
HOUR = 3600.0


async def bert_to_move_in_quiet_hours(bot, fake: StandIn, bert_locale: str = "en-US"):
    """Seed 5's Rheinländer with Anna, Bert (/remind off, quiet hours 11-14 UTC) and an AI
    seat, played by Anna until Bert's turn begins at noon, inside his quiet hours; the
    reminders settled. Returns the clock and Bert."""
    clock = install_clock(bot, NOON - HOUR)
    anna, bert = Member(bot, "Anna"), Member(bot, "Bert", bert_locale)
    await bert.command("remind off")
    await bert.command("remind quiet", **{"from": 11, "to": 14, "tz": "UTC"})
    await open_table(bot, "rheinlaender", [anna, bert], bots=1, language="en")
    rng, played = random.Random(5), Played()
    clock.now = NOON  # in Bert's quiet hours from here
    while await to_move(bot, [anna, bert]) is not bert:
        await play_turn(bot, anna, fake.channel, rng, played)
        clock.now += 60
    await reminders_settle(bot, clock)
    return clock, bert


async def test_a_remind_off_player_is_pinged_when_quiet_hours_end(tmp_path, monkeypatch):
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        clock, bert = await bert_to_move_in_quiet_hours(bot, fake)
        assert not [m.content for m in fake.posts() if bert.id in m.pinged]
        clock.now = NOON + 2 * HOUR + 60  # 14:01: quiet hours over
        await reminders_settle(bot, clock)
        pings = [m.content for m in fake.posts() if bert.id in m.pinged]
        assert len(pings) == 1, pings
        assert pings[0].startswith(f"<@{bert.id}>: your turn in Rheinländer ("), pings[0]
        for _ in range(3):  # one ping for the turn: reminders are off
            clock.now += 12 * HOUR
            await reminders_settle(bot, clock)
        assert len([m for m in fake.posts() if bert.id in m.pinged]) == 1


async def test_a_stalled_turn_reminds_after_12_then_24_then_every_48_hours(tmp_path,
                                                                         monkeypatch):
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        clock = install_clock(bot, NOON)
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert")
        await open_table(bot, "rheinlaender", [anna, bert], bots=1, language="en")
        stalled = await to_move(bot, [anna, bert])
        await reminders_settle(bot, clock)
        sent = {message.id: clock.now for message in fake.dms(stalled.id)}
        assert len(sent) == 1
        for _ in range(7 * 24):
            clock.now += HOUR
            await reminders_settle(bot, clock)
            for message in fake.dms(stalled.id):
                sent.setdefault(message.id, clock.now)
        times = sorted(sent.values())
        stills = [m for m in fake.dms(stalled.id) if m.content.startswith("Still your turn")]
        assert len(stills) == 4, [m.content for m in fake.dms(stalled.id)]
        gaps = [round((b - a) / HOUR) for a, b in zip(times, times[1:], strict=False)]
        assert gaps == [12, 24, 48, 48], gaps
