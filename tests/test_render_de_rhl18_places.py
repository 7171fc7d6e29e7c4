"""18Rhl's map names its off-board places as a player knows them: Venlo and Maastricht (the
map said "Venio" and "Maastrict"), Liège in English and Lüttich in German (it said "Liege",
on a map that says Nimwegen and Arnheim). Only the shown name changes: the hexes keep their
ids, so the engine still replays the 18xx.games games."""

from __future__ import annotations

import pytest

from engine.rhl18.game import GAME
from render import render_board
from render.text_draw import recording

NAMES = {"de": ["Venlo", "Maastricht", "Lüttich"], "en": ["Venlo", "Maastricht", "Liège"]}
WRONG = ["Venio", "Maastrict", "Liege"]


def _said(lang: str) -> str:
    state = GAME.setup(3, {}, 1)
    view = {**GAME.view(state, None), "lang": lang}
    with recording() as texts:
        render_board("18rhl", view)
    return " | ".join(t.text for t in texts)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_map_names_the_places_in_the_tables_language(lang: str) -> None:
    said = _said(lang)
    for name in NAMES[lang]:
        assert name in said, name
    for wrong in WRONG + NAMES["en" if lang == "de" else "de"][2:]:
        assert wrong not in said, wrong

