"""Generated reference games (3-5 players, optional rules): every recorded route is legal with
its recorded revenue, the finder never earns less than the reference router, and every tile
lay the reference engine offered is legal here and offered by legal_lays."""

from __future__ import annotations

import pytest

from engine.rhl18 import routes, tiles
from tests.test_rhl18map_helpers import (
    GENERATED,
    board_of,
    lay_points,
    options,
    run_routes_points,
)


@pytest.mark.parametrize("name", sorted(GENERATED))
def test_generated_routes(name: str) -> None:
    coal, steel = GENERATED[name]
    opts = options(name)
    for action, state in run_routes_points(name):
        board = board_of(state, opts)
        ctx = routes.RouteContext(phase=state["phase"], coal_hexes=coal, steel_hexes=steel,
                                  options=opts)
        run = [routes.from_18xx(board, action["entity"], r, state["phase"])
               for r in action["routes"]]
        results = routes.validate_routes(board, action["entity"], run, ctx)
        assert [r.revenue for r in results] == [r["revenue"] for r in action["routes"]]
        best = routes.best_routes(board, action["entity"], [r["train"] for r in action["routes"]],
                                  ctx)
        assert routes.total_revenue(best) >= sum(r["revenue"] for r in action["routes"])


@pytest.mark.parametrize("name", sorted(GENERATED))
def test_generated_lays(name: str) -> None:
    opts = options(name)
    for action, state in lay_points(name):
        board = board_of(state, opts)
        tile = action["tile"].rsplit("-", 1)[0]
        company = action["entity_type"] == "company"
        corp = None if company else action["entity"]
        assert tiles.upgrade_error(board, action["hex"], tile, action["rotation"],
                                   state["phase"], opts, corp, company) is None, action["id"]
        if corp:
            lays = tiles.legal_lays(board, corp, state["phase"], [tile], opts)
            wanted = tiles.path_signature(tile, action["rotation"])
            assert any(h == action["hex"] and tiles.path_signature(t, r) == wanted
                       for h, t, r in lays), action["id"]
