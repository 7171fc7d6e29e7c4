"""/game add-bot at a running game said only "Das Spiel hier läuft schon.": it now says
that AI seats join before the start, and how a running game's seat goes to an AI or is
handed on."""

from __future__ import annotations

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import open_table


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ["before the start", "/game leave", "/game kick player:",
            "/game kick seat: replacement:"]),
    ("de", ["vor dem Start", "/spiel verlassen", "/spiel entfernen spieler:",
            "/spiel entfernen platz: ersatz:"]),
])
async def test_add_bot_at_a_running_game_says_how_a_seat_goes_to_an_ai(tmp_path, monkeypatch,
                                                                         lang, words):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        anna = Member(bot, "Anna", locale=lang)
        await open_table(bot, "rheinlaender", [anna], bots=2, language=lang)
        record = await anna.command("game add-bot", level="easy")
        said = " ".join(m.text for m in record.private + record.visible_posts)
        assert all(word in said for word in words), said
