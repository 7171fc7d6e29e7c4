"""The incremental semi-restrictive track check (``routes.Network``) answers exactly as the
whole-network walk does, for every tile and rotation tried at the recorded games' lays."""

from __future__ import annotations

import pytest

from engine.rhl18 import routes, tiles
from tests.test_rhl18map_helpers import GENERATED, MAIN, board_of, lay_points, options

COLOURS = ("yellow", "green", "brown", "gray")


def _candidates(board: dict, corp: str, network: routes.Network, phase: str, opts: frozenset):
    """Every (hex, tile, rotation) on the network's hexes that passes the checks made before
    the track rule (so the rule is what decides), as in a legal() enumeration."""
    names = [n for n, rec in tiles.supply().items() if rec["color"] in COLOURS]
    for hex_id in sorted(network.connected):
        cell = board[hex_id]
        if not tiles.tile(cell["tile"]).paths:
            continue
        for name in names:
            for rotation in range(6):
                if tiles.upgrade_reason(board, hex_id, name, rotation, phase, opts) is None:
                    yield hex_id, name, rotation


@pytest.mark.parametrize("name", [MAIN, *sorted(GENERATED)[:1]])
def test_network_answers_like_the_whole_walk(name: str) -> None:
    opts = options(name) if name != MAIN else frozenset()
    answers = {True: 0, False: 0}
    quick_checked = 0
    for action, state in lay_points(name)[::3]:
        if action["entity_type"] == "company":
            continue
        board, corp = board_of(state, opts), action["entity"]
        network = routes.Network(board, corp)
        assert network.connected == routes.connected_edges(board, corp)
        assert network.arrivals == routes.walk_arrivals(board, corp)
        for hex_id, tile, rotation in _candidates(board, corp, network, "8", opts):
            whole = routes.uses_new_track(board, corp, hex_id, tile, rotation)
            assert network.uses_new_track(hex_id, tile, rotation, quick=False) == whole, \
                (action["id"], hex_id, tile, rotation)
            quick = routes.uses_new_track(board, corp, hex_id, tile, rotation,
                                          network.arrivals)
            assert network.uses_new_track(hex_id, tile, rotation) == quick
            answers[whole] += 1
            quick_checked += 1
    # Both answers occur often: the comparison is not vacuous.
    assert answers[True] > 50 and answers[False] > 50, answers
    assert quick_checked > 100
