"""The result post and the game log say a total damage alike: the log read "damage 9 (5 feed)
- total damage, out of the scoring", the result post "damage 9: the lone highest, out of the
scoring" (German "Schaden 10: allein der höchste, aus der Wertung" against "Schaden 10 (5
Kraftfutter) – Totalschaden, nicht in der Wertung")."""

from __future__ import annotations

import pytest

from engine.text import say
from engine.troedler.scoring import result_lines
from tests.test_result_notes import finished


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_result_note_ends_as_the_log_line_does(lang):
    game, state = finished("troedler", "easy")
    lines = result_lines(state)
    standings = game.result(state)
    assert any(s.detail["total_damage"] for s in standings)
    for standing, line in zip(standings, lines, strict=True):
        note = say(game.score_note(state, standing), lang)
        logged = say(line, lang)
        if game.unscored(standing):  # "– Anna: out of the scoring (…)": the note itself
            assert logged.endswith(": " + note), (note, logged)
            continue
        tail = logged.split("), ", 1)[1]  # "damage 9 (5 feed) - total damage, …"
        assert note.endswith(tail), (note, logged)

