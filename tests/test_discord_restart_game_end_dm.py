"""The DM of how a game ended is written after its final move is committed, with the
result post: a process that died in between lost both for good, and its players, who
follow the game from their phones, never learnt it was over. The restart's catch-up, which
posts the result, writes those DMs too; each goes out once."""

from __future__ import annotations

import asyncio
import random
import time

from discord_standin import Member, running_bot
from discord_standin.clock import install_clock, reminders_settle
from discord_standin.table import Played, open_table, play_out, row_of
from test_discord_standin_failures import reminders_done

from bot.service.reminders import Reminders

HEAD = "Rheinländer (#games) is over"


async def test_a_game_end_lost_in_a_crash_is_dmed_after_the_restart(
        tmp_path, monkeypatch) -> None:
    changed = Reminders.game_changed

    async def die_at_the_end(self, info):
        if not info.live:  # the final move is committed: the process dies here
            asyncio.current_task().cancel()
            await asyncio.sleep(0)
        return await changed(self, info)
    monkeypatch.setattr(Reminders, "game_changed", die_at_the_end)
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        people = [Member(bot, name) for name in ("Anna", "Bert", "Cara")]
        await open_table(bot, "rheinlaender", people, language="en")
        await play_out(bot, people, fake.channel, random.Random(3), Played())
        await reminders_done(bot)
        assert (await row_of(bot, fake.channel)).status == "finished"
        assert not any(m.content.startswith(HEAD) for p in people for m in fake.dms(p.id))
        ids = [p.id for p in people]
    monkeypatch.undo()
    for start in range(2):  # the same database; the second start sends nothing again
        async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
            fake = bot.stand_in
            # (the players, known again to this stand-in; a DM to a user it did not know
            # yet failed, and is tried again a few minutes on)
            assert [Member(bot, name).id for name in ("Anna", "Bert", "Cara")] == ids
            await bot.client.catch_up_task
            clock = install_clock(bot, time.time())
            for _ in range(4):
                clock.now += 600
                await reminders_settle(bot, clock)
            ends = {user: [m.content for m in fake.dms(user) if m.content.startswith(HEAD)]
                    for user in ids}
            if start == 0:
                assert all(len(dms) == 1 for dms in ends.values()), ends
            else:
                assert not any(ends.values()), ends
        monkeypatch.undo()
