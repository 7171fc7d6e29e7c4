"""What a player at the table knows from the log alone: every seat's value pile (R41, R42).

Every card reaches a value pile in the open: requests and feed are played face up (the log
and the view's ``played`` show each with its face, R41) and go to the pile when the turn
ends (R36); surplus feed at the hand limit goes there with its count logged (R37). So who
holds how many requests, worth what, and how much spent feed is public knowledge that
players track from the log, even though R42 keeps the views and the board image from
*showing* these counts. This module is that tracking, for the AI seats: a record derived
only from what was played in the open. No view, renderer, turn card or log line reads it
(R42's display rule stands); ``engine.ai`` does.

Feed cards are all alike, so the record counts them and does not name them: which feed card
lies in which pile is no one's knowledge (a surplus feed card's id is never shown).
"""

from __future__ import annotations

from typing import TypedDict

from engine.core import State
from engine.troedler.data import CARDS


class Pile(TypedDict):
    requests: list[int]  # card ids, sorted: each was played face up
    feed: int


def value_pile(state: State, seat: int) -> Pile:
    """``seat``'s value pile as the log shows it to everyone."""
    requests, feed = [], 0
    for cid in state["values"][seat]:
        if CARDS[cid]["type"] == "request":
            requests.append(cid)
        elif CARDS[cid]["type"] == "feed":
            feed += 1
    return {"requests": sorted(requests), "feed": feed}


def value_piles(state: State) -> list[Pile]:
    return [value_pile(state, seat) for seat in range(state["n"])]
