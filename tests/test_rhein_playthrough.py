"""Whole seeded games: random legal play for every player count and variant, plus a
steadier random player that reaches the last round, checking invariants on the way."""

import os

import pytest
from rhein_helpers import GAME, containers_total

from engine.core import new_rng, rng_below
from engine.playthrough import random_playthrough, replay
from engine.rhein import data

VARIANTS = [{}, {"under_pressure": True}, {"relax": True}]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("options", VARIANTS, ids=["standard", "under-pressure", "relax"])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_playthrough_ends_with_a_result(players, options, seed):
    run = random_playthrough(GAME, players, options, seed=seed)
    assert run.finished
    result = GAME.result(run.state)
    assert sorted(s.seat for s in result) == list(range(players))
    assert result[0].rank == 1
    again = replay(GAME, players, options, seed, run.moves)
    assert again == run.state


def steady_choice(state, seat, moves, rng):
    """Prefer real moves over mortgages; bid low; end turns now and then."""
    kinds = {}
    for move in moves:
        kinds.setdefault(move["type"], []).append(move)
    if "bid" in kinds and rng_below(rng, 3):
        return min(kinds["bid"], key=lambda m: m["amount"])
    if "fulfil" in kinds:
        return max(kinds["fulfil"], key=lambda m: m["n"])
    if "pass" in kinds:
        return kinds["pass"][0]
    useful = [m for m in moves if m["type"] not in ("mortgage", "repay", "done", "bid")]
    if useful and rng_below(rng, 4):
        return useful[rng_below(rng, len(useful))]
    if "done" in kinds:
        return kinds["done"][0]
    return moves[rng_below(rng, len(moves))]


def check_invariants(state):
    for seat in range(state["n"]):
        if state["out"][seat] is None:
            assert containers_total(state, seat) == data.CONTAINERS
            assert state["capital"][seat] >= 0
        for truck in state["trucks"][seat].values():
            assert (truck["where"] == "board") == (truck["load"] > 0)
            assert truck["load"] <= data.TRUCK.capacity
    for key, transport in state["transports"].items():
        spec = data.TRANSPORT_BY_KEY[key]
        assert sum(transport["load"]) <= spec.capacity
        assert len(transport["markers"]) == len(set(transport["markers"])) <= spec.markers
        assert data.BASEL not in transport["markers"]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("options", VARIANTS, ids=["standard", "under-pressure", "relax"])
def test_steady_games_reach_the_end_with_invariants(players, options):
    state = GAME.setup(players, options, seed=players * 7)
    rng = new_rng(players)
    seen_phases = set()
    for _ in range(20000):
        if GAME.result(state) is not None:
            break
        seat = GAME.active(state)[0]
        moves = GAME.legal(state, seat)
        assert moves, "dead end"
        move = steady_choice(state, seat, moves, rng)
        texts = [GAME.format(state, m) for m in moves]
        assert len(set(texts)) == len(texts)  # one notation per move
        assert len({GAME.label(state, m) for m in moves}) == len(moves)  # buttons differ
        assert GAME.parse(state, seat, GAME.format(state, move)) == move
        assert len(GAME.label(state, move)) <= 100
        GAME.apply(state, seat, move)
        seen_phases.add(state["phase"])
        check_invariants(state)
    result = GAME.result(state)
    assert result is not None
    assert state["round"] == state["rounds"] or any(o is not None for o in state["out"])
    assert seen_phases >= {1, 2, 3, 4, 6}


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("RHEINBOT_SLOW") != "1", reason="set RHEINBOT_SLOW=1")
def test_fuzz_many_seeds():
    for seed in range(300):
        players = 2 + seed % 4
        options = VARIANTS[seed % 3]
        assert random_playthrough(GAME, players, options, seed=seed).finished
        state = GAME.setup(players, options, seed=seed)
        rng = new_rng(seed)
        while GAME.result(state) is None:
            seat = GAME.active(state)[0]
            GAME.apply(state, seat, steady_choice(state, seat, GAME.legal(state, seat), rng))
            check_invariants(state)


def purposeful_choice(state, seat, moves, rng):
    """A player with a plan: carry containers toward its own orders, unload there, fulfil."""
    by_kind = {}
    for move in moves:
        by_kind.setdefault(move["type"], []).append(move)
    targets = {data.CARD_BY_ID[o["card"]].city for o in state["orders"][seat]}
    if "fulfil" in by_kind:
        return max(by_kind["fulfil"], key=lambda m: m["n"])
    if "retake" in by_kind and rng_below(rng, 2):
        return by_kind["retake"][0]
    if "take" in by_kind:
        return by_kind["take"][rng_below(rng, len(by_kind["take"]))]
    if "bid" in by_kind:
        low = min(by_kind["bid"], key=lambda m: m["amount"])
        if low["amount"] <= 2 or "pass" not in by_kind:
            return low
    if "pass" in by_kind:
        return by_kind["pass"][0]
    if state["step"] == "load":
        for move in by_kind.get("load", []):
            spec = data.TRANSPORT_BY_KEY.get(move["transport"])
            transport = state["transports"].get(move["transport"])
            if not spec or transport["load"][seat] or transport["pos"] is not None:
                continue
            if any(city in targets for city in range(1, 15)
                   if spec.kind in data.CITY_BY_NUMBER.get(city, data.CITIES[0]).services
                   and city in data.CITY_BY_NUMBER and abs(city) <= spec.speed * 2):
                need = max(spec.min_load - sum(transport["load"]), 3)
                if move["n"] == need:
                    return move
    if state["step"] == "reserve":
        for move in by_kind.get("reserve", []):
            if move["city"] in targets:
                return move
    if state["step"] == "stop" and state["stop"]["city"] in targets:
        unloads = by_kind.get("unload", [])
        if unloads:
            return max(unloads, key=lambda m: m["n"])
    if state["step"] == "trucks":
        for move in by_kind.get("move", []):
            if move["city"] in targets:
                return move
        if by_kind.get("unload"):
            return max(by_kind["unload"], key=lambda m: m["n"])
    if "done" in by_kind:
        return by_kind["done"][0]
    return moves[rng_below(rng, len(moves))]


@pytest.mark.parametrize(("players", "seed"), [(4, 2), (2, 32), (5, 23)])
def test_purposeful_relax_games_play_every_round_and_retake(players, seed):
    state = GAME.setup(players, {"relax": True}, seed=seed)
    rng = new_rng(seed)
    kinds = set()
    while GAME.result(state) is None:
        seat = GAME.active(state)[0]
        move = purposeful_choice(state, seat, GAME.legal(state, seat), rng)
        kinds.add(move["type"])
        GAME.apply(state, seat, move)
        check_invariants(state)
    assert state["round"] == state["rounds"]
    assert sum(o is None for o in state["out"]) >= 2
    assert {"take", "bid", "load", "reserve", "unload", "fulfil"} <= kinds
    assert players == 2 or "retake" in kinds
