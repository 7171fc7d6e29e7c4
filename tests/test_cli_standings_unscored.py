"""The terminal's result lines (``rheinbot demo --quiet``, ``rheinbot replay``) gave a Trödler
seat out of the scoring a place and its would-be points: "4. Bot 4: 23" under "3. Bot 3: 15"
read as a mistake to a newcomer. It is said as the result post says it, with no place."""

from __future__ import annotations

import pytest

from bot.cli import standings
from engine import get_game
from engine.core import Standing

RESULT = [Standing(seat=1, score=24, rank=1, detail={"total_damage": False}),
          Standing(seat=2, score=15, rank=2, detail={"total_damage": False}),
          Standing(seat=0, score=23, rank=3, detail={"total_damage": True})]
NAMES = {0: "Bot 1", 1: "Bot 2", 2: "Bot 3"}


@pytest.mark.parametrize(("lang", "out"), [
    ("en", "  1. Bot 2: 24\n  2. Bot 3: 15\n  Bot 1: out of the scoring (would have had 23)\n"),
    ("de", "  1. Bot 2: 24\n  2. Bot 3: 15\n  Bot 1: nicht in der Wertung (hätte 23 gehabt)\n"),
])
def test_a_seat_out_of_the_scoring_has_no_place(lang: str, out: str) -> None:
    assert standings(get_game("troedler"), RESULT, NAMES, lang) == out


def test_other_games_keep_their_places_and_unit() -> None:
    game = get_game("rhein")
    lines = standings(game, [Standing(seat=0, score=40, rank=1)], {0: "Anna"}, "en")
    assert lines == f"  1. Anna: 40{game.score_unit}\n"
