"""/rules for 18Rhl has the topics every prompt assumes a player knows: trains and phases
(which train rusts when, the train limit), starting and floating (president, 50% sold,
treasury, IPO and bank pool), routes and revenue, and the game's end (the bank breaking,
worth). A review's newcomer found only auction, stock and operating round, and met rusting,
floating and "worth" with nothing to read about them."""

from __future__ import annotations

import engine
from engine.rhl18 import data
from engine.text import say

GAME = engine.get_game("18rhl")
NEW = {"trains": "Züge und Phasen", "floating": "Gründen und in Betrieb gehen",
       "routes": "Strecken und Ertrag", "end": "Spielende"}


def test_the_new_topics_are_listed_and_found_in_both_languages() -> None:
    listed_en, listed_de = say(GAME.rules(None), "en"), say(GAME.rules(None), "de")
    for name, german in NEW.items():
        assert GAME.topic_named(name) == name and GAME.topic_named(german) == name
        assert german in listed_de
        assert say(GAME.topic_title(name), "en") in listed_en
        text_en, text_de = say(GAME.rules(name), "en"), say(GAME.rules(name), "de")
        assert text_en != text_de and 200 < len(text_de) < 1900, (name, len(text_de))


def test_the_trains_topic_has_the_data_s_prices_counts_and_rusting() -> None:
    text = say(GAME.rules("trains"), "en")
    for train in data.trains():
        assert f"({train['price']}M, {train['count']})" in text, train
    # the data: a 2 rusts when the first 4 is bought (phase 4), a 3 at the 6, a 4 at the 8
    rusts = {t["name"]: t["rusts_on"] for t in data.trains() if t["rusts_on"]}
    assert rusts == {"2": "4", "3": "6", "4": "8"}
    for old, phase in rusts.items():
        assert f"{phase} → phase {phase} (" in text and f"{old}-trains rust" in \
            text.split(f"{phase} → phase {phase} (")[1].split(")")[0], (old, phase)
    german = say(GAME.rules("trains"), "de")
    assert "4 → Phase 4 (2-Züge rosten; Zuglimit 3)" in german


def test_floating_and_the_end_say_what_the_standings_and_hand_assume() -> None:
    floating = say(GAME.rules("floating"), "en")
    assert "once 50% of it is sold from its IPO (KEG: 60%)" in floating
    assert "until then it has no treasury" in floating
    end = say(GAME.rules("end"), "en")
    assert "bank breaks" in end and "private companies count for nothing" in end
    assert "cash plus each share held" in end
    routes = say(GAME.rules("routes"), "de")
    assert "Trajekt" in routes and "Montan" in routes
