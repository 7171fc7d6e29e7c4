"""The final standings are said once, by the result post with its notes: the last move's
channel line repeated them ("… the game ends. 1. Orange: 37 points (26 from 6 requests …);
2. Sky …" right above "1. **Bot 2** (orange): 37 · 26 from 6 requests …"). /game log keeps
the engine's lines."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import engine
from bot.service.base import Table
from engine import ai
from engine.text import say


@pytest.mark.parametrize("key", ["troedler", "rhein", "rheinlaender", "18rhl"])
def test_the_last_moves_line_leaves_the_standings_to_the_result_post(key):
    game = engine.get_game(key)
    state = game.setup(3, {}, 5)
    lines: list = []
    while game.result(state) is None:
        seat = game.active(state)[0]
        lines = game.apply(state, seat, ai.choose(game, state, seat, "normal", 5))
    keys = {getattr(line, "key", None) for line in lines}
    assert keys & game.result_keys, keys  # the engine's log has them
    seats = [SimpleNamespace(seat=n, name=f"P{n + 1}", colour=c)
             for n, c in enumerate(["green", "yellow", "blue"])]
    table = Table(row=SimpleNamespace(language="en"), game=game, seats=seats)  # type: ignore[arg-type]
    said, records = table.said_apart(lines)
    for line in lines:
        if getattr(line, "key", None) in game.result_keys:
            assert say(line) not in said and say(line) not in records
    if key == "troedler":
        assert "the game ends" in said
