"""German Rhein tables read "Straßburg" in move lists, log lines and refusals, as on the board;
English ones keep the rules' "Strasbourg". The board said Straßburg while every list beside it
still said Strasbourg."""

from __future__ import annotations

from rhein_helpers import GAME, GREEN, fresh, give, lay, place_truck

from bot.service.extras import extras_for
from engine.rhein import data, words
from engine.rhein.notation import card_text
from engine.text import say


def _strasbourg_card() -> int:
    return next(card.id for card in data.CARDS if card.city == 1)


def test_an_order_to_strasbourg_in_both_languages() -> None:
    text = card_text(_strasbourg_card())
    assert "Straßburg" in say(text, "de") and "Strasbourg" not in say(text, "de")
    assert "Strasbourg" in say(text, "en")


def test_other_cities_keep_their_one_name() -> None:
    assert say(words.city(8), "de") == say(words.city(8), "en") == "Köln"


def test_the_hand_names_straßburg_in_german() -> None:
    state = fresh(3)
    give(state, GREEN, _strasbourg_card(), tokens=2)
    lay(state, GREEN, 1, 2)
    place_truck(state, GREEN, "a", 1, 1)
    german = "\n".join(extras_for("rhein").holdings(GAME, state, GREEN, lang="de"))
    english = "\n".join(extras_for("rhein").holdings(GAME, state, GREEN, lang="en"))
    assert german.count("Straßburg") == 3 and "Strasbourg" not in german, german
    assert english.count("Strasbourg") == 3, english
