"""Each game played to its end through the Discord stand-in: the real bot (started as
``rheinbot run`` starts it) on a loopback fake of Discord's REST API and gateway. Two members
play with slash commands, autocomplete and the turn prompt's buttons against an AI seat; for
the two long games they leave after a number of real moves and the AI seats that take over
finish the game (still through the stand-in).

What is checked is what Discord would refuse or a player would notice: every interaction is
answered in time and exactly once, no request is refused (limits, codes), every move shows up
in the channel, and the game ends with its result posted. Posts per move are recorded for the
bench (bench/discord_standin_bench.py).
"""

from __future__ import annotations

import re

import pytest
from discord_standin import running_bot
from discord_standin.server import ANSWER_WINDOW, AUTOCOMPLETE_RESULT
from discord_standin.table import game_of_two, row_of

# game -> humans' moves before they leave (None: they play to the end). The table's seed is
# fixed so that a run takes the same course (18Rhl's easy AI seats end seed 3 by bankruptcy
# in about 50 moves after the humans leave).
GAMES = {"rhein": None, "rheinlaender": 24, "troedler": 40, "18rhl": 30}
SEED = 3


@pytest.mark.parametrize("game", list(GAMES))
async def test_a_whole_game_through_the_stand_in(tmp_path, monkeypatch, game: str) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=SEED) as bot:
        fake = bot.stand_in
        played = await game_of_two(bot, game, GAMES[game], second_locale="de")

        assert played.status == "finished"
        row = await row_of(bot, fake.channel)
        assert len(played.moves) >= min(GAMES[game] or 20, 20)
        for record in played.all:
            assert record.errors == [], (record.payload["data"], record.errors)
            assert record.answered is not None, record.payload["data"]
            assert record.answered_after is not None and \
                record.answered_after < ANSWER_WINDOW
            if record.type == 4:
                assert record.answered == AUTOCOMPLETE_RESULT and record.choices
        # Every move is seen in the channel, or, a step of a turn that goes on, by its mover
        # (the channel gets the whole turn at its end); nobody's screen keeps a "thinking..."
        assert all(count >= 1 or any("**" in m.text for m in record.private)
                   for count, record in zip(played.posts_per_move(), played.moves, strict=True))
        assert not [m for r in played.moves for m in r.private if not m.text]
        # The result, every seat ranked, is the channel's last word.
        last = fake.posts()[-1].text
        # every seat has a line: ranked, or (Trödler's total damage) out of the scoring
        assert len(re.findall(r"^(?:\d\\\. |\*\*.+: (?:out of the scoring|nicht in der Wertung) )",
                              last, re.M)) == 3, last
        if GAMES[game] is None:
            assert "Anna" in last and "Bert" in last, last
        assert row.status == "finished"
        if game == "rhein":
            assert played.pressed > 0  # Rhein's turn prompts carry buttons
            # a turn that goes on is prompted to its player alone, buttons and all
            assert played.pressed_own > 0
        if game in ("troedler", "rheinlaender"):
            # a hidden hand's prompt carries one button: the presser's own hand and its moves,
            # privately, and a move picked there is made
            assert played.pressed_hand > 0
        if game == "18rhl":
            # lays and pars are made in the prompt's step menu (hex, tile, rotation)
            assert played.picked > 0
        # The gateway asked for the guilds intent only.
        assert fake.identify is not None and fake.identify["intents"] == 1
