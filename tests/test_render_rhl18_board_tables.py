"""18Rhl's map read on a phone (Discord shows it 550 px wide): the red areas' revenue by
phase (the small tables of a yellow and a brown box) and the legend below the map are big
enough to read there, and the box of the value paid in the game's phase is framed, so a
player need not work out which colour the phase pays."""

from __future__ import annotations

import io
import math

import pytest
from PIL import Image

from engine import ai
from engine.rhl18 import hexmap, tiles
from engine.rhl18.game import GAME
from render import rhl18
from render.rhl18_tiles import _phase_box
from render.text_draw import recording

PHONE = 550
LEAST = 10.5  # px tall at 550 px wide: the size of Discord's own small print


def _played(moves: int) -> dict:
    state = GAME.setup(4, {}, 3)
    for step in range(moves):
        seat = GAME.active(state)[0]
        GAME.apply(state, seat, ai.choose(GAME, state, seat, "normal", step))
    return state


def _phased() -> dict[str, tuple]:
    """Printed hexes paying by phase, with their (colour, amount) boxes."""
    out = {}
    for hex_id in hexmap.all_hexes():
        for node in tiles.tile(hexmap.hex_info(hex_id).tile).nodes:
            if isinstance(node.revenue, tuple):
                out[hex_id] = node.revenue
    return out


def _map(view: dict) -> tuple[list, Image.Image]:
    with recording() as texts:
        png = rhl18.render_map(view)
    return list(texts), Image.open(io.BytesIO(png)).convert("RGB")


def _box_figures(texts: list, hex_id: str, amounts: set[str]) -> list:
    cx, cy = rhl18.hex_center(hex_id)
    return [d for d in texts if d.text in amounts and
            math.dist(((d.box[0] + d.box[2]) / 2, (d.box[1] + d.box[3]) / 2), (cx, cy))
            < rhl18.SIZE]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("moves", [0, 400])
def test_the_revenue_tables_and_legend_read_at_phone_width(lang: str, moves: int) -> None:
    state = _played(moves)
    view = {**GAME.view(state, None), "lang": lang, "changed": {"hexes": ["F9"]}}
    texts, image = _map(view)
    scale = PHONE / image.width
    phase = str(view["phase"])
    w, h = _phase_box(rhl18.SIZE)
    for hex_id, boxes in _phased().items():
        if view["board"][hex_id]["tile"] != hexmap.hex_info(hex_id).tile:
            continue  # an upgraded city's tile pays its own way
        figures = _box_figures(texts, hex_id, {str(a) for _, a in boxes})
        assert len(figures) >= len(boxes), (hex_id, [d.text for d in figures])
        assert all(d.size * scale >= LEAST for d in figures), (hex_id, figures[0].size)
        # the value paid now is the framed one: its box is lined white inside
        paid = tiles.revenue_of(boxes, phase)
        for drawn in figures:
            x = (drawn.box[0] + drawn.box[2]) / 2
            y = (drawn.box[1] + drawn.box[3]) / 2
            inner = image.getpixel((int(x - w / 2 + 5), int(y)))
            framed = min(inner) >= 240  # white (on the shared palette: 252)
            assert framed == (drawn.text == str(paid)), (hex_id, drawn.text, phase, inner)
    words = [rhl18.t(lang, f"legend.{k}") for k in ("coal", "steel", "link", "rhine")]
    legend = [d for d in texts if d.text in words]
    assert {d.text for d in legend} == set(words)
    assert all(d.size * scale >= LEAST for d in legend)
    assert all(d.box[2] <= image.width and d.box[3] <= image.height for d in texts)
    assert image.height <= 1600


def test_the_red_areas_come_from_the_cached_map_of_their_phase(monkeypatch) -> None:
    """Framing the paid box costs no redraw per picture: the printed map is cached once per
    way the red areas pay (phases 2-4, 5 on), and a picture draws only what changed."""
    view = {**GAME.view(_played(0), None), "lang": "en"}
    rhl18.render_map(view)  # the cache of this phase's printed map
    redrawn: list[str] = []
    draw_tile = rhl18.draw_tile

    def counted(draw, name, rotation, cx, cy, *args, **kwargs):
        redrawn.append(name)
        return draw_tile(draw, name, rotation, cx, cy, *args, **kwargs)

    monkeypatch.setattr(rhl18, "draw_tile", counted)
    rhl18.render_map(view)
    # (a hex with a token of its own is drawn anew, its paid box framed as well)
    printed = {hexmap.hex_info(h).tile for h in _phased()
               if not rhl18._needs_redraw(h, view["board"][h], hexmap.hex_info(h).tile)}
    assert printed and not printed & set(redrawn)
    assert rhl18._paying_as("3") == "2" and rhl18._paying_as("6") == "5"
