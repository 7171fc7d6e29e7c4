"""Through the Discord stand-in: joining and leaving a lobby again and again.

Every seat change in a lobby is a public post, as the others must see who sits there; a
review's member joined and left ten times: twenty posts. A member who left a lobby twice in
half an hour is now told privately when they may join again, with no post; the seat changes
that happen are each still said in the channel."""

from __future__ import annotations

from discord_standin.clock import install_clock
from discord_standin.driver import Member, running_bot

START = 1_790_000_000.0


async def test_ten_joins_and_leaves_are_four_posts(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        clock = install_clock(bot, START)
        anna, troll, ch = Member(bot, "Anna"), Member(bot, "Troll"), bot.stand_in.channel
        await anna.command("game new", ch, game="rhein")
        before = len(bot.stand_in.posts(ch))
        refused = []
        for _ in range(10):
            joined = await troll.command("game join", ch)
            if not joined.visible_posts:
                refused.append(joined.private[0].text)
            await troll.command("game leave", ch)
            clock.now += 5
        assert len(bot.stand_in.posts(ch)) - before == 4
        assert len(refused) == 8
        assert "left this table twice in the last half hour" in refused[0], refused[0]
        assert "join again in 30 minutes" in refused[0], refused[0]
        assert bot.stand_in.notices(anna.id) == []
        # someone else joins as ever; half an hour after the first leave, so does the troll
        assert (await Member(bot, "Bert").command("game join", ch)).visible_posts
        clock.now = START + 5 + 30 * 60
        assert (await troll.command("game join", ch)).visible_posts


async def test_the_wait_is_said_in_german(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        clock = install_clock(bot, START)
        anna, gast, ch = Member(bot, "Anna"), Member(bot, "Gast", "de"), bot.stand_in.channel
        await anna.command("game new", ch, game="rhein")
        for _ in range(2):
            await gast.command("game join", ch)
            await gast.command("game leave", ch)
        clock.now += 29 * 60 + 30
        (told,) = (await gast.command("game join", ch)).private
        assert "in einer Minute wieder beitreten" in told.text, told.text
