"""Rheinländer ``normal``: a one-move look-ahead scored by the final-score formula.

Every legal move is tried on a copy and the position scored as if the game ended now: our
coins, the duchies we hold (5 + realms each) and the archbishop, minus the best opponent's
visible score (their coins are hidden, so only their dukes and archbishop count). Small terms
for duchy margins and spent knights break ties toward safer and cheaper moves.
"""

from __future__ import annotations

from engine.ai import after
from engine.core import Action, Game, State, rng_below
from engine.rheinlaender.board import get_board
from engine.rheinlaender.duchies import group_of, value

DUKE_POINTS = 5
ARCHBISHOP = 5


def choose(game: Game, state: State, seat: int, moves: list[Action],
           rng: dict[str, int]) -> Action:
    best: list[Action] = []
    best_score = float("-inf")
    for move in moves:
        score = evaluate(after(game, state, seat, move), seat, move)
        if score > best_score + 1e-9:
            best, best_score = [move], score
        elif abs(score - best_score) <= 1e-9:
            best.append(move)
    return best[rng_below(rng, len(best))]


def board_points(state: State, seat: int) -> float:
    board = get_board(state["board"])
    points = 0.0
    for duke in state["dukes"]:
        if duke["owner"] == seat:
            points += value(state, board, group_of(state, board, duke["anchor"]), DUKE_POINTS)
    if state["archbishop"] == seat:
        points += ARCHBISHOP
    return points


def evaluate(state: State, seat: int, move: Action) -> float:
    mine = state["coins"][seat] + board_points(state, seat)
    others = [board_points(state, s) for s in range(state["players"]) if s != seat]
    score = mine - max(others, default=0.0) * 0.7 - 0.3 * sum(others) / max(1, len(others))
    if move["type"] == "bastion":
        score -= 0.5  # bastions are few: spend one only when it gains something
    return score
