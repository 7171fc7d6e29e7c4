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

from engine.ai import after as plain_after
from engine.core import Action, Game, State, rng_below
from engine.rheinlaender.board import Board, get_board
from engine.rheinlaender.duchies import counts, shared_groups, value
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
    for move, score in zip(moves, scores(game, state, seat, moves), strict=True):
        if score > best_score + 1e-9:
            best, best_score = [move], score
        elif abs(score - best_score) <= 1e-9:
            best.append(move)
    return best[rng_below(rng, len(best))]


def scores(game: Game, state: State, seat: int, moves: list[Action]) -> list[float]:
    """``evaluate`` of the position after each move, as ``evaluate(plain_after(...))`` gives
    it (tests/test_ai_hard_rheinlaender.py compares the two), several times faster: a move
    changes a few parts of the state, so only those are copied, and a move from ``legal()``
    skips the second legality check. A bastion before the knight action (most of the moves
    offered) moves no knight: only its open doors differ from the position now."""
    bastions: Bastions | None = None
    knights: dict[tuple[str, bool], float] = {}
    worth: dict[tuple[str, ...], int] = {}
    found = []
    for move in moves:
        # After the knight action only the bastion and the draw remain, and the score reads
        # neither hands nor deck: ``done`` is the position now, a bastion shuts its doors.
        quiet = move["type"] == "bastion" or \
            (move["type"] == "done" and state["step"] == "after")
        if quiet and hasattr(game, "play_legal"):
            if bastions is None:
                bastions = Bastions(state, seat)
            found.append(bastions.score(move.get("space")))
        elif move["type"] in ("play", "reinforce", "convert") and hasattr(game, "play_legal"):
            # The card only decides which hand and discard pile follow, which the score
            # does not read: a knight on one space scores the same from every card.
            key = (move["space"], move["type"] == "convert")
            if key not in knights:
                moved = after(game, state, seat, move)
                knights[key] = evaluate(moved, seat, move, Groups(moved, worth))
            found.append(knights[key])
        else:
            found.append(evaluate(after(game, state, seat, move), seat, move))
    return found


class Bastions:
    """``evaluate`` after a bastion on each free space (or none): the same sums in the same
    order, with the doors of our duchies found once. A bastion moves no knight and changes
    no duke, coin or archbishop, whatever step it is played in."""

    def __init__(self, state: State, seat: int) -> None:
        known = Groups(state)
        paid = coins(state)
        self.base = paid[seat] + board_points(state, seat, SAFETY, known) + \
            potential(state, seat, known)
        self.others = [paid[s] + board_points(state, s, known=known)
                       for s in range(state["players"]) if s != seat]
        self.doors = _doors(state, seat, known)

    def score(self, space: str | None) -> float:
        """After a bastion on ``space``, or after ``done`` (None)."""
        total = 0.0
        for worth, doors in self.doors:
            open_doors = len(doors) - (space in doors)
            if open_doors:
                total += EXPOSURE * worth * min(open_doors, 3)
        mine = self.base
        mine -= total
        others = self.others
        score = mine - OTHERS * max(others) - (1 - OTHERS) * sum(others) / len(others)
        return score if space is None else score - 0.5


def after(game: Game, state: State, seat: int, move: Action) -> State:
    """The state after a legal ``move``: what the move may change is copied, the rest (the
    board's realms, the final table) is shared, as nothing changes it in place."""
    play = getattr(game, "play_legal", None)
    if play is None:
        return plain_after(game, state, seat, move)
    work = dict(state)
    work["knights"] = dict(state["knights"])
    work["bastions"] = dict(state["bastions"])
    for key in ("dukes", "supply", "bastions_left", "coins", "deck", "discard"):
        work[key] = list(state[key])
    work["hands"] = [list(hand) for hand in state["hands"]]
    work["payments"] = [list(paid) for paid in state["payments"]]
    work["rng"] = dict(state["rng"])
    play(work, seat, move)
    return work


