"""18Rhl move labels say what a move does in the reader's language, then its notation: unique
per position, within Discord's 100 characters, German for every kind of move."""

from __future__ import annotations

import engine
from engine.core import new_rng, rng_below
from engine.text import say

GAME = engine.get_game("18rhl")


def labelled_positions(players: int, seed: int, moves: int = 300):
    state = GAME.setup(players, {}, seed)
    rng = new_rng(seed)
    for _ in range(moves):
        if GAME.result(state) is not None:
            return
        seat = GAME.active(state)[0]
        legal = GAME.legal(state, seat)
        yield state, legal, [GAME.label(state, move) for move in legal]
        GAME.apply(state, seat, legal[rng_below(rng, len(legal))])


def test_labels_are_unique_short_and_worded_in_both_languages():
    seen_kinds = set()
    for players, seed in ((3, 1), (4, 2), (6, 3)):
        for state, legal, labels in labelled_positions(players, seed):
            for lang in ("en", "de"):
                said = [say(label, lang) for label in labels]
                assert len(set(said)) == len(said)
                assert all(len(text) <= 100 for text in said)
            for move, label in zip(legal, labels, strict=True):
                notation = GAME.format(state, move)
                if move["type"] not in ("accept", "decline"):
                    assert say(label, "de").endswith(notation) or len(notation) > 60
                assert say(label, "de") != say(label, "en"), label
                seen_kinds.add(move["type"])
    assert {"bid", "par", "buy_shares", "lay_tile", "run_routes", "dividend", "buy_train",
            "pass"} <= seen_kinds


def test_known_labels():
    state = GAME.setup(3, {}, 1)
    bid = next(m for m in GAME.legal(state, GAME.active(state)[0]) if m["type"] == "bid")
    label = GAME.label(state, bid)
    assert bid["company"] == "PWB"
    # the cheapest private is bought at once, and pays its owner every operating round
    assert say(label, "en") == (f"Buy PWB for {bid['price']}M: blocks E14 (pays you 5M "
                                f"each operating round) · {GAME.format(state, bid)}")
    assert say(label, "de") == (f"PWB für {bid['price']}M kaufen: blockiert E14 (5M Ertrag "
                                f"je Betriebsrunde) · {GAME.format(state, bid)}")


def test_a_token_in_a_hex_of_several_cities_names_the_city_by_its_track():
    """"F13.0" numbered the cities of a two-city hex in an order no picture shows; the
    label and the channel line name the city by the neighbour its track leads to, and
    keep the notation a player types."""
    from engine import ai
    from engine.rhl18 import board as bd
    from engine.rhl18 import hexmap

    state = GAME.setup(4, {}, 2)
    for _ in range(400):
        seat = GAME.active(state)[0]
        legal = GAME.legal(state, seat)
        tokens = [m for m in legal if m["type"] == "place_token"
                  and len(state["board"][bd.find_city(state["board"], m["city"])[0]]
                          ["tokens"]) > 1]
        if tokens:
            break
        GAME.apply(state, seat, ai.choose(GAME, state, seat, "normal", 2))
    else:
        raise AssertionError("no token offered in a hex of several cities")
    for move in tokens:
        hex_id, i = bd.find_city(state["board"], move["city"])
        cell = state["board"][hex_id]
        neighbours = {hexmap.neighbor(hex_id, e)
                      for e in bd.city_exits(cell["tile"], cell["rotation"])[i]}
        notation = GAME.format(state, move)
        assert notation == f"token {hex_id}.{i}"
        for lang, word in (("en", "city towards"), ("de", "Stadt Richtung")):
            label = say(GAME.label(state, move), lang)
            assert label.endswith(f" · {notation}")
            shown = label.removesuffix(f" · {notation}")
            assert f"{hex_id} ({word} " in shown and f"{hex_id}." not in shown, shown
            assert any(n in shown for n in neighbours if n), shown
        work = GAME.load(GAME.dump(state))
        line = " ".join(say(text, "en") for text in GAME.apply(work, seat, move))
        assert f"a token in {hex_id} (city towards " in line and f"{hex_id}.{i}" not in line
