"""Trödler's channel says whose turn begins once: the prompt under a post names and pings
the player, so the log's "Bert's turn." at the end of the post before it said it twice (a
review of a German table read "… beendet den Zug. Bert ist am Zug." over "<@Bert>: du bist
dran"). The game's log keeps the line."""

from __future__ import annotations

from discord_standin import running_bot
from discord_standin.table import game_of_two, row_of


async def test_no_channel_post_says_whose_turn_begins_in_the_logs_words(tmp_path,
                                                                      monkeypatch) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        played = await game_of_two(bot, "troedler", 16, bots=2)
        posts = [m.text for r in played.all for m in r.visible_posts]
        assert posts and not [p for p in posts if "'s turn." in p or "ist am Zug." in p]
        row = await row_of(bot, bot.stand_in.channel)
        logged = [line for a in await bot.client.store.actions(row.id) for line in a.lines]
        assert any(getattr(line, "key", line) == "troedler.log.turn"
                   or "troedler.log.turn" in str(line) for line in logged)
