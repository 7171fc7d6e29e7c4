"""18Rhl's stock round passes over a player who can buy, sell or par nothing (as the
reference engine does, in ``flow.settle``). The log says so: unsaid, that player's turn
seemed to have been lost."""

from __future__ import annotations

import random

import engine
from engine.rhl18 import legal as L
from engine.text import say

GAME = engine.get_game("18rhl")
SKIPPED = "rhl18.log.sr_skipped"


def _passed_over(seed: int, moves: int) -> list[tuple[int, dict, list]]:
    """Each move of a seeded random 3-player game whose lines pass someone over: the
    mover, the state after and the lines."""
    state, rng, found = GAME.setup(3, None, seed), random.Random(seed), []
    for _ in range(moves):
        active = GAME.active(state)
        if not active:
            break
        lines = GAME.apply(state, active[0], rng.choice(GAME.legal(state, active[0])))
        if any(getattr(line, "key", "") == SKIPPED for line in lines):
            found.append((active[0], GAME.load(GAME.dump(state)), lines))
    return found


def test_a_player_passed_over_in_the_stock_round_is_named_with_why() -> None:
    found = _passed_over(0, 200)
    assert found, "seed 0 passes someone over in its first 200 moves"
    for mover, state, lines in found:
        for line in (line for line in lines if getattr(line, "key", "") == SKIPPED):
            english = say(line, "en")
            assert english.endswith(" can buy, sell or par nothing and is passed over")
            seat = int(english.split()[1]) - 1  # "Player 2 can ..."
            assert seat != mover
            assert state["round"]["type"] == "Stock" and seat in state["round"]["passed"]
            assert not L.sr_moves(state, seat, check_only=True)
            assert say(line, "de").endswith(
                " kann nichts kaufen, verkaufen oder gründen und wird übersprungen")
