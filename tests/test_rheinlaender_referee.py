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


# in parts of 50 games (about 9 s of CPU each), well inside the 300 s per-test timeout on a
# busy machine
@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("RHEINBOT_SLOW") != "1", reason="set RHEINBOT_SLOW=1")
@pytest.mark.parametrize("first", range(10, 610, 50))
def test_many_random_games_agree_with_the_referee(first: int) -> None:
    for seed in range(first, first + 50):
        # now and then no conversions at all, so the plain placements run longer
        assert play(seed, 3 + seed % 3, convert_bias=0.0 if seed % 4 == 0 else 0.5) == []
