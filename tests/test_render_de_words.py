"""German words on the pictures as a German player reads them: Rhein's board names Straßburg
(it said "Strasbourg"; typing "straßburg" already worked) and breaks the Capital track's
heading before its bracket, not inside it ("Kapitalleiste (Stapel, oberster / zuerst)");
18Rhl's train table says a train "rostet ab Phase 8" (it said "Rostet in") and an incremental
corporation's "Kapital je Aktie" (paid as each share sells, beside "voll kapitalisiert") where
it said the cryptic "Kap. schrittw."."""

from __future__ import annotations

import pytest
from rhein_helpers import GAME as RHEIN
from rhein_helpers import fresh

from engine.rhl18.game import GAME as RHL18
from render import render_board, render_turn_card
from render.rhl18_market import _status
from render.text_draw import recording

STRASBOURG = {"de": "Straßburg", "en": "Strasbourg"}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_rhein_board_names_strasbourg_in_the_tables_language(lang: str) -> None:
    view = {**RHEIN.view(fresh(3), None), "lang": lang}
    with recording() as texts:
        render_board("rhein", view)
    said = [t.text for t in texts]
    assert STRASBOURG[lang] in said
    other = STRASBOURG["en" if lang == "de" else "de"]
    assert not any(other in text for text in said), [t for t in said if other in t]


def test_rhein_card_names_strasbourg_in_german() -> None:
    view = {**RHEIN.view(fresh(3), None), "lang": "de"}
    with recording() as texts:
        render_turn_card("rhein", view)
    assert not any("Strasbourg" in t.text for t in texts)


def test_the_capital_tracks_heading_breaks_before_its_bracket() -> None:
    view = {**RHEIN.view(fresh(3), None), "lang": "de"}
    with recording() as texts:
        render_board("rhein", view)
    said = [t.text for t in texts]
    assert "Kapitalleiste" in said and "(Stapel, oberster zuerst)" in said, \
        [t for t in said if "Kapital" in t or "zuerst" in t]


def test_rhl18_trains_rust_from_a_phase() -> None:
    view = {**RHL18.view(RHL18.setup(3, {}, 1), None), "lang": "de"}
    with recording() as texts:
        render_board("18rhl", view)
    said = [t.text for t in texts]
    assert "Rostet ab" in said and "Rostet in" not in said


@pytest.mark.parametrize(("lang", "said"), [("de", "Kapital je Aktie"),
                                            ("en", "incremental")])
def test_rhl18_capitalisation_in_words(lang: str, said: str) -> None:
    entry = {"ipoed": True, "floated": True, "operated": True,
             "capitalization": "incremental"}
    assert _status(entry, lang).endswith(said)
