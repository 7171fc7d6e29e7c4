"""An undo request its asker withdraws is no refusal by the table: they may ask again (a
code review found /game undo-vote agree:False by the asker barred them from asking for
that move, "the table refused"). Another player's refusal still stands for that move."""

from __future__ import annotations

import random

from discord_standin.driver import Member, running_bot
from discord_standin.table import Played, open_table, play_turn, row_of, seat_users


async def _asked(bot) -> tuple[Member, Member]:
    """Trödler for three, its first mover's move made and its undo asked: the asker and
    another player."""
    people = [Member(bot, name) for name in ("Anna", "Bert", "Cora")]
    await open_table(bot, "troedler", people)
    ch = bot.stand_in.channel
    row = await row_of(bot, ch)
    users = await seat_users(bot, row.id)
    asker = next(p for p in people if p.id == users[row.active_seats[0]])
    await play_turn(bot, asker, ch, random.Random(3), Played())
    assert (await asker.command("game undo", ch)).visible_posts
    return asker, next(p for p in people if p is not asker)


async def test_the_asker_who_withdraws_may_ask_again(tmp_path, monkeypatch) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        asker, _ = await _asked(bot)
        ch = bot.stand_in.channel
        withdrawn = await asker.command("game undo-vote", ch, agree=False)
        assert not withdrawn.errors
        again = await asker.command("game undo", ch)
        assert again.visible_posts, [m.text for m in again.private]


async def test_another_players_refusal_stands(tmp_path, monkeypatch) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        asker, other = await _asked(bot)
        ch = bot.stand_in.channel
        await other.command("game undo-vote", ch, agree=False)
        again = await asker.command("game undo", ch)
        assert not again.visible_posts
        assert other.name in again.private[0].text, [m.text for m in again.private]


# (the refusals a game keeps are capped in the store: tests/test_store_grief_memories.py)
