"""Rheinländer ``hard``'s learned position value: the expected final lead of a seat.

normal's score counts the position as if the game ended now. What it leaves out is when the
game will end and what the position is still worth until then: a large lead on the board with
twenty knights to go is worth less than the same lead with three, a duchy held by one knight
with open doors is a duchy lent, knights in groups we do not rule may still take them. This
module scores a position by a linear fit of the *final* lead (our final total less the best
other seat's) on features of the position that the seat may see (its hand, the board, the
supplies, and every seat's coins, which were paid in the open: engine.rheinlaender.memory).

The weights are fitted per player count by least squares on positions from self-play
(bench/rheinlaender_fit.py; ``rheinlaender_value.json`` holds them and how they were made),
each position taken right after a seat's turn, from that seat's side: the kind of position
hard's one-move look-ahead compares.

Not in hard's play (``Weights.learned`` is 0): as the policy's score it did worse than the
hand-tuned one (38.2 % against 43.2 % at 3 players, games 0-199; blended half and half 43.9 %,
engine.ai.rheinlaender_tuned). The fit says who tends to win normal's games, not what a
move changes: open doors weigh 0.03 a point (large duchies have more of them), so it does
not defend. Kept to fit again on positions from hard's own games.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from engine.ai.rheinlaender import Groups, _doors, board_points, potential
from engine.core import State
from engine.rheinlaender.duchies import counts
from engine.rheinlaender.game import KNIGHTS
from engine.rheinlaender.memory import coins
from engine.rheinlaender.placement import number_targets

FEATURES = (
    "bias", "lead", "ahead", "lead_rest", "ahead_rest", "dukes", "dukes_rest",
    "potential", "potential_rest", "others_potential", "safety", "thin", "exposure",
    "exposure_rest", "others_exposure", "knights", "last", "bishops", "bastions", "hand",
)
WEIGHTS = Path(__file__).with_name("rheinlaender_value.json")


@cache
def weights(players: int) -> tuple[float, ...]:
    data = json.loads(WEIGHTS.read_text(encoding="utf-8"))
    found = data["weights"][str(players)]
    return tuple(found[name] for name in FEATURES)


def features(state: State, seat: int, known: Groups | None = None,
             bastion_on: str | None = None) -> list[float]:
    """The position from ``seat``'s side, in the order of FEATURES; ``bastion_on``: a
    bastion just placed there (not yet in ``state``)."""
    known = known or Groups(state)
    players = state["players"]
    others = [s for s in range(players) if s != seat]
    paid = coins(state)
    totals = [paid[s] + board_points(state, s, known=known) for s in range(players)]
    best_other = max(totals[s] for s in others)
    mean_other = sum(totals[s] for s in others) / len(others)
    supply = state["supply"]
    # the share of the game still to play: it ends when the first seat's supply runs out
    rest = min(supply) / KNIGHTS[players]
    dukes = [0] * players
    safety = thin = 0.0
    for duke in state["dukes"]:
        dukes[duke["owner"]] += 1
        if duke["owner"] != seat:
            continue
        group = known.of(duke["anchor"])
        tally = counts(state, group)
        margin = tally.pop(seat, 0) - max(tally.values(), default=0)
        safety += min(3, margin)
        if margin <= 1:
            thin += known.value(group)
    exposure = [0.0] * players
    for s in range(players):
        for worth, doors in _doors(state, s, known):
            open_doors = len(doors) - (bastion_on in doors)
            exposure[s] += worth * min(open_doors, 3)
    mine_potential = potential(state, seat, known)
    others_potential = sum(potential(state, s, known) for s in others) / len(others)
    lead = totals[seat] - best_other
    ahead = totals[seat] - mean_other
    duke_lead = dukes[seat] - sum(dukes[s] for s in others) / len(others)
    tally = _bishops(state, known)
    bastions = state["bastions_left"][seat] - (bastion_on is not None) - \
        sum(state["bastions_left"][s] for s in others) / len(others)
    return [
        1.0, lead, ahead, lead * rest, ahead * rest, duke_lead, duke_lead * rest,
        mine_potential, mine_potential * rest, others_potential, safety, thin,
        exposure[seat], exposure[seat] * rest, sum(exposure[s] for s in others) / len(others),
        supply[seat] - sum(supply[s] for s in others) / len(others),
        supply[seat] - min(supply[s] for s in others),
        tally[seat] - max(tally[s] for s in others), bastions, _hand(state, seat, known),
    ]


def _bishops(state: State, known: Groups) -> list[int]:
    tally = [0] * state["players"]
    for duke in state["dukes"]:
        group = known.of(duke["anchor"])
        realms = state["realms"]
        board = known.board
        if any(realms[r]["kind"] == "church" for space in group
               for r in board.realms_of[space] if r in realms):
            tally[duke["owner"]] += 1
    return tally


def _hand(state: State, seat: int, known: Groups) -> float:
    """The share of our cards that can set a knight next to one of ours: what the hand can
    still add to our duchies."""
    hand = state["hands"][seat]
    if not hand:
        return 0.0
    board, knights = known.board, state["knights"]
    useful = 0
    for card in hand:
        if any(knights.get(n) == seat for space in number_targets(state, board, card)
               for n in board.neighbours[space]):
            useful += 1
    return useful / len(hand)


def value(state: State, seat: int, known: Groups | None = None,
          bastion_on: str | None = None) -> float:
    """The expected final lead over the best other seat, in points."""
    found = features(state, seat, known, bastion_on)
    return sum(w * f for w, f in zip(weights(state["players"]), found, strict=True))
