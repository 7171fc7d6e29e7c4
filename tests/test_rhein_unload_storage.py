"""An unload button says what it adds to this round's Phase 6 where no order of the player
takes the containers there: a phone check found careless players going bankrupt on such
unloads ("Unload 4 from the red Train" left 4 to store, and the round's end struck them)."""

from __future__ import annotations

import copy
import random

import engine
from bot.service.rhein_extras import RheinExtras
from engine.rhein import data
from engine.text import say

RHEIN = engine.get_game("rhein")


def at_a_stop() -> tuple[dict, int]:
    """Seed 2, three players: after 38 random moves Yellow's red Train stops in Strasbourg,
    where Yellow has no order (its one order goes elsewhere)."""
    state = RHEIN.setup(3, {}, 2)
    rng = random.Random(2)
    for _ in range(38):
        seat = RHEIN.active(state)[0]
        RHEIN.apply(state, seat, rng.choice(RHEIN.legal(state, seat)))
    return state, RHEIN.active(state)[0]


def labelled(state: dict, seat: int, move: dict, lang: str) -> str:
    return RheinExtras().button_label(RHEIN, state, seat, move,
                                      say(RHEIN.label(state, move), lang), lang=lang)


def test_an_unload_where_no_order_waits_says_the_storage_it_adds():
    state, seat = at_a_stop()
    unload = {"type": "unload", "transport": "red-train", "n": 4}
    assert unload in RHEIN.legal(state, seat)
    assert labelled(state, seat, unload, "en") == \
        "Unload 4 from the red Train · +4 storage in Phase 6"
    assert labelled(state, seat, unload, "de") == \
        "Entlade 4 aus dem roten Zug · +4 Lagerung in Phase 6"


def test_an_unload_where_an_order_of_the_player_waits_says_nothing_more():
    state, seat = at_a_stop()
    waiting = copy.deepcopy(state)
    waiting["orders"][seat][0]["card"] = next(  # an order card of the stop's city
        card.id for card in data.CARDS if card.city == state["stop"]["city"])
    unload = {"type": "unload", "transport": "red-train", "n": 4}
    assert labelled(waiting, seat, unload, "en") == "Unload 4 from the red Train"
