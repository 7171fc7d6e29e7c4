"""The deck: 54 number cards and the shuffle card (0); the archbishop card is never in it (K1).

Every draw picks a random card of the undrawn deck with the seeded generator, which is the
same as drawing the top card of a shuffled deck, and makes each draw count as a random event
(the undo barrier). The deck is kept sorted, so it reveals nothing by its order.
"""

from __future__ import annotations

from typing import Any

from engine.core import rng_below
from engine.text import msg

State = dict[str, Any]
SHUFFLE = 0
HAND_SIZE = 5


def new_deck() -> list[int]:
    return list(range(0, 55))


def draw(state: State, seat: int) -> list[str]:
    """Draw one number card into ``seat``'s hand (K3, K4); return public log lines."""
    lines: list[str] = []
    while True:
        if not state["deck"]:
            if not state["discard"]:
                return lines  # K4 guard: nothing left anywhere, skip the draw
            _reshuffle(state)
        card = state["deck"].pop(rng_below(state["rng"], len(state["deck"])))
        if card != SHUFFLE:
            state["hands"][seat].append(card)
            return lines
        # K3: the shuffle card, the deck and the whole discard pile make a new deck.
        state["deck"].append(SHUFFLE)
        _reshuffle(state)
        lines.append(msg("rheinlaender.log.shuffle"))


def deal(state: State) -> None:
    """Five number cards each, in seat order; a dealt shuffle card goes back (K2)."""
    for seat in range(state["players"]):
        while len(state["hands"][seat]) < HAND_SIZE:
            card = state["deck"].pop(rng_below(state["rng"], len(state["deck"])))
            if card == SHUFFLE:
                state["deck"].append(SHUFFLE)
                state["deck"].sort()
                state["reshuffles"] += 1
            else:
                state["hands"][seat].append(card)
        state["hands"][seat].sort()


def _reshuffle(state: State) -> None:
    state["deck"] = sorted(state["deck"] + state["discard"])
    state["discard"] = []
    state["reshuffles"] += 1
