"""A shared win is said as a sentence lists names: "Bot 2, Bot 3 und Bot 4 gewinnen mit 47
Punkten". Rheinländer's final picture chained "Bot 2 und Bot 3 und Bot 4"; Rhein's header and
18Rhl's final line ran the names with commas only ("Anna, Bert, Carla")."""

from __future__ import annotations

import pytest
from rhein_helpers import GAME as RHEIN
from rhein_helpers import fresh

from engine.rheinlaender import GAME as RHEINLAENDER
from engine.rhl18.game import GAME as RHL18
from render import rhein, rheinlaender
from render.rhl18_facts import game_over

NAMES = ["Anna", "Bert", "Carla"]
SAID = {"de": "Anna, Bert und Carla", "en": "Anna, Bert and Carla"}
TWO = {"de": "Anna und Bert", "en": "Anna and Bert"}


def _seats(count: int) -> list[dict]:
    return [{"seat": seat, "name": NAMES[seat]} for seat in range(count)]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_rheinlaender_three_winners(lang: str) -> None:
    view = RHEINLAENDER.view(RHEINLAENDER.setup(4, {}, 3), None)
    final = [{"seat": seat, "total": 47 if seat < 3 else 30} for seat in range(4)]
    view.update(step="over", final=final, lang=lang, seats=_seats(3))
    line = rheinlaender.headline(view)
    assert SAID[lang] in line, line
    assert line.count(" und " if lang == "de" else " and ") == 1, line


@pytest.mark.parametrize("lang", ["de", "en"])
def test_rhein_three_winners(lang: str) -> None:
    view = RHEIN.view(fresh(4), None)
    entry = {"score": 61, "fulfilled": 5, "capital": 61, "penalties": 0, "aboard": 0,
             "mortgages": 0}
    view.update(step="over", seats=_seats(3),
                final={"0": entry, "1": entry, "2": entry, "3": {**entry, "score": 40}})
    line = rhein.status_text(view, lang)
    for name in NAMES:  # each with their colour: "Anna (Grün), Bert (Gelb) und Carla (Blau)"
        assert name in line, line
    assert (" und " if lang == "de" else " and ") in line, line
    assert line.index("Anna") < line.index(",") < line.index("Bert"), line


@pytest.mark.parametrize("lang", ["de", "en"])
def test_rhl18_two_and_three_winners(lang: str) -> None:
    view = RHL18.view(RHL18.setup(4, {}, 1), None)
    for count, said in ((3, SAID[lang]), (2, TWO[lang])):
        players = [{**p, "value": 900 if p["seat"] < count else 500}
                   for p in view["players"]]
        line = "".join(value for kind, value in
                       game_over({**view, "players": players, "seats": _seats(3)}, lang)
                       if kind == "text")
        assert said in line, line
