"""Route rules of 18Rhl, one test per rule, on small boards built from the setup board."""

from __future__ import annotations

import pytest

from engine.rhl18 import hexmap, routes, tiles
from engine.rhl18.routes import RouteContext, RouteError


def _lay(board: dict, hex_id: str, name: str, rotation: int) -> None:
    board[hex_id] = {"tile": name, "rotation": rotation,
                     "tokens": [[None] * c.slots for c in tiles.tile(name).cities]}


def _aachen_line() -> dict:
    """K2 Aachen (ADR token) - K4 town - K6 Düren - K8 track - K10 Bonn."""
    board = hexmap.initial_board()
    _lay(board, "K4", "4", 1)
    _lay(board, "K8", "9", 1)
    _lay(board, "K10", "5", 0)
    board["K2"]["tokens"] = [["ADR"]]
    return board


LINE = ["K2-0", "K4-0", "K6-0", "K10-0"]


def _run(board: dict, train: str, stops: list[str], ctx: RouteContext | None = None,
         corp: str = "ADR") -> routes.RouteResult:
    ctx = ctx or RouteContext(phase="3")
    return routes.validate_routes(board, corp, [{"train": train, "stops": stops}], ctx)[0]


def test_revenue_is_the_sum_of_cities_and_towns() -> None:
    assert _run(_aachen_line(), "3-0", LINE).revenue == 20 + 10 + 20 + 20


def test_towns_do_not_count_against_the_train() -> None:
    with pytest.raises(RouteError, match="2-train reaches 2"):
        _run(_aachen_line(), "2-0", LINE)
    assert _run(_aachen_line(), "2-0", ["K2-0", "K4-0", "K6-0"]).revenue == 50


def test_route_may_not_end_in_a_town() -> None:
    with pytest.raises(RouteError, match="town"):
        _run(_aachen_line(), "2-0", ["K2-0", "K4-0"])


def test_route_needs_a_token_of_the_corporation() -> None:
    with pytest.raises(RouteError, match="token"):
        _run(_aachen_line(), "3-0", LINE, corp="BME")


def test_full_city_of_another_corporation_blocks_passing_but_not_ending() -> None:
    board = _aachen_line()
    board["K6"]["tokens"] = [["RhE"]]
    with pytest.raises(RouteError, match="pass through K6"):
        _run(board, "3-0", LINE)
    assert _run(board, "2-0", ["K2-0", "K4-0", "K6-0"]).revenue == 50


def test_two_routes_may_not_share_track() -> None:
    board = _aachen_line()
    run = [{"train": "2-0", "stops": ["K2-0", "K4-0", "K6-0"]},
           {"train": "2-1", "stops": ["K6-0", "K4-0", "K2-0"]}]
    with pytest.raises(RouteError, match="reuses track"):
        routes.validate_routes(board, "ADR", run, RouteContext(phase="3"))


def test_montan_bonus_needs_coal_and_steel_and_doubles_from_phase_5() -> None:
    board = _aachen_line()
    coal_only = RouteContext(phase="3", coal_hexes=frozenset({"K4"}))
    assert _run(board, "3-0", LINE, coal_only).revenue == 70
    both = RouteContext(phase="3", coal_hexes=frozenset({"K4"}), steel_hexes=frozenset({"K10"}))
    assert _run(board, "3-0", LINE, both).revenue == 70 + 20
    late = RouteContext(phase="5", coal_hexes=frozenset({"K4"}), steel_hexes=frozenset({"K10"}))
    result = _run(board, "3-0", LINE, late)
    assert result.revenue == 70 + 40
    assert "Montan (=+40M)" in result.text


def test_montan_double_needs_two_coal_and_two_steel() -> None:
    ctx = RouteContext(phase="5", coal_hexes=frozenset({"K4", "K6"}),
                       steel_hexes=frozenset({"K10", "K2"}))
    result = _run(_aachen_line(), "3-0", LINE, ctx)
    assert result.revenue == 70 + 80
    assert "Montanx2" in result.text


def _essen_board() -> dict:
    """Essen D13 with a yellow Y tile towards both Eastern Ruhr hexes, BME token there."""
    board = hexmap.initial_board()
    _lay(board, "D13", "201", 3)  # exits 3 (C14) and 4 (D15)
    board["D13"]["tokens"] = [["BME"]]
    return board


def test_eastern_ruhr_links_are_read_from_the_board() -> None:
    assert routes.eastern_ruhr_links(_essen_board()) == 2
    assert tiles.new_er_links("D13", "201", 3) == [("D13", 3), ("D13", 4)]


