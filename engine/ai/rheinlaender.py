"""Rheinländer ``normal``: a one-move look-ahead scored by the final-score formula.

Every legal move is tried on a copy and the position scored as if the game ended now: our
coins, the duchies we hold (5 + realms each) and the archbishop, minus the best opponent's
score (their coins lie face down, but every payment is a public duchy value, so a player
with a perfect memory can reckon them). Small terms
for duchy margins and spent knights break ties toward safer and cheaper moves, and a duchy's
open doors (free spaces between it and a foreign knight) count against it, which is what
makes a bastion worth placing.
"""

from __future__ import annotations

from engine.ai import after
from engine.core import Action, Game, State, rng_below
from engine.rheinlaender.board import get_board
from engine.rheinlaender.duchies import counts, group_of, groups, value
from engine.rheinlaender.memory import coins

DUKE_POINTS = 5
ARCHBISHOP = 5
OTHERS = 0.7  # weight of the best opponent's score (the rest: their average)
POTENTIAL = 0.3  # share of a duchy's value counted for our knights in groups we do not rule
SAFETY = 0.4  # per knight of lead in a duchy we rule (up to 3): a duke we keep scores 4 more
EXPOSURE = 0.08  # share of a ruled duchy's value at stake per open door (up to 3)


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


def board_points(state: State, seat: int, safety: float = 0.0) -> float:
    board = get_board(state["board"])
    points = 0.0
    for duke in state["dukes"]:
        if duke["owner"] == seat:
            group = group_of(state, board, duke["anchor"])
            points += value(state, board, group, DUKE_POINTS)
            if safety:
                tally = counts(state, group)
                mine = tally.pop(seat, 0)
                points += safety * min(3, mine - max(tally.values(), default=0))
    if state["archbishop"] == seat:
        points += ARCHBISHOP
    return points


def evaluate(state: State, seat: int, move: Action) -> float:
    # Coins are paid face down, but each payment is the duchy's public value at that moment,
    # so a player with a perfect memory knows them (engine.rheinlaender.memory): count them
    # for opponents too, from that count and not from the face-down pile.
    paid = coins(state)
    mine = paid[seat] + board_points(state, seat, SAFETY) + potential(state, seat)
    mine -= exposure(state, seat)
    others = [paid[s] + board_points(state, s)
              for s in range(state["players"]) if s != seat]
    score = mine - OTHERS * max(others) - (1 - OTHERS) * sum(others) / len(others)
    if move["type"] == "bastion":
        score -= 0.5  # bastions are few: spend one only when it gains something
    return score


def exposure(state: State, seat: int) -> float:
    """What our duchies stand to lose through open doors: free land spaces that touch one of
    our duchies and a knight outside it. An opponent who plays there joins his group to ours
    (or sets his knight among ours), and the majority can change hands. A bastion shuts such
    a door, which is what the rulebook's tip asks of bastions ("defend your own")."""
    board = get_board(state["board"])
    knights, bastions = state["knights"], state["bastions"]
    total = 0.0
    for duke in state["dukes"]:
        if duke["owner"] != seat:
            continue
        group = group_of(state, board, duke["anchor"])
        members = set(group)
        doors = set()
        for space in group:
            for door in board.neighbours[space]:
                if door in knights or door in bastions or door in doors or \
                        not board.is_land(door):
                    continue
                if any(n in knights and n not in members and knights[n] != seat
                       for n in board.neighbours[door]):
                    doors.add(door)
        if doors:
            total += EXPOSURE * value(state, board, group, DUKE_POINTS) * min(len(doors), 3)
    return total


def potential(state: State, seat: int) -> float:
    """Groups holding our knights that we do not rule yet: a share of what they are worth."""
    board = get_board(state["board"])
    ruled = {space for duke in state["dukes"] if duke["owner"] == seat
             for space in group_of(state, board, duke["anchor"])}
    total = 0.0
    for group in groups(state, board):
        if group[0] in ruled:
            continue
        tally = counts(state, group)
        if seat in tally:
            share = tally[seat] / len(group)
            total += POTENTIAL * share * value(state, board, group, DUKE_POINTS)
    return total
