"""Rheinländer against an independent referee written from the rulebook and rulings
(tests/rheinlaender_referee.py): legal moves, castles, ownership, payments, supplies, the
end and the final totals, checked after every move of seeded random games."""

from __future__ import annotations

import os

import pytest
from rheinlaender_referee import play


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_agree_with_the_referee(players: int) -> None:
    for seed in range(10):
        assert play(seed, players) == []


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("RHEINBOT_SLOW") != "1", reason="set RHEINBOT_SLOW=1")
def test_many_random_games_agree_with_the_referee() -> None:
    for seed in range(10, 610):
        # now and then no conversions at all, so the plain placements run longer
        assert play(seed, 3 + seed % 3, convert_bias=0.0 if seed % 4 == 0 else 0.5) == []
