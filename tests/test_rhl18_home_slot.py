"""Köln (I10) keeps every home slot through its upgrades.

Yellow Köln has three cities reserved for RhE, CCE and CME; green has two, brown one. The
upgrade used to keep one reservation a merged city, so a brown Köln could fill with other
corporations' tokens before CME's first turn: the dividend before that turn was offered and
then refused ("The city in I10 has no free slot."), and the game stuck. The reference
(18xx.games, Hex#lay) appends every old city's reservations to the new city.
"""

from __future__ import annotations

import marshal

from engine import get_game
from engine.ai import choose
from engine.rhl18 import board as bd
from engine.rhl18 import flow as F

GAME = get_game("18rhl")


def _copy(state):
    return marshal.loads(marshal.dumps(state))


def test_a_merged_city_keeps_every_reservation() -> None:
    state = GAME.setup(3, None, 1)
    board = state["board"]
    assert board["I10"]["reserved"] == ["RhE", "CCE", "CME"]
    bd.replace_tile(board, "I10", "X923", "X923-0", 0)
    assert [bd.reservations(board["I10"]["reserved"], i) for i in range(2)] == \
        [["RhE", "CCE"], ["CME"]]
    bd.replace_tile(board, "I10", "928", "928-0", 0)
    assert bd.reservations(board["I10"]["reserved"], 0) == ["RhE", "CCE", "CME"]
    # three slots, three homes to come: nobody else may token there
    assert not F._free_slot(board["I10"], 0, "KEG")
    assert F._free_slot(board["I10"], 0, "CME")


def test_a_token_in_a_merged_city_leaves_the_other_homes_their_slots() -> None:
    state = GAME.setup(3, None, 1)
    board = state["board"]
    board["I10"]["tokens"][0] = ["RhE"]
    board["I10"]["reserved"][0] = None
    bd.replace_tile(board, "I10", "X923", "X923-0", 0)
    bd.replace_tile(board, "I10", "928", "928-0", 0)
    cell = board["I10"]
    assert cell["tokens"] == [["RhE", None, None]]
    assert bd.reservations(cell["reserved"], 0) == ["CCE", "CME"]
    assert not F._free_slot(cell, 0, "KEG")
    F._put_token(state, "CCE", "I10", 0, 1)
    assert cell["reserved"] == ["CME"]  # one left: the plain symbol stored states have
    assert not F._free_slot(cell, 0, "KEG")
    assert F._free_slot(cell, 0, "CME")


def test_the_view_marks_one_home_slot_a_city() -> None:
    state = GAME.setup(3, None, 1)
    bd.replace_tile(state["board"], "I10", "928", "928-0", 0)
    assert GAME.view(state, None)["board"]["I10"]["reserved"] == ["RhE"]


def test_a_lost_home_slot_breaks_an_invariant() -> None:
    state = GAME.setup(3, None, 1)
    assert GAME.check_invariants(state) == []
    state["board"]["I10"]["reserved"][2] = None
    assert GAME.check_invariants(state) == ["CME's home slot in I10 is no longer kept"]
    state["board"]["I10"]["reserved"][2] = "CME"
    state["board"]["I10"]["tokens"][2] = ["KEG"]
    assert GAME.check_invariants(state) == ["I10 city 2 keeps ['CME'] but has 0 free slot(s)"]


def test_seed_1_reaches_cmes_first_turn_with_every_legal_move_applying() -> None:
    # 3 players, seed 1, the easy AI: Köln went brown in phase 5 before CME floated, CCE and
    # KEG tokened there, and the dividend before CME's turn was refused.
    state = GAME.setup(3, None, 1)
    for step in range(333):
        assert GAME.check_invariants(state) == [], step
        seat = GAME.active(state)[0]
        GAME.apply(state, seat, choose(GAME, state, seat, "easy", step))
    seat = GAME.active(state)[0]
    moves = GAME.legal(state, seat)
    assert {m["kind"] for m in moves} == {"payout", "withhold"}
    for move in moves:
        trial = _copy(state)
        GAME.apply(trial, seat, move)
        assert any(t["hex"] == "I10" for t in trial["corps"]["CME"]["tokens"])
    assert "KEG" not in state["board"]["I10"]["tokens"][0]
