"""18Rhl replay parity against the reference engine's per-action traces."""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path

import pytest

from engine import RuleError
from engine.rhl18 import importer, snapshot
from engine.rhl18 import rules as R

FIX = Path(__file__).parent / "fixtures" / "18rhl"
MAIN = "18Rhl_game_end_bank"


def _load(name: str) -> tuple[dict, dict[int, dict]]:
    game = importer.load_json(FIX / f"{name}.json.gz")
    with gzip.open(FIX / f"{name}.states.jsonl.gz", "rt", encoding="utf-8") as handle:
        refs = {}
        for line in handle:
            record = json.loads(line)
            refs[record["after_action_id"]] = record["state"]
    return game, refs


def _replay_and_compare(name: str) -> tuple[dict, int]:
    game, refs = _load(name)
    matched = 0
    state = None
    for state, raw in importer.replay_iter(game):
        aid = 0 if raw is None else raw["id"]
        ours = snapshot.normalise(snapshot.snapshot(state))
        found = snapshot.diff(ours, snapshot.normalise(refs[aid]))
        assert found is None, f"after action {aid} ({raw and raw['type']}): {found}"
        assert state["bank"] + sum(state["cash"]) + sum(
            c["cash"] for c in state["corps"].values()) == 9000, f"money after {aid}"
        matched += 1
    assert state is not None
    return state, matched


def test_undo_filtering_matches_effective_count() -> None:
    game, refs = _load(MAIN)
    effective = importer.filter_actions(game["actions"])
    assert len(effective) == 510
    assert [a["id"] for a in effective] == [k for k in refs if k]


def test_undo_with_action_id_removes_the_range() -> None:
    actions = [{"type": "pass", "id": i} for i in range(1, 5)]
    actions.append({"type": "undo", "id": 5, "action_id": 2})
    actions.append({"type": "pass", "id": 6})
    assert [a["id"] for a in importer.filter_actions(actions)] == [1, 2, 6]


def test_redo_restores_the_undone_group() -> None:
    actions = [{"type": "pass", "id": 1}, {"type": "pass", "id": 2},
               {"type": "undo", "id": 3}, {"type": "redo", "id": 4}]
    assert [a["id"] for a in importer.filter_actions(actions)] == [1, 2]


def test_main_fixture_every_state_and_result() -> None:
    state, matched = _replay_and_compare(MAIN)
    assert matched == 511  # the setup plus all 510 effective actions
    assert state["finished"] and state["end_reason"] == "bank"
    assert importer.result_of(state) == {"579": 9939, "635": 8729, "13627": 9115}


ALL_GENERATED = sorted(p.name[: -len(".json.gz")] for p in FIX.glob("rhl_gen_*.json.gz")
                       if not p.name.endswith(".states.jsonl.gz"))
# A few games in the default suite: bankruptcies and receivership (5p_51015), partial
# president's-certificate sales and Ratingen (6p_61008), all optional rules (5p_51006).
QUICK = ["rhl_gen_5p_51015", "rhl_gen_6p_61008_pt_rv", "rhl_gen_5p_51006_all"]


def _check_generated(name: str) -> None:
    game, _ = _load(name)
    state, matched = _replay_and_compare(name)
    assert matched == len(importer.filter_actions(game["actions"])) + 1
    assert state["finished"] and state["end_reason"] == game["game_end_reason"]
    assert importer.result_of(state) == {k: int(v) for k, v in game["result"].items()}


@pytest.mark.parametrize("name", QUICK)
def test_generated_game_every_state_and_result(name: str) -> None:
    _check_generated(name)


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("RHEINBOT_SLOW") != "1", reason="set RHEINBOT_SLOW=1")
@pytest.mark.parametrize("name", ALL_GENERATED)
def test_every_generated_game_every_state_and_result(name: str) -> None:
    _check_generated(name)


def test_all_18_generated_games_are_present() -> None:
    assert len(ALL_GENERATED) == 18


def test_setup_lcg_places_coal_and_steel() -> None:
    state = R.new_game([579, 635, 13627], {}, 23692664)
    assert (state["coal"], state["steel"]) == ("C12", "E6")
    assert state["bank"] == 7200


def _tampered(change) -> dict:
    game, _ = _load(MAIN)
    for action in game["actions"]:
        change(action)
    return game


def test_strict_replay_rejects_a_wrong_revenue() -> None:
    def change(action: dict) -> None:
        if action["id"] == 63:  # RhE runs I10-K6 for 50
            action["routes"][0]["revenue"] = 60

    with pytest.raises(RuleError):
        importer.replay(_tampered(change))
    # Trusting mode takes the recorded number, as the reference does when not strict.
    state = importer.replay(_tampered(change), trust=True)
    assert state["finished"]


def test_strict_replay_rejects_an_illegal_tile_rotation() -> None:
    def change(action: dict) -> None:
        if action["id"] == 32:  # RhE lays 9 on J9 at rotation 0
            action["rotation"] = 1

    with pytest.raises(RuleError):
        importer.replay(_tampered(change))


def test_imported_game_continues_through_the_contract() -> None:
    game, _ = _load(MAIN)
    actions = importer.filter_actions(game["actions"])[:200]
    imported = importer.import_game(dict(game, actions=actions))
    assert imported["num_players"] == 3 and imported["result"] is None
    state = imported["state"]
    from engine import get_game

    rhl = get_game("18rhl")
    seat = rhl.active(state)[0]
    move = rhl.legal(state, seat)[0]
    rhl.apply(state, seat, move)
    assert rhl.load(rhl.dump(state)) == state


def test_route_finder_reproduces_or_beats_every_recorded_run() -> None:
    from engine.rhl18 import flow, legal

    game, _ = _load(MAIN)
    best = None
    runs = 0
    for state, raw in importer.replay_iter(game):
        if raw is not None and raw["type"] == "run_routes" and best is not None:
            assert best >= sum(r["revenue"] for r in raw["routes"]), f"action {raw['id']}"
            runs += 1
        best = None
        rnd = state["round"]
        if rnd["type"] == "Operating" and not rnd["discard"] and rnd["step"] == "Route":
            best = sum(r["revenue"] for r in legal.best_routes(state, flow.current_corp(state)))
    assert runs == 84
