"""Small helpers shared by the phase modules: seats, cards in hand, public card faces."""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.text import Msg, msg
from engine.troedler.data import CARDS, START_COLOURS, START_VILLAGES, VILLAGE_NAMES, card_text


def player_name(state: State, seat: int) -> Msg:
    """Players are named by their cart's colour (the bot adds user names around it)."""
    return msg(f"troedler.player.{START_COLOURS[state['starts'][seat]]}")


def cards_of(cards: list[int], kind: str) -> list[int]:
    return [cid for cid in cards if CARDS[cid]["type"] == kind]


def routes_of(cards: list[int], route_kind: str) -> list[int]:
    return [cid for cid in cards if CARDS[cid]["type"] == "route"
            and CARDS[cid]["kind"] == route_kind]


def card_face(card_id: int) -> dict[str, Any]:
    """A card as the public or the owner may see it (JSON data for views)."""
    card = CARDS[card_id]
    face: dict[str, Any] = {"id": card_id, "type": card["type"], "text": card_text(card_id)}
    for key in ("kind", "goods", "points", "start"):
        if key in card:
            face[key] = card[key]
    return face


def village_name(key: str) -> str:
    return VILLAGE_NAMES[key]


def phase3_order(state: State) -> list[int]:
    """The dealer begins, then clockwise (R9)."""
    n, dealer = state["n"], state["dealer"]
    return [(dealer + i) % n for i in range(n)]


def start_villages(n: int) -> list[str]:
    """Seat i drives the cart of the i-th start village in data order (house seating, R8)."""
    return START_VILLAGES[:n]
