"""Rheinländer's board memo (engine.rheinlaender.duchies.shared_groups) stays small over
AI games: the board is shared by every game in the process, and it had kept the groups of
up to 20,000 positions (about 3.4 KB each, 68 MB), every position of some 20 finished
games. It holds about one AI turn's look-ahead now, and the AI plays the same moves."""

from __future__ import annotations

from typing import Any

import pytest

from engine import ai, get_game
from engine.rheinlaender import duchies

GAME = get_game("rheinlaender")
KEPT = 2_000  # positions: about 7 MB; a hard AI turn asks about a thousand at most


def _play(seed: int, players: int = 3) -> list[dict[str, Any]]:
    state = GAME.setup(players, {}, seed)
    moves = []
    while GAME.result(state) is None:
        seat = GAME.active(state)[0]
        move = ai.choose(GAME, state, seat, "normal", ai.move_seed(seed, len(moves), seat),
                         strict=True)
        GAME.apply(state, seat, move)
        moves.append(move)
    return moves


def test_the_memo_stays_under_its_bound_over_whole_ai_games(
        monkeypatch: pytest.MonkeyPatch) -> None:
    sizes: list[int] = []
    remember = duchies._remember

    def counted(memo: dict, key: frozenset[str], every: list[tuple[str, ...]]) -> Any:
        found = remember(memo, key, every)
        sizes.append(len(memo))
        return found

    monkeypatch.setattr(duchies, "_remember", counted)
    for seed in (1, 2, 3):  # about 1,100 new positions each: more than the bound together
        assert _play(seed)
    assert len(sizes) > KEPT + 1_000
    assert max(sizes) <= KEPT


def test_the_ai_plays_the_same_moves_with_the_memo_cleared_often(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The memo only saves work: cleared every few positions, the same seeded game."""
    kept = _play(4)
    monkeypatch.setattr(duchies, "MEMO_KEPT", 5)
    assert _play(4) == kept
