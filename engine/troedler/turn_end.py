"""End of a turn (R36 to R39), the hand limit, and the step to the next turn or round."""

from __future__ import annotations

import itertools

from engine.core import Action, RuleError, State
from engine.text import Msg, msg
from engine.troedler import phase2, phase3, scoring
from engine.troedler.common import cards_of, phase3_order, player_name
from engine.troedler.data import CARDS, HAND_LIMIT, card_text
from engine.troedler.setup import deal


def start_round(state: State, say: bool = True) -> list[Msg]:
    """Pass the horse clockwise (R9) and run phase 1, then wait for phase 2."""
    state["round"] += 1
    state["dealer"] = (state["dealer"] + 1) % state["n"]
    state["current"] = None
    lines = deal(state, say)
    phase2.start(state)
    return lines


def after_pile(state: State, say: bool = True) -> list[Msg]:
    """Once every pile is taken, phase 3 starts with the dealer (R9)."""
    if state["piles"]:
        return []
    state["stage"] = "play"
    state["turn_index"] = 0
    return begin_turn(state, say)


def begin_turn(state: State, say: bool = True) -> list[Msg]:
    """``say=False`` (the AI's searches, here and below): the same moves without building
    the log lines, which cost a quarter of a simulated move."""
    seat = phase3_order(state)[state["turn_index"]]
    phase3.start_turn(state, seat)
    lines = [msg("troedler.log.turn", name=player_name(state, seat))] if say else []
    if phase3.turn_is_spent(state, seat):
        lines += end_turn(state, seat, say)
    return lines


def end_turn(state: State, seat: int, say: bool = True) -> list[Msg]:
    """R36: routes and extra goods to the discard pile, feed and requests to the value pile."""
    name = player_name(state, seat) if say else None
    lines: list[Msg] = []
    to_discard = [cid for cid in state["played"] if CARDS[cid]["type"] in ("route", "extra")]
    state["discard"].extend(to_discard)
    state["values"][seat].extend(cid for cid in state["played"] if cid not in to_discard)
    state["played"] = []
    state["take"] = None
    state["pending"] = []
    state["reveals"] += 1  # ending the turn commits it (R43)
    if say:
        lines.append(msg("troedler.log.ends_turn", name=name))
    hand = state["hands"][seat]
    feed, other = cards_of(hand, "feed"), [cid for cid in hand if CARDS[cid]["type"] != "feed"]
    if len(hand) <= HAND_LIMIT:
        return lines + next_turn(state, say)
    if len(feed) >= HAND_LIMIT:
        # Nothing to choose (R37): every other card goes, surplus feed to the value pile.
        surplus = sorted(feed)[HAND_LIMIT:]
        lines += _discard(state, seat, other, say)
        for cid in surplus:
            hand.remove(cid)
            state["values"][seat].append(cid)
        if surplus and say:
            lines.append(msg("troedler.log.surplus_feed", name=name, count=len(surplus)))
        return lines + next_turn(state, say)
    state["stage"] = "limit"
    state["limit_need"] = len(hand) - HAND_LIMIT
    if say:
        lines.append(msg("troedler.log.must_discard", name=name, count=state["limit_need"]))
    return lines


def _discard(state: State, seat: int, cards: list[int], say: bool = True) -> list[Msg]:
    for cid in cards:
        state["hands"][seat].remove(cid)
        state["discard"].append(cid)
    if not cards or not say:
        return []
    return [msg("troedler.log.discards", name=player_name(state, seat),
                cards=[card_text(cid) for cid in cards])]


def limit_legal(state: State, seat: int) -> list[Action]:
    if seat != state["current"]:
        return []
    others = sorted(cid for cid in state["hands"][seat] if CARDS[cid]["type"] != "feed")
    return [{"type": "discard", "cards": list(combo)}
            for combo in itertools.combinations(others, state["limit_need"])]


def limit_check(state: State, seat: int, action: Action) -> None:
    if seat != state["current"]:
        raise RuleError(msg("troedler.error.choosing_discard",
                            who=player_name(state, state["current"])))
    cards = action.get("cards", [])
    hand = state["hands"][seat]
    for cid in cards:
        if cid not in hand:
            raise RuleError(msg("troedler.error.not_in_hand", card=cid))
        if CARDS[cid]["type"] == "feed":
            raise RuleError(msg("troedler.error.keep_feed"))
    if len(set(cards)) != len(cards) or len(cards) != state["limit_need"]:
        raise RuleError(msg("troedler.error.discard_exactly", count=state["limit_need"]))


def limit_apply(state: State, seat: int, action: Action, say: bool = True) -> list[Msg]:
    lines = _discard(state, seat, list(action["cards"]), say)
    state["stage"] = "play"
    state["limit_need"] = 0
    return lines + next_turn(state, say)


def next_turn(state: State, say: bool = True) -> list[Msg]:
    state["turn_index"] += 1
    if state["turn_index"] < state["n"]:
        return begin_turn(state, say)
    # The round is over: only now is the end checked and made known (R42, R44).
    if scoring.end_reached(state):
        state["stage"] = "over"
        state["current"] = None
        if not say:
            return []
        return [msg("troedler.log.game_ends", round=state["round"]),
                *scoring.result_lines(state)]
    return start_round(state, say)
