"""The tables of 18Rhl's market picture, on a 4-player game 300 normal moves in:
- its station column counts the stations a corporation has still to place, and said only
  "Stations" over a 0 for every corporation that had placed all of them, which read as
  "no stations";
- a share column fits the widest holding: a sole owner's "100%★" was cut to "100…" in a
  50 px column, hiding the one figure the column is there to show (the final result of a
  3-player demo, seed 2)."""

from __future__ import annotations

from functools import cache

import pytest
from PIL import Image, ImageDraw

import engine
from engine import ai
from render import rhl18_market as M


@cache
def midgame_dump() -> str:
    """The game 300 normal moves in, played once for the module's four tests: each loads
    its own copy from the dump, so none sees another's changes."""
    game = engine.get_game("18rhl")
    state = game.setup(4, {}, 2)
    for number in range(300):
        seat = game.active(state)[0]
        game.apply(state, seat, ai.choose(game, state, seat, "normal", number))
    return game.dump(state)


def midgame_view(lang: str) -> dict:
    game = engine.get_game("18rhl")
    view = game.view(game.load(midgame_dump()), None)
    view["lang"] = lang
    return view


def canvas() -> ImageDraw.ImageDraw:
    return ImageDraw.Draw(Image.new("RGB", (M.WIDTH, 900)))


@pytest.mark.parametrize("lang, header", [("en", "Stations left"), ("de", "Bahnhöfe übrig")])
def test_the_station_column_says_it_counts_the_stations_left(monkeypatch, lang, header):
    view = midgame_view(lang)
    shown: list[tuple[str, str, float]] = []  # (asked, drawn, cell width)

    def cell(draw, x, y, width, said, size=M.BODY, bold=False, fill=M.INK, right=False):
        shown.append((str(said), M.fit(str(said), width - 8, size, bold)[0], width))

    monkeypatch.setattr(M, "cell", cell)
    M.corporations_table(canvas(), 0, view, lang)
    assert (header, header) in [(asked, drawn) for asked, drawn, _ in shown]  # whole
    corps = M.corporations(view)
    left = [str(sum(1 for tok in c["tokens"] if str(tok).startswith("unused"))) for c in corps]
    assert "0" in left and left != ["0"] * len(left)  # the seed has both kinds
    assert all(drawn == asked for asked, drawn, _ in shown)  # no header or value is cut


@pytest.mark.parametrize("finished", [False, True])
def test_a_sole_owners_share_is_drawn_whole(monkeypatch, finished):
    view = midgame_view("en")
    owner = view["players"][0]
    sym = next(s for s, certs in owner["shares"].items() if len(certs) == 6)  # 60%, president
    owner["shares"][sym] = [f"{sym}_{k}" for k in range(9)]  # the whole corporation
    assert M.corp(view, sym).get("president_seat") == owner["seat"]
    if finished:
        view["finished"] = True
    drawn: list[str] = []
    monkeypatch.setattr(M, "draw_text", lambda draw, xy, said, *a, **k: drawn.append(said))
    M.players_table(canvas(), 0, view, "en")
    assert "100%★" in drawn
    assert not any(said.endswith("…") for said in drawn if "%" in said)
