"""An undo request through the Discord stand-in: its Agree/Refuse buttons stay for the
players still to vote, go once the vote is decided or void, and a request cannot be
repeated while one is open."""

from __future__ import annotations

import random

from discord_standin import Member, running_bot
from discord_standin.table import Played, open_table, play_turn, row_of, seat_users

YES, NO = "undo-yes", "undo-no"


async def three_players_and_a_vote(bot):
    """Anna, Bert and Cora at a Rhein table; moves until the last mover's turn has passed,
    so their undo needs the others' votes. Returns (asker, the others, the undo record)."""
    people = [Member(bot, name) for name in ("Anna", "Bert", "Cora")]
    by_id = {m.id: m for m in people}
    channel = bot.stand_in.channel
    played = Played()
    await open_table(bot, "rhein", people, bots=0, played=played)
    rng = random.Random(5)
    for _ in range(40):
        row = await row_of(bot, channel)
        users = await seat_users(bot, row.id)
        waiting = [by_id[users[s]] for s in row.active_seats]
        if played.moves and by_id[played.moves[-1].user_id] not in waiting:
            break
        await play_turn(bot, waiting[0], channel, rng, played)
    asker = by_id[played.moves[-1].user_id]
    asked = await asker.command("game undo", channel)
    return asker, [m for m in people if m is not asker], asked


def request_of(record):
    [request] = [m for m in record.visible_posts if any(c.endswith(YES) for c in m.custom_ids)]
    return request


def button(message, suffix):
    return next(c for c in message.custom_ids if c.endswith(suffix))


async def test_the_request_keeps_its_buttons_until_the_vote_is_decided(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        asker, (first, second), asked = await three_players_and_a_vote(bot)
        request = request_of(asked)
        agree = button(request, YES)
        # the asker's own Agree: a private note, nothing posted, the buttons stay
        own = await asker.press(request, agree)
        assert not own.visible_posts and "already counted" in own.private[0].text
        assert agree in request.custom_ids
        # the first of the others: posted, and the buttons stay for the second
        voted = await first.press(request, agree)
        assert f"waiting for {second.name}" in voted.visible_posts[0].text
        assert agree in request.custom_ids and button(request, NO) in request.custom_ids
        # the last vote decides: the undo is made and the request loses its buttons
        done = await second.press(request, agree)
        assert any("takes back" in m.text for m in done.visible_posts)
        assert request.custom_ids == []


async def test_a_refusal_ends_the_vote_and_clears_the_request(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        _, (first, _), asked = await three_players_and_a_vote(bot)
        request = request_of(asked)
        refused = await first.press(request, button(request, NO))
        assert "undo is off" in refused.visible_posts[0].text
        assert request.custom_ids == []


async def test_one_request_at_a_time(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        asker, (first, second), asked = await three_players_and_a_vote(bot)
        again = await asker.command("game undo", bot.stand_in.channel)
        assert not again.visible_posts  # no second request pinging everyone
        text = again.private[0].text
        assert "still open" in text and first.name in text and second.name in text
        assert request_of(asked).custom_ids


async def test_a_request_the_game_moved_past_says_its_vote_is_over(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        _, (first, second), asked = await three_players_and_a_vote(bot)
        request = request_of(asked)
        channel = bot.stand_in.channel
        row = await row_of(bot, channel)
        users = await seat_users(bot, row.id)
        mover = next(m for m in (first, second) if m.id in
                     {users[s] for s in row.active_seats})
        await play_turn(bot, mover, channel, random.Random(1), Played())
        late = await first.press(request, button(request, YES))
        assert not late.visible_posts
        text = late.private[0].text
        assert "undo vote is over" in text and "moved on" in text
        assert "nothing was played" not in text
        assert request.custom_ids == []  # no live buttons on a vote that ended
