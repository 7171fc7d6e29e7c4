"""The daily digest (/remind digest) says each game's move clock: the time left, or that it
ran out and the others may now choose. It said a title, a phase and a link (found by a
month's simulation in four time zones), and for a digest reader it is the one notice of
their turns."""

from __future__ import annotations

from datetime import UTC, datetime

from discord_standin.clock import install_clock, reminders_settle
from discord_standin.driver import Member, running_bot
from discord_standin.server import StandIn
from discord_standin.table import to_move

NOON = datetime(2026, 3, 2, 12, 0, tzinfo=UTC).timestamp()


async def test_the_digest_says_the_move_clock(tmp_path, monkeypatch) -> None:
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        clock = install_clock(bot, NOON)
        bert, anna = Member(bot, "Bert"), Member(bot, "Anna")
        await bert.command("game new", game="rhein", pace="48h", language="en")
        await anna.command("game join")
        await bert.command("game start", order="joined")
        stalled = await to_move(bot, [bert, anna])
        await stalled.command("remind digest", mode="on")
        digests = []
        for day in range(4):
            clock.now = NOON + day * 86400 + 60
            await reminders_settle(bot, clock)
            digests.append([m.text for m in fake.dms(stalled.id) if "Daily digest" in m.text])
        texts = [found[-1] for found in digests]
        assert "About 48 h left on your move clock." in texts[0], texts[0]
        assert "About 24 h left on your move clock." in texts[1], texts[1]
        assert "Your move clock has run out" in texts[2], texts[2]
