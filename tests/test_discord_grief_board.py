"""Through the Discord stand-in: /game board asked again for the same board answers quietly.

/game board is the one command a non-player gets a public answer to. A review's member who
was not in the game ran it twenty times in forty seconds: twenty full board pictures of
about 76 KB each in the channel, a finished game's too. Now the channel gets a board once
per version (and zoom); asked again within ten minutes, the asker alone gets the picture and
a line saying where the channel's is. After a move, or ten minutes on, it is public again."""

from __future__ import annotations

import random

from discord_standin.clock import install_clock
from discord_standin.driver import Member, running_bot
from discord_standin.table import Played, open_table, play_turn, to_move

START = 1_790_000_000.0


async def test_twenty_boards_from_a_non_player_are_one_post(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        clock = install_clock(bot, START)
        people = [Member(bot, name) for name in ("Anna", "Bert", "Cora")]
        await open_table(bot, "rheinlaender", people)
        troll, ch = Member(bot, "Troll"), bot.stand_in.channel
        before = len(bot.stand_in.posts(ch))
        answers = []
        for _ in range(20):
            answers.append(await troll.command("game board", ch))
            clock.now += 2
        assert len(bot.stand_in.posts(ch)) - before == 1
        first, *again = answers
        assert first.visible_posts and first.visible_posts[0].files
        for record in again:
            assert record.visible_posts == []
            (told,) = record.private
            assert told.files, "the asker still gets the picture"
            assert f"<#{ch}>" in told.text and "for you alone" in told.text, told.text
        assert "less than a minute ago" in again[-1].private[0].text  # 38 s after


async def test_after_a_move_or_ten_minutes_the_board_is_public_again(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        clock = install_clock(bot, START)
        people = [Member(bot, name) for name in ("Anna", "Bert", "Cora")]
        await open_table(bot, "rheinlaender", people)
        ch = bot.stand_in.channel
        anna = people[0]
        assert (await anna.command("game board", ch)).visible_posts
        assert not (await anna.command("game board", ch)).visible_posts
        mover = await to_move(bot, people)
        await play_turn(bot, mover, ch, random.Random(3), Played())
        # a player asking once after a change gets the public board, as before
        shown = await anna.command("game board", ch)
        assert shown.visible_posts and shown.visible_posts[0].files
        clock.now += 9 * 60
        later = await people[1].command("game board", ch)
        assert not later.visible_posts and "9 minutes ago" in later.private[0].text
        clock.now += 60
        assert (await people[1].command("game board", ch)).visible_posts


async def test_the_quiet_answer_speaks_the_askers_language(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        install_clock(bot, START)
        people = [Member(bot, name) for name in ("Anna", "Bert", "Cora")]
        await open_table(bot, "rheinlaender", people)
        ch = bot.stand_in.channel
        await people[0].command("game board", ch)
        gast = Member(bot, "Gast", "de")
        (told,) = (await gast.command("game board", ch)).private
        assert "vor weniger als einer Minute" in told.text and "nur für dich" in told.text, told.text