class Groups:
    """Every group of knights in a position, found once (a flood fill per duke and per term
    was most of an evaluation's cost), and each group's final worth."""

    def __init__(self, state: State, worth: dict[tuple[str, ...], int] | None = None) -> None:
        self.board: Board = get_board(state["board"])
        self.state = state
        self.all, self.where = shared_groups(state, self.board)
        # a group's worth reads only its spaces and the realms, which no move changes: the
        # positions after each move tried from one position can share it
        self.worth = {} if worth is None else worth
        self.plain: list[float] | None = None

    def of(self, space: str) -> tuple[str, ...]:
        return self.where.get(space) or (space,)

    def value(self, group: tuple[str, ...]) -> int:
        found = self.worth.get(group)
        if found is None:
            found = self.worth[group] = value(self.state, self.board, group, DUKE_POINTS)
        return found

    def points(self) -> list[float]:
        """``board_points`` without the safety term for every seat, in one pass over the
        dukes: a score asks it for each seat, the look-ahead thousands of times a move."""
        if self.plain is None:
            state = self.state
            found = [0.0] * state["players"]
            for duke in state["dukes"]:
                found[duke["owner"]] += self.value(self.of(duke["anchor"]))
            if state["archbishop"] is not None:
                found[state["archbishop"]] += ARCHBISHOP
            self.plain = found
        return self.plain


def board_points(state: State, seat: int, safety: float = 0.0,
                 known: Groups | None = None) -> float:
    known = known or Groups(state)
    if not safety:
        return known.points()[seat]
    points = 0.0
    for duke in state["dukes"]:
        if duke["owner"] == seat:
            group = known.of(duke["anchor"])
            points += known.value(group)
            if safety:
                tally = counts(state, group)
                mine = tally.pop(seat, 0)
                points += safety * min(3, mine - max(tally.values(), default=0))
    if state["archbishop"] == seat:
        points += ARCHBISHOP
    return points


def evaluate(state: State, seat: int, move: Action, known: Groups | None = None) -> float:
    # Coins are paid face down, but each payment is the duchy's public value at that moment,
    # so a player with a perfect memory knows them (engine.rheinlaender.memory): count them
    # for opponents too, from that count and not from the face-down pile.
    known = known or Groups(state)
    paid = coins(state)
    mine = paid[seat] + board_points(state, seat, SAFETY, known) + potential(state, seat, known)
    mine -= exposure(state, seat, known)
    others = [paid[s] + board_points(state, s, known=known)
              for s in range(state["players"]) if s != seat]
    score = mine - OTHERS * max(others) - (1 - OTHERS) * sum(others) / len(others)
    if move["type"] == "bastion":
        score -= 0.5  # bastions are few: spend one only when it gains something
    return score


def exposure(state: State, seat: int, known: Groups | None = None) -> float:
    """What our duchies stand to lose through open doors: free land spaces that touch one of
    our duchies and a knight outside it. An opponent who plays there joins his group to ours
    (or sets his knight among ours), and the majority can change hands. A bastion shuts such
    a door, which is what the rulebook's tip asks of bastions ("defend your own")."""
    total = 0.0
    for worth, doors in _doors(state, seat, known or Groups(state)):
        if doors:
            total += EXPOSURE * worth * min(len(doors), 3)
    return total


def _doors(state: State, seat: int, known: Groups) -> list[tuple[int, set[str]]]:
    """Each of our duchies' final worth and open doors, in the order of the dukes."""
    board = known.board
    knights, bastions = state["knights"], state["bastions"]
    found = []
    foreign: set[str] | None = None  # the other seats' knights, found once per position
    for duke in state["dukes"]:
        if duke["owner"] != seat:
            continue
        if foreign is None:
            foreign = {space for space, owner in knights.items() if owner != seat}
        group = known.of(duke["anchor"])
        outside = foreign.difference(group)  # a door leads to one of these
        doors: set[str] = set()
        for space in group:
            for door in board.land_neighbours[space]:
                if door in knights or door in bastions or door in doors:
                    continue
                if not outside.isdisjoint(board.neighbours[door]):
                    doors.add(door)
        found.append((known.value(group), doors))
    return found


def potential(state: State, seat: int, known: Groups | None = None) -> float:
    """Groups holding our knights that we do not rule yet: a share of what they are worth."""
    known = known or Groups(state)
    ruled = {space for duke in state["dukes"] if duke["owner"] == seat
             for space in known.of(duke["anchor"])}
    # our knights per group, counted from our knights: most groups hold none of them
    mine_in: dict[tuple[str, ...], int] = {}
    where = known.where
    for space, owner in state["knights"].items():
        if owner == seat:
            group = where.get(space) or (space,)  # known.of, without a call per knight
            mine_in[group] = mine_in.get(group, 0) + 1
    total = 0.0
    for group in known.all:  # in this order, so the sum is the same to the last bit
        mine = mine_in.get(group)
        if mine and group[0] not in ruled:
            share = mine / len(group)
            total += POTENTIAL * share * known.value(group)
    return total
