"""Trödler's result named a rank and a score for the seat a total damage put out of the
scoring: "3\\. **Anna** (sky blue): 19 · 14 from 4 requests + 5 goods, damage 13 (10 feed)
- total damage, out of the scoring". That seat now comes after all others without a place
number, "**Anna** (sky blue): out of the scoring (total damage: 13, 10 feed); would have
had 19 points (…)", in the result post and in the game's log alike. No dash before the name:
a screen reader read the line as "en dash Anna"."""

from __future__ import annotations

import contextlib
import random
import re
from collections.abc import AsyncIterator

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import Played, open_table, play_out, row_of

from engine.text import say
from engine.troedler.scoring import result_lines
from tests.test_result_notes import finished

OUT = {"en": "out of the scoring (total damage: ", "de": "nicht in der Wertung (Totalschaden: "}
HAD = {"en": "; would have had ", "de": "; hätte "}


@contextlib.asynccontextmanager
async def finished_troedler(tmp_path, monkeypatch, lang: str) -> AsyncIterator[tuple]:
    """A Trödler table of Anna (in ``lang``) and two AI seats played out, in which one seat
    ends out of the scoring: (the bot, Anna)."""
    async with running_bot(tmp_path, monkeypatch, seed=1) as bot:
        anna = Member(bot, "Anna", locale=lang)
        played = Played()
        await open_table(bot, "troedler", [anna], bots=2, played=played, language=lang)
        await play_out(bot, [anna], bot.stand_in.channel, random.Random(7), played,
                       leave_after=0)
        assert (await row_of(bot, bot.stand_in.channel)).status == "finished"
        yield bot, anna


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_the_seat_out_of_the_scoring_has_no_place(tmp_path, monkeypatch, lang):
    async with finished_troedler(tmp_path, monkeypatch, lang) as (bot, anna):
        fake = bot.stand_in
        status = await anna.command("game status")
        texts = [m.text for m in fake.messages.values() if m.channel_id == fake.channel] + \
            [m.text for m in status.private]
        for text in [t for t in texts if OUT[lang] in t]:
            lines = [line for line in text.splitlines()
                     if re.match(r"\d+\\\. ", line) or OUT[lang] in line]
            out = [line for line in lines if OUT[lang] in line]
            assert len(out) == 1 and out[0].startswith("**") and HAD[lang] in out[0], lines
            assert lines[-1] == out[0], lines  # after all who scored
        assert any(OUT[lang] in t for t in texts), texts


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_log_says_it_as_the_result_post_does(lang):
    game, state = finished("troedler", "easy")
    standings = game.result(state)
    out = [s for s in standings if game.unscored(s)]
    assert len(out) == 1
    logged = say(result_lines(state)[-1], lang)
    assert not logged.startswith("–") and logged.endswith(": " + say(game.score_note(state, out[0]), lang))
    assert not re.match(r"\d", logged), logged
