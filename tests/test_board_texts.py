"""Full boards read on a phone: over seeded random games of Rhein, Rheinländer and Trödler at
every player count, in English and German, every text on the board is at least 1.1 % of the
picture's width, none overlaps another, none is cut at the edge (18Rhl's map and market
pictures: tests/test_rhl18_pictures.py), and over AI-played Rhein games (random Rhein play
goes bankrupt early). A few positions of each game are sampled: the start, two in play and
the end. RHEINBOT_SLOW=1 samples every tenth position of more games."""

from __future__ import annotations

import os
from functools import cache

import pytest

import engine
from bot.service.ai import choose
from engine.core import new_rng, rng_below
from render import render_board
from tests.board_checks import board_problems

SLOW = os.environ.get("RHEINBOT_SLOW") == "1"
SEEDS = (1, 2, 3) if SLOW else (1,)


@cache
def positions(key: str, players: int, seed: int, options: tuple = (),
              ai_seats: bool = False) -> list[dict]:
    """Every state of a random legal game, start to end (copies); with ``ai_seats`` the
    seats play the normal AI (a random Rhein game goes bankrupt before its transports carry
    much; AI seats fill them, reserve stops and fulfil orders)."""
    game = engine.get_game(key)
    state = game.setup(players, dict(options), seed)
    chooser = new_rng(seed * 7919 + players)
    out = [game.load(game.dump(state))]
    for _ in range(4000):
        if game.result(state) is not None:
            break
        seats = game.active(state)
        seat = seats[rng_below(chooser, len(seats))]
        if ai_seats:
            move = choose(game, state, seat, "normal", seed, len(out))
        else:
            moves = game.legal(state, seat)
            move = moves[rng_below(chooser, len(moves))]
        game.apply(state, seat, move)
        out.append(game.load(game.dump(state)))
    return out


def sampled(states: list[dict]) -> list[int]:
    last = len(states) - 1
    if SLOW:
        return sorted({*range(0, last, 10), last})
    return sorted({0, last // 3, 2 * last // 3, last})


CASES = [(key, n, seed, options, False)
         for key, counts, option_sets in (
             ("rhein", (2, 3, 4, 5), ((), (("under_pressure", True),), (("relax", True),))),
             ("rheinlaender", (3, 4, 5), ((),)),
             ("troedler", (2, 3, 4), ((), (("open_piles", True), ("open_counts", True)))))
         for n in counts for seed in SEEDS for options in option_sets]
CASES += [("rhein", n, seed, (), True) for n in (2, 3, 4, 5) for seed in SEEDS]


@pytest.mark.parametrize("key,players,seed,options,ai_seats", CASES)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_text_on_the_board_is_readable_whole_and_apart(key, players, seed, options,
                                                              ai_seats, lang):
    game = engine.get_game(key)
    states = positions(key, players, seed, options, ai_seats)
    assert game.result(states[-1]) is not None, "the random game ends"
    for index in sampled(states):
        view = {**game.view(states[index], None), "lang": lang}
        found = board_problems(lambda view=view: render_board(key, view))
        assert not found, (f"{key} {players}p {dict(options)} move {index} {lang}",
                           found[:8], len(found))
