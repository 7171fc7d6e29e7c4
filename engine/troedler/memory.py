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

from functools import lru_cache
from typing import TypedDict

from engine.core import State
from engine.troedler.data import CARDS


class Pile(TypedDict):
    requests: list[int]  # card ids, sorted: each was played face up
    feed: int


def value_pile(state: State, seat: int) -> Pile:
    """``seat``'s value pile as the log shows it to everyone."""
    requests, feed = _counted(tuple(state["values"][seat]))
    return {"requests": list(requests), "feed": feed}


@lru_cache(maxsize=8192)
def _counted(pile: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    # the AI's score asks every seat's pile after every move it tries: few piles, many asks
    requests = sorted(cid for cid in pile if CARDS[cid]["type"] == "request")
    return tuple(requests), sum(1 for cid in pile if CARDS[cid]["type"] == "feed")


def value_piles(state: State) -> list[Pile]:
    return [value_pile(state, seat) for seat in range(state["n"])]
