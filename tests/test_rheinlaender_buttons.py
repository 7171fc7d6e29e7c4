"""Rheinländer's private prompt offers the bastions by the seat's own knights, doors of its
duchies first, then those by other seats' knights, and a button for every card in hand: the buttons ran "Bastion on 1 left bank"
to "Bastion on 7 right bank" whatever the board looked like."""

from __future__ import annotations

import engine
from bot.service.extras import PRIVATE_BUTTONS, extras_for
from bot.service.rheinlaender_extras import bastion_tier
from engine import ai
from engine.rheinlaender.board import get_board

GAME = engine.get_game("rheinlaender")
EXTRAS = extras_for("rheinlaender")


def _played(moves: int):
    state = GAME.setup(4, {}, 3)
    for step in range(moves):
        seat = GAME.active(state)[0]
        GAME.apply(state, seat, ai.choose(GAME, state, seat, "normal", step))
    return state, GAME.active(state)[0]


def _tiers(state, seat) -> dict[str, int]:
    board = get_board(state["board"])
    return {s: bastion_tier(state, seat, s) for s in board.land
            if s not in state["knights"] and s not in state["bastions"]}


def test_the_bastion_step_offers_doors_then_spaces_by_our_knights():
    state, seat = _played(41)
    moves = GAME.legal(state, seat)
    assert state["step"] == "after" and len(moves) > PRIVATE_BUTTONS
    picked = [moves[i] for i in EXTRAS.button_indexes(GAME, state, seat, moves,
                                                      PRIVATE_BUTTONS)]
    assert picked[0]["type"] == "done"  # the end of the turn first, as the lists have it
    tiers = _tiers(state, seat)
    shown = [tiers[m["space"]] for m in picked[1:]]
    assert shown == sorted(shown) and shown[0] == min(tiers.values())
    # every door and space by our knights has its button, then spaces by others' knights
    near = sum(1 for t in tiers.values() if t < 2)
    assert 0 < near < len(shown) <= PRIVATE_BUTTONS - 1 and max(shown) == 2
    assert shown.count(0) + shown.count(1) == near
    # spaces by no knight are left to typing while any space is by a knight
    assert len(shown) == min(PRIVATE_BUTTONS - 1, sum(1 for t in tiers.values() if t < 3))


def test_a_turns_start_offers_every_card_and_a_few_bastions():
    state, seat = _played(40)
    moves = GAME.legal(state, seat)
    assert state["step"] == "start"
    picked = [moves[i] for i in EXTRAS.button_indexes(GAME, state, seat, moves,
                                                      PRIVATE_BUTTONS)]
    bastions = [m for m in picked if m["type"] == "bastion"]
    assert 1 <= len(bastions) <= PRIVATE_BUTTONS // 5
    assert all(bastion_tier(state, seat, m["space"]) < 2 for m in bastions)
    assert {m["card"] for m in picked if "card" in m} == set(state["hands"][seat])
    assert len(picked) == PRIVATE_BUTTONS


def test_tiers_read_whose_knights_stand_next_to_a_space():
    state, seat = _played(40)
    board = get_board(state["board"])
    for space, tier in _tiers(state, seat).items():
        owners = {state["knights"][n] for n in board.neighbours[space] if n in state["knights"]}
        mine = 0 if owners - {seat} else 1
        assert tier == (mine if seat in owners else 2 if owners else 3)


def test_a_turns_start_puts_the_cards_first_in_the_lists_order():
    state, seat = _played(40)
    moves = GAME.legal(state, seat)
    picked = EXTRAS.button_indexes(GAME, state, seat, moves, PRIVATE_BUTTONS)
    kinds = [moves[i]["type"] == "bastion" for i in picked]
    assert kinds == sorted(kinds) and not kinds[0], kinds
    cards = [i for i in picked if moves[i]["type"] != "bastion"]
    assert cards == sorted(cards)


def test_turn_one_offers_no_bastion_beside_the_cards():
    state = GAME.setup(5, {}, 3)
    seat = GAME.active(state)[0]
    moves = GAME.legal(state, seat)
    assert any(m["type"] == "bastion" for m in moves) and not state["knights"]
    picked = [moves[i] for i in EXTRAS.button_indexes(GAME, state, seat, moves,
                                                      PRIVATE_BUTTONS)]
    assert picked and all(m["type"] != "bastion" for m in picked)
