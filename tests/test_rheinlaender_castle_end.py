"""Rheinländer: the end of the game reached through castle knights (rulings M1, H5, H6, H8).

A castle knight and a castle replacement are knights placed from the supply, so either can
empty it and end the game (M1). Positions worked out by hand from the rulebook and rulings.
"""

from __future__ import annotations

from typing import Any

from engine.rheinlaender import GAME
from engine.rheinlaender.scenario import scenario

A, B = 0, 1
State = dict[str, Any]


def turn(state: State, seat: int, text: str) -> list[str]:
    """Play ``text`` as ``seat``'s knight action and finish the turn; the log keys."""
    state["current"], state["step"], state["bastion_placed"] = seat, "start", False
    action = GAME.parse(state, seat, text)
    if action["card"] not in state["hands"][seat]:
        state["hands"][seat].append(action["card"])
    lines = GAME.apply(state, seat, action)
    if state["step"] == "after":  # the optional bastion (M2): decline it
        lines += GAME.apply(state, seat, {"type": "done"})
    return [line.key for line in lines]


def final_row(state: State, seat: int) -> dict[str, Any]:
    return next(row for row in state["final"] if row["seat"] == seat)


def test_m1_h8_a_castle_replacement_that_empties_the_supply_ends_the_game() -> None:
    # A owns {L12, C1}; B's knight on 15 left joins L13 L14: B 3 - A 2, B takes the duchy.
    state = scenario("A:L12 A:C1 B:L13 B:L14", realms={"C1": ("castle", 0, ["L12", "L13"])},
                     dukes=[("A", "L12")], supply={"A": 10, "B": 2})
    log = turn(state, B, "play 15 left")
    # B's own knight leaves one in the supply; replacing A's castle knight takes the last
    assert state["knights"]["C1"] == B and state["supply"][B] == 0
    assert state["supply"][A] == 11, "A's castle knight goes back to A's supply"
    assert state["coins"][A] == 2, "A is paid 1 for the duke + 1 for the castle"
    assert state["end_triggered"] and state["ended_by"] == B
    assert log.index("rheinlaender.log.castle_replaced") < log.index(
        "rheinlaender.log.last_knight")
    assert state["step"] == "over" and final_row(state, A)["coins"] == 2


def test_h8_replacements_stop_when_the_new_owner_runs_out() -> None:
    # A owns L12 C1 L13 L14 C2 L15 (A 3 - B 2); B's knight on 15 left brings L16: B 4 - A 3.
    realms = {"C1": ("castle", 0, ["L12", "L13"]), "C2": ("castle", 0, ["L14", "L15"])}
    state = scenario("A:L12 A:C1 B:L13 B:L14 A:C2 B:L16", realms=realms, dukes=[("A", "L12")],
                     supply={"A": 10, "B": 2})
    log = turn(state, B, "play 15 left")
    # one knight left after B's own: the first castle in board order gets it, C2 stays A's
    assert state["knights"]["C1"] == B and state["knights"]["C2"] == A
    assert state["supply"] == [11, 0, state["supply"][2]]
    assert log.count("rheinlaender.log.castle_replaced") == 1
    assert "rheinlaender.log.no_castle_knight" in log
    assert state["end_triggered"] and state["ended_by"] == B and state["step"] == "over"
    # the duchy is B's, castle knights and all: A keeps no duchy there
    assert final_row(state, A)["duchies"] == []


def test_h5_h6_two_castles_and_one_knight_left() -> None:
    # A's knight on 12 left is the first next to both castles; A has two knights.
    realms = {"C1": ("castle", 0, ["L11", "L12"]), "C2": ("castle", 0, ["L12", "L13"])}
    state = scenario("", realms=realms, supply={"A": 2})
    log = turn(state, A, "play 12 left")
    assert state["knights"].get("C1") == A, "the first castle in board order is manned"
    assert "C2" not in state["knights"], "the second stays undecided (H6)"
    assert state["supply"][A] == 0
    assert [d["owner"] for d in state["dukes"]] == [A]
    assert log.count("rheinlaender.log.castle") == 1 and "rheinlaender.log.castle_no_knight" in log
    assert state["end_triggered"] and state["ended_by"] == A and state["step"] == "over"
