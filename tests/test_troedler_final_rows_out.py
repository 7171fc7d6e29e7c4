"""Trödler's final board ranks a seat put out of the scoring as the result post does: last,
with no place and "would have had" its points. The board read "3. Orange: 20 pts (…),
damage 14 (total damage)", a place and a score for a seat that scored nothing."""

from __future__ import annotations

import pytest

from engine import GAMES, ai
from render.troedler import result_rows


def _finished_with_total_damage() -> dict:
    game = GAMES["troedler"]
    state = game.setup(3, {}, 1)
    version = 0
    while game.result(state) is None:
        seat = game.active(state)[0]
        seed = 1000 + version
        # seat 0 plays at random (the fuzzer's pick, whose seeding stays), and loses so
        move = ai.uniform(game, state, seat, seed) if seat == 0 else \
            ai.choose(game, state, seat, "normal", seed)
        game.apply(state, seat, move)
        version += 1
    return game.view(state, None)


@pytest.mark.parametrize(("lang", "out"), [("en", "out of the scoring"),
                                           ("de", "nicht in der Wertung")])
def test_the_seat_out_of_the_scoring_comes_last_without_a_place(lang, out) -> None:
    view = _finished_with_total_damage()
    struck = [s for s in view["result"] if s["detail"]["total_damage"]]
    assert struck, "the seeded game no longer ends in a total damage"
    rows = [text for text, indent in result_rows(view, lang) if not indent]
    scored = len(view["result"]) - len(struck)
    assert [row[:2] for row in rows[:scored]] == [f"{i}." for i in range(1, scored + 1)]
    assert all(row.startswith("– ") and out in row for row in rows[scored:]), rows
