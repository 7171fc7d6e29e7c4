"""Rhein's face-down fulfilled orders are public knowledge (R58): the hard AI may keep them.

A fulfilled card lies face down, but each one was open in front of its owner (taken from the
Orders List or won at auction) until the moment it was fulfilled, and a re-taken one (R14)
turns face up again. So anyone who watched the public views can name every seat's fulfilled
cards; ``engine.ai.hard_rhein.rhein_world`` keeps them for that reason instead of guessing.
This test is that watcher: it reads only ``view(state, None)`` after each move of seeded
all-normal games and the log lines the channel is shown (an order that expires in the same
step as another is fulfilled is named in them), and must end up with exactly the cards the
hidden state holds.
"""

from __future__ import annotations

import pytest

from engine import ai, get_game
from engine.text import Msg


def open_cards(view: dict, seat: int) -> set[int]:
    return {order["card"] for order in view["players"][seat]["orders"]}


def watch(players: int, seed: int) -> tuple[list[set[int]], list[list[int]], int]:
    """(what a watcher of the public views names as each seat's fulfilled cards, what the
    state holds, how many cards were fulfilled in the game)."""
    game = get_game("rhein")
    state = game.setup(players, {}, seed)
    before = game.view(state, None)
    named: list[set[int]] = [set() for _ in range(players)]
    fulfilled = version = 0
    while game.result(state) is None:
        seat = game.active(state)[0]
        lines = game.apply(state, seat, ai.choose(game, state, seat, "normal",
                                                  ai.move_seed(seed, version, seat)))
        version += 1
        after = game.view(state, None)
        expired = {line.params["card"] for line in lines
                   if isinstance(line, Msg) and line.key == "rhein.log.expires"}
        for other in range(players):
            left = open_cards(before, other) - open_cards(after, other) - expired
            back = open_cards(after, other) & named[other]  # re-taken face up (R14)
            gained = (after["players"][other]["fulfilled_count"]
                      - before["players"][other]["fulfilled_count"])
            named[other] -= back
            if gained + len(back) > 0:
                # every open card that left this seat in this move was fulfilled
                assert len(left) == gained + len(back), (seed, version, other, left, gained)
                named[other] |= left
                fulfilled += len(left)
        before = after
    return named, [list(cards) for cards in state["fulfilled"]], fulfilled


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_watcher_of_the_public_views_names_every_fulfilled_card(players: int) -> None:
    total = 0
    for seed in range(4):
        named, held, fulfilled = watch(players, 300 + seed)
        assert named == [set(cards) for cards in held]
        total += fulfilled
    assert total > 0  # the games fulfilled orders, so the comparison meant something
