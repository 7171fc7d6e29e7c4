"""German Trödler texts teach the German move forms the help teaches ("stapel-nehmen N",
"füttere weg ART DORF"), each one the bot reads back as the engine's English move: a German
refusal said "Jetzt nimmt jeder einen Trödelstapel: take-pile N." and "Kraftfutter spielst du
so: feed route ART DORF, …" while the help and the buttons taught "stapel-nehmen",
"füttere"."""

from __future__ import annotations

import re

import pytest

from bot.i18n import english_move
from engine.text import catalogue
from engine.troedler.notation import parse_text
from engine.troedler.setup import new_game

# what a placeholder of a usage text stands for in an example a player could type
FILLED = {"N": "3", "ART": "moorweg", "DORF": "glenmore", "WARE": "topf", "ALT": "amboss",
          "NEU": "topf", "KARTE": "12"}

# each German form a text teaches, and the English move it stands for
FORMS = {
    "troedler.error.taking_piles": {"stapel-nehmen N": "take-pile 3"},
    "troedler.error.dealer_discards_first": {"stapel-abwerfen N": "discard-pile 3"},
    "troedler.error.feed_usage": {"füttere weg ART DORF": "feed route moor glenmore",
                                  "füttere zusatz WARE": "feed extra pot",
                                  "füttere ersatz ALT NEU": "feed replace anvil pot"},
    "troedler.error.compound_usage": {"liefere KARTE ersatz ALT NEU":
                                      "deliver 12 replace anvil pot"},
    "troedler.error.compound_after_replace": {"liefere KARTE": "deliver 12"},
    "troedler.topic.feed": {"füttere weg moorweg glenmore": "feed route moor glenmore",
                            "füttere zusatz topf": "feed extra pot",
                            "füttere ersatz amboss topf": "feed replace anvil pot",
                            "liefere N": "deliver 3"},
    "troedler.topic.turn": {"ende": "end"},
}

# the notation's English words, which a German text no longer teaches
ENGLISH = ("take-pile", "discard-pile", "move", "take", "deliver", "feed", "replace", "route",
           "end")
SAID_ENGLISH = ("troedler.topic.notation",)  # says the English spelling works too


def _position():
    return new_game(3, {}, 1)


@pytest.mark.parametrize("key", sorted(FORMS))
def test_a_german_text_teaches_forms_the_bot_reads_as_the_english_move(key):
    text = catalogue("de")[key]
    state = _position()
    for form, english in FORMS[key].items():
        assert form in text, (key, form)
        typed = " ".join(FILLED.get(word, word) for word in form.split())
        assert english_move("troedler", typed) == english
        assert parse_text(state, 0, english_move("troedler", typed)) == \
            parse_text(state, 0, english)


@pytest.mark.parametrize("key", sorted(FORMS))
def test_no_german_text_of_moves_teaches_an_english_move_word(key):
    words = re.findall(r"[\w-]+", catalogue("de")[key].lower())
    assert not set(words) & set(ENGLISH), key


def test_the_refusal_while_cards_are_played_names_the_german_verbs():
    text = catalogue("de")["troedler.error.playing_cards"]
    verbs = text.split(": ", 1)[1].rstrip(".").replace(" oder ", ", ").split(", ")
    assert [english_move("troedler", verb) for verb in verbs] == \
        ["move", "take", "extra", "deliver", "feed", "end"]


def test_the_notation_topic_parses_every_german_example():
    text = catalogue("de")["troedler.topic.notation"]
    examples = text.split(". ", 1)[0].split(" · ")
    state = _position()
    english = catalogue("en")["troedler.topic.notation"].split(". ", 1)[0].split(" · ")
    parsed = [parse_text(state, 0, english_move("troedler", example)) for example in examples]
    assert [move for move in map(lambda e: parse_text(state, 0, e), english)
            if move not in parsed] == []
    assert not set(re.findall(r"[\w-]+", " ".join(examples))) & set(ENGLISH)
