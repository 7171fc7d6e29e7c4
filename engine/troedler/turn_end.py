"""End of a turn (R36 to R39), the hand limit, and the step to the next turn or round."""

from __future__ import annotations

import itertools

from engine.core import Action, RuleError, State
from engine.troedler import phase2, phase3, scoring
from engine.troedler.common import cards_of, phase3_order, player_name
from engine.troedler.data import CARDS, HAND_LIMIT, card_text
from engine.troedler.setup import deal


def start_round(state: State) -> list[str]:
    """Pass the horse clockwise (R9) and run phase 1, then wait for phase 2."""
    state["round"] += 1
    state["dealer"] = (state["dealer"] + 1) % state["n"]
    state["current"] = None
    lines = deal(state)
    phase2.start(state)
    return lines


def after_pile(state: State) -> list[str]:
    """Once every pile is taken, phase 3 starts with the dealer (R9)."""
    if state["piles"]:
        return []
    state["stage"] = "play"
    state["turn_index"] = 0
    return begin_turn(state)


def begin_turn(state: State) -> list[str]:
    seat = phase3_order(state)[state["turn_index"]]
    phase3.start_turn(state, seat)
    lines = [f"{player_name(state, seat)}'s turn."]
    if phase3.turn_is_spent(state, seat):
        lines += end_turn(state, seat)
    return lines


def end_turn(state: State, seat: int) -> list[str]:
    """R36: routes and extra goods to the discard pile, feed and requests to the value pile."""
    name = player_name(state, seat)
    lines: list[str] = []
    to_discard = [cid for cid in state["played"] if CARDS[cid]["type"] in ("route", "extra")]
    state["discard"].extend(to_discard)
    state["values"][seat].extend(cid for cid in state["played"] if cid not in to_discard)
    state["played"] = []
    state["take"] = None
    state["pending"] = []
    state["reveals"] += 1  # ending the turn commits it (R43)
    lines.append(f"{name} ends the turn.")
    hand = state["hands"][seat]
    feed, other = cards_of(hand, "feed"), [cid for cid in hand if CARDS[cid]["type"] != "feed"]
    if len(hand) <= HAND_LIMIT:
        return lines + next_turn(state)
    if len(feed) >= HAND_LIMIT:
        # Nothing to choose (R37): every other card goes, surplus feed to the value pile.
        surplus = sorted(feed)[HAND_LIMIT:]
        lines += _discard(state, seat, other)
        for cid in surplus:
            hand.remove(cid)
            state["values"][seat].append(cid)
        if surplus:
            lines.append(f"{name} puts {len(surplus)} surplus special feed on the value pile.")
        return lines + next_turn(state)
    state["stage"] = "limit"
    state["limit_need"] = len(hand) - HAND_LIMIT
    lines.append(f"{name} must discard {state['limit_need']} card(s) to keep 4.")
    return lines


def _discard(state: State, seat: int, cards: list[int]) -> list[str]:
    for cid in cards:
        state["hands"][seat].remove(cid)
        state["discard"].append(cid)
    if not cards:
        return []
    return [f"{player_name(state, seat)} discards " + ", ".join(map(card_text, cards)) + "."]


def limit_legal(state: State, seat: int) -> list[Action]:
    if seat != state["current"]:
        return []
    others = sorted(cid for cid in state["hands"][seat] if CARDS[cid]["type"] != "feed")
    return [{"type": "discard", "cards": list(combo)}
            for combo in itertools.combinations(others, state["limit_need"])]


def limit_check(state: State, seat: int, action: Action) -> None:
    if seat != state["current"]:
        raise RuleError(f"{player_name(state, state['current'])} is choosing cards to discard.")
    cards = action.get("cards", [])
    hand = state["hands"][seat]
    for cid in cards:
        if cid not in hand:
            raise RuleError(f"Card #{cid} is not in your hand.")
        if CARDS[cid]["type"] == "feed":
            raise RuleError("You may never put special feed on the discard pile: keep it.")
    if len(set(cards)) != len(cards) or len(cards) != state["limit_need"]:
        raise RuleError(f"Discard exactly {state['limit_need']} different card(s) to keep 4 "
                        "in your hand.")


def limit_apply(state: State, seat: int, action: Action) -> list[str]:
    lines = _discard(state, seat, list(action["cards"]))
    state["stage"] = "play"
    state["limit_need"] = 0
    return lines + next_turn(state)


def next_turn(state: State) -> list[str]:
    state["turn_index"] += 1
    if state["turn_index"] < state["n"]:
        return begin_turn(state)
    # The round is over: only now is the end checked and made known (R42, R44).
    if scoring.end_reached(state):
        state["stage"] = "over"
        state["current"] = None
        return [f"Round {state['round']} is over and a player has enough fulfilled requests: "
                "the game ends."] + scoring.result_lines(state)
    return start_round(state)
