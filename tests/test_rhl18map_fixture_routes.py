"""Every run_routes action of the recorded game: the recorded route is legal with exactly its
recorded revenue, and the route finder finds at least as much."""

from __future__ import annotations

from engine.rhl18 import routes
from tests.test_rhl18map_helpers import COAL_HEXES, STEEL_HEXES, board_of, run_routes_points


def _ctx(state: dict) -> routes.RouteContext:
    return routes.RouteContext(phase=state["phase"], coal_hexes=COAL_HEXES,
                               steel_hexes=STEEL_HEXES)


def test_fixture_has_all_84_effective_runs() -> None:
    assert len(run_routes_points()) == 84


def test_recorded_routes_validate_with_their_recorded_revenue() -> None:
    for action, state in run_routes_points():
        board = board_of(state)
        for route in action["routes"]:
            result = routes.validate_18xx(board, action["entity"], route, _ctx(state))
            assert result.revenue == route["revenue"], (action["id"], route["revenue_str"],
                                                        result.text)


def test_recorded_route_sets_validate_together() -> None:
    """The routes of one action together do not share track."""
    for action, state in run_routes_points():
        board = board_of(state)
        run = [routes.from_18xx(board, action["entity"], r, state["phase"])
               for r in action["routes"]]
        results = routes.validate_routes(board, action["entity"], run, _ctx(state))
        assert [r.revenue for r in results] == [r["revenue"] for r in action["routes"]]


def test_best_routes_reach_the_recorded_revenue() -> None:
    # Its speed is a bench figure (bench/rhl18_bench.py), never a timed assertion here.
    for action, state in run_routes_points():
        board = board_of(state)
        trains = [r["train"] for r in action["routes"]]
        best = routes.best_routes(board, action["entity"], trains, _ctx(state))
        recorded = sum(r["revenue"] for r in action["routes"])
        assert routes.total_revenue(best) >= recorded, action["id"]
        # The finder's own answer must pass the validator with the same revenue.
        again = routes.validate_routes(
            board, action["entity"],
            [{"train": r.train, "stops": r.stops, "connections": r.connections} for r in best],
            _ctx(state))
        assert [r.revenue for r in again] == [r.revenue for r in best]
