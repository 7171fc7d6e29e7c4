"""Trödler's final board says how each player's points add up, as the result post does:
"36 pts, 4 goods" left 32 from the requests + 4 goods to be worked out."""
from __future__ import annotations

import pytest

from engine.playthrough import random_playthrough
from engine.troedler import GAME
from render.text_draw import recording
from render.troedler import render


@pytest.mark.parametrize(("players", "lang", "words"),
                         [(2, "en", ("pts", "from")), (4, "de", ("P.", "aus"))])
def test_each_standing_says_its_points_parts(players, lang, words):
    view = GAME.view(random_playthrough(GAME, players, seed=5).state, None)
    view["lang"] = lang
    assert view["stage"] == "over"
    with recording() as drawn:
        render(view)
    texts = [item.text for item in drawn]
    for standing in view["result"]:
        d = standing["detail"]
        assert standing["score"] == d["request_points"] + d["goods"]
        said = f"{standing['score']} {words[0]} ({d['request_points']} {words[1]} "
        if d["total_damage"]:
            # out of the scoring: no place, and the points it would have had on the line
            # its '– ' opens or the next
            # (its longer line may wrap: read the standings' lines as one)
            assert any(t.startswith("– ") for t in texts), texts
            line = next((t for t in [" ".join(texts)] if said in t), None)
        else:
            line = next((t for t in texts if t.startswith(f"{standing['rank']}. ")
                         and said in t), None)
        assert line is not None, (said, texts[:12])
        assert f"+ {d['goods']} " in line and "…" not in line, line
