"""Through the Discord stand-in: ``/game log lines:100`` of a long game.

Its answer was cut to one message's last 1,900 characters, opening "..." mid-line, with no
word of how many of the hundred lines were lost (about 25 were shown, with long names). It
now comes in messages split between lines, every line whole; past three messages the
earliest lines go and the first message says how many."""

from __future__ import annotations

import random
import re

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import Played, open_table, play_out, row_of

EARLIER = {"en": r"^\((\d+) earlier lines? not shown: more than three messages; "
                 r"/game export has every move\)$",
           "de": r"^\((\d+) frühere Zeilen? nicht gezeigt: mehr als drei Nachrichten; "
                 r"/spiel export hat jeden Spielzug\)$"}


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_a_hundred_log_lines_come_whole_and_say_what_is_left_out(tmp_path, monkeypatch,
                                                                       lang) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=1) as bot:
        fake = bot.stand_in
        anna = Member(bot, "Annabelle von Rheinfels-Kerpen", locale="de" if lang == "de"
                      else "en-US")
        await open_table(bot, "troedler", [anna], bots=2, language=lang)
        await play_out(bot, [anna], fake.channel, random.Random(7), Played(), leave_after=0)
        assert (await row_of(bot, fake.channel)).status == "finished"
        answer = (await anna.command("game log", lines=100)).private
        texts = [m.text for m in answer]
        assert 2 <= len(texts) <= 3, [len(t) for t in texts]
        assert all(len(t) <= 2000 and not t.startswith("...") for t in texts), texts
        lines = "\n".join(texts).split("\n")
        note = re.match(EARLIER[lang], lines[0])
        shown = lines[1:] if note else lines
        assert (int(note.group(1)) if note else 0) + len(shown) == 100, lines[0]
        # the newest line is the last one, whole
        [last] = [m.text for m in (await anna.command("game log", lines=1)).private]
        assert shown[-1] == last
        assert note, "the game's hundred lines fit three messages: make them longer"
