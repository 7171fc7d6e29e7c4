"""An AI seat's long run of moves in a summary: a Trödler line dropped one move ("… delivering
anvil + cup + pot + vase … takes a vase in Glenmore", the ferry to Glenmore gone) and was
still 582 characters, and where moves must go the bare "…" said neither that nor how many.
A line a little over the limit is now said whole; a longer one counts the moves it leaves
out ("… 3 more moves …")."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import engine
from bot.service.ai_seats import AI_LINE_LIMIT, _run_line
from bot.service.base import Table

MOVES = {
    "en": ["Sky fulfils #25 request 3 pots + vase (7) in Bracklin, delivering anvil + cup + "
           "pot + vase", "Sky moves the ferry to Glenmore", "Sky takes a vase in Glenmore"],
    "de": ["Himmelblau erfüllt Auftrag #25 3 Töpfe + Vase (7) in Bracklin und liefert "
           "Amboss + Becher + Topf + Vase", "Himmelblau fährt mit der Fähre nach Glenmore",
           "Himmelblau nimmt eine Vase in Glenmore"],
}
MORE = {"en": "more moves", "de": "weitere Spielzüge"}


def table(lang: str) -> Table:
    seats = [SimpleNamespace(seat=0, name="Bot 2", colour="sky", is_ai=True, ai_level="easy")]
    row = SimpleNamespace(language=lang, game_key="troedler")
    return Table(row=row, game=engine.GAMES["troedler"], seats=seats)  # type: ignore[arg-type]


def _whole(lang: str, saids: list[str]) -> str:
    return table(lang).credited(0, table(lang).run_said(0, saids))


def filler(lang: str, count: int) -> list[str]:
    word = "Sky takes a cup in Kilbride" if lang == "en" \
        else "Himmelblau nimmt einen Becher in Kilbride"
    return [word] * count


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_line_a_little_too_long_keeps_every_move(lang):
    count = next(n for n in range(60)
                 if len(_whole(lang, [*filler(lang, n), *MOVES[lang]])) > AI_LINE_LIMIT)
    saids = [*filler(lang, count), *MOVES[lang]]
    line = _run_line(table(lang), 0, saids)
    assert line == _whole(lang, saids)
    assert len(line) > AI_LINE_LIMIT  # the old cut dropped a move to save a few characters
    assert "…" not in line and "Glenmore" in line.split(" · ")[-2], line


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_line_far_too_long_counts_the_moves_left_out(lang):
    saids = [*filler(lang, 40), *MOVES[lang]]
    line = _run_line(table(lang), 0, saids)
    assert len(line) <= AI_LINE_LIMIT, line
    parts = line.split(" · ")
    [more] = [p for p in parts if MORE[lang] in p]
    count = int(more.strip("… ").split()[0])
    assert count + len(parts) - 1 == len(saids), line  # every move said or counted
    assert parts[0].startswith("**Bot 2**") and parts[-1].endswith("Glenmore"), line
