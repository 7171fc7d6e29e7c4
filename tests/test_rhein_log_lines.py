"""Rhein's channel lines at a round's end and after a move (a player review): the transports
unloaded in Basel, those going back empty and the seats skipped in one step each read as
one line, not one per transport or seat. Only the lines change: the state is the same."""

from __future__ import annotations

import pytest
from rhein_helpers import BLUE, GAME, GREEN, YELLOW, board, fresh, start_phase6

from engine import ai
from engine.rhein.rules import log_skip
from engine.rhein.words import player
from engine.text import Msg, msg, say


def keyed(lines: list, key: str) -> list[Msg]:
    return [line for line in lines if getattr(line, "key", None) == key]


def test_r44_the_transports_unloaded_in_basel_share_one_line():
    state = fresh(4)
    board(state, "white-plane", None, {GREEN: 2})
    board(state, "white-train", None, {YELLOW: 3})
    board(state, "red-ship", None, {BLUE: 1, GREEN: 1})
    warehouses = [state["warehouse"][seat] for seat in range(4)]
    state["phase"] = 6
    lines = start_phase6(state)
    assert [state["warehouse"][seat] - warehouses[seat] for seat in range(4)] == [3, 3, 1, 0]
    assert not keyed(lines, "rhein.log.unloaded_basel")
    [line] = keyed(lines, "rhein.log.still_in_basel")
    assert line == ("The white Plane, the white Train and the red Ship are still in Basel at "
                    "the end of the round: unloaded, their containers go back to the "
                    "warehouses (3 to Green, 3 to Yellow and 1 to Blue).")
    assert say(line, "de") == ("Das weiße Flugzeug, der weiße Zug und das rote Schiff sind am "
                               "Rundenende noch in Basel: entladen, ihre Container kommen "
                               "zurück ins Lager (3 von Grün, 3 von Gelb und 1 von Blau).")


def test_r44_one_transport_unloaded_in_basel():
    state = fresh(3)
    board(state, "red-train", None, {YELLOW: 2})
    state["phase"] = 6
    [line] = keyed(start_phase6(state), "rhein.log.still_in_basel")
    assert line.startswith("The red Train is still in Basel at the end of the round")
    assert say(line, "de").startswith("Der rote Zug ist am Rundenende noch in Basel")


def test_r42_the_empty_transports_going_back_share_one_line():
    state = fresh(3)
    board(state, "red-train", 5)
    board(state, "white-ship", 9)
    board(state, "white-plane", 14, markers=[8])  # a marker left: it stays
    state["phase"] = 6
    lines = start_phase6(state)
    assert [state["transports"][k]["pos"] for k in ("red-train", "white-ship", "white-plane")] \
        == [None, None, 14]
    [line] = keyed(lines, "rhein.log.empty_back")
    assert line == "Back to Basel, empty: the red Train and the white Ship."
    assert say(line, "de") == "Leer zurück nach Basel: der rote Zug und das weiße Schiff."


def step(phase: int) -> Msg:
    return msg("rhein.step.phase", phase=phase, name=msg(f"rhein.phase_name.{phase}"))


def idle(seat: int, phase: int) -> Msg:
    key = "rhein.log.idle.trucks" if phase == 4 else "rhein.log.idle"
    return msg(key, player=player(seat), step=step(phase))


def test_seats_skipped_one_after_another_in_a_step_share_one_line():
    log: list = []
    log_skip(log, idle(YELLOW, 3))
    log_skip(log, idle(YELLOW, 4))
    log_skip(log, idle(BLUE, 4))
    log_skip(log, idle(GREEN, 4))
    assert log == ["Yellow has nothing to do in Phase 3 (Reserve Stops).",
                   "Yellow, Blue and Green can do nothing with their trucks in Phase 4 (Move "
                   "and Unload)."]
    assert say(log[1], "de") == ("Gelb, Blau und Grün können in Phase 4 (Fahren und entladen) "
                                 "mit den Lkw nichts tun.")
    log.append(msg("rhein.log.stops", transport="x", city="Bonn"))
    log_skip(log, idle(BLUE, 4))  # a line between: a new run
    assert log[-1] == "Blue can do nothing with their trucks in Phase 4 (Move and Unload)."


@pytest.mark.parametrize("players,seed", [(3, 1), (4, 0), (5, 2)])  # each has a run
def test_no_move_of_a_whole_game_repeats_a_skip_or_a_basel_line(players, seed):
    state = GAME.setup(players, {}, seed)
    merged = 0
    while GAME.result(state) is None:
        seat = GAME.active(state)[0]
        lines = GAME.apply(state, seat, ai.choose(GAME, state, seat, "normal", seed))
        skips = [getattr(line, "params", {}).get("step") if getattr(line, "key", "")
                 .startswith("rhein.log.idle") else None for line in lines]
        assert all(a is None or a != b for a, b in zip(skips, skips[1:], strict=False)), lines
        assert len(keyed(lines, "rhein.log.still_in_basel")) <= 1
        assert len(keyed(lines, "rhein.log.empty_back")) <= 1
        merged += len(keyed(lines, "rhein.log.idle_all"))
    assert merged
