"""Through the Discord stand-in: Rheinländer says what a bastion does with one verb.

/play's bastion labels say "blockiert ein Feld" ("sperrt" made a German "sp" for spielen list
every bastion), but after the knight the turn card and the "your turn goes on" prompt still
said "Setze eine Bastion (sperrt ein Feld; ...)": two words for one thing in one turn, and a
learner wonders whether they differ. Both now say the label's words, and the card's task line
still fits uncut."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from discord_standin import running_bot
from discord_standin.table import pair_at_table

from render.turn_card import TASK as TASK_FONT
from render.turn_card import WIDTH, task_text, text_width

DOES = {"en": "blocks a space", "de": "blockiert ein Feld"}
ROOT = Path(__file__).resolve().parent.parent
# the texts a Rheinländer player reads: the engine's, the bot's and the pictures'
LOCALES = ("engine/locales", "bot/locales", "render/locales")


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_the_prompt_after_the_knight_and_the_list_say_the_same_verb(
        tmp_path, monkeypatch, lang: str) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        _, _, mover = await pair_at_table(bot, "rheinlaender", lang, bots=1)
        choices = await mover.autocomplete("play", "move", "")
        knight = next(c["value"] for c in choices if c["value"].startswith("play "))
        played = await mover.command("play", move=knight)
        bastions = [c["name"] for c in await mover.autocomplete("play", "move", "")
                    if c["value"].startswith("bastion ")]
        assert bastions and all(DOES[lang] in name for name in bastions), bastions
        [prompt] = [m for m in played.private if m.custom_ids]
        assert f"({DOES[lang]}; " in prompt.text, prompt.text


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("left", [1, 2, 3])
def test_the_cards_task_says_it_uncut(lang: str, left: int) -> None:
    view = {"step": "after", "current": 1,
            "players": [{"seat": 0, "bastions_left": 3}, {"seat": 1, "bastions_left": left}]}
    said = task_text("rheinlaender", view, lang, figures=False)
    assert DOES[lang] in said, said
    assert text_width(said, TASK_FONT) <= WIDTH - 40, said  # the card's task line


def test_no_rheinlaender_text_says_sperrt() -> None:
    found = []
    for folder in LOCALES:
        for path in sorted((ROOT / folder).rglob("*.json")):
            if path.name == "legacy.json":
                continue  # lines stored before keep their words
            texts = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(texts, dict):
                continue
            found += [f"{path.relative_to(ROOT)}: {key}" for key, text in texts.items()
                      if "rheinlaender" in key and isinstance(text, str)
                      and "sperrt" in text.lower()]
    assert not found, found
