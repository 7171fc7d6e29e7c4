"""Rhein's orders read "2→11 3→16" on buttons, in /game hand and on the card, and a newcomer
met that nowhere explained. /game hand now says each order of the seat and every order on
display in words ("2 containers pay 11, 3 pay 16"), and /rules topic:orders says how an order
reads, in English and German."""

from __future__ import annotations

import pytest
from discord_standin.table import pair_at_table

WORDS = {"en": ("containers pay", "Orders on display: order "),
         "de": ("Container bringen", "Ausliegende Aufträge: Auftrag ")}
RULE = {"en": "An order reads like", "de": "Ein Auftrag liest sich wie"}


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_orders_are_said_in_words(tmp_path, monkeypatch, lang: str) -> None:
    from discord_standin import running_bot

    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        anna, bert, first = await pair_at_table(bot, "rhein", lang, bots=1)
        hand = "\n".join(m.content for m in
                         (await first.command("game hand", bot.stand_in.channel)).private)
        assert all(word in hand for word in WORDS[lang]), hand
        assert "→" not in hand, hand
        rules = "\n".join(m.content + " ".join(e.get("description") or "" for e in m.embeds)
                          for m in (await anna.command("rules", game="rhein",
                                                       topic="orders")).private)
        assert RULE[lang] in rules and "2→11 3→16" in rules, rules
