"""A kick whose seat a computer takes, the turn staying where it was, is announced by its
own post: the next start says nothing. Its version was marked only from a post's buttons,
and the post had none, so every restart after such a change posted "I was restarted before
I could post the latest change" with a board and prompt, though everything had been said.
The post carries the standing prompt's buttons since 86a5a10; the mark must hold either
way. Both backends."""

from __future__ import annotations

from discord_standin import Member, running_bot
from discord_standin.table import open_table, row_of, seat_users
from test_discord_restart_catch_up import use_backend


async def test_a_kick_is_announced_by_its_own_post(tmp_path, monkeypatch, store_target) -> None:
    use_backend(monkeypatch, store_target)
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake, store = bot.stand_in, bot.client.store
        people = [Member(bot, name) for name in ("Anna", "Bert", "Cara")]
        await open_table(bot, "troedler", people)
        row = await row_of(bot, fake.channel)
        users = await seat_users(bot, row.id)
        to_move = users[row.active_seats[0]]
        kicked = next(p for p in people[1:] if p.id != to_move)
        answer = await people[0].command("game kick", player=kicked.id)
        assert answer.visible_posts, "the kick was not said in the channel"
        after = await row_of(bot, fake.channel)
        assert after.version > row.version
        assert await store.announced_version(row.id) == after.version
    monkeypatch.undo()
    use_backend(monkeypatch, store_target)
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        assert await bot.client.catch_up_task == 0
        assert bot.stand_in.posts() == []
