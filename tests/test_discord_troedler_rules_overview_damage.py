"""Through the Discord stand-in: /rules game:troedler topic:overview states who loses on
damage exactly, as the scoring topic does (rulebook, "Total damage"): only a player alone
with the highest damage loses, and with 2 players only at 3 or more above the other. The
overview said "the player with the most damage loses", which a tie or a 2-player game of
7 to 6 contradicts."""

from __future__ import annotations

import pytest
from discord_standin import Member, running_bot

SAID = {"en": ("the single player with the most damage at the end loses",
               "2 players: only if 3 or more above the other"),
        "de": ("Wer am Ende als Einziger den größten Schaden hat, verliert",
               "zu zweit nur mit 3 oder mehr Schaden über dem anderen")}
TOPIC = {"en": "Overview", "de": "Überblick"}


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_the_overview_says_who_loses_on_damage(tmp_path, monkeypatch, lang: str) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        nora = Member(bot, "Nora", locale="de" if lang == "de" else "en-US")
        [answer] = (await nora.command("rules", game="troedler", topic=TOPIC[lang])).private
        for part in SAID[lang]:
            assert part in answer.text, answer.text
