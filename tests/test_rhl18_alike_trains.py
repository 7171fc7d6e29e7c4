"""Two trains alike are one choice: a reviewer's discard prompt had the buttons "Discard a
3-train | Discard a 3-train | Discard a 4-train", and a German turn DM listed "3-Zug der BME
für 57M kaufen" twice (``legal()`` lists each train, as the reference engine does)."""

from __future__ import annotations

from functools import cache

import engine
from bot.service.move_lists import first_choices
from bot.service.rhl18_steps import EXTRAS, button_indexes, step_choices
from engine.rhl18 import importer as I
from engine.text import say
from tests.test_rhl18discord_steps import live

FIXTURES = ("tests/fixtures/18rhl/rhl_gen_3p_31001.json.gz",
            "tests/fixtures/18rhl/18Rhl_game_end_bank.json.gz")


@cache
def _position(kind: str):
    """The first position of a recorded game where ``legal()`` offers two ``kind`` moves for
    trains alike (same kind, seller and price)."""
    game = engine.get_game("18rhl")
    for path in FIXTURES:
        for state, _ in I.replay_iter(I.load_json(path), trust=True):
            rnd = state["round"]
            if rnd["type"] != "Operating" or (rnd["step"] != "BuyTrain" and not rnd["discard"]):
                continue
            state = live(state)
            seat = game.active(state)[0]
            moves = game.legal(state, seat)
            said = [say(game.label(state, m), "en").split(" · ")[0] for m in moves
                    if m["type"] == kind and "depot" not in game.format(state, m)]
            if len(said) != len(set(said)):
                return game, state, seat, moves
    raise AssertionError(f"no two {kind} moves alike came up")


def _words(game, state, moves, indexes, lang="en"):
    return [say(game.label(state, moves[i]), lang).split(" · ")[0] for i in indexes]


def test_a_discard_of_two_trains_alike_is_one_button():
    game, state, seat, moves = _position("discard_train")
    buttons = _words(game, state, moves, button_indexes(game, state, moves))
    assert len(buttons) == len(set(buttons)), buttons
    assert {say(game.label(state, m), "en").split(" · ")[0] for m in moves} <= set(buttons)


def test_a_list_and_the_autocomplete_name_two_trains_alike_once():
    for kind in ("discard_train", "buy_train"):
        game, state, seat, moves = _position(kind)
        for lang in ("en", "de"):
            listed = EXTRAS.list_labels(game, state, moves, lang=lang)
            choices, _ = first_choices(game, state, moves, lang, len(moves), listed)
            words = [c.split(" · ")[0] for c in choices]
            assert len(words) == len(set(words)), (kind, lang, choices)
            offered = [label.split(" · ")[0] for label, _ in step_choices(
                game, state, seat, "", lang) if not label.startswith(("lay", "Lay"))]
            assert len(offered) == len(set(offered)), (kind, lang, offered)
