"""A turn DM that names several games says each game's news in a line or two, as the DM
for one game says it whole: a month's simulation in four time zones found the combined DM
at the end of the quiet hours ("It is your turn in 2 games") with no word of what the
others (or an AI for the reader) had played."""

from __future__ import annotations

import random
from datetime import UTC, datetime

from discord_standin.clock import install_clock, reminders_settle
from discord_standin.driver import Member, running_bot
from discord_standin.server import StandIn
from discord_standin.table import Played, play_turn, row_of, seat_users

NOON = datetime(2026, 3, 2, 12, 0, tzinfo=UTC).timestamp()


async def test_each_game_in_a_combined_turn_dm_has_its_news(tmp_path, monkeypatch) -> None:
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        clock = install_clock(bot, NOON)
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert")
        await anna.command("remind quiet", **{"from": 10, "to": 14, "tz": "UTC"})
        channels = [fake.add_channel(name) for name in ("one", "two")]
        rng = random.Random(3)
        for channel in channels:
            await bert.command("game new", channel, game="rhein", language="en")
            await anna.command("game join", channel)
            await bert.command("game start", channel, order="joined")
            played, bert_moved = Played(), False
            for _ in range(60):  # on until Anna waits after a move of Bert's
                row = await row_of(bot, channel)
                users = await seat_users(bot, row.id)
                waiting = {users[seat] for seat in row.active_seats}
                if bert_moved and waiting == {anna.id}:
                    break
                mover = bert if bert.id in waiting else anna
                await play_turn(bot, mover, channel, rng, played)
                bert_moved |= mover is bert
            else:
                raise AssertionError("Anna never waited after a move of Bert's")
        seen = {m.id for m in fake.dms(anna.id)}
        clock.now = NOON + 2 * 3600  # her quiet hours end: both turns in one DM
        await reminders_settle(bot, clock)
        [dm] = [m for m in fake.dms(anna.id) if m.id not in seen]
        assert "your turn in 2 games" in dm.text, dm.text
        games = [part for part in dm.text.split("\n- ")[1:]]
        assert len(games) == 2, dm.text
        for part in games:
            news = part.split("\n")[1:]
            assert any(line.startswith("  ") and "Bert" in line for line in news), dm.text
