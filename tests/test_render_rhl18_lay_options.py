"""The picture of the tiles a picked hex takes (render.rhl18_lay_options), read on a phone: in
English and German, over the hexes of positions of a played game, no word is cut, covers
another or is too small, the captions stay 10.5 px or more at 550 px wide and each lies
within its own column; where the lays are more than a menu holds, the picture shows each
tile once, numbered as the tile menu."""

from __future__ import annotations

import re
from functools import cache
from itertools import combinations

import pytest

from bot.service import rhl18_steps
from bot.service.rhl18_steps import lay_options_view, next_step, step_menu
from engine import ai
from engine.rhl18 import hexmap
from engine.rhl18.game import GAME
from render import rhl18_lay_options, rhl18_views
from render.text_draw import recording
from tests.board_checks import drawn, problems

PHONE = 550


@cache
def _positions() -> list[tuple[dict, int, list[str]]]:
    """Positions of a normal-AI game where a corporation lays track: (state, seat, the
    hex steps of its menu)."""
    state = GAME.setup(4, {}, 3)
    out = []
    lays = 0
    for step in range(380):
        seat = GAME.active(state)[0]
        moves = GAME.legal(state, seat)
        lays += any(m["type"] == "lay_tile" for m in moves)
        if lays % 8 == 1 and any(m["type"] == "lay_tile" for m in moves):
            menu = step_menu(GAME, state, moves, "en")
            hexes = [v for _, v in menu.options if len(v.split()) in (2, 3) and " lay " in
                     f" {v}"] if menu else []
            if hexes:
                out.append((GAME.load(GAME.dump(state)), seat, hexes[:3]))
        GAME.apply(state, seat, ai.choose(GAME, state, seat, "normal", step))
    return out


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_tile_options_picture_reads_at_phone_width(lang: str) -> None:
    seen = 0
    for state, seat, hexes in _positions():
        for value in hexes:
            view = lay_options_view(GAME, state, seat, value, lang)
            if view is None:  # a row of hexes, not a hex
                continue
            texts, [size] = drawn(lambda view=view: rhl18_views.render(view))
            found = problems(texts, size)
            assert not found, (value, found[:3])
            scale = PHONE / size[0]
            options = view["image"]["options"]
            captions = [d for d in texts if d.text in {o["caption"] for o in options}]
            assert len(captions) == len(options), value
            room = rhl18_lay_options.CELL_W - 2 * rhl18_lay_options.NUMBER_R
            for d in captions:
                assert d.size * scale >= 10.5, (d.text, d.size, size)
                assert d.box[2] - d.box[0] <= room, (d.text, d.box)
            seen += 1
    assert seen >= 3


def test_more_lays_than_a_menu_holds_draw_each_tile_once_then_its_ways_as_the_menus(
        monkeypatch) -> None:
    # a hex where some tile lies more than one way; a menu then holds fewer than its lays
    state, seat, value, limit = next(
        (state, seat, value, len(ways) - 1)
        for state, seat, hexes in _positions() for value in hexes
        if len(value.split()) == 2
        for ways in [rhl18_steps.Lays(GAME, state, GAME.legal(state, seat), "en", menu=True)
                     .placement_moves("", value.split()[1].upper())]
        if len({m["tile"] for m in ways}) < len(ways))
    monkeypatch.setattr(rhl18_steps, "LIMIT", limit)
    _, options = next_step(GAME, state, seat, value, "en")
    view = lay_options_view(GAME, state, seat, value, "en")
    assert view is not None
    cells = view["image"]["options"]
    assert len(cells) == len({c["tile"] for c in cells})  # each tile once
    for n, ((label, typed), cell) in enumerate(zip(options, cells, strict=True), 1):
        assert label.startswith(f"{n} · Tile {cell['tile']}")
        assert f" {cell['tile']}" in f" {typed} "
    # the tile picked, its ways are the next menu and picture, numbered alike
    tile = cells[0]["tile"]
    step = f"{value} {tile}"
    _, ways = next_step(GAME, state, seat, step, "en")
    view = lay_options_view(GAME, state, seat, step, "en")
    assert view is not None and len(ways) == len(view["image"]["options"])
    for n, ((label, typed), cell) in enumerate(zip(ways, view["image"]["options"],
                                                   strict=True), 1):
        assert label.startswith(f"{n} · Tile {tile}") and cell["tile"] == tile
        assert typed.split()[1:] == [tile, value.split()[1], str(cell["rotation"])]


GAP = 12  # a space's width at full size: less, and "D15" "D11" read as one word on a phone


def _exit_labels(texts: list) -> list:
    return [d for d in texts if d.size == rhl18_lay_options.EXIT
            and re.fullmatch(r"[A-Z]\d+", d.text)]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_neighbouring_choices_exit_labels_keep_a_space_between_them(lang: str) -> None:
    # one choice's east exit and the next one's west exit are named side by side, on one line
    pairs = 0
    for state, seat, hexes in _positions():
        for value in hexes:
            view = lay_options_view(GAME, state, seat, value, lang)
            if view is None:
                continue
            texts, _ = drawn(lambda view=view: rhl18_views.render(view))
            labels = sorted(_exit_labels(texts), key=lambda d: d.box[0])
            for a, b in combinations(labels, 2):
                if min(a.box[3], b.box[3]) - max(a.box[1], b.box[1]) <= 0:
                    continue  # not on one line
                left, right = (a, b) if a.box[0] <= b.box[0] else (b, a)
                gap = right.box[0] - left.box[2]
                assert gap >= GAP, (value, left.text, left.box, right.text, right.box)
                pairs += 1
    assert pairs >= 10


def test_every_hex_s_east_and_west_exits_keep_a_space_from_the_next_choice() -> None:
    # a straight track east-west in four choices side by side, on every hex of the map that
    # has both neighbours: each cell's east label meets the next one's west label ("D15D11")
    state, seat, hexes = _positions()[0]
    base = lay_options_view(GAME, state, seat, hexes[0], "en")
    assert base is not None
    board = base["board"]
    pairs = 0
    for hex_id in sorted(board):
        if hexmap.neighbor(hex_id, 1) is None or hexmap.neighbor(hex_id, 4) is None:
            continue
        cell = {**board[hex_id], "tokens": []}
        options = [{"number": n, "tile": "9", "rotation": 1, "caption": "Tile 9"}
                   for n in range(1, 5)]
        view = {**base, "board": {**board, hex_id: cell},
                "image": {**base["image"], "hex": hex_id, "options": options}}
        with recording() as texts:
            rhl18_lay_options.picture(view)
        row = sorted(_exit_labels(texts), key=lambda d: d.box[0])
        assert len(row) == 8, (hex_id, [d.text for d in row])
        for left, right in zip(row[1:-1:2], row[2::2], strict=True):
            assert right.box[0] - left.box[2] >= GAP, (hex_id, left.text, left.box,
                                                       right.text, right.box)
            pairs += 1
    assert pairs >= 60
