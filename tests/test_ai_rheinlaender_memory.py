"""Rheinländer's coin count (engine.rheinlaender.memory): what the AI knows of the face-down
coins is what a player keeping count can work out from the log and the public board (N2),
and the hard level's worlds keep that count."""

from __future__ import annotations

import pytest

from engine import ai, get_game
from engine.ai.hard_games import SEARCHERS
from engine.core import new_rng
from engine.rheinlaender.board import get_board
from engine.rheinlaender.game import NAMES
from engine.rheinlaender.memory import coins
from engine.rheinlaender.words import place

GAME = get_game("rheinlaender")


def paid_from_the_log(board, before: dict, lines: list, seat_of: dict) -> dict[int, int]:
    """Who was paid what in one move: each ``duke_leaves`` line names the owner and the
    duke's place; the amount is that duchy's value on the public board before the move."""
    paid: dict[int, int] = {}
    for line in lines:
        if getattr(line, "key", "") != "rheinlaender.log.duke_leaves":
            continue
        owner = seat_of[str(line.params["name"])]
        value = next(d["value"] for d in before["duchies"] if d["owner"] == owner
                     and str(place(board, d["anchor"])) == str(line.params["place"]))
        paid[owner] = paid.get(owner, 0) + value
    return paid


@pytest.mark.parametrize(("players", "seed"), [(5, 9)])
def test_the_coin_count_is_what_the_log_and_board_show(players: int, seed: int) -> None:
    state = GAME.setup(players, {}, seed)
    board = get_board(state["board"])
    seat_of = {str(NAMES[s]): s for s in range(players)}
    counted = [0] * players
    for version in range(1000):
        if GAME.result(state) is not None:
            break
        seat = GAME.active(state)[0]
        before = GAME.view(state, None)
        action = ai.choose(GAME, state, seat, "normal", ai.move_seed(seed, version, seat))
        for owner, amount in paid_from_the_log(board, before, GAME.apply(state, seat, action),
                                               seat_of).items():
            counted[owner] += amount
        assert coins(state) == counted, version
    assert GAME.result(state) is not None
    assert sum(counted)  # a game with payments
    assert counted == [row["coins"] for row in sorted(state["final"], key=lambda r: r["seat"])]


def test_a_world_keeps_the_coin_count() -> None:
    state = GAME.setup(4, {}, 5)
    for version in range(200):
        seat = GAME.active(state)[0]
        GAME.apply(state, seat, ai.choose(GAME, state, seat, "normal",
                                          ai.move_seed(5, version, seat)))
        if sum(1 for c in coins(state) if c) >= 2:
            break
    seat = GAME.active(state)[0]
    assert sum(1 for s, c in enumerate(coins(state)) if c and s != seat)
    world = SEARCHERS["rheinlaender"].determinize(state, seat, new_rng(2))
    assert world["coins"] == state["coins"] == coins(state)
    assert world["payments"] == state["payments"]
    assert GAME.check_invariants(world) == []
