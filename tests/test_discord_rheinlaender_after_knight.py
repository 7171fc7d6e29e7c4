"""Through the Discord stand-in: after the knight, Rheinländer's lists offer ending the turn
first and /game hand says how many knights and bastions are left. A review's newcomer saw
/play's list start "Bastion on 1 left bank", with "End the turn without a bastion" fifth,
and spent all three bastions at the board's edge by turn 7, never told there were three."""

from __future__ import annotations

import re

import pytest
from discord_standin import running_bot
from discord_standin.table import BUTTON, pair_at_table

from render.turn_card import task_text

END = {"en": "End the turn without a bastion", "de": "Zug ohne Bastion beenden"}
# a knight by a castle takes a castle knight from the supply too
LEFT = {"en": r"Knights left (2[34]) · Bastions left 3 of 3",
        "de": r"Noch (2[34]) Ritter · noch 3 von 3 Bastionen"}


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_after_the_knight_ending_the_turn_comes_first(tmp_path, monkeypatch,
                                                            lang: str) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        _, _, mover = await pair_at_table(bot, "rheinlaender", lang, bots=1)
        choices = await mover.autocomplete("play", "move", "")
        knight = next(c["value"] for c in choices if c["value"].startswith("play "))
        played = await mover.command("play", move=knight)
        choices = await mover.autocomplete("play", "move", "")
        assert choices[0] == {"name": END[lang], "value": "done"}, choices[:3]
        [hand] = (await mover.command("game hand")).private
        moves = hand.text.split("\n")[-1]
        assert moves.split(": ", 1)[1].startswith(END[lang]), moves
        assert re.search(LEFT[lang], hand.text), hand.text
        # the buttons under "Your turn goes on"
        [prompt] = [m for m in played.private if m.custom_ids]
        labels = [label for custom, label in prompt.labels.items() if custom.startswith(BUTTON)]
        assert labels[0] == END[lang], labels


@pytest.mark.parametrize(("lang", "left", "said"), [
    ("en", 2, "Place a bastion (blocks a space; 2 bastions left), or end your turn"),
    ("en", 1, "Place a bastion (blocks a space; 1 bastion left), or end your turn"),
    ("de", 2, "Setze eine Bastion (blockiert ein Feld; noch 2) oder beende den Zug"),
    ("en", 0, "End your turn (no bastion left)"),
    ("de", 0, "Beende deinen Zug (keine Bastion mehr)")])
def test_the_turn_card_says_how_many_bastions_are_left(lang: str, left: int, said: str) -> None:
    view = {"step": "after", "current": 1,
            "players": [{"seat": 0, "bastions_left": 3}, {"seat": 1, "bastions_left": left}]}
    assert task_text("rheinlaender", view, lang) == said
