"""18Rhl labels name what a move really costs: the recorded games' pars, share purchases and
stations take from the mover what the move's label said. Floating RhE costs its private's
winner nothing (the director's share came with the private), so the label says so rather
than "costs 160M"; a station a private places still costs its price."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import engine
from bot.service.rhl18_steps import next_step
from engine.rhl18 import flow as F
from engine.rhl18 import importer, notation
from engine.text import say

FIX = Path(__file__).parent / "fixtures" / "18rhl"
GAME = engine.get_game("18rhl")
PRICED = ("par", "buy_shares", "place_token")


def _purse(state: dict, entity: object) -> int:
    return state["cash"][entity] if isinstance(entity, int) else state["corps"][entity]["cash"]


def _priced_moves(name: str) -> Iterator[tuple[dict, dict, int]]:
    """Each recorded priced move with the state before it and what it took from its mover,
    leaving out moves that start an operating round (its private revenue muddles the sum)."""
    game = importer.load_json(FIX / f"{name}.json.gz")
    ids, _options, _seed = importer.setup_from(game)
    seats = {pid: i for i, pid in enumerate(ids)}
    state, _ = next(importer.replay_iter(game))
    for raw in importer.filter_actions(game["actions"]):
        action = importer.convert(raw, seats)
        if action["type"] in PRICED:
            before, kind, step = (_purse(state, action["entity"]), state["round"]["type"],
                                  state["round"].get("step"))
            cost = notation.cost_of(state, action)
            F.process(state, action)
            if state["round"]["type"] == kind or state["round"]["type"] != "Operating":
                yield action, {"step": step}, cost - (before - _purse(state, action["entity"]))
        else:
            importer.play(state, action)
        for auto in raw.get("auto_actions") or []:
            F.process(state, importer.convert(auto, seats))


@pytest.mark.parametrize(("name", "case"), [
    ("18Rhl_game_end_bank", ("par", True, None)),
    ("rhl_gen_3p_31002_all", ("place_token", False, "SpecialToken"))])
def test_a_priced_move_takes_what_its_label_says(name: str, case: tuple) -> None:
    seen = set()
    for action, where, off in _priced_moves(name):
        assert off == 0, (action, where)
        seen.add((action["type"], action.get("corporation") == "RhE", where["step"]))
    assert case in seen


def _before_rhe_par() -> dict:
    game = importer.load_json(FIX / "18Rhl_game_end_bank.json.gz")
    for state, _raw in importer.replay_iter(game):
        if state["round"].get("pending_par"):
            return state
    raise AssertionError("no RhE par in the recorded game")


def test_floating_rhe_says_it_costs_nothing_in_the_list_and_the_step_menu() -> None:
    state = _before_rhe_par()
    seat = GAME.active(state)[0]
    pars = [m for m in GAME.legal(state, seat) if m["type"] == "par"]
    assert pars
    for move in pars:
        de, en = say(GAME.label(state, move), "de"), say(GAME.label(state, move), "en")
        assert "kostenlos" in de and "kostet 1" not in de, de
        assert "free" in en and "costs" not in en, en
    _placeholder, options = next_step(GAME, state, seat, "par rhe", "de")
    assert options and all("du zahlst nichts" in label for label, _value in options), options
    cash = list(state["cash"])
    GAME.apply(state, seat, pars[0])
    assert state["cash"] == cash
