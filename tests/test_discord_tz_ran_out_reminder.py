"""The turn reminder of a player whose move clock ran out says so, and what the others may
now do: a month's simulation in four time zones had a clock run out in its player's night
and the reminder at the end of their quiet hours say only "it is still your turn"."""

from __future__ import annotations

from datetime import UTC, datetime

from discord_standin.clock import install_clock, reminders_settle
from discord_standin.driver import Member, running_bot
from discord_standin.server import StandIn
from discord_standin.table import to_move

NOON = datetime(2026, 3, 2, 12, 0, tzinfo=UTC).timestamp()


async def test_the_reminder_after_a_run_out_says_it(tmp_path, monkeypatch) -> None:
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        clock = install_clock(bot, NOON)
        bert, anna = Member(bot, "Bert", "de"), Member(bot, "Anna")
        await bert.command("game new", game="rhein", pace="24h", language="en")
        await anna.command("game join")
        await bert.command("game start", order="joined")
        stalled = await to_move(bot, [bert, anna])
        # her night is 10-14 UTC: the 24 h clock runs out at noon the next day, in it
        await stalled.command("remind quiet", **{"from": 10, "to": 14, "tz": "UTC"})
        said: list[tuple[float, str]] = []
        seen = {m.id for m in fake.dms(stalled.id)}
        for step in range(1, 38 * 4):  # (reminders back off: 12 h, then 24 h)
            clock.now = NOON + step * 900
            await reminders_settle(bot, clock)
            said += [(clock.now, m.text) for m in fake.dms(stalled.id) if m.id not in seen]
            seen = {m.id for m in fake.dms(stalled.id)}
        ran_out = NOON + 86400
        reminders = [(when, text) for when, text in said
                     if "still your turn" in text or "immer noch dran" in text]
        before = [text for when, text in reminders if when < ran_out]
        after = [text for when, text in reminders if when > ran_out]
        assert after, said
        assert all("abgelaufen" not in text and "run out" not in text for text in before)
        words = ("has run out", "replace you") if stalled is anna else \
            ("ist abgelaufen", "dich ersetzen")
        assert all(word in after[0] for word in words), after[0]
