"""Through the Discord stand-in: in a game of two the starting dealer first puts one of the
three dealer piles on the discard pile (rulebook, phase 2). The turn card and prompt said
"Discard one of your piles" ("Wirf einen deiner Stapel ab"): the piles are nobody's yet, and
"discard" read as the hand-limit discard. The task now says what the rulebook does."""

from __future__ import annotations

import pytest
from discord_standin import running_bot
from discord_standin.table import pair_at_table

from render.turn_card import TASK as TASK_FONT
from render.turn_card import WIDTH, task_text, text_width

TASK = {"en": "Put one of the dealer piles on the discard pile",
        "de": "Lege einen der Trödelstapel auf den Ablagestapel"}


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_the_dealers_first_task_puts_a_pile_on_the_discard_pile(tmp_path, monkeypatch,
                                                                     lang: str) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        _, bert, dealer = await pair_at_table(bot, "troedler", lang)
        assert dealer is bert  # the last to join deals
        prompts = [m.text for m in bot.stand_in.posts(bot.stand_in.channel)
                   if f"<@{bert.id}>" in m.text]
        assert prompts and TASK[lang] in prompts[-1], prompts[-1:]
    view = {"stage": "take", "choosing_to": "discard-pile"}
    assert task_text("troedler", view, lang) == TASK[lang]
    assert text_width(TASK[lang], TASK_FONT) <= WIDTH - 40  # the card's task line, uncut
