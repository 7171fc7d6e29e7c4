"""A channel post with a game's buttons takes them off the game's older posts: a review
found 37 of 107 channel posts of an 18Rhl game still showing buttons the game had moved past
(prompts answered by a typed /play, not a press). Pressed, they were refused ("the game
moved on"), yet on a phone, scrolled back to, they looked as live as the newest."""

from __future__ import annotations

import random

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import BUTTON, Played, open_table, play_turn, row_of, seat_users


def versions_with_buttons(bot, channel: int) -> list[int]:
    """The versions of the game's buttons each channel post still shows."""
    return [int(ids[0].split(":")[2]) for message in bot.stand_in.posts(channel)
            if (ids := [c for c in message.custom_ids if c.startswith(BUTTON)])]


@pytest.mark.parametrize("game", ["rheinlaender", "troedler"])
async def test_only_the_newest_posts_keep_their_buttons(tmp_path, monkeypatch, game):
    async with running_bot(tmp_path, monkeypatch, seed=4) as bot:
        channel, played = bot.stand_in.channel, Played()
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert")
        await open_table(bot, game, [anna, bert], bots=1, played=played)
        rng = random.Random(11)
        typed = 0
        for turn in range(24):
            row = await row_of(bot, channel)
            if row.status != "active":
                break
            users = await seat_users(bot, row.id)
            mover = anna if users[row.active_seats[0]] == anna.id else bert
            # mostly typed: a press takes its own post's buttons off as it answers
            record = await play_turn(bot, mover, channel, rng, played, press_every=5)
            typed += record.type == 2  # an application command: /play typed
            row = await row_of(bot, channel)
            assert set(versions_with_buttons(bot, channel)) <= {row.version}, turn
        assert typed >= 10
