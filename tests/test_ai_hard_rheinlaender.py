"""Rheinländer's AI fast paths and hard search: normal's quick scoring gives the same numbers
as copying the state and playing each move the plain way, and hard's search runs and plays
a sensible game (its strength over many games is a bench figure, bench/AI_STRENGTH.md)."""

from __future__ import annotations

import pytest

from engine import ai, get_game
from engine.ai import after as plain_after
from engine.ai.rheinlaender import after, evaluate, scores

GAME = get_game("rheinlaender")


def positions(players: int, seed: int, every: int) -> list[tuple[dict, int]]:
    """Every ``every``-th position (and each "after the knight" step) of a seeded all-normal
    game, with the seat to move."""
    state = GAME.setup(players, {}, seed)
    found, version = [], 0
    while GAME.result(state) is None:
        seat = GAME.active(state)[0]
        if version % every == 0 or state["step"] == "after":
            found.append((GAME.load(GAME.dump(state)), seat))
        action = ai.choose(GAME, state, seat, "normal", ai.move_seed(seed, version, seat))
        GAME.apply(state, seat, action)
        version += 1
    return found


@pytest.mark.parametrize(("players", "seed"), [(3, 7), (5, 8)])
def test_quick_scores_equal_the_plain_look_ahead(players: int, seed: int) -> None:
    checked = 0
    for state, seat in positions(players, seed, 9):
        moves = GAME.legal(state, seat)
        plain = [plain_after(GAME, state, seat, m) for m in moves]
        assert [after(GAME, state, seat, m) for m in moves] == plain
        assert scores(GAME, state, seat, moves) == [evaluate(p, seat, m)
                                                    for p, m in zip(plain, moves, strict=True)]
        checked += sum(m["type"] == "bastion" for m in moves)
    assert checked  # bastion moves (the shortcut) were among them
