"""Rulings A2 and Q: the board checker refuses every adjacency A2 does not allow, since the
components help invites tables to edit ``board.json`` (issue 18: ``["L12","R13"]``, L12-R20 and
L12-L14 used to pass ``validate(data, full=True)``)."""

from __future__ import annotations

import copy
import json

import pytest

from engine.rheinlaender.board import BOARD_FILE, BoardError, validate

HOUSE = json.loads(BOARD_FILE.read_text(encoding="utf-8"))


def _with(*pairs: list[str]) -> dict:
    data = copy.deepcopy(HOUSE)
    data["adjacent"] += [list(pair) for pair in pairs]
    return data


def test_the_house_board_passes():
    validate(copy.deepcopy(HOUSE), full=True)


@pytest.mark.parametrize("pair", [
    ["L12", "R13"], ["L12", "R20"], ["L12", "L14"],   # the three the issue found
    ["R13", "L12"], ["T12", "R13"], ["R12", "R14"], ["T5", "T3"], ["L12", "T12"],
    ["L9", "I10/11"], ["I10/11", "R13"], ["I10/11", "T12"], ["R8", "I10/11"],
])
def test_an_adjacency_ruling_a2_does_not_allow_is_refused(pair):
    with pytest.raises(BoardError, match="cannot be neighbours: ruling A2"):
        validate(_with(pair), full=True)


@pytest.mark.parametrize("pair", [
    ["L12", "L13"], ["R12", "T12"], ["R12", "R13"], ["L10", "I10/11"], ["T11", "I10/11"],
    ["R9", "I10/11"], ["I10/11", "R12"],
])
def test_a_pair_ruling_a2_allows_passes_again(pair):
    # already on the board: listed twice it is still a pair A2 allows
    validate(_with(pair), full=True)


def test_a_realm_bordering_more_than_its_two_spaces_is_still_refused():
    realm = next(s for s in HOUSE["spaces"] if s["kind"] == "realm")
    far = "L30" if realm["borders"][0] != "L30" else "L40"
    with pytest.raises(BoardError, match="border exactly its two listed land spaces"):
        validate(_with([realm["id"], far]), full=True)
