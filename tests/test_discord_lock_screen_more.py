"""What a phone's lock screen shows of a DM (its content, never the embed), through the
Discord stand-in. A review found a hand held through its owner's quiet hours sent in the
morning with "Hand: 24, 38, 43 / Coins: 0" as the push content, and warnings that pushed
a bare title."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from discord_standin.clock import install_clock, reminders_settle
from discord_standin.driver import Member, running_bot
from discord_standin.server import StandIn

NOON = datetime(2026, 3, 2, 12, 0, tzinfo=UTC).timestamp()
QUIET = {"from": 10, "to": 14, "tz": "UTC"}  # noon is in the middle of the night
HAND = re.compile(r"Hand:|#\d+ ")  # Trödler's hand lines: "Hand: #99 request 2 anvils (3)"


async def test_a_hand_held_through_quiet_hours_keeps_it_off_the_lock_screen(
        tmp_path, monkeypatch) -> None:
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        clock = install_clock(bot, NOON)
        bert, chen = Member(bot, "Bert", "de"), Member(bot, "Chen")
        for member in (bert, chen):
            await member.command("remind quiet", **QUIET)
        await bert.command("game new", game="troedler", language="en")
        await chen.command("game join")
        await bert.command("game start", order="joined")
        [held] = [row for row in await bot.client.store.reminders() if row.kind == "hand"]
        idle = bert if held.user_id == bert.id else chen
        before = {m.id for m in fake.dms(idle.id)}
        clock.now = NOON + 2 * 3600  # 14:00: their quiet hours end
        await reminders_settle(bot, clock)
        [morning] = [m for m in fake.dms(idle.id) if m.id not in before]
        assert morning.embeds, morning.content  # the hand in the embed its owner opens
        assert "Troedler" in morning.content or "Trödler" in morning.content, morning.content
        assert "#" in morning.content and "<#" not in morning.content, morning.content
        assert not HAND.search(morning.content), morning.content
        assert HAND.search(morning.text), morning.text
        # in its reader's language, as at the deal
        assert ("siehst" in morning.content) == (idle is bert), morning.content
