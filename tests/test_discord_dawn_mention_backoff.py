"""A player whose notice is a channel mention (/remind on, DMs closed) and whose turn began
in their quiet hours is mentioned once when they end, as the prompt would have pinged them.
That mention is the turn's first notice: the reminder mention a player pinged outside quiet
hours gets N hours later follows it too. The row was parked until the idle notice, so the
turn said nothing more for 14 days."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from discord_standin.clock import install_clock, reminders_settle
from discord_standin.driver import Member, running_bot
from discord_standin.table import to_move

NOON = datetime(2026, 3, 2, 12, 0, tzinfo=UTC).timestamp()
QUIET = {"from": 10, "to": 14, "tz": "UTC"}  # noon is in the middle of their night


async def test_the_dawn_mention_counts_as_the_first_and_the_next_follows(
        tmp_path, monkeypatch) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake, store = bot.stand_in, bot.client.store
        clock = install_clock(bot, NOON)
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert")
        for member in (anna, bert):
            await member.command("remind quiet", **QUIET)
            fake.closed_dms.add(member.id)
            settings = await store.settings(member.id)
            await store.save_settings(replace(settings, dms_closed=True), clock.now)
        await bert.command("game new", game="rhein", language="en")
        await anna.command("game join")
        await bert.command("game start", order="joined")
        mover = await to_move(bot, [anna, bert])
        pinged_at: list[float] = []  # the fake hour of each post that pinged the mover
        seen: set[int] = set()
        for step in range(1, 4 * 15 + 1):  # 12:15 to 03:00 the next night
            clock.now = NOON + step * 900
            await reminders_settle(bot, clock)
            for message in fake.posts():
                if mover.id in message.pinged and message.id not in seen:
                    seen.add(message.id)
                    pinged_at.append((clock.now - NOON) / 3600 + 12)
        assert await to_move(bot, [anna, bert]) is mover
        # 14:00, when their quiet hours end (not at the start in their night); 02:00, 12 h on
        assert pinged_at == [14.0, 26.0], pinged_at
        [turn] = [r for r in await store.reminders() if r.user_id == mover.id
                  and r.kind == "turn"]
        assert turn.sent == 2
