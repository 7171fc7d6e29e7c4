"""The buttons of a game that is over. A race review found an abandoned game's last prompt
keeping its move buttons (a prompt lost them only to a newer prompt), and a press on one
answered "The game moved on: nothing was played. The newest prompt, or /game hand, has your
moves now", where there was none. A game that ends or is abandoned now takes its buttons
off, and a press that still reaches one (a phone showing the message as it was, a press
sent as the game ended) says what happened to the game."""

from __future__ import annotations

import copy
import random

from discord_standin import Member, running_bot
from discord_standin.table import BUTTON, Played, open_table, play_out, row_of, seat_users
from race_helpers import private_text


def move_buttons(message) -> list[str]:
    return [c for c in message.custom_ids
            if c.startswith(BUTTON) and c.split(":")[3].isdigit()]


def live_buttons(bot) -> list[str]:
    return [c for m in bot.stand_in.posts() for c in m.custom_ids if c.startswith(BUTTON)]


async def test_an_abandoned_games_prompt_loses_its_buttons(tmp_path, monkeypatch) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert")
        await open_table(bot, "rhein", [anna, bert])
        row = await row_of(bot, fake.channel)
        users = await seat_users(bot, row.id)
        mover = anna if users[row.active_seats[0]] == anna.id else bert
        prompt = next(m for m in reversed(fake.posts()) if move_buttons(m))
        as_shown = copy.deepcopy(prompt)  # the prompt as a phone not yet updated shows it
        await anna.command("game abandon")
        assert (await row_of(bot, fake.channel)).status == "abandoned"
        assert not move_buttons(fake.messages[prompt.id])
        assert not live_buttons(bot)
        pressed = await mover.press(as_shown, move_buttons(as_shown)[0])
        assert private_text(pressed) == "That game was abandoned: nothing was played."


async def test_a_finished_games_buttons_go_and_a_press_says_it_is_over(tmp_path,
                                                                       monkeypatch) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert", locale="de")
        played = Played()
        await open_table(bot, "rheinlaender", [anna, bert], bots=1, played=played)
        prompt = next(m for m in reversed(fake.posts())
                      if any(c.startswith(BUTTON) for c in m.custom_ids))
        as_shown = copy.deepcopy(prompt)  # (its hand button: moves come privately here)
        button = next(c for c in as_shown.custom_ids if c.startswith(BUTTON))
        # they leave after two moves: AI seats finish the game, no prompt after theirs
        await play_out(bot, [anna, bert], fake.channel, random.Random(7), played,
                       leave_after=2)
        assert (await row_of(bot, fake.channel)).status == "finished"
        assert not live_buttons(bot)
        for member, said in ((anna, "That game is over: nothing was played."),
                             (bert, "Dieses Spiel ist vorbei: es wurde nichts gespielt.")):
            pressed = await member.press(as_shown, button)
            assert private_text(pressed).startswith(said), private_text(pressed)
