"""18Rhl's special stops and bonuses, each on a route the reference engine ran in a recorded
game (tests/fixtures/18rhl), replayed through our engine: Boxtel (C2), Roermond (G2) with the
Iron Rhine bonus, Siegerland (J15) as the steel for Montan, the Trajekt (a green Rhine
metropolis crossed by ferry), and the 30M water cost of C8 by Wesel.

Each route's value is worked out here from the rules (stop values of the phase, then the
bonuses) and must equal both our engine's value and the one the reference recorded. The route
finder, which keeps its own bonus sums while it searches, must find at least as much, and its
answer must be worth to the validator what the finder said."""

from __future__ import annotations

import marshal
from functools import cache
from pathlib import Path

import pytest

from engine.rhl18 import importer
from engine.rhl18 import legal as L
from engine.rhl18 import routes as RT
from engine.text import say
from tests.test_rhl18map_helpers import states

FIX = Path(__file__).parent / "fixtures" / "18rhl"
MAIN = "18Rhl_game_end_bank"
G3 = "rhl_gen_3p_31001"
G3PT = "rhl_gen_3p_31014_pt"
WANTED = {MAIN: {187}, G3: {328, 441, 444, 452}, G3PT: {453}}


@cache
def _before(name: str) -> dict[int, tuple[bytes, dict]]:
    """Our state just before each wanted action, with the recorded action."""
    game = importer.load_json(FIX / f"{name}.json.gz")
    out: dict[int, tuple[bytes, dict]] = {}
    before = None
    for state, raw in importer.replay_iter(game):
        if raw is not None and raw["id"] in WANTED[name]:
            out[raw["id"]] = (before, raw)
            if len(out) == len(WANTED[name]):
                break
        before = marshal.dumps(state)
    return out


def before(name: str, action_id: int) -> tuple[dict, dict]:
    frozen, raw = _before(name)[action_id]
    return marshal.loads(frozen), raw


def _recorded(name: str, action_id: int, train: str) -> tuple[dict, dict]:
    state, raw = before(name, action_id)
    assert raw["type"] == "run_routes"
    return state, next(r for r in raw["routes"] if r["train"] == train)


def _stop_values(state: dict, corp: str, stops: list[str]) -> dict[str, int]:
    graph = RT.build_graph(state["board"], corp, state["phase"])
    values = {n.name: n.revenue for n in graph.nodes}
    return {s: values[s] for s in stops}


# (game, action, corporation, train, the stops' values in this phase, the bonuses, the text)
ROUTES = [
    # Boxtel, a red terminal city: 30M in the brown phase; C4 a town, E2 Venio 40M.
    (G3, 444, "KEG", "6-0", {"C2-0": 30, "C4-0": 10, "E2-0": 40}, 0, "C2-C4-E2"),
    # Roermond (20M from brown) with C14's coal city: +10M for the one Eastern Ruhr link,
    # +80M Iron Rhine; D9 crossed by ferry counts once, 10M less (40 - 10).
    (G3PT, 453, "KEG", "6-0",
     {"G2-0": 20, "F5-0": 20, "E6-0": 50, "E8-0": 20, "E8-1": 10, "D9-0": 30, "D9-1": 0,
      "C10-1": 10, "C12-0": 30, "C14-1": 10}, 10 + 80,
     "G2-F5-E6-E8-E8-D9[Tr]-C10-C12-C14 + 1 link (=+10M) + Iron Rhine (=+80M)"),
    # Siegerland is the steel (40M from brown), the variable coal mine is on J3 in this game:
    # Montan +40M in phase 6.
    (G3, 452, "RhE", "5-1",
     {"L1-0": 60, "K2-0": 40, "J3-0": 20, "I6-0": 10, "I10-0": 30, "I10-1": 0,
      "I12-0": 10, "J15-0": 40, "G12-1": 10}, 40,
     "L1-K2-J3-I6-I10[Tr]-I12-J15-G12 + Montan (=+40M)"),
    # The Trajekt in phase 3: Düsseldorf 40M, a town, Köln's two banks as one stop 40 - 10.
    (MAIN, 187, "RhE", "2-0", {"F9-1": 40, "G10-0": 10, "I10-1": 30, "I10-0": 0}, 0,
     "F9-G10-I10[Tr]"),
]


@pytest.mark.parametrize(("name", "action_id", "corp", "train", "values", "bonus", "text"),
                         ROUTES, ids=["boxtel", "iron_rhine", "siegerland", "trajekt"])
