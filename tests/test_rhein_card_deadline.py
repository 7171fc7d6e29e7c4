"""The Rhein turn card names a held order's deadline as the board does: the time tokens left
on it, not the time printed on the card (a player review: "Zeit 4" on the card, "3 Zeitmarken"
on the board for the same order). Orders still on the Orders List keep their printed time."""

from __future__ import annotations

import pytest

import engine
from engine import ai
from render import turn_card
from render.rhein import word
from tests.test_turn_card import card_view, check_readable, draw

KEY = "rhein"


def phase_5_state():
    """A seeded 3-player game at a Phase 5 city, with the seat to act."""
    game = engine.GAMES[KEY]
    state = game.setup(3, {}, seed=5)
    while not (game.view(state, None)["phase"] == 5 and
               game.view(state, None)["fulfil_city"] is not None):
        seat = game.active(state)[0]
        game.apply(state, seat, ai.choose(game, state, seat, "normal", 5))
    return game, state


def panel_texts(view: dict) -> list[str]:
    _, texts = draw(KEY, view)
    check_readable(texts)
    left, top, right, bottom = turn_card.MAP_BOX
    panel = [t for t in texts if t.box[0] < right and t.box[1] > turn_card.BANNER]
    assert all(t.box[3] <= bottom and t.box[2] <= right for t in panel)
    return [t.text for t in panel]


def held(card: int, city: int, tokens: int | None, time: int, penalty: int) -> dict:
    return {"card": card, "tokens": tokens, "city": city, "options": [[3, 12], [2, 7]],
            "time": time, "penalty": penalty}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_own_orders_show_the_tokens_left_and_sort_by_them(lang):
    game, state = phase_5_state()
    public = game.view(state, None)
    seat = game.active(state)[0]
    here = public["fulfil_city"]
    other = next(c["number"] for c in public["cities"] if c["number"] not in (0, here))
    # printed times 4, 2 and 3; tokens left 1, 2 and 3: the tokens decide the order
    public["players"][seat]["orders"] = [held(41, other, 3, 3, 7), held(42, other, 1, 4, 6),
                                         held(43, other, 2, 2, 5)]
    view = {**card_view(game, KEY, state, 3, lang, public, []), "players": public["players"]}
    said = panel_texts(view)
    terms = [word(lang, "card.tokens", count=n, penalty=p) for n, p in ((1, 6), (2, 5), (3, 7))]
    assert [t for t in said if t in terms] == terms, said  # fewest tokens first, none cut
    printed = word(lang, "orders.terms", time=4, penalty=6)
    assert printed not in said
    assert [t.split()[0] for t in said if t.startswith("#")] == ["#42", "#43", "#41"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_relax_order_has_no_deadline_and_a_long_name_leaves_it_room(lang):
    """Relax places no tokens (rulings R17); the German deadline is longer than half a box,
    so it takes what the order's name leaves (Düsseldorf is the longest name)."""
    game, state = phase_5_state()
    public = game.view(state, None)
    seat = game.active(state)[0]
    here = public["fulfil_city"]
    longest = next(c["number"] for c in public["cities"] if c["name"] == "Düsseldorf")
    public["players"][seat]["orders"] = [held(44, longest, None, 3, 7),
                                         held(45, longest, 3, 3, 7), held(46, here, 1, 1, 7)]
    view = {**card_view(game, KEY, state, 3, lang, public, []), "players": public["players"]}
    said = panel_texts(view)
    assert word(lang, "card.no_deadline", penalty=7) in said
    assert word(lang, "card.tokens", count=3, penalty=7) in said
    assert word(lang, "card.tokens", count=1, penalty=7) in said  # the singular wording
    assert [t.split()[0] for t in said if t.startswith("#")] == ["#46", "#45", "#44"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_orders_list_keeps_the_printed_time(lang):
    """An order not yet taken has no tokens on it: its card's time is what counts."""
    game = engine.GAMES[KEY]
    state = game.setup(3, {}, seed=5)
    public = game.view(state, None)
    assert public["phase"] == 1 and public["orders_list"]
    said = panel_texts(card_view(game, KEY, state, 3, lang, public, []))
    for order in public["orders_list"]:
        assert word(lang, "orders.terms", time=order["time"], penalty=order["penalty"]) in said
