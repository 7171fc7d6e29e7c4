"""A move's typed form in the reader's language (bot.i18n.typed_move): German readers were
shown the English notation everywhere ("… · move trail bracklin", "Meintest du
`discard-pile 1`?"), though the bot reads German words. Every German form said must read
back as the move it names."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import engine
from bot.i18n import english_move, typed_label, typed_move
from engine.core import new_rng, rng_below
from engine.text import say

GAMES = ("rhein", "rheinlaender", "troedler", "18rhl")


def _sampled(key: str, seed: int, steps: int = 120) -> Iterator[tuple[dict, int, dict, str]]:
    """(state, seat, action, notation) of legal moves along a seeded random game, each
    before the game moves on."""
    game = engine.get_game(key)
    state = game.setup(3, None, seed)
    chooser = new_rng(seed)
    for _ in range(steps):
        if game.result(state) is not None:
            break
        seats = game.active(state)
        seat = seats[rng_below(chooser, len(seats))]
        moves = game.legal(state, seat)
        for action in moves[::max(1, len(moves) // 12)]:
            yield state, seat, action, game.format(state, action)
        game.apply(state, seat, moves[rng_below(chooser, len(moves))])


@pytest.mark.parametrize("key", GAMES)
def test_every_german_typed_form_reads_back_as_its_move(key):
    game = engine.get_game(key)
    for seed in (1, 2):
        for state, seat, action, notation in _sampled(key, seed):
            typed = typed_move(key, notation, "de")
            assert english_move(key, typed) == notation, (notation, typed)
            assert game.parse(state, seat, english_move(key, typed)) == action, typed
            assert typed_move(key, notation, "en") == notation
            # German, not the fallback: every kind of move has a German word
            assert typed != notation, notation


@pytest.mark.parametrize(("key", "notation", "typed"), [
    ("troedler", "move trail bracklin", "fahre bergpfad bracklin"),
    ("troedler", "discard-pile 1", "stapel-abwerfen 1"),
    ("troedler", "feed route moor glenmore", "füttere weg moorweg glenmore"),
    ("rhein", "load red-ship 8", "laden rotes-schiff 8"),
    ("rhein", "truck a koblenz 2", "lkw a koblenz 2"),
    ("rheinlaender", "reinforce 5 onto 22 right", "verstärken 5 auf 22 rechts"),
    ("18rhl", "bid pwb 20", "bieten pwb 20"),
    ("18rhl", "buy-train 2-3 from dee 150", "zug-kaufen 2-3 von dee 150"),
])
def test_german_typed_forms(key, notation, typed):
    assert typed_move(key, notation, "de") == typed
    assert typed_move(key, notation, "de-DE") == typed
    assert typed_move(key, notation, "en-US") == notation


def test_a_form_that_would_not_read_back_stays_english():
    # "zug" is a word the Trödler reader drops ("Zug beenden"): no German word may become it
    assert typed_move("troedler", "take zug", "de") == "take zug"
    assert typed_move("pebbles", "play gem-a", "de") == "play gem-a"


def test_a_label_shows_the_typed_form_in_the_readers_language():
    game = engine.get_game("troedler")
    state = game.setup(3, None, 1)
    seat = game.active(state)[0]
    action = game.legal(state, seat)[0]
    notation = game.format(state, action)
    label = game.label(state, action)
    german = say(typed_label("troedler", label, notation, "de"), "de")
    assert german.endswith(f" · {typed_move('troedler', notation, 'de')}"), german
    assert "take-pile" not in german, german
    assert say(typed_label("troedler", label, notation, "en"), "en") == say(label, "en")
