"""The CI fuzz run (issue 8): 20 seeds per game and player count, across every variant, with
some seats played by the bot's AI, each checked by ``engine.fuzz`` (see its docstring).

Rhein, Rheinländer and Trödler play every game to the end. Costly checks (every legal move's
notation, mistyped notation, dump/load, invariants, all views and hidden items) run every
STRIDE = 4 moves (Trödler 8, 18Rhl whole games 8) and after the last; the chosen move's notation and the final replay every time. 18Rhl costs about
5 s a game here, so CI plays its 20 seeds per player count for their first RHL_OPENING moves
(the private auction, stock rounds and the first operating rounds) plus one whole game per
player count; RHEINBOT_SLOW=1 plays all 20 per count to the end. ``rheinbot fuzz`` runs more.
18Rhl's faults the fuzzer found are fixed and pinned (the end of this file and
tests/test_rhl18_fuzz_faults.py); it runs with the mistyped-notation check like the others.
On a failure the game is saved as a replayable export and the message names the file.
"""

from __future__ import annotations

import os

import pytest

from engine import GAMES
from engine.fuzz import cases, game_cases, run_many

SEEDS = 20
STRIDE = 4
STRIDES = {"troedler": 8}  # its games run 450-650 moves: still ~70 full checks each
RHL_OPENING = 40
WORKERS = 2
SLOW = os.environ.get("RHEINBOT_SLOW") == "1"


def _fuzz(jobs, tmp_path, stop_after=None, stride=STRIDE):
    outcomes = list(run_many(jobs, stride=stride, out=tmp_path, workers=WORKERS,
                             stop_after=stop_after))
    failures = [f"{o.case.describe()} after {len(o.moves)} moves: {o.fault} (export: {o.export})"
                for o in outcomes if o.fault]
    assert not failures, "\n".join(failures)
    return outcomes


@pytest.mark.parametrize("key", ["rhein", "rheinlaender", "troedler"])
def test_random_games_to_the_end(key, tmp_path):
    game = GAMES[key]
    outcomes = _fuzz(cases(GAMES, [key], SEEDS), tmp_path, stride=STRIDES.get(key, STRIDE))
    counts = range(game.min_players, game.max_players + 1)
    assert len(outcomes) == SEEDS * len(counts)
    assert all(o.finished for o in outcomes)
    for players in counts:  # every player count with every variant, AI seats included
        mine = [o.case for o in outcomes if o.case.players == players]
        assert len({c.seed for c in mine}) == SEEDS
        assert {tuple(sorted(c.options.items())) for c in mine} == \
            {tuple(sorted(v.items())) for v in _variants(key)}
        assert any(c.ai_seats for c in mine)


def _variants(key):
    from engine.fuzz import variants

    return variants(GAMES[key])


def test_18rhl_openings_of_twenty_seeds_per_player_count(tmp_path):
    outcomes = _fuzz(cases(GAMES, ["18rhl"], SEEDS), tmp_path,
                     stop_after=None if SLOW else RHL_OPENING)
    assert len(outcomes) == SEEDS * 4
    assert all(len(o.moves) == RHL_OPENING or o.finished for o in outcomes)


def test_18rhl_whole_games(tmp_path):
    # one per player count, variants in turn, seeds apart from the openings above
    outcomes = _fuzz(game_cases(GAMES["18rhl"], "18rhl", 4, first_seed=1000), tmp_path,
                     stride=8)
    assert all(o.finished for o in outcomes)


# 18Rhl's faults under mistyped notation, found by this fuzzer and since fixed (parse
# ValueError on '²', a lay on an unknown hex KeyError): the fuzzer's exports, replayed, then
# the failing move, which must now be a RuleError (regression tests for both rules are in
# tests/test_rhl18_fuzz_faults.py). The third export (a legal 'buy dee ipo'
# refused) is pinned in tests/test_rhl18_fuzz_faults.py: its cause, a G6 upgrade folding
# two cities into one, is refused now, so that game no longer replays past it.
@pytest.mark.parametrize("name", ["18rhl-parse-superscript", "18rhl-lay-unknown-hex"])
def test_18rhl_mistyped_notation_is_refused_with_a_rule_error(name):
    import json
    from pathlib import Path

    from engine.core import RuleError
    from engine.playthrough import replay

    data = json.loads((Path(__file__).parent / "fixtures" / "fuzz" / f"{name}.json")
                      .read_text(encoding="utf-8"))
    game = GAMES["18rhl"]
    state = replay(game, data["players"], data["options"], data["seed"],
                   [(a["seat"], a["move"]) for a in data["actions"]])
    seat, typed = data["fuzz"]["failing_move"]
    with pytest.raises(RuleError):  # anything else (ValueError, KeyError) fails here
        game.apply(state, seat, game.parse(state, seat, typed))
