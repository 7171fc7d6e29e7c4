"""Tile lays and upgrades in 18Rhl: the fixture's lays are legal, and each special rule."""

from __future__ import annotations

from engine.rhl18 import hexmap, tiles
from tests.test_rhl18map_helpers import board_of, game, states


def _lay(board: dict, hex_id: str, name: str, rotation: int) -> None:
    board[hex_id] = {"tile": name, "rotation": rotation,
                     "tokens": [[None] * c.slots for c in tiles.tile(name).cities]}


def _error(board: dict, hex_id: str, name: str, rotation: int, phase: str = "3",
           options: tuple = (), corp: str | None = None) -> str | None:
    return tiles.upgrade_error(board, hex_id, name, rotation, phase, options, corp)


def test_every_recorded_lay_is_legal_and_offered() -> None:
    by_id = states()
    ids = sorted(by_id)
    checked = 0
    for action in game()["actions"]:
        if action["type"] != "lay_tile" or action["id"] not in by_id:
            continue
        before = by_id[ids[ids.index(action["id"]) - 1]]
        board = board_of(before)
        name = action["tile"].rsplit("-", 1)[0]
        company = action["entity_type"] == "company"
        corp = None if company else action["entity"]
        assert tiles.upgrade_error(board, action["hex"], name, action["rotation"],
                                   before["phase"], (), corp, company) is None, action["id"]
        if corp:
            lays = tiles.legal_lays(board, corp, before["phase"], [name])
            wanted = tiles.path_signature(name, action["rotation"])
            assert any(h == action["hex"] and tiles.path_signature(t, r) == wanted
                       for h, t, r in lays), action["id"]
        checked += 1
    assert checked == 69


def test_metropolis_tiles_go_at_rotation_zero_with_their_label() -> None:
    board = hexmap.initial_board()
    assert _error(board, "F9", "X921", 0) is None
    assert "rotation 0" in _error(board, "F9", "X921", 1)
    assert "metropolis chain" in _error(board, "F9", "X923", 0)


def test_metropolis_chain_to_brown_and_gray() -> None:
    board = hexmap.initial_board()
    _lay(board, "I10", "X923", 0)
    assert _error(board, "I10", "928", 0, phase="5") is None
    assert _error(board, "I10", "927", 0, phase="5") is not None
    _lay(board, "I10", "928", 0)
    assert _error(board, "I10", "932", 0, phase="8") is None
    assert _error(board, "I10", "932V", 0, phase="8") is not None
    assert _error(board, "I10", "932V", 0, phase="8", options=("promotion_tiles",)) is None


def test_tile_colour_must_follow_the_order_and_the_phase() -> None:
    board = hexmap.initial_board()
    assert "yellow" in _error(board, "H7", "23", 0)
    assert "not available in phase 2" in _error(board, "K6", "15", 1, phase="2")
    assert _error(board, "K6", "15", 1, phase="3") is None


def test_single_and_double_town_chains() -> None:
    board = hexmap.initial_board()
    _lay(board, "C4", "3", 0)
    assert _error(board, "C4", "143", 0) is None
    assert "only become" in _error(board, "C4", "87", 0)
    _lay(board, "E8", "2", 0)
    assert _error(board, "E8", "87", 0) is None
    assert _error(board, "E8", "88", 0) is not None


def test_track_may_not_cross_an_impassable_border() -> None:
    board = hexmap.initial_board()
    # B7 has impassable borders on edges 0, 1 and 5; tile 8 at rotation 2 runs 2-4.
    assert _error(board, "B7", "8", 2) is None
    assert "impassable" in _error(board, "B7", "9", 0)


def test_stub_edge_must_be_used() -> None:
    board = hexmap.initial_board()
    assert "stub" in _error(board, "C8", "7", 0)  # edges 0-1 miss the stub at edge 3
    assert _error(board, "C8", "9", 0) is None  # edges 0-3


def test_labels_must_match() -> None:
    board = hexmap.initial_board()
    assert "label" in _error(board, "E6", "5", 0)
    assert _error(board, "E6", "201", 0) is None


def test_moers_takes_only_947_and_osterath_stays() -> None:
    board = hexmap.initial_board()
    assert _error(board, "D7", "947", 0, phase="5") is None
    assert "Moers" in _error(board, "D7", "216", 0, phase="5")
    _lay(board, "E8", "935", 1)
    assert "Osterath" in _error(board, "E8", "933", 0, phase="5")


def test_new_tile_must_reach_the_corporations_network() -> None:
    board = hexmap.initial_board()
    board["K2"]["tokens"] = [["ADR"]]
    lays = tiles.legal_lays(board, "ADR", "2", ["9", "4", "1"])
    assert {h for h, _t, _r in lays} == {"J3", "K4"}
    assert "no track or token connected" in _error(board, "H7", "9", 0, phase="2", corp="ADR")


def test_terrain_cost_is_printed_on_the_replaced_tile() -> None:
    board = hexmap.initial_board()
    assert tiles.lay_cost(board, "F11") == 60
    assert tiles.lay_cost(board, "D9") == 30
    assert tiles.lay_cost(board, "H7") == 0
    _lay(board, "D9", "X925", 0)
    assert hexmap.terrain_cost(board, "D9") == 50
    assert tiles.lay_cost(board, "D9", "Szl") == 0


def test_tokens_move_with_the_old_cities_on_upgrade() -> None:
    # Yellow Köln (RhE, CCE, CME) to X923: RhE and CCE share the 2-slot city 0.
    moved = tiles.moved_tokens("I10-0", 0, [["RhE"], ["CCE"], ["CME"]], "X923", 0)
    assert moved == [["RhE", "CCE"], ["CME"]]
    assert tiles.moved_tokens("X923", 0, moved, "928", 0) == [["RhE", "CCE", "CME"]]


def test_rotation_is_described_by_its_exits_and_neighbours() -> None:
    # Tile 26 at rotation 3 on F7 runs SW, NW and NE (the lay of action 318).
    assert tiles.describe_rotation("F7", "26", 3) == "exits SW to G6, NW to E6, NE to E8"


def test_map_geometry_neighbours_borders_and_homes() -> None:
    # The README's example: the neighbours of K6 across edges 0-5.
    assert [hexmap.neighbor("K6", e) for e in range(6)] == ["L5", "K4", "J5", "J7", "K8", "L7"]
    assert not hexmap.passable("G8", 4)  # the later, bordered G8 definition wins
    assert hexmap.home_hexes()["CCE"] == [("E6", 0), ("I10", 1)]
    board = hexmap.initial_board()
    assert board["C14"]["tokens"] == [["S"], ["K"]] and len(board) == 89
