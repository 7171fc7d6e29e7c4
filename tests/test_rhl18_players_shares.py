"""The players table of 18Rhl's market picture: a share column fits the widest holding. A
sole owner's "100%★" was cut to "100…" in a 50 px column, hiding the one figure the column
is there to show (the final result of a 3-player demo, seed 2)."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

import engine
from engine import ai
from render import rhl18_market as M


@pytest.mark.parametrize("finished", [False, True])
def test_a_sole_owners_share_is_drawn_whole(monkeypatch, finished):
    game = engine.get_game("18rhl")
    state = game.setup(4, {}, 2)
    for number in range(300):
        seat = game.active(state)[0]
        game.apply(state, seat, ai.choose(game, state, seat, "normal", number))
    view = game.view(state, None)
    owner = view["players"][0]
    sym = next(s for s, certs in owner["shares"].items() if len(certs) == 6)  # 60%, president
    owner["shares"][sym] = [f"{sym}_{k}" for k in range(9)]  # the whole corporation
    assert M.corp(view, sym).get("president_seat") == owner["seat"]
    if finished:
        view["finished"] = True
    drawn: list[str] = []
    monkeypatch.setattr(M, "draw_text", lambda draw, xy, said, *a, **k: drawn.append(said))
    M.players_table(ImageDraw.Draw(Image.new("RGB", (M.WIDTH, 900))), 0, view, "en")
    assert "100%★" in drawn
    assert not any(said.endswith("…") for said in drawn if "%" in said)
