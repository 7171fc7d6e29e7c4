"""Rhein's result lines say every score's parts alike: the Capital, then whatever was
deducted, then the orders fulfilled (the tie-break). Only lines with a deduction named the
Capital ("2. Bot 4: 47 · Capital 50 − penalties 3 − …" under "1. Bot 2: 58 · 4 orders
fulfilled"), and the last read as if the orders made the score."""

from __future__ import annotations

from engine.core import Standing
from engine.text import say
from tests.rhein_helpers import GAME, fresh


def note(detail: dict, lang: str = "en") -> str:
    standing = Standing(seat=0, score=0, rank=1, detail=detail)
    return say(GAME.score_note(fresh(3), standing), lang)


def detail(capital: int, penalties: int = 0, aboard: int = 0, mortgages: int = 0,
           fulfilled: int = 4) -> dict:
    return {"capital": capital, "penalties": penalties, "aboard": aboard,
            "mortgages": mortgages, "fulfilled": fulfilled,
            "score": capital - penalties - aboard - mortgages}


def test_a_score_without_deductions_names_its_capital():
    assert note(detail(58)) == "Capital 58, 4 orders fulfilled"
    assert note(detail(58, fulfilled=1), "de") == "Kapital 58, 1 Auftrag erfüllt"


def test_a_score_names_only_the_deductions_it_has():
    assert note(detail(50, penalties=3)) == "Capital 50 − penalties 3, 4 orders fulfilled"
    assert note(detail(50, aboard=2, mortgages=9, fulfilled=1)) == \
        "Capital 50 − aboard 2 − mortgages 9, 1 order fulfilled"
    assert note(detail(50, penalties=3, aboard=2, mortgages=9), "de") == \
        "Kapital 50 − Strafen 3 − an Bord 2 − verpfändet 9, 4 Aufträge erfüllt"


def test_a_bankrupt_seat_says_when():
    assert note({"bankrupt_round": 5}) == "bankrupt in round 5"
