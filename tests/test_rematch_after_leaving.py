"""A game the AI seats finished after its players left (the one way to have AI seats finish
one) may still be played again: whoever played in it may ask for its rematch, and plays it
in the seat they had, where both were refused "Only the players of the last game ... can ask
for a rematch" (the seats held only AI players by then)."""

from __future__ import annotations

import random
import re

from discord_standin import Member, running_bot
from discord_standin.table import Played, open_table, play_out, row_of


async def left_and_finished(bot) -> tuple[Member, Member]:
    """Anna and Bert play a Trödler table with an AI seat for 12 moves and leave; the AI
    seats finish it."""
    anna, bert = Member(bot, "Anna"), Member(bot, "Bert")
    played = Played()
    await open_table(bot, "troedler", [anna, bert], bots=1, played=played)
    played = await play_out(bot, [anna, bert], bot.stand_in.channel, random.Random(7), played,
                            leave_after=12)
    assert played.status == "finished"
    return anna, bert


async def test_players_who_left_may_ask_for_the_rematch_and_play_it(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        anna, bert = await left_and_finished(bot)
        row = await row_of(bot, fake.channel)
        assert all(s.is_ai for s in await bot.client.store.seats(row.id))
        actions = await bot.client.store.actions(row.id)
        bert_seat = next(a.seat for a in reversed(actions) if a.user_id == bert.id)

        asked = await bert.command("game rematch")
        assert asked.errors == []
        texts = [m.text for m in asked.private + asked.visible_posts]
        assert not any("Only the players" in text for text in texts), texts
        link = next(m.text for m in asked.private + asked.visible_posts
                    if "Rematch opened" in m.text)
        thread = int(re.search(r"<#(\d+)>", link).group(1))
        new = await row_of(bot, thread)
        assert new is not None and new.status == "lobby" and not new.hosted
        seats = sorted(await bot.client.store.seats(new.id), key=lambda s: s.joined)
        old = {s.seat: s for s in await bot.client.store.seats(row.id)}
        mine = [s for s in seats if s.user_id == bert.id]
        assert len(mine) == 1 and not mine[0].is_ai and mine[0].name == "Bert"
        assert mine[0].colour == old[bert_seat].colour
        assert len(seats) == len(old)
        opened = next(m.text for m in fake.posts(thread) if "opened a rematch" in m.text)
        assert "runs the table without a seat" not in opened

