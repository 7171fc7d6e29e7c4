"""A player's marker carries the letter of their colour in the table's language. German
Rheinländer boards and cards put "Y" on Gelb's knights ("Y Bot 4 (Gelb)"), "P" on Lila's and
the 18Rhl card "S" on Himmelblau and "K" on Schwarz: English initials. German tables now read
Ge, L, H and S (Grün "Gr" beside Gelb "Ge"), as Rhein's board already did; English keeps
Y, P, S and K. Two letters still fit inside a knight's disc at the least text size."""

from __future__ import annotations

import math

import pytest

from engine.rheinlaender import GAME as RHEINLAENDER
from engine.rhl18.game import GAME as RHL18
from render import render_board, render_turn_card, rheinlaender
from render.text_draw import recording

# Rheinländer's seats play orange, blue, green, yellow, purple
RL = {"de": ["O", "B", "Gr", "Ge", "L"], "en": ["O", "B", "G", "Y", "P"]}


def _rheinlaender(lang: str) -> dict:
    state = RHEINLAENDER.setup(5, {}, 3)
    for _ in range(10):  # every seat has a knight on the board
        seat = RHEINLAENDER.view(state, None)["current"]
        RHEINLAENDER.apply(state, seat, RHEINLAENDER.legal(state, seat)[0])
    return {**RHEINLAENDER.view(state, None), "lang": lang}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_rheinlaender_knights_and_boxes_carry_the_languages_letters(lang: str) -> None:
    view = _rheinlaender(lang)
    with recording() as texts:
        render_board("rheinlaender", view)
    said = {t.text for t in texts}
    for seat, letter in enumerate(RL[lang]):
        assert rheinlaender.letter(seat, lang) == letter
        assert letter in said, (letter, sorted(said)[:40])
    if lang == "de":
        assert not {"Y", "P", "G"} & said


def test_two_letters_stay_inside_the_knights_disc() -> None:
    view = _rheinlaender("de")
    with recording() as texts:
        render_board("rheinlaender", view)
    for text in texts:
        if text.text in ("Gr", "Ge") and text.size >= rheinlaender.TEXT:
            break
    else:
        raise AssertionError("no knight letters at the least size")
    # the letters' corners lie within the disc (radius KNIGHT_RADIUS)
    from render.text_draw import text_width
    width = text_width("Ge", rheinlaender.TEXT, True)
    assert math.hypot(width / 2, rheinlaender.TEXT * 0.36) < rheinlaender.KNIGHT_RADIUS - 1


@pytest.mark.parametrize("lang", ["de", "en"])
def test_rheinlaender_card_banner_and_standings(lang: str) -> None:
    view = _rheinlaender(lang)
    with recording() as texts:
        render_turn_card("rheinlaender", view)
    said = [t.text for t in texts]
    for letter in RL[lang]:
        assert letter in said, (letter, said)
    if lang == "de":
        assert "Y" not in said and "P" not in said


@pytest.mark.parametrize(("lang", "letters"), [("de", ["H", "Ge", "L", "S"]),
                                               ("en", ["S", "Y", "P", "K"])])
def test_rhl18_card_letters(lang: str, letters: list[str]) -> None:
    colours = ["sky", "yellow", "purple", "black"]
    view = {**RHL18.view(RHL18.setup(4, {}, 1), None), "lang": lang,
            "seats": [{"seat": s, "name": f"Bot {s + 1}", "colour": c}
                      for s, c in enumerate(colours)]}
    with recording() as texts:
        render_turn_card("18rhl", view)
    said = [t.text for t in texts]
    for letter in letters:
        assert letter in said, (letter, said)
