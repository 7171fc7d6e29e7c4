"""/game export's text, through the Discord stand-in: players have no terminal with
`rheinbot`, and "Replay it with `rheinbot replay`" told them to use a tool only the bot's host
has."""

from __future__ import annotations

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import open_table


@pytest.mark.parametrize("locale, said", [
    ("en-US", "The bot's host can replay it with `rheinbot replay`."),
    ("de", "Wer den Bot betreibt, kann sie mit `rheinbot replay` nachspielen.")])
async def test_the_export_says_replaying_is_for_the_bots_host(tmp_path, monkeypatch, locale,
                                                              said):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        anna = Member(bot, "Anna", locale=locale)
        await open_table(bot, "rhein", [anna], bots=1)
        await anna.command("game abandon")
        [answer] = (await anna.command("game export")).private
        assert answer.text.endswith(f". {said}"), answer.text
        assert [name for name, _ in answer.files] == ["rheinbot-rhein-1.json"]
