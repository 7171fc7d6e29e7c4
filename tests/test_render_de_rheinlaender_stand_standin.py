"""Through the Discord stand-in: /spiel stand on a German Rheinländer table says each seat's
running score as the turn card does, "jetzt 0 P. + Münzen · 0 Herzogtümer". It read
"0 P., wenn es jetzt endete (+ Münzen), 0 Herzogt." ("Herzogt" read as a word)."""

from __future__ import annotations

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import open_table

SAID = {"de": (" P. + Münzen · ", "wenn es jetzt"), "en": (" pts now + coins · ", "if it ended now")}


@pytest.mark.parametrize("lang", ["de", "en"])
async def test_the_status_says_the_running_score_in_words(tmp_path, monkeypatch, lang):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        anna = Member(bot, "Anna", "de" if lang == "de" else "en-US")
        await open_table(bot, "rheinlaender", [anna], bots=2, language=lang)
        [status] = (await anna.command("game status")).private
        now, before = SAID[lang]
        assert now in status.text, status.text
        if lang == "de":
            assert "Herzogt." not in status.text and "jetzt " in status.text
        assert before not in status.text
