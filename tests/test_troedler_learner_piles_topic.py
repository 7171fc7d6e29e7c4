"""Through the Discord stand-in: /rules topic:Dealer piles names the table option that shows
the whole piles as a player meets it when opening a table, in their language. The German
topic said "Die Tischoption open_piles zeigt die ganzen Stapel": the engine's key in the
middle of a German sentence, read by a newcomer as a word left untranslated, with no word of
where such an option is set."""

from __future__ import annotations

import re

import pytest
from discord_standin import Member, running_bot

TOPIC = {"en": "Dealer piles", "de": "Trödelstapel"}
NEW = {"en": ("game new", "variants"), "de": ("spiel neu", "varianten")}


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_the_piles_topic_names_the_option_as_game_new_offers_it(tmp_path, monkeypatch,
                                                                      lang: str) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        nora = Member(bot, "Nora", locale="de" if lang == "de" else "en-US")
        [answer] = (await nora.command("rules", game="troedler", topic=TOPIC[lang])).private
        command, option = NEW[lang]
        typed = f"/{command} {option}:open_piles=true"
        assert typed in answer.text, answer.text
        assert "open_piles" not in answer.text.replace(typed, ""), answer.text
        # the words quoted are those the list under /game new variants: shows for it
        [quoted] = re.findall(r"open_piles=true \(['„]([^'“]+)['“]\)", answer.text)
        offered = await nora.autocomplete("game new", "variants", "open_piles",
                                          game="troedler")
        [shown] = [c["name"] for c in offered if c["value"] == "open_piles=true"]
        assert quoted in shown, (quoted, shown)
