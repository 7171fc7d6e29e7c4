"""Through the Discord stand-in: an undo the table refused is not asked again for that move.

A review's player asked /game undo eight times in forty seconds, refused each time: eight
public requests, each pinging every other player. Once the table has refused taking back a
move, asking again for that move is refused to the asker alone (who refused it), with no post
and no ping; an undo of the asker's next move may be asked as before."""

from __future__ import annotations

import random

from discord_standin.driver import Member, running_bot
from discord_standin.table import Played, open_table, play_turn, row_of, seat_users


async def _mover(bot, people):
    row = await row_of(bot, bot.stand_in.channel)
    users = await seat_users(bot, row.id)
    return next(p for p in people if p.id == users[row.active_seats[0]])


async def test_a_refused_undo_asked_again_pings_no_one(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        people = [Member(bot, name) for name in ("Anna", "Bert", "Cora")]
        await open_table(bot, "troedler", people)
        ch, rng, played = bot.stand_in.channel, random.Random(3), Played()
        asker = await _mover(bot, people)
        await play_turn(bot, asker, ch, rng, played)
        waiting = await _mover(bot, people)
        other = next(p for p in people if p is not asker and p is not waiting)
        before = len(bot.stand_in.notices(other.id))
        asked = await asker.command("game undo", ch)
        assert asked.visible_posts, [m.text for m in asked.private]
        await other.command("game undo-vote", ch, agree=False)
        posts = len(bot.stand_in.posts(ch))
        for _ in range(7):
            again = await asker.command("game undo", ch)
            assert again.visible_posts == []
            (told,) = again.private
            assert "refused taking back this move" in told.text, told.text
            assert f"**{other.name}** said no" in told.text, told.text
        assert len(bot.stand_in.posts(ch)) == posts
        assert len(bot.stand_in.notices(other.id)) - before == 1
        # the game goes on: the asker's next move may be asked about as before
        while (mover := await _mover(bot, people)) is not asker:
            await play_turn(bot, mover, ch, rng, played)
        await play_turn(bot, asker, ch, rng, played)
        assert (await asker.command("game undo", ch)).visible_posts


async def test_the_refusal_by_button_holds_too_and_is_said_in_german(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        people = [Member(bot, name, "de") for name in ("Anna", "Bert", "Cora")]
        await open_table(bot, "troedler", people)
        ch, rng, played = bot.stand_in.channel, random.Random(3), Played()
        asker = await _mover(bot, people)
        await play_turn(bot, asker, ch, rng, played)
        request = (await asker.command("game undo", ch)).visible_posts[-1]
        voter = next(p for p in people if p is not asker)
        refuse = next(c for c in request.custom_ids if c.endswith(":undo-no"))
        await voter.press(request, refuse)
        again = await asker.command("game undo", ch)
        assert again.visible_posts == []
        assert "Der Tisch hat die Rücknahme dieses Spielzugs abgelehnt" in again.private[0].text
