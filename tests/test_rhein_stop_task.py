"""Rhein's task at a stop, as the turn prompt and the turn card say it: the German read
"rotes Schiff hält in Karlsruhe: lade dort ab", a sentence opening in lower case without
its article; it now opens as the other German Rhein texts do ("Das rote Schiff hält …")."""

from __future__ import annotations

import pytest

from render.turn_card import task_text

CITIES = [{"number": 3, "name": "Karlsruhe"}]


def _at_stop(transport: str) -> dict:
    return {"step": "stop", "stop": {"transport": transport, "city": 3}, "cities": CITIES}


@pytest.mark.parametrize(("transport", "lang", "said"), [
    ("red-ship", "de", "Das rote Schiff hält in Karlsruhe: entladen, umladen oder fertig"),
    ("white-train", "de", "Der weiße Zug hält in Karlsruhe: entladen, umladen oder fertig"),
    ("black-plane", "de", "Das schwarze Flugzeug hält in Karlsruhe: entladen, umladen oder fertig"),
    ("red-ship", "en", "The red Ship stops in Karlsruhe: unload, transfer or done"),
])
def test_the_stop_task_opens_with_the_transport_and_its_article(transport, lang, said):
    assert task_text("rhein", _at_stop(transport), lang) == said


def test_every_german_task_opens_with_a_capital() -> None:
    views = [{"step": step} for step in ("take", "load", "reserve", "trucks")] + \
        [_at_stop("red-ship"), {"step": "fulfil", "fulfil_city": 3, "cities": CITIES}]
    for view in views:
        said = task_text("rhein", view, "de")
        assert said[:1].isupper(), said


def test_the_last_player_without_an_order_is_told_to_take_one_of_those_left():
    """The task read "Take the last order for 0" while three orders were offered: the
    player is the last without one and takes any of them."""
    from tests.rhein_helpers import GAME, act, current, fresh

    state = fresh(3)
    while not state["auction"]["lone"]:  # every other player wins an auction for 0
        seat = current(state)
        act(state, seat, "pass" if state["auction"]["card"] else f"bid {state['list'][0]} 0")
    assert len(state["list"]) == 3
    view = GAME.view(state, None)
    assert task_text("rhein", view, "en") == "Last without an order: take one for 0"
    assert task_text("rhein", view, "de") == "Als Letzter ohne Auftrag: nimm einen für 0"
