"""Rheinländer: the house board fits every published fact; the validator rejects bad boards
(rulings Q, S51)."""

import copy
import json

import pytest

from engine.rheinlaender.board import BOARD_FILE, BoardError, get_board, validate
from engine.rheinlaender.scenario import rulings_board_data


def house():
    return json.loads(BOARD_FILE.read_text(encoding="utf-8"))


def test_house_board_is_marked_house_made_and_passes_every_check():
    data = house()
    assert data["source"] == "house" and "house" in data["markers"]["source"]
    validate(data, full=True)


def test_house_board_facts():
    board = get_board()
    assert list(board.numbers) == list(range(1, 55))
    assert len(board.realm_spaces) == 26
    islands = [s for s, r in board.spaces.items() if r["bank"] == "I"]
    assert islands and all(len(board.spaces[s]["areas"]) == 2 for s in islands)
    for k in board.numbers:
        assert len(board.area_land[k]) >= 2
        land_neighbours = {n for s in board.area_spaces(k) for n in board.neighbours[s]
                           if board.is_land(n) and k not in board.spaces[n]["areas"]}
        assert len(land_neighbours) >= 2, k
    for realm in board.realm_spaces:
        first, second = board.spaces[realm]["borders"]
        assert second in board.neighbours[first]
        assert board.spaces[first]["bank"] == board.spaces[second]["bank"] != "I"
    for record in board.spaces.values():
        assert "centre" in record and (record["kind"] == "realm" or len(record["poly"]) >= 4)


def test_a2_ordinary_area_adjacency_on_the_house_board():
    board = get_board()
    assert set(board.neighbours["R30"]) == {"L30", "T30", "R29", "R31"}
    assert set(board.neighbours["L30"]) - {"L29", "L31", "R30"} <= set(board.realm_spaces)
    assert "T30" not in board.neighbours["L30"]
    assert set(board.neighbours["I10/11"]) == {"L10", "L11", "T10", "T11", "R9", "R12"}


def _broken(change):
    data = rulings_board_data({"C1": ("castle", 0, ["L12", "L13"])}, island=True)
    change(data)
    return data


def _realm(data):
    return next(s for s in data["spaces"] if s["id"] == "C1")


def _set_borders(data, borders):
    _realm(data)["borders"] = borders
    data["adjacent"] = [p for p in data["adjacent"] if "C1" not in p]
    data["adjacent"] += [["C1", b] for b in borders]


@pytest.mark.parametrize("change", [
    lambda d: _set_borders(d, ["L12", "L14"]),        # not adjacent to each other
    lambda d: _set_borders(d, ["L12", "T13"]),        # different banks
    lambda d: _set_borders(d, ["L20", "I20/21"]),     # borders an island space
    lambda d: d["adjacent"].append(["L5", "T6"]),     # banks touch directly
    lambda d: next(s for s in d["spaces"] if s["id"] == "I20/21").update(areas=[20]),
    lambda d: next(s for s in d["spaces"] if s["id"] == "I20/21").update(areas=[19, 20, 21]),
    lambda d: d.update(adjacent=[p for p in d["adjacent"] if not (
        {"L30", "L31"} == set(p) or {"T30", "T31"} == set(p) or {"R30", "R31"} == set(p))]),
    lambda d: d.update(adjacent=[p for p in d["adjacent"] if {"R5", "R6"} != set(p)]),
    lambda d: d.update(adjacent=[p for p in d["adjacent"] if {"L5", "L6"} != set(p)]),
])
def test_s51_validator_rejects_bad_boards(change):
    validate(_broken(lambda d: None), full=False)
    with pytest.raises(BoardError):
        validate(_broken(change), full=False)


def test_validator_full_counts():
    data = house()
    broken = copy.deepcopy(data)
    broken["markers"]["castle"] = 8
    with pytest.raises(BoardError):
        validate(broken, full=True)
