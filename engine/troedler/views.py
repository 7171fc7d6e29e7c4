"""What each seat may see (R40 to R42). Hands and value piles only in their owner's view."""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.text import msg
from engine.troedler import scoring
from engine.troedler.common import card_face, player_name
from engine.troedler.data import START_COLOURS, VILLAGE_KEYS


def _piles(state: State) -> list[dict[str, Any]]:
    """Each remaining pile: its top card, how many are covered, and with open piles all (R12)."""
    shown = []
    for number, pile in enumerate(state["piles"], start=1):
        if pile is None:
            continue
        entry: dict[str, Any] = {"number": number, "top": card_face(pile[-1]) if pile else None,
                                 "covered": max(len(pile) - 1, 0)}
        if state["options"].get("open_piles"):
            entry["cards"] = [card_face(cid) for cid in pile]  # bottom to top
        shown.append(entry)
    return shown


def _counts(state: State, seat: int) -> dict[str, int]:
    feed = scoring.value_feed(state, seat)
    return {"requests": len(scoring.requests(state, seat)),
            "request_points": scoring.request_points(state, seat),
            "value_feed": feed,
            "damage": scoring.damage(feed, len(state["collections"][seat]))}


def _player(state: State, seat: int) -> dict[str, Any]:
    start = state["starts"][seat]
    entry: dict[str, Any] = {
        "seat": seat, "name": player_name(state, seat), "colour": START_COLOURS[start],
        "start": start, "cart": state["carts"][seat],
        "goods": list(state["collections"][seat]), "hand_size": len(state["hands"][seat]),
    }
    if state["options"].get("open_counts") or state["stage"] == "over":
        entry.update(_counts(state, seat))
    return entry


def public_view(state: State, phase: str) -> dict[str, Any]:
    """Texts in it (``phase``, ``choice``, card and player names, the deal) are ``Msg``s; the
    renderer words its picture from the data fields with its own catalogue."""
    stage = state["stage"]
    view: dict[str, Any] = {
        "game": "troedler", "phase": phase, "stage": stage, "round": state["round"],
        "players_count": state["n"], "options": dict(state["options"]),
        "dealer": state["dealer"], "current": state["current"],
        "players": [_player(state, seat) for seat in range(state["n"])],
        "villages": {key: list(state["villages"][key]) for key in VILLAGE_KEYS},
        "piles": _piles(state),
        "round_pile_size": len(state["round_pile"]),
        "discard_size": len(state["discard"]),
        "discard_top": card_face(state["discard"][-1]) if state["discard"] else None,
        "played": [card_face(cid) for cid in state["played"]],
        "pending_replacements": [list(pair) for pair in state["pending"]],
    }
    if stage == "take":
        # No deal log here: the deal is posted once to the channel (R12.2); a view shows each
        # pile as its top card and how many are covered (R12.3), and a pile taken is a hand,
        # seen by others only as its size (R12.5).
        view["choosing"] = state["dealer"] if state["dealer_discard"] else state["queue"][0]
        view["choosing_to"] = "discard-pile" if state["dealer_discard"] else "take-pile"
        view["choice"] = msg(f"troedler.view.{view['choosing_to']}")
    if stage == "limit":
        view["must_discard"] = {"seat": state["current"], "count": state["limit_need"]}
    if stage == "over":
        view["result"] = [s.to_dict() for s in scoring.standings(state)]
    return view


def private_part(state: State, seat: int) -> dict[str, Any]:
    """The seat's own hand and value pile, with the counts derived from them (R40)."""
    part: dict[str, Any] = {"seat": seat,
                            "hand": [card_face(cid) for cid in state["hands"][seat]],
                            "value": [card_face(cid) for cid in state["values"][seat]]}
    part.update(_counts(state, seat))
    # "Damage: 3" after two feed cards read as a mistake: it is said with how it is counted
    # (R45), as the scoring counts it
    goods = len(state["collections"][seat])
    part["damage"] = msg("troedler.damage_said", damage=part["damage"],
                         feed=part["value_feed"], half=scoring.damage(0, goods), count=goods) \
        if goods else msg("troedler.damage_said_feed", damage=part["damage"])
    return part
