"""18Rhl replay parity against the reference engine's per-action traces."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

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


GENERATED = {
    "rhl_gen_3p_31001": {"1": 5655, "2": 8384, "3": 7308},
    "rhl_gen_4p_41010_rv": {"1": 2297, "2": 6915, "3": 5818, "4": 5155},
    "rhl_gen_5p_51006_all": {"1": 7870, "2": 3097, "3": 3895, "4": 4554, "5": 2344},
}


@pytest.mark.parametrize("name", sorted(GENERATED))
def test_generated_game_every_state_and_result(name: str) -> None:
    state, _ = _replay_and_compare(name)
    assert state["finished"] and state["end_reason"] == "bank"
    assert importer.result_of(state) == GENERATED[name]


def test_setup_lcg_places_coal_and_steel() -> None:
    state = R.new_game([579, 635, 13627], {}, 23692664)
    assert (state["coal"], state["steel"]) == ("C12", "E6")
    assert state["bank"] == 7200
