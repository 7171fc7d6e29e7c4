"""German 18Rhl says one thing by one word: "Zug" is a train there, so the turn hints say
"Spielzug" for a move ("Kaufe Züge für DEE oder passe. Weitere Züge: /zug zug:" read as more
trains); a station is a "Bahnhof" on its button as in the log and the prompt (the button said
"Station"); RhE's price is a "Startkurs" on the turn card as in the par menu ("Nennwert")."""

from __future__ import annotations

import engine
import render  # noqa: F401  (registers the pictures' catalogue)
from bot import i18n  # noqa: F401  (registers the bot's catalogue)
from engine.text import catalogue, msg, say
from tests.test_text_rhl18_labels import labelled_positions

GAME = engine.get_game("18rhl")


def test_the_german_turn_hints_call_a_move_a_spielzug() -> None:
    texts = catalogue("de")
    for key in ("svc.turn_hint", "svc.turn_hint.one", "svc.turn_hint_more"):
        words = texts[key].replace("/zug zug:", "").split()
        assert any(w.startswith("Spielz") for w in words), texts[key]
        assert not any(w.strip(".:,").startswith(("Zug", "Züge", "Zieh")) for w in words), \
            texts[key]


def test_a_station_button_says_bahnhof_as_its_log_line_does() -> None:
    seen = 0
    for state, legal, labels in labelled_positions(4, 2, moves=600):
        for move, label in zip(legal, labels, strict=True):
            if move["type"] == "place_token":
                assert say(label, "de").startswith("Bahnhof in "), say(label, "de")
                seen += 1
                line = GAME.apply(GAME.load(GAME.dump(state)), GAME.active(state)[0], move)
                assert any("Bahnhof" in say(x, "de") for x in line), line
    assert seen


def test_rhe_s_par_is_a_startkurs_on_the_card_and_in_the_menu() -> None:
    card = say(msg("render.card.task.rhl18.CompanyPendingPar"), "de")
    menu = say(msg("rhl18.discord.pick.par", corp="RhE"), "de")
    assert "Startkurs" in card and "Startkurs" in menu and "Nennwert" not in card, card
