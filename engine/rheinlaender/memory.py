"""What a player at the table knows from the log and the board alone: every seat's coins (N2).

Coins lie face down, but each one was paid in the open: the log says which duke left the
board and whose he was, and the amount is that duchy's value at that moment, which the
public board shows (F5, F6; N2: "The amount can still be worked out from the public board at
that moment, just as at a real table"). So each seat's collected coins are public knowledge
for a player who keeps count, though no view shows them before the end (N2, M6). This module
is that count, for the AI seats; no view, renderer or log line reads it.
"""

from __future__ import annotations

from engine.core import State


def payments(state: State, seat: int) -> list[dict]:
    """``seat``'s payments as a player keeping count noted them: turn, amount, duchy."""
    return [dict(p) for p in state["payments"][seat]]


def coins(state: State) -> list[int]:
    """Every seat's collected coins, reckoned from its payments."""
    return [sum(p["amount"] for p in state["payments"][s]) for s in range(state["players"])]
