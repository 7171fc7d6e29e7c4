"""Final scoring (rulebook "Final Scoring", rulings M4-M6).

Each player: coins collected during play + for each duchy he owns at the end 5 + its realms
+ 5 for the archbishop. Tied players share their rank (house rule M5).
"""

from __future__ import annotations

from typing import Any

from engine.core import Standing, rank_standings
from engine.rheinlaender.board import Board
from engine.rheinlaender.duchies import group_of, value

State = dict[str, Any]
FINAL_DUKE_POINTS = 5
ARCHBISHOP_BONUS = 5


def _owned_duchies(state: State, board: Board, seat: int) -> list[dict[str, Any]]:
    """Each duchy ``seat`` owns now, with what it scores at the end (5 + its realms)."""
    return [{"duchy": board.name(duke["anchor"]),
             "points": value(state, board, group_of(state, board, duke["anchor"]),
                             FINAL_DUKE_POINTS)}
            for duke in state["dukes"] if duke["owner"] == seat]


def final_scores(state: State, board: Board) -> list[dict[str, Any]]:
    """Per player: coins, each owned duchy's final score, the archbishop bonus, the total."""
    table = []
    for seat in range(state["players"]):
        duchies = _owned_duchies(state, board, seat)
        bonus = ARCHBISHOP_BONUS if state["archbishop"] == seat else 0
        coins = state["coins"][seat]
        total = coins + sum(d["points"] for d in duchies) + bonus
        table.append({"seat": seat, "coins": coins, "duchies": duchies,
                      "archbishop": bonus, "total": total})
    return table


def points_on_board(state: State, board: Board, seat: int) -> int:
    """What ``seat`` would score from the board if the game ended now: its duchies at their
    final worth and the archbishop's bonus. Public (the coins, which are hidden until the
    end, are not in it), so the channel's board can show a running score."""
    bonus = ARCHBISHOP_BONUS if state["archbishop"] == seat else 0
    return sum(d["points"] for d in _owned_duchies(state, board, seat)) + bonus


def standings(final: list[dict[str, Any]]) -> list[Standing]:
    ranked = rank_standings({row["seat"]: (row["total"],) for row in final})
    by_seat = {row["seat"]: row for row in final}
    return [Standing(seat=s.seat, score=s.score, rank=s.rank, detail=by_seat[s.seat])
            for s in ranked]
