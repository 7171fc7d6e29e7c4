"""A turn prompt with more moves than buttons still has a button that ends the step: a Rhein
player loading containers one button at a time found no "Done loading" among the five, and
Trödler's "end the turn" was often left out."""

from __future__ import annotations

import pytest

import engine
from bot.service.extras import MAX_BUTTONS, STEP_ENDS, extras_for
from engine import ai


@pytest.mark.parametrize("key", ["rhein", "troedler", "rheinlaender"])
def test_the_move_that_ends_the_step_always_gets_a_button(key):
    game = engine.get_game(key)
    state = game.setup(3, {}, 3)
    crowded = 0
    for _ in range(400):
        if game.result(state) is not None:
            break
        seat = game.active(state)[0]
        moves = game.legal(state, seat)
        ends = [i for i, m in enumerate(moves) if m.get("type") in STEP_ENDS]
        if len(moves) > MAX_BUTTONS and ends:
            crowded += 1
            chosen = extras_for(key).button_indexes(game, state, seat, moves)
            # (Rhein leaves a truck's mortgage off while anything else can be paid for)
            offered = [m for m in moves if m.get("type") not in ("mortgage", "repay")]
            # (Rheinländer leaves bastions by no knight to typing)
            room = min(MAX_BUTTONS, len(offered))
            assert len(chosen) == len(set(chosen)) and \
                (len(chosen) == room or key == "rheinlaender" and len(chosen) <= room)
            assert ends[0] in chosen, [game.format(state, moves[i]) for i in chosen]
        game.apply(state, seat, ai.choose(game, state, seat, "normal", 3))
    assert crowded > 20


def test_a_button_label_drops_the_typed_form_and_is_cut_between_words():
    from bot.replies import BUTTON_LABEL_LIMIT as BUTTON_LABEL
    from bot.service.pictures import button_label

    assert button_label("2-Zug aus dem Depot für 100M kaufen · buy-train 2 depot",
                        "buy-train 2 depot") == "2-Zug aus dem Depot für 100M kaufen"
    long = "move trail bracklin (Wegkarte Bergpfad; " + "two chairs + anvil + " * 5 + "pot)"
    cut = button_label(long, "move trail bracklin")
    assert len(cut) <= BUTTON_LABEL and cut.endswith("…")
    assert long.startswith(cut[:-1]) and long[len(cut) - 1] == " "  # a word is never split
