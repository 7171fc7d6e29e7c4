"""Through the Discord stand-in: the three anti-griefing memories outlive a restart.

They were kept in one process's memory: after a restart (or on a second bot process over the
same database) a board asked again went public, an undo the table had refused could be asked
again (pinging everyone), and a member who had left a lobby twice could join at once. Now each
is a store row (migration 023); both backends."""

from __future__ import annotations

import random
import time

from discord_standin.clock import install_clock
from discord_standin.driver import Member, running_bot
from discord_standin.table import Played, open_table, play_turn, row_of, seat_users


def use_backend(monkeypatch, target: str) -> None:
    if target.startswith("postgresql://"):
        monkeypatch.setenv("DATABASE_URL", target)
    else:
        monkeypatch.delenv("DATABASE_URL", raising=False)


async def _mover(bot, people: list[Member]) -> Member:
    row = await row_of(bot, bot.stand_in.channel)
    users = await seat_users(bot, row.id)
    return next(p for p in people if p.id == users[row.active_seats[0]])


async def test_a_board_asked_again_after_a_restart_goes_to_the_asker(
        tmp_path, monkeypatch, store_target) -> None:
    use_backend(monkeypatch, store_target)
    names = ("Anna", "Bert", "Cora")
    start = time.time()  # (a time long past had the restarted bot's idle notices due)
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        install_clock(bot, start)
        people = [Member(bot, name) for name in names]
        await open_table(bot, "rheinlaender", people)
        assert (await people[0].command("game board", bot.stand_in.channel)).visible_posts
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:  # the same database
        clock = install_clock(bot, start + 120)
        people = [Member(bot, name) for name in names]
        ch = bot.stand_in.channel
        again = await Member(bot, "Troll").command("game board", ch)
        assert again.visible_posts == []
        (told,) = again.private
        assert told.files and "2 minutes ago" in told.text, told.text
        clock.now = start + 600  # ten minutes after the channel's: public again
        assert (await people[1].command("game board", ch)).visible_posts


async def test_a_refused_undo_stays_refused_after_a_restart(
        tmp_path, monkeypatch, store_target) -> None:
    use_backend(monkeypatch, store_target)
    names = ("Anna", "Bert", "Cora")
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        people = [Member(bot, name) for name in names]
        await open_table(bot, "troedler", people)
        ch = bot.stand_in.channel
        asker = await _mover(bot, people)
        await play_turn(bot, asker, ch, random.Random(3), Played())
        assert (await asker.command("game undo", ch)).visible_posts
        other = next(p for p in people if p is not asker)
        await other.command("game undo-vote", ch, agree=False)
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        people = {name: Member(bot, name) for name in names}
        ch = bot.stand_in.channel
        posts = len(bot.stand_in.posts(ch))
        again = await people[asker.name].command("game undo", ch)
        assert again.visible_posts == [] and len(bot.stand_in.posts(ch)) == posts
        (told,) = again.private
        assert "refused taking back this move" in told.text, told.text
        assert f"**{other.name}** said no" in told.text, told.text


async def test_two_lobby_leaves_still_count_after_a_restart(
        tmp_path, monkeypatch, store_target) -> None:
    use_backend(monkeypatch, store_target)
    start = time.time()
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        clock = install_clock(bot, start)
        anna, troll, ch = Member(bot, "Anna"), Member(bot, "Troll"), bot.stand_in.channel
        await anna.command("game new", ch, game="rhein")
        for _ in range(2):
            assert (await troll.command("game join", ch)).visible_posts
            await troll.command("game leave", ch)
            clock.now += 5
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        clock = install_clock(bot, start + 60)
        _, troll, ch = Member(bot, "Anna"), Member(bot, "Troll"), bot.stand_in.channel
        refused = await troll.command("game join", ch)
        assert refused.visible_posts == []
        (told,) = refused.private
        assert "left this table twice in the last half hour" in told.text, told.text
        clock.now = start + 30 * 60  # half an hour after the first leave
        assert (await troll.command("game join", ch)).visible_posts
