"""Rhein's and Rheinländer's German help and refusals lead with the German typed forms,
the words German lists show (bot.i18n.typed_move), and name the English ones after, as
Trödler's German help does: they read "Spielzüge sehen so aus: take 17, bid 17 4, …
(oder deutsch: …)". Every example must be a move the game reads."""

from __future__ import annotations

import re

import pytest

import engine
from bot.i18n import english_move, typed_move
from engine.text import catalogue

ENGLISH_AFTER = "(die englische Schreibweise geht auch: "


def _examples(text: str) -> tuple[list[str], list[str]]:
    """A help text's German examples and the English ones after them."""
    german, english = text.split(": ", 1)[1].removesuffix(").").split(f" {ENGLISH_AFTER}")
    return german.split(", "), english.split(", ")


def _read(key: str, state: dict, example: str) -> str:
    """The notation of the move ``example`` names (typed as a player would)."""
    game = engine.get_game(key)
    return game.format(state, game.parse(state, 0, english_move(key, example)))


@pytest.mark.parametrize(("key", "help_key"), [("rhein", "rhein.parse.help"),
                                               ("rheinlaender", "rheinlaender.notation.help")])
def test_german_help_leads_with_the_german_typed_forms(key, help_key):
    state = engine.get_game(key).setup(3, None, 1)
    german, english = _examples(catalogue("de")[help_key])
    assert len(german) > 5 and english
    for example in german:
        notation = english_move(key, example)
        # the form German lists show, not the English one
        assert typed_move(key, notation, "de") == example, example
        assert _read(key, state, example) == notation, example
    for example in english:
        assert english_move(key, example) == example and typed_move(key, example, "de") != example
        assert _read(key, state, example) == example, example
    # every move the English help names, the German help names too
    english_help = catalogue("en")[help_key].split(": ", 1)[1].rstrip(".").split(", ")
    assert {english_move(key, ex) for ex in german} >= set(english_help)


@pytest.mark.parametrize(("key", "text_key", "example"), [
    ("rhein", "rhein.refuse.take_in_auction", "bieten 17 4"),
    ("rhein", "rhein.refuse.truck_not_placed", "lkw a koblenz 2"),
    ("rheinlaender", "rheinlaender.notation.reinforce_form", "verstärken 5 auf 17 links"),
])
def test_german_refusals_show_the_german_form(key, text_key, example):
    text = catalogue("de")[text_key]
    verb = example.split()[0]
    assert re.search(rf"`?{verb} ", text), text
    assert english_move(key, example) != example
    assert _read(key, engine.get_game(key).setup(3, None, 1), example) \
        == english_move(key, example)


def test_rheinlaender_refusals_name_the_german_words_first():
    texts = catalogue("de")
    assert texts["rheinlaender.refuse.unknown"].startswith(
        "Das ist kein Zug in Rheinländer: spielen, verstärken, umwandeln, abwerfen")
    assert "mit fertig (done)" in texts["rheinlaender.refuse.knight_done"]
    assert "; fertig (done) beendet" in texts["rheinlaender.refuse.done_first"]
    assert "sage links, rechts, fluss oder insel" in texts["rheinlaender.notation.where"]


@pytest.mark.parametrize("key", ["rhein", "rheinlaender"])
def test_german_topics_show_typed_examples_in_german(key):
    state = engine.get_game(key).setup(3, None, 1)
    for text_key, text in catalogue("de").items():
        if not text_key.startswith(f"{key}.topic."):
            continue
        for example in re.findall(r"`([^`/<]+)`", text):
            notation = english_move(key, example)
            assert typed_move(key, notation, "de") == example, (text_key, example)
            if len(example.split()) > 1:  # a whole move, not a verb alone
                assert _read(key, state, example) == notation, (text_key, example)


def test_rheins_german_moves_topic_lists_the_german_forms():
    state = engine.get_game("rhein").setup(3, None, 1)
    listed = catalogue("de")["rhein.topic.moves"].split(". ", 1)[0].split(" · ")
    for entry in listed:
        example = entry.split(" (", 1)[0]
        notation = english_move("rhein", example)
        assert typed_move("rhein", notation, "de") == example != notation, entry
        assert _read("rhein", state, example) == notation, entry
