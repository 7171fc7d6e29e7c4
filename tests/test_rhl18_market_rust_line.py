"""The market picture's depot line says what a train still to come will rust, and nothing
once it has. A reviewer's phase-6 and final pictures said in red "the next 6-train rusts: 3"
though the 3-trains had rusted (only a kind's first purchase, which starts its phase, rusts
trains), and "the next 8-train rusts: 4" read unclear."""

from __future__ import annotations

from functools import cache

import pytest

from engine.rhl18 import flow as F
from engine.rhl18 import importer
from render import rhl18, rhl18_market
from tests.test_rhl18_pictures import BANK, drawn, seated
from tests.test_rhl18discord_steps import live


@cache
def _views() -> dict[str, dict]:
    """The recorded game's public view in each phase, once the depot sells the kind that
    starts the next phase (in phase 3 once the 3-trains are gone; from phase 5 on that
    kind is sold beside the phase's own)."""
    from engine.rhl18.game import GAME

    found: dict[str, dict] = {}
    order = ["2", "3", "4", "5", "6", "8"]
    for state, _ in importer.replay_iter(importer.load_json(BANK), trust=True):
        phase = state["phase"]
        sold = {tid.split("-")[0] for tid in F.depot_available(state)}
        if phase not in found and phase != "8" and order[order.index(phase) + 1] in sold:
            found[phase] = GAME.view(live(state), None)
    found["end"] = GAME.view(live(state), None)
    return found


def _depot_line(view: dict, lang: str) -> str:
    texts, _ = drawn(lambda: rhl18.png(rhl18_market.market_picture(seated(view, lang))))
    return next(t.text for t in texts if t.text.startswith(("Depot sells", "Das Depot")))


@pytest.mark.parametrize("phase,english,german", [
    ("2", "the first 3-train rusts", "der erste 3-Zug"),  # no: 3-trains rust nothing
    ("3", "the first 4-train rusts all 2-trains", "der erste 4-Zug lässt alle 2-Züge rosten"),
    ("5", "the first 6-train rusts all 3-trains", "der erste 6-Zug lässt alle 3-Züge rosten"),
    ("6", "the first 8-train rusts all 4-trains", "der erste 8-Zug lässt alle 4-Züge rosten"),
])
def test_the_depot_line_says_what_the_first_train_of_a_new_phase_rusts(phase, english, german):
    view = _views()[phase]
    said_en, said_de = _depot_line(view, "en"), _depot_line(view, "de")
    if phase == "2":
        assert english not in said_en and "rust" not in said_en, said_en
        return
    assert english in said_en, said_en
    assert german in said_de, said_de


def test_no_rust_is_announced_once_every_phase_has_begun():
    said = _depot_line(_views()["end"], "en")
    assert "rust" not in said, said
    assert "rost" not in _depot_line(_views()["end"], "de")
