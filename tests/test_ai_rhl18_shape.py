"""Tables of 18Rhl ``normal`` seats play a real game (issue 16), and their corporations do
not flood the table with train offers (issue 15).

One seeded all-normal game per player count (fixed seeds, so deterministic): each buys
trains past the 2-trains, reaches phase 5 and ends by the bank breaking, as the reference
games do. The full figure (50 games per player count, next to the reference games) comes
from ``python -m bench.rhl18_shape``; see bench/AI_STRENGTH.md.
"""

from __future__ import annotations

from functools import cache

import pytest

from bench.rhl18_shape import (
    Shape,
    offers_after_decline,
    play,
    reference_shapes,
    repeated_offers,
)

SEEDS = {3: 5000, 4: 5001, 5: 5002, 6: 5003}


@cache
def game(players: int) -> Shape:
    return play(players, SEEDS[players])


@pytest.mark.parametrize("players", sorted(SEEDS))
def test_all_normal_tables_run_the_phases_through(players: int) -> None:
    shape = game(players)
    assert not shape.error, shape.error
    assert shape.end == "bank", (shape.end, shape.phase, shape.ors)
    assert shape.phase in ("5", "6", "8"), shape.phase
    # Trains beyond the 2-trains were bought: every 3- and 4-train, and a 5 (phase 5).
    assert shape.depot_trains["3"] == 5 and shape.depot_trains["4"] == 3, shape.depot_trains
    assert shape.depot_trains["5"] >= 1, shape.depot_trains


@pytest.mark.parametrize("players", sorted(SEEDS))
def test_no_offer_is_repeated_or_made_after_a_decline(players: int) -> None:
    offers = game(players).offers
    # At most one offer per train in an operating turn, none its seller's AI had declined
    # at that price or higher; normal sellers are only offered what they accept.
    assert repeated_offers(offers) == 0, offers
    assert offers_after_decline(offers) == 0, offers
    assert [o for o in offers if o[-1] == "decline"] == [], offers


def test_the_offer_counts_see_a_repeat() -> None:
    # The counters themselves: a train offered twice in one turn, and again after a
    # decline at a higher price, in a later turn.
    offers = [[3, 1, "ADR", "3-0", "BME", 150, "decline"],
              [3, 1, "ADR", "3-0", "BME", 150, "decline"],
              [3, 2, "ADR", "3-0", "BME", 120, "decline"],
              [3, 2, "CME", "3-1", "BME", 200, "accept"]]
    assert repeated_offers(offers) == 1
    assert offers_after_decline(offers) == 2


def test_reference_games_are_read_from_the_fixtures() -> None:
    refs = reference_shapes()
    assert {s.players for s in refs} == {3, 4, 5, 6}
    # The recorded 18xx.games game: 9 stock rounds, phase 8, the bank broke.
    recorded = next(s for s in refs if s.name == "18Rhl_game_end_bank")
    assert (recorded.stock_rounds, recorded.phase, recorded.end) == (9, "8", "bank")
    assert recorded.ors == 17


def test_a_demo_table_of_normal_seats_offers_only_what_is_accepted(tmp_path) -> None:
    """Through the service, as ``rheinbot demo`` plays it (4 players, seed 1; before this
    change its transcript read 84 offers and 82 declines): every offer is accepted, and
    the table reaches phase 5."""
    import io
    import re

    from bot.cli import main

    out = io.StringIO()
    code = main(["demo", "18rhl", "--players", "4", "--seed", "1", "--quiet", "--lang", "en",
                 "--out", str(tmp_path / "demo")], render=lambda game, view: b"\x89PNG", out=out)
    assert code == 0, out.getvalue()
    text = (tmp_path / "demo" / "transcript.md").read_text(encoding="utf-8")
    offers = re.findall(r"offers \w+ \d+M for train [\w-]+", text)
    declines = re.findall(r"declines \w+'s offer of \d+M", text)
    assert declines == [], declines
    assert len(offers) == len(set(offers)), offers
    phases = {int(n) for n in re.findall(r"\[Phase (\d)", text)}
    assert max(phases) >= 5, sorted(phases)
