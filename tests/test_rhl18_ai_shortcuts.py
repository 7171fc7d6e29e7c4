"""The 18Rhl AI's shortcuts answer as the long way does: a lay weighed without its log
lines (``Rhl18Game.play_quietly``) leaves the state ``apply`` leaves, forced passes
included, and the route search's graph, walked only from the corporation's tokens, holds
every segment of the whole board's graph that a route can use."""

from __future__ import annotations

import json
from functools import cache

import pytest

from engine import ai
from engine.core import copied
from engine.rhl18 import routes
from engine.rhl18.game import GAME

SEED = 5001
MOVES = 220  # into the second operating rounds: lays, tokens, runs and forced passes


@cache
def _positions(auto: bool) -> list[tuple[dict, int, list[dict]]]:
    """(state, seat, moves) along a seeded all-normal 4-player game."""
    state = GAME.setup(4, {"auto_pass": auto}, SEED)
    found = []
    for version in range(MOVES):
        seat = GAME.active(state)[0]
        moves = GAME.legal(state, seat)
        found.append((copied(state), seat, moves))
        GAME.apply(state, seat, ai.choose(GAME, state, seat, "normal",
                                          ai.move_seed(SEED, version, seat), strict=True))
    return found


@pytest.mark.parametrize("auto", [False, True])
def test_a_quiet_move_leaves_the_state_apply_leaves(auto: bool) -> None:
    compared = 0
    seen: set[str] = set()
    for index, (state, seat, moves) in enumerate(_positions(auto)):
        # the lays the AI weighs, and at every third position the first move of each kind
        firsts = {m["type"]: m for m in reversed(moves) if m["type"] != "lay_tile"}
        more = list(firsts.values()) if index % 3 == 0 else []
        for move in [m for m in moves if m["type"] == "lay_tile"][:2] + more:
            loud, quiet = copied(state), copied(state)
            GAME.apply(loud, seat, move)
            GAME.play_quietly(quiet, move)
            # key order too (the rules walk the board in it); marshal's bytes differ by
            # which strings happen to be interned
            assert quiet == loud and json.dumps(quiet) == json.dumps(loud), move
            compared += 1
            seen.add(move["type"])
    assert compared > 150 and {"lay_tile", "place_token", "run_routes", "pass"} <= seen


def test_the_search_graph_keeps_every_segment_a_route_can_use() -> None:
    checked = 0
    for state, _seat, _moves in _positions(False)[::20]:
        board = state["board"]
        for sym, corp in state["corps"].items():
            if corp["tokens"][0]["city"] is None:
                continue
            whole = routes._build_graph(board, sym, state["phase"])
            search = routes._build_graph(board, sym, state["phase"], whole=False)
            assert search.nodes == whole.nodes  # numbered alike: ties break alike
            for n in routes._component(whole):
                # the same segments in the same order; the track bits are numbered apart
                assert [(v, c) for v, _m, c in search.adj[n]] == \
                    [(v, c) for v, _m, c in whole.adj[n]]
                checked += 1
            assert routes._component(search) == routes._component(whole)
    assert checked > 100


def test_typed_moves_are_matched_against_the_remembered_listing(monkeypatch) -> None:
    """The prompt lists a seat's moves, then the player types one (and the notation check
    parses every listed move back): ``legal.moves`` runs once for the position."""
    from engine.rhl18 import legal

    state, seat, _moves = _positions(False)[150]
    calls = []
    real = legal.moves
    monkeypatch.setattr(legal, "moves", lambda *args: calls.append(args) or real(*args))
    GAME._legal_cache.clear()
    listed = GAME.legal(state, seat)
    for move in listed:
        assert GAME.parse(state, seat, GAME.format(state, move)) == move
    assert len(calls) == 1 and len(listed) > 1


def test_a_lay_is_checked_on_the_network_its_listing_walked(monkeypatch) -> None:
    """The rules check a lay against the corporation's network of the board legal() listed
    it on (``routes.network``, remembered per board), not by walking it again (that the
    network answers as the walk does: tests/test_rhl18_network.py)."""
    from engine.rhl18 import routes as RT

    walks = []
    real = RT.connected_edges
    monkeypatch.setattr(RT, "connected_edges", lambda *args: walks.append(args) or real(*args))
    tried = 0
    for state, seat, moves in _positions(False):
        lays = [m for m in moves if m["type"] == "lay_tile" and m["entity"] in state["corps"]]
        for lay in lays[:2]:
            GAME.apply(copied(state), seat, lay)
            tried += 1
    assert tried > 20 and walks == []
