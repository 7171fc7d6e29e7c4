"""An undo request through the Discord stand-in: its Agree/Refuse buttons stay for the
players still to vote, go once the vote is decided or void, and a request cannot be
repeated while one is open. Once the vote is over, however it ended (buttons, typed votes,
a move, a seat changing hands, the game abandoned), the request's post says the outcome in
place of its call to vote, in the table's language; an edit that fails loses nothing."""

from __future__ import annotations

import random

from discord_standin import Member, running_bot
from discord_standin.table import Played, open_table, play_turn, row_of, seat_users

YES, NO = "undo-yes", "undo-no"


async def three_players_and_a_vote(bot, language: str | None = None):
    """Anna, Bert and Cora at a Rhein table (``language``: the table's); moves until the
    last mover's turn has passed, so their undo needs the others' votes. Returns (asker,
    the others, the undo record)."""
    people = [Member(bot, name) for name in ("Anna", "Bert", "Cora")]
    by_id = {m.id: m for m in people}
    channel = bot.stand_in.channel
    played = Played()
    if language is None:
        await open_table(bot, "rhein", people, bots=0, played=played)
    else:
        await people[0].command("game new", channel, game="rhein", language=language)
        for member in people[1:]:
            await member.command("game join", channel)
        await people[0].command("game start", channel, order="joined")
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
        assert request.text.startswith("Undo agreed") and done.visible_posts
        assert request.custom_ids == []


async def test_a_refusal_ends_the_vote_and_clears_the_request(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        _, (first, _), asked = await three_players_and_a_vote(bot)
        request = request_of(asked)
        refused = await first.press(request, button(request, NO))
        # said in the request's post alone: a post saying it again read as a second refusal
        assert not refused.visible_posts and "refused the undo" in request.text
        assert request.custom_ids == []


async def test_one_request_at_a_time(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        asker, (first, second), asked = await three_players_and_a_vote(bot)
        again = await asker.command("game undo", bot.stand_in.channel)
        assert not again.visible_posts  # no second request pinging everyone
        text = again.private[0].text
        assert "still open" in text and first.name in text and second.name in text
        assert request_of(asked).custom_ids


async def next_mover(bot, members):
    row = await row_of(bot, bot.stand_in.channel)
    users = await seat_users(bot, row.id)
    return next(m for m in members if m.id in {users[s] for s in row.active_seats})


async def test_a_request_the_game_moved_past_says_its_vote_is_over(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        _, (first, second), asked = await three_players_and_a_vote(bot)
        request = request_of(asked)
        channel = bot.stand_in.channel
        # the request's post cannot be edited (a permission taken away): the move stands
        # and is said as ever, and the buttons left behind answer that the vote is over
        bot.stand_in.inject("PATCH", rf"channels/{channel}/messages/{request.id}$", 403,
                            50013, "Missing Permissions")
        row = await row_of(bot, channel)
        moved = await play_turn(bot, await next_mover(bot, (first, second)), channel,
                                random.Random(1), Played())
        assert (await row_of(bot, channel)).version > row.version and moved.visible_posts
        assert (403, 50013, f"channels/{channel}/messages/{request.id}") in moved.errors
        assert "agree or refuse" in request.text and request.custom_ids
        late = await first.press(request, button(request, YES))
        assert not late.visible_posts
        text = late.private[0].text
        assert "undo vote is over" in text and "moved on" in text
        assert "nothing was played" not in text
        assert request.custom_ids == []  # no live buttons on a vote that ended


def outcome(request) -> str:
    """The request's post once its vote is over: no buttons and no call to vote left."""
    assert request.custom_ids == [] and request.components == []
    assert "agree or refuse" not in request.text and "stimmt zu" not in request.text
    return request.text


async def test_votes_by_buttons_put_the_outcome_in_the_request(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        asker, (first, second), asked = await three_players_and_a_vote(bot)
        request = request_of(asked)
        await first.press(request, button(request, YES))
        assert "agree or refuse" in request.text  # still open for Cora
        done = await second.press(request, button(request, YES))
        assert outcome(request).startswith(f"Undo agreed: **{asker.name}**'s last move was "
                                           "taken back ("), request.text
        assert not done.errors and done.visible_posts  # the prompt; the request says the undo


async def test_a_typed_refusal_puts_the_outcome_in_the_request(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        asker, (first, _), asked = await three_players_and_a_vote(bot)
        request = request_of(asked)
        refused = await first.command("game undo-vote", bot.stand_in.channel, agree=False)
        assert not refused.visible_posts and not refused.errors
        assert outcome(request) == (f"**{first.name}** refused the undo of **{asker.name}**'s "
                                    "last move; nothing was taken back.")


async def test_typed_agreement_puts_the_outcome_in_the_request(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        asker, (first, second), asked = await three_players_and_a_vote(bot)
        request = request_of(asked)
        for member in (first, second):
            await member.command("game undo-vote", bot.stand_in.channel, agree=True)
        assert outcome(request).startswith(f"Undo agreed: **{asker.name}**'s last move")


async def test_a_move_lapses_the_request_in_the_tables_language(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        asker, (first, second), asked = await three_players_and_a_vote(bot, language="de")
        request = request_of(asked)
        assert "stimmt zu oder lehnt ab" in request.text
        channel = bot.stand_in.channel
        moved = await play_turn(bot, await next_mover(bot, (first, second)), channel,
                                random.Random(1), Played())
        assert not moved.errors
        assert outcome(request) == (f"Die Rücknahme-Anfrage von **{asker.name}** ist "
                                    "verfallen: Es wurde ein Spielzug gemacht, bevor die "
                                    "Abstimmung endete.")


async def test_a_seat_changing_hands_or_the_game_abandoned_lapse_the_request(tmp_path,
                                                                            monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        asker, (first, _), asked = await three_players_and_a_vote(bot)
        request = request_of(asked)
        channel = bot.stand_in.channel
        boss = Member(bot, "Mod", manage=True)
        await boss.command("game kick", channel, player=first.id)
        assert outcome(request) == (f"**{asker.name}**'s undo request lapsed: a seat changed "
                                    "hands before the vote ended.")
        again = request_of(await asker.command("game undo", channel))
        await boss.command("game abandon", channel)
        assert outcome(again) == f"**{asker.name}**'s undo request lapsed: the game was abandoned."


async def test_a_deleted_request_post_blocks_no_move(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        _, (first, second), asked = await three_players_and_a_vote(bot)
        request_of(asked).deleted = True  # a moderator removed it
        channel = bot.stand_in.channel
        row = await row_of(bot, channel)
        moved = await play_turn(bot, await next_mover(bot, (first, second)), channel,
                                random.Random(1), Played())
        assert (await row_of(bot, channel)).version > row.version and moved.visible_posts
        assert [status for status, _, _ in moved.errors] == [404]  # the edit, only
