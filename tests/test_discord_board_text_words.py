"""Words of ``/game board text:True`` a phone player's review misread, through the Discord
stand-in: 18Rhl's "trains for sale: 3" read as a count of trains (it was the kind); a
``near:`` given with ``text:`` was dropped without a word; a finished Rheinländer ended
"Archbishop: nobody yet.", a holder still to come."""

from __future__ import annotations

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import open_table

from engine import get_game
from render.board_text import describe, rheinlaender

FOR_SALE = {"en": "for sale: 2-trains (6 left).", "de": "zu kaufen: 2-Züge (noch 6)."}
NEAR = {"en": "near: is for the board picture", "de": "nahe: gilt nur für das Bild"}


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_18rhl_trains_for_sale_are_said_as_kinds_with_how_many_are_left(
        tmp_path, monkeypatch, lang: str) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        anna = Member(bot, "Anna", "de" if lang == "de" else "en-US")
        await open_table(bot, "18rhl", [anna], bots=2, language=lang)
        asked = await anna.command("game board", bot.stand_in.channel, text=True)
        said = "\n".join(m.content for m in asked.private)
        assert FOR_SALE[lang] in said, said
        assert NEAR[lang] not in said


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_near_with_text_is_said_to_be_the_picture_s(tmp_path, monkeypatch,
                                                         lang: str) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        anna = Member(bot, "Anna", "de" if lang == "de" else "en-US")
        await open_table(bot, "18rhl", [anna], bots=2, language=lang)
        asked = await anna.command("game board", bot.stand_in.channel, text=True, near="F9")
        said = "\n".join(m.content for m in asked.private)
        assert said.startswith(NEAR[lang]), said
        assert FOR_SALE[lang] in said
        assert not asked.visible_posts


def test_a_finished_rheinlaender_board_names_no_archbishop_to_come() -> None:
    game = get_game("rheinlaender")
    state = game.setup(3, {}, 1)
    view = {**game.view(state, None), "archbishop": None}
    assert "Archbishop: nobody yet." in rheinlaender.lines(view, "en")
    over = {**view, "step": "over"}
    assert not [line for line in rheinlaender.lines(over, "en") if "Archbishop" in line]
    assert not [line for line in rheinlaender.lines(over, "de") if "Erzbischof" in line]



def test_a_finished_board_names_a_seat_alike_in_its_result_and_its_lines() -> None:
    # the result post says "Bot 2 (orange)", the board's own lines "Bot 2 (Orange): ..."
    game = get_game("rheinlaender")
    view = {**game.view(game.setup(3, {}, 1), None),
            "seats": [{"seat": s, "name": f"Bot {s + 1}", "colour": c}
                      for s, c in enumerate(["green", "orange", "blue"])]}
    result = ["**Bot 2 wins!**", "1\\. Bot 2 (orange) [AI, normal]: 52; 5 duchies worth 44",
              "2\\. Bot 3 (blue) [AI, normal]: 45; 6 duchies worth 42"]
    lines = "\n".join(describe("rheinlaender", view, "en", title="Rheinländer",
                               phase="Game over", acting=[], over=True,
                               result=result)).splitlines()
    assert lines[1] == "1. Bot 2 (Orange) [AI, normal]: 52; 5 duchies worth 44", lines[:3]
    assert lines[2].startswith("2. Bot 3 (Blue) "), lines[:3]
    assert any(line.startswith("Bot 2 (Orange): ") for line in lines), lines