def test_a_recorded_route_is_worth_its_stops_and_bonuses(name, action_id, corp, train,
                                                         values, bonus, text) -> None:
    state, route = _recorded(name, action_id, train)
    ctx = L.route_context(state)
    result = RT.validate_18xx(state["board"], corp, route, ctx)
    assert result.stops == list(values)
    assert result.text == text == route["revenue_str"]
    worth = sum(values.values()) + bonus
    assert result.revenue == worth == route["revenue"]
    # The stop values of the phase, as the map gives them (a ferry's two banks are one stop,
    # 10M less: the second bank's value is not paid).
    raw = _stop_values(state, corp, result.stops)
    ferry = [s for s in result.stops if values[s] == 0]  # the far bank: no stop of its own
    for stop, value in values.items():
        if stop in ferry:
            continue
        paid = raw[stop] - (10 if any(s.split("-")[0] == stop.split("-")[0] for s in ferry)
                            else 0)
        assert paid == value, (stop, raw[stop], value)
    best = RT.best_routes(state["board"], corp, [train], ctx)
    assert RT.total_revenue(best) >= route["revenue"]
    again = RT.validate_routes(state["board"], corp, [
        {"train": r.train, "stops": r.stops, "connections": r.connections} for r in best], ctx)
    assert [r.revenue for r in again] == [r.revenue for r in best]


def test_boxtel_pays_10_before_the_brown_phase_and_30_from_it() -> None:
    state, _route = _recorded(G3, 444, "6-0")
    board = state["board"]
    for phase, value in (("2", 10), ("3", 10), ("4", 10), ("5", 30), ("6", 30)):
        graph = RT.build_graph(board, "KEG", phase)
        assert {n.name: n.revenue for n in graph.nodes}["C2-0"] == value, phase


def test_roermond_without_the_eastern_ruhr_gets_no_iron_rhine() -> None:
    # The reference gives the bonus exactly to the runs to Roermond that also stop at C14 or
    # D15 (our engine's value of each is checked against the record by the replays).
    game = importer.load_json(FIX / f"{G3PT}.json.gz")
    runs = [(a, r) for a in game["actions"] if a["type"] == "run_routes"
            for r in a["routes"] if "G2" in r.get("revenue_str", "").split("-")]
    plain = [r for _a, r in runs if "Iron Rhine" not in r["revenue_str"]]
    iron = [r for _a, r in runs if "Iron Rhine" in r["revenue_str"]]
    assert plain and iron
    assert all("C14" in r["revenue_str"] or "D15" in r["revenue_str"] for r in iron)
    assert not any("C14" in r["revenue_str"] or "D15" in r["revenue_str"] for r in plain)


def test_the_water_hex_by_wesel_costs_30_on_its_first_lay_only() -> None:
    """C8 (the Rhine by Wesel) costs 30M to build on; the tile laid there has no terrain
    cost, so its upgrade is free: the reference engine's cash says the same."""
    ref = states(G3)
    ids = sorted(ref)
    for action_id, corp, cost in ((328, "KEG", 30), (441, "GVE", 0)):
        state, raw = before(G3, action_id)
        assert raw["type"] == "lay_tile" and raw["hex"] == "C8" and raw["entity"] == corp
        seats = {pid: i for i, pid in enumerate(state["ids"])}
        cash = state["corps"][corp]["cash"]
        importer.play(state, importer.convert(raw, seats))
        assert cash - state["corps"][corp]["cash"] == cost
        then = ref[ids[ids.index(action_id) - 1]]["corporations"]
        now = ref[action_id]["corporations"]
        ref_cash = {c["id"]: c["cash"] for c in then}[corp] - \
            {c["id"]: c["cash"] for c in now}[corp]
        assert ref_cash == cost


def test_boxtel_with_another_corporations_token_is_no_end_for_a_route() -> None:
    # KEG has Boxtel's one slot: GVE, which could reach it over C4, may not end a route there.
    state, _route = _recorded(G3, 444, "6-0")
    assert state["board"]["C2"]["tokens"] == [["KEG"]]
    ctx = L.route_context(state)
    with pytest.raises(RT.RouteError) as caught:
        RT.validate_routes(state["board"], "GVE",
                           [{"train": "6-0", "stops": ["C2-0", "C4-0", "F5-0", "G6-1"]}], ctx)
    reason = caught.value.args[0]
    assert say(reason, "en") == ("C2 holds another corporation's token: a route may not begin "
                                 "or end there.")
    assert "{" not in say(reason, "de") and say(reason, "de") != say(reason, "en")
    best = RT.best_routes(state["board"], "GVE", ["6-0"], ctx)
    assert best and not any(s.startswith("C2-") for r in best for s in r.stops)
