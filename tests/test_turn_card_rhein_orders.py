"""The Rhein card while a seat loads containers (Phase 2) lists all of the seat's open
orders, where its containers should go: with five transports to load, the orders' box of a
column of boxes had room for two lines and showed one order and "+2 more"."""

from __future__ import annotations

import functools

import pytest

import engine
from engine import ai
from render import turn_card
from render.rhein import word
from render.rhein_card import choosable
from render.text_draw import DrawnText, recording

GAME = engine.GAMES["rhein"]
# the longest city names, each with three options: the widest orders a card lists
CITIES = ["Düsseldorf", "Strasbourg", "Rotterdam", "Mannheim", "Karlsruhe"]


@functools.cache
def first_loading() -> str:
    state = GAME.setup(5, {}, seed=1)
    while GAME.view(state, None)["phase"] != 2:
        seat = GAME.active(state)[0]
        GAME.apply(state, seat, ai.choose(GAME, state, seat, "normal", 1))
    return GAME.dump(state)


def loading_view(transports: int, orders: int, lang: str) -> dict:
    """The card's view at the first loading of a seeded 5-player game, ``transports`` left
    to load and the acting seat holding ``orders`` open orders."""
    state = GAME.load(first_loading())
    public = GAME.view(state, None)
    public["transports"] = choosable(public)[:transports]
    seat = GAME.active(state)[0]
    number = {c["name"]: c["number"] for c in public["cities"]}
    public["players"][seat]["orders"] = [
        {"card": 60 + n, "tokens": 1 + n, "city": number[CITIES[n]], "time": 3, "penalty": 3,
         "options": [[2, 9], [3, 12], [4, 15]]} for n in range(orders)]
    seats = [{"seat": s, "name": f"Player {s + 1}", "colour": p["colour"]}
             for s, p in enumerate(public["players"])]
    return {**public, "lang": lang, "seats": seats,
            "card": {"acting": [seat], "moves": [], "earlier": 0, "first": False,
                     "changed": {}}}


def panel_texts(view: dict) -> list[DrawnText]:
    with recording() as texts:
        turn_card.render("rhein", view)
    left, top, right, bottom = turn_card.MAP_BOX
    for text in texts:  # readable on a phone, none over another
        assert text.share >= 0.026, (text.text, text.size)
        assert not any(text is not other and _overlap(text.box, other.box) for other in texts)
    panel = [t for t in texts if t.box[0] < right and t.box[1] > turn_card.BANNER]
    assert all(t.box[3] <= bottom and t.box[2] <= right for t in panel), panel
    return panel


def _overlap(a: tuple, b: tuple) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("transports", [5, 3])
@pytest.mark.parametrize("orders", [1, 2, 3, 4, 5])
def test_the_loading_card_lists_every_open_order(lang, transports, orders):
    said = " | ".join(t.text for t in panel_texts(loading_view(transports, orders, lang)))
    for city in CITIES[:orders]:
        shown = "Straßburg" if lang == "de" and city == "Strasbourg" else city  # German name
        assert f"{shown} 2/3/4" in said, (city, said)
    for count in range(1, orders + 1):
        assert word(lang, "card.more_short", count=count) not in said, said
    assert word(lang, "card.your_orders") in said
