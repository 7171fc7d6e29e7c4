"""Every 18Rhl phase change says each rule a player must know that changes with it. Phase 5
read only "brown tiles may be laid; 6-trains are on sale; 3 operating rounds ...; full
capital" while from then on the red off-board areas pay their higher value, the Montan bonus
is 40M instead of 20M and the Osterath tile 935 can no longer be laid (routes.py, tiles.py);
phase 3 did not say that KEO, Tjt and ATB may now use their abilities (operating.py)."""

from __future__ import annotations

import pytest

from engine.rhl18 import data
from engine.rhl18.log import phase_changes
from engine.text import say

STEPS = [("2", "3"), ("3", "4"), ("4", "5"), ("5", "6"), ("6", "8")]


def said(old: str, new: str, lang: str) -> str:
    return "; ".join(say(c, lang) for c in phase_changes(old, new))


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ["off-board areas now pay their higher (brown) values",
            "the Montan bonus is 40M instead of 20M",
            "the Osterath tile 935 may no longer be laid"]),
    ("de", ["Randgebiete zahlen jetzt ihre höheren (braunen) Werte",
            "der Montan-Bonus beträgt 40M statt 20M",
            "das Osterath-Plättchen 935 darf nicht mehr gelegt werden"]),
])
def test_phase_five_says_off_boards_montan_and_osterath(lang: str, words: list[str]) -> None:
    five = said("4", "5", lang)
    for part in words:
        assert part in five, five


def test_phase_three_says_the_privates_abilities_open() -> None:
    assert "KEO, Tjt and ATB may now use their abilities" in said("2", "3", "en")
    assert "KEO, Tjt und ATB dürfen jetzt ihre Fähigkeiten nutzen" in said("2", "3", "de")


def test_the_effects_come_from_the_phase_data() -> None:
    named = {p["name"]: p.get("announce", []) for p in data.phases()}
    assert named["5"] == ["offboard_brown", "montan_40", "osterath_late"]
    assert named["3"] == ["privates_usable"]
    for old, new in STEPS:
        en, de = said(old, new, "en"), said(old, new, "de")
        assert "rhl18." not in en + de  # every key has its text in both languages
        assert en.count(";") == de.count(";")