def test_eastern_ruhr_pays_10_per_link_and_its_edge_gives_steel() -> None:
    ctx = RouteContext(phase="3", coal_hexes=frozenset({"D13"}))
    result = _run(_essen_board(), "2-0", ["D13-0", "C14-0"], ctx, corp="BME")
    # Essen 30 + C14 city 0 (steel edge) 10 + 2 links 20 + Montan 20.
    assert result.revenue == 80
    assert "2 links (=+20M)" in result.text


def test_a_route_may_not_join_both_eastern_ruhr_hexes() -> None:
    with pytest.raises(RouteError, match="both C14 and D15"):
        _run(_essen_board(), "2-0", ["C14-0", "D13-0", "D15-1"], corp="BME")


def test_route_of_one_metropolis_hex_only_is_illegal() -> None:
    board = hexmap.initial_board()
    _lay(board, "F9", "X921", 0)
    board["F9"]["tokens"] = [["DEE"], [None, None]]
    with pytest.raises(RouteError, match="one metropolis hex"):
        _run(board, "2-0", ["F9-0", "F9-1"], corp="DEE")


def test_green_metropolis_tokens_block_only_when_three_are_there() -> None:
    board = hexmap.initial_board()
    _lay(board, "F9", "X921", 0)
    board["F9"]["tokens"] = [["DEE"], ["BME", None]]
    assert routes._neutral_hexes(board, "ADR") == {"F9"}
    board["F9"]["tokens"] = [["DEE"], ["BME", "CCE"]]
    assert routes._neutral_hexes(board, "ADR") == set()
    assert routes._neutral_hexes(board, "CCE") == {"F9"}


def test_best_routes_finds_the_whole_line_for_a_3_train() -> None:
    best = routes.best_routes(_aachen_line(), "ADR", ["3-0"], RouteContext(phase="3"))
    assert [r.revenue for r in best] == [70]
    assert sorted(best[0].stops) == sorted(LINE)


def test_best_routes_splits_between_two_trains_without_sharing_track() -> None:
    board = _aachen_line()
    assert routes.total_revenue(
        routes.best_routes(board, "ADR", ["2-0", "2-1"], RouteContext(phase="3"))) == 50
    board["K10"]["tokens"] = [["ADR"]]
    best = routes.best_routes(board, "ADR", ["2-0", "2-1"], RouteContext(phase="3"))
    # K2-K4-K6 (50) and K6-K8-K10 (40) use different track; K6 may be in both.
    assert routes.total_revenue(best) == 90
    assert best[0].mask & best[1].mask == 0


def test_rheingold_express_may_not_visit_other_red_hexes() -> None:
    from tests.test_rhl18map_helpers import board_of, states

    final = states()[max(states())]
    board = board_of(final)
    ctx = RouteContext(phase="8")
    best = routes.best_routes(board, "KEG", ["8-0"], ctx)
    assert best and best[0].revenue >= 440
    for stop in best[0].stops:
        hex_id = stop.rsplit("-", 1)[0]
        assert hex_id in routes.RGE_HEXES or hexmap.hex_info(hex_id).color != "red"
    # CCE's recorded 5-train run from Berlin Minden (B15) is no Rheingold Express route.
    from tests.test_rhl18map_helpers import game

    action = next(a for a in game()["actions"] if a["id"] == 607)
    board = board_of(states()[607])
    recorded = routes.from_18xx(board, "CCE", action["routes"][0], "8")
    assert routes.validate_routes(board, "CCE", [recorded], ctx)[0].revenue == 350
    with pytest.raises(RouteError, match="Rheingold Express"):
        routes.validate_routes(board, "CCE", [{**recorded, "train": "8-0"}], ctx)


def test_search_budget_stops_with_a_valid_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.test_rhl18map_helpers import board_of, states

    final = states()[max(states())]
    board = board_of(final)
    ctx = RouteContext(phase="8", coal_hexes=frozenset({"C12"}), steel_hexes=frozenset({"E6"}))
    full = routes.best_routes(board, "DEE", ["6-0", "6-3"], ctx)
    monkeypatch.setattr(routes, "SEARCH_BUDGET", 50)
    routes._best_cached.cache_clear()
    cut = routes.best_routes(board, "DEE", ["6-0", "6-3"], ctx)
    routes._best_cached.cache_clear()
    assert routes.total_revenue(cut) <= routes.total_revenue(full)
    again = routes.validate_routes(board, "DEE", [
        {"train": r.train, "stops": r.stops, "connections": r.connections} for r in cut], ctx)
    assert [r.revenue for r in again] == [r.revenue for r in cut]
