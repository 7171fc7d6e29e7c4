"""Quiet channels through the Discord stand-in (issue 15): the moves of AI seats that follow
a human move come as one message, boards only when a phase ended; when the AI seats finish a
game inside one interaction (the last human leaves), the channel gets one summary per phase
of that run and the result, not a post per move. Counted as posts per interaction."""

from __future__ import annotations

import random

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import Played, game_of_two, open_table, play_out, row_of

import engine

# game -> human moves before both leave; the seed makes the run take a known course.
LEAVE_AFTER = {"troedler": 12, "18rhl": 30}


def phases_after(game_key: str, row, actions, first: int) -> int:
    """How many phases the moves from ``actions[first]`` on were made in."""
    game = engine.GAMES[game_key]
    state = game.setup(len({a.seat for a in actions}), row.options, row.seed)
    seen = []
    for number, action in enumerate(actions):
        phase = str(game.phase(state))
        if number >= first and (not seen or seen[-1] != phase):
            seen.append(phase)
        game.apply(state, action.seat, game.parse(state, action.seat, action.notation))
    return len(seen)


@pytest.mark.parametrize("game", list(LEAVE_AFTER))
async def test_ai_seats_finish_a_game_with_one_post_per_phase(tmp_path, monkeypatch,
                                                             game: str) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        played = await game_of_two(bot, game, LEAVE_AFTER[game])
        assert played.status == "finished"
        row = await row_of(bot, fake.channel)
        actions = await bot.client.store.actions(row.id)
        # the /game leave after which the AI seats finished (18Rhl: already the first one)
        last = next(r for r in reversed(played.other) if r.visible_posts)
        ai_moves = [a for a in actions if a.user_id is None]
        first = max(i for i, a in enumerate(actions) if a.user_id is not None) + 1
        phases = phases_after(game, row, actions, first)
        posts = last.visible_posts
        assert len(actions) - first >= 20 and len(ai_moves) >= len(actions) - first
        # the leave notice, at most one summary per phase, the result
        assert len(posts) <= phases + 2, (len(posts), phases, len(actions) - first)
        assert len(posts) * 5 < len(actions) - first
        assert "1\\. " in posts[-1].text and posts[-1].files  # the result, with the board
        assert all(len(m.files) <= 10 for m in posts)


async def test_ai_moves_after_a_human_move_are_one_message(tmp_path, monkeypatch) -> None:
    """Rhein with two AI seats: after each human move, at most the move (with the AI
    seats' moves), a board when a phase ended and the next turn prompt."""
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        anna = Member(bot, "Anna")
        played = Played()
        await open_table(bot, "rhein", [anna], bots=2, played=played)
        await play_out(bot, [anna], fake.channel, random.Random(7), played, leave_after=40)
        busiest = max(played.posts_per_move())
        assert busiest <= 3, [[m.text[:60] for m in r.visible_posts] for r in played.moves
                              if len(r.visible_posts) == busiest]
        # AI seats did move in between, grouped by seat on lines of their own
        texts = "\n".join(m.text for r in played.moves for m in r.visible_posts)
        assert "**Bot 1**" in texts and "**Bot 2**" in texts


async def test_a_colour_picked_in_the_autocomplete_is_the_colour_played(tmp_path,
                                                                        monkeypatch) -> None:
    """/game join colour: through real gateway interactions: the list offers the game's own
    seat colours (named in the table's language), and the picked one is the seat's colour at the
    start (whatever seat order the start draws)."""
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert", locale="de")
        played = Played()
        played.other.append(await anna.command("game new", game="rhein"))
        choices = await bert.autocomplete("game join", "colour", "")
        names = {c["value"]: c["name"] for c in choices}
        assert list(names) == list(engine.GAMES["rhein"].seat_colours), names
        record = await bert.command("game join", colour="blue")
        assert record.errors == []
        played.other.append(await anna.command("game add-bot", level="easy"))  # blue: 3+
        started = await anna.command("game start")
        played.other.append(started)
        row = await row_of(bot, bot.stand_in.channel)
        assert row.status == "active", [m.text for m in started.posts]
        seats = {s.user_id: s for s in await bot.client.store.seats(row.id)}
        game = engine.GAMES["rhein"]
        assert seats[bert.id].colour == "blue"
        state = game.load(row.state)
        assert game.view(state, None)["players"][seats[bert.id].seat]["colour"] == "blue"
        assert all(r.errors == [] for r in played.other)
