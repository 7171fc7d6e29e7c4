"""18Rhl pictures: every tile in every rotation draws, the fixture's final map shows exactly
the state's tiles and tokens, and the images stay within Discord's limits."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from engine.rhl18 import hexmap, routes, tiles
from render import rhl18, rhl18_market
from render.rhl18_tiles import CORP_COLOURS, draw_tile
from tests.test_rhl18map_helpers import COAL_HEXES, STEEL_HEXES, board_of, states


def _final_view() -> tuple[dict, dict]:
    final = states()[max(states())]
    view = {"board": board_of(final), "phase": final["phase"], "round": "OR 9",
            "bank": final["bank"], "coal_hexes": sorted(COAL_HEXES),
            "steel_hexes": sorted(STEEL_HEXES), "corporations": final["corporations"],
            "players": final["players"]}
    return view, final


def test_every_tile_draws_in_every_rotation_with_full_tokens() -> None:
    image = Image.new("RGB", (260, 260), "#FFFFFF")
    draw = ImageDraw.Draw(image)
    names = list(tiles.supply()) + list(hexmap.preprinted_codes())
    for name in names:
        t = tiles.tile(name)
        tokens = [["ADR"] * c.slots for c in t.cities]
        for rotation in range(6):
            draw.rectangle((0, 0, 260, 260), fill="#FFFFFF")
            draw_tile(draw, name, rotation, 130, 130, 110, tokens, (), "5")
            colours = {c for _n, c in image.getcolors(100000)}
            if t.paths:  # track is drawn in ink
                assert (0x1A, 0x1A, 0x1A) in colours, (name, rotation)
            if t.cities:  # every city shows its tokens
                adr = CORP_COLOURS["ADR"]
                assert tuple(int(adr[i:i + 2], 16) for i in (1, 3, 5)) in colours, (name, rotation)


def test_final_map_shows_the_states_tiles_and_tokens() -> None:
    view, final = _final_view()
    manifest: dict = {}
    rhl18.draw_map(view, manifest)
    assert set(manifest) == set(hexmap.all_hexes())
    laid = {(h, t.rsplit("-", 1)[0], r) for h, t, r in final["laid_tiles"]}
    drawn = {(h, tile, rot) for h, (tile, rot, _tok) in manifest.items()
             if not tiles.tile(tile).preprinted}
    assert drawn == laid
    placed = sorted((token.split("@")[1], corp["id"]) for corp in final["corporations"]
                    for token in corp["tokens"] if "@" in token)
    shown = sorted((h, sym) for h, (_t, _r, toks) in manifest.items() for city in toks
                   for sym in city if sym and sym not in ("K", "S"))
    assert shown == placed


def test_full_board_pngs_fit_a_phone_and_discord() -> None:
    from render.rhl18_views import full_board

    view, _final = _final_view()
    for png in full_board(view):
        image = Image.open(io.BytesIO(png))
        assert image.width == rhl18.MAP_W and image.height <= 1600
        assert len(png) < 1024 * 1024


def test_routes_zoom_market_and_charters_render() -> None:
    view, final = _final_view()
    ctx = routes.RouteContext(phase=final["phase"], coal_hexes=COAL_HEXES,
                              steel_hexes=STEEL_HEXES)
    best = routes.best_routes(view["board"], "CCE", ["5-1", "6-5"], ctx)
    view["routes"] = [{"train": r.train, "stops": r.stops, "connections": r.connections,
                       "revenue": r.revenue, "text": r.text} for r in best]
    for png in (rhl18.render_routes(view), rhl18.render_zoom(view, "F9"),
                rhl18.png(rhl18_market.market_picture(view))):
        assert Image.open(io.BytesIO(png)).size[0] > 300


def test_setup_map_renders() -> None:
    png = rhl18.render({"board": hexmap.initial_board(), "phase": "2"})
    assert png.startswith(b"\x89PNG")


def test_lay_preview_is_a_zoomed_png() -> None:
    view, _final = _final_view()
    png = rhl18.render_lay_preview(view, "H7", "9", 1)
    image = Image.open(io.BytesIO(png))
    assert image.width < 1000 and image.height < 1000


def test_ratingen_variant_map_draws_its_printed_hexes() -> None:
    board = hexmap.initial_board({"ratingen_variant"})
    manifest: dict = {}
    rhl18.draw_map({"board": board, "phase": "2"}, manifest)
    assert manifest["E10"][0] == "E10-0~rv" and manifest["E12"][0] == "E12-0~rv"


def test_engine_style_market_mapping_places_markers() -> None:
    view, _final = _final_view()
    view["market"] = {"110,0,4": ["KEG", "CME"], "80,3,4": ["ADR"]}
    assert rhl18_market.market_positions(view) == {"110,0,4": ["KEG", "CME"],
                                                   "80,3,4": ["ADR"]}
    assert rhl18_market.market_picture(view).width == rhl18.MAP_W
