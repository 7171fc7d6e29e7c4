"""A board post's title begins with the turn its text begins under, through the Discord
stand-in. In a Rheinländer game with an AI seat between the players, the post of Bert's
last move was titled "Turn 37: Bot 1 → Turn 38: Anna" and opened "__Turn 36: Bert__": the
AI seats' part was titled before Bert's line went above it."""

from __future__ import annotations

from discord_standin import Member, running_bot
from discord_standin.table import open_table, row_of, seat_users

from tests.test_discord_standin_phase_titles import headed


async def test_a_board_after_a_players_turn_is_titled_from_that_turn(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        channel = bot.stand_in.channel
        people = [Member(bot, name) for name in ("Anna", "Bert")]
        await open_table(bot, "rheinlaender", people, bots=1, level="normal")
        checked = 0
        for _ in range(12):  # a few rounds of Anna, Bert and Bot 1
            row = await row_of(bot, channel)
            mover_id = (await seat_users(bot, row.id))[row.active_seats[0]]
            mover = next(m for m in people if m.id == mover_id)
            choices = await mover.autocomplete("play", "move", "")
            before = len(bot.stand_in.posts(channel))
            await mover.command("play", channel, move=choices[0]["value"])
            for post in bot.stand_in.posts(channel)[before:]:
                title, headings = headed(post)
                if title is None or not headings:
                    continue
                # "A → B" from A to B: A is where the text begins
                assert title.split(" → ")[0] == headings[0], (title, post.text)
                checked += " → " in title
        assert checked
