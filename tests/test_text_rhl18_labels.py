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
    assert say(label, "en") == f"Bid {bid['price']}M for {bid['company']} · {GAME.format(state, bid)}"
    assert say(label, "de") == f"{bid['price']}M für {bid['company']} bieten · {GAME.format(state, bid)}"
