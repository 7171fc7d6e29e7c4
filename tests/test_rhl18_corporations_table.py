"""The corporations table of 18Rhl's market picture: its station column counts the stations
a corporation has still to place, and said only "Stations" over a 0 for every corporation
that had placed all of them, which read as "no stations"."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

import engine
from engine import ai
from render import rhl18_market as M


@pytest.mark.parametrize("lang, header", [("en", "Stations left"), ("de", "Bahnhöfe übrig")])
def test_the_station_column_says_it_counts_the_stations_left(monkeypatch, lang, header):
    game = engine.get_game("18rhl")
    state = game.setup(4, {}, 2)
    for number in range(300):
        seat = game.active(state)[0]
        game.apply(state, seat, ai.choose(game, state, seat, "normal", number))
    view = game.view(state, None)
    view["lang"] = lang
    shown: list[tuple[str, str, float]] = []  # (asked, drawn, cell width)

    def cell(draw, x, y, width, said, size=M.BODY, bold=False, fill=M.INK, right=False):
        shown.append((str(said), M.fit(str(said), width - 8, size, bold)[0], width))

    monkeypatch.setattr(M, "cell", cell)
    M.corporations_table(ImageDraw.Draw(Image.new("RGB", (M.WIDTH, 900))), 0, view, lang)
    assert (header, header) in [(asked, drawn) for asked, drawn, _ in shown]  # whole
    corps = M.corporations(view)
    left = [str(sum(1 for tok in c["tokens"] if str(tok).startswith("unused"))) for c in corps]
    assert "0" in left and left != ["0"] * len(left)  # the seed has both kinds
    assert all(drawn == asked for asked, drawn, _ in shown)  # no header or value is cut
