"""A forced train purchase whose president cannot raise the money says so: the task read
"Cara has 150M and must raise 60M more by selling shares first" where her one legal move was
going bankrupt (a seeded chaos run through the stand-in). The fixture is a 3-player game
(seed 19, easy and random moves) at CME's forced 6-train purchase with 48M in its treasury."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

import engine
from render.turn_card import _rhl18_task

FIXTURE = Path(__file__).parent / "fixtures" / "18rhl" / "bankrupt_only_move.state.json.gz"
SAID = {"en": "Seat 2 has 287M and cannot raise the rest by selling shares: Seat 2 must "
              "declare bankruptcy",
        "de": "Platz 2 hat 287M und kann den Rest nicht durch Aktienverkäufe aufbringen: "
              "Platz 2 muss Bankrott erklären"}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_president_left_only_bankruptcy_is_told_so(lang) -> None:
    game = engine.get_game("18rhl")
    with gzip.open(FIXTURE, "rt") as stored:
        state = game.load(stored.read())
    [seat] = game.active(state)
    assert {m["type"] for m in game.legal(state, seat)} == {"bankrupt"}
    view = game.view(state, None)
    assert view["must_buy"] and view["must_buy_bankrupt"]
    said = _rhl18_task(view, lang, True)
    assert SAID[lang] in said and "selling shares first" not in said, said

