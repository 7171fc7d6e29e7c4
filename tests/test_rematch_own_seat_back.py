"""A player who left a game the AI seats finished takes, in its rematch's lobby, the AI seat
that replaced them: its colour and place. Finn's rematch seated "1. **Bot 1** (orange),
2. **Bot 2** (sky blue), 3. **Finn** (green)"; Anna's /game join then gave her a new colour
at a fourth seat, and Eve's was refused "The table is full"."""

from __future__ import annotations

import re

from discord_standin import running_bot
from discord_standin.table import row_of
from test_rematch_after_leaving import left_and_finished


async def test_a_player_who_left_takes_her_seat_in_the_rematch(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        anna, bert = await left_and_finished(bot)
        row = await row_of(bot, fake.channel)
        old = await bot.client.store.seats(row.id)
        actions = await bot.client.store.actions(row.id)
        anna_seat = next(a.seat for a in reversed(actions) if a.user_id == anna.id)
        anna_colour = next(s.colour for s in old if s.seat == anna_seat)
        asked = await bert.command("game rematch")
        link = next(m.text for m in asked.private + asked.visible_posts
                    if "Rematch opened" in m.text)
        thread = int(re.search(r"<#(\d+)>", link).group(1))
        # the opening post names her (without a ping: she left) and the way back
        opening = next(m for m in fake.posts(thread) if "opened a rematch" in m.text)
        assert f"<@{anna.id}> played a seat an AI finished: /game join gives it back." \
            in opening.text, opening.text
        assert anna.id not in opening.pinged
        new = await row_of(bot, thread)
        before = sorted(await bot.client.store.seats(new.id), key=lambda s: s.joined)

        joined = await anna.command("game join", thread)
        assert joined.errors == []
        said = [m.text for m in joined.visible_posts]
        assert any(text.startswith("**Anna** takes their seat (") for text in said), said
        after = sorted(await bot.client.store.seats(new.id), key=lambda s: s.joined)
        assert len(after) == len(before) == len(old)
        mine = [s for s in after if s.user_id == anna.id]
        assert len(mine) == 1 and not mine[0].is_ai and mine[0].colour == anna_colour
        place = next(s.joined for s in before if s.colour == anna_colour)
        assert mine[0].joined == place and before[place].is_ai
