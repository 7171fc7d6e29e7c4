"""Rheinländer ``hard``'s own one-move policy: normal's look-ahead with its own weights and a
few terms normal lacks, tuned by self-play against ``normal`` (bench/rheinlaender_tune.py).

Normal's score stands (its figures against easy are published); hard's seat uses this one,
and its search (engine.ai.hard_rheinlaender) compares this policy's best moves.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.ai.rheinlaender import SAFETY, Groups, _doors, after, board_points, potential
from engine.core import Action, Game, State
from engine.rheinlaender.memory import coins


@dataclass(frozen=True)
class Weights:
    others: float = 0.7  # weight of the best opponent (the rest: their average)
    potential: float = 0.3  # share of an unruled group's worth per our share of its knights
    safety: float = SAFETY  # per knight of lead in a duchy we rule (up to 3)
    exposure: float = 0.08  # share of a ruled duchy's worth at stake per open door (up to 3)
    bastion: float = 0.5  # cost of spending a bastion
    knights: float = 0.0  # per knight we have left more than the others' average
    spare: bool = True  # spend the card worth least when several place the same knight

    def but(self, **changes: float) -> Weights:
        return replace(self, **changes)


NORMAL = Weights(spare=False)
TUNED = Weights(others=0.4, exposure=0.2, knights=0.5)  # self-play, bench/rheinlaender_tune.py


def value(state: State, seat: int, w: Weights, known: Groups | None = None,
          bastion_on: str | None = None) -> float:
    """Our score less the others', as if the game ended now (normal's ``evaluate`` with
    ``w``'s weights); ``bastion_on``: a bastion just placed there (not yet in ``state``)."""
    known = known or Groups(state)
    paid = coins(state)
    mine = paid[seat] + board_points(state, seat, w.safety, known)
    if w.potential:
        mine += w.potential / 0.3 * potential(state, seat, known)
    for worth, doors in _doors(state, seat, known):
        open_doors = len(doors) - (bastion_on in doors)
        if open_doors:
            mine -= w.exposure * worth * min(open_doors, 3)
    others = [paid[s] + board_points(state, s, known=known)
              for s in range(state["players"]) if s != seat]
    score = mine - w.others * max(others) - (1 - w.others) * sum(others) / len(others)
    if w.knights:
        supply = state["supply"]
        rest = [supply[s] for s in range(state["players"]) if s != seat]
        score += w.knights * (supply[seat] - sum(rest) / len(rest))
    return score


def move_values(game: Game, state: State, seat: int, moves: list[Action],
                w: Weights) -> list[float]:
    """``value`` after each move, each knight square and each bastion scored once."""
    here: Groups | None = None
    cache: dict[tuple, float] = {}
    found = []
    for move in moves:
        kind = move["type"]
        if kind == "bastion" or (kind == "done" and state["step"] == "after"):
            here = here or Groups(state)
            score = value(state, seat, w, here, move.get("space"))
            found.append(score - w.bastion if kind == "bastion" else score)
            continue
        key = (move.get("space"), kind == "convert") if kind != "discard" else ("d", move["card"])
        if key not in cache:
            cache[key] = value(after(game, state, seat, move), seat, w)
        found.append(cache[key])
    return found


def card_worth(state: State, seat: int, moves: list[Action],
               values: list[float]) -> dict[int, tuple[float, int]]:
    """What keeping each card is worth, lowest spent first: a card with no number placement
    can only reinforce (which any card can), so it goes first; otherwise its best number
    placement's score now, the card number breaking ties."""
    worth: dict[int, float] = {}
    for move, score in zip(moves, values, strict=True):
        if move["type"] in ("play", "convert"):
            worth[move["card"]] = max(worth.get(move["card"], float("-inf")), score)
    return {card: (worth.get(card, float("-inf")), card) for card in state["hands"][seat]}


def ranked(game: Game, state: State, seat: int, moves: list[Action],
           w: Weights = TUNED) -> list[tuple[float, Action]]:
    """One move per distinct outcome (square and kind, bastion square, discarded card), best
    first; among moves placing the same knight, the one spending the card worth least."""
    values = move_values(game, state, seat, moves, w)
    spend = card_worth(state, seat, moves, values)
    best: dict[tuple, int] = {}
    for index, move in enumerate(moves):
        kind = move["type"]
        key = (kind == "convert", move.get("space"), move["card"] if kind == "discard" else -1)
        known = best.get(key)
        cheaper = known is not None and w.spare and "card" in move and \
            spend[move["card"]] < spend[moves[known]["card"]]
        if known is None or cheaper:
            best[key] = index
    order = sorted(best.values(), key=lambda i: (-values[i], i))
    return [(values[i], moves[i]) for i in order]


def choose(game: Game, state: State, seat: int, moves: list[Action], rng: dict[str, int],
           w: Weights = TUNED) -> Action:
    return ranked(game, state, seat, moves, w)[0][1]
