"""Phase 2: everyone takes a dealer pile; with 2 players the dealer first discards one (R15, R16)."""

from __future__ import annotations

from engine.core import Action, RuleError, State
from engine.text import Msg, msg
from engine.troedler.common import player_name
from engine.troedler.data import card_text


def start(state: State) -> None:
    n, dealer = state["n"], state["dealer"]
    state["stage"] = "take"
    if n == 2:
        # The dealer discards one of three piles, then the other player chooses (R16).
        state["queue"] = [(dealer + 1) % n]
        state["dealer_discard"] = True
    else:
        state["queue"] = [(dealer + i) % n for i in range(1, n + 1)]
        state["dealer_discard"] = False


def active(state: State) -> list[int]:
    return [state["dealer"]] if state["dealer_discard"] else state["queue"][:1]


def remaining(state: State) -> list[int]:
    """Numbers (1-based, stable, R10) of the piles still on the table."""
    return [i + 1 for i, pile in enumerate(state["piles"]) if pile is not None]


def legal(state: State, seat: int) -> list[Action]:
    if seat not in active(state):
        return []
    kind = "discard-pile" if state["dealer_discard"] else "take-pile"
    return [{"type": kind, "pile": number} for number in remaining(state)]


def check(state: State, seat: int, action: Action) -> None:
    if seat not in active(state):
        who = player_name(state, active(state)[0])
        raise RuleError(msg("troedler.error.pile_turn", who=who))
    if state["dealer_discard"] and action["type"] == "take-pile":
        raise RuleError(msg("troedler.error.dealer_discards_first", piles=remaining(state)))
    if not state["dealer_discard"] and action["type"] == "discard-pile":
        raise RuleError(msg("troedler.error.only_dealer_discards"))
    number = action.get("pile")
    if number not in remaining(state):
        raise RuleError(msg("troedler.error.no_pile", number=number, left=remaining(state)))


def _pile_words(state: State, number: int) -> Msg:
    pile = state["piles"][number - 1]
    if not pile:
        return msg("troedler.pile.empty", number=number)
    if state["options"].get("open_piles"):
        return msg("troedler.pile.open", number=number, cards=[card_text(cid) for cid in pile])
    return msg("troedler.pile.top", number=number, card=card_text(pile[-1]))


def apply(state: State, seat: int, action: Action, say: bool = True) -> list[Msg]:
    """Take or discard a pile; returns log lines (none with ``say=False``, the AI's
    searches). The caller starts phase 3 when done."""
    number = action["pile"]
    words = _pile_words(state, number) if say else None
    pile = state["piles"][number - 1]
    state["piles"][number - 1] = None
    name = player_name(state, seat) if say else None
    if action["type"] == "discard-pile":
        state["discard"].extend(pile)
        state["dealer_discard"] = False
        return [msg("troedler.log.discards_pile", name=name, pile=words)] if say else []
    state["hands"][seat].extend(pile)
    state["queue"].pop(0)
    if not state["options"].get("open_piles"):
        # The taker sees the covered cards again: no undo past this point (R43).
        state["reveals"] += 1
    lines = [msg("troedler.log.takes_pile", name=name, pile=words)] if say else []
    if not state["queue"]:
        lines += _finish(state, say)
    return lines


def _finish(state: State, say: bool = True) -> list[Msg]:
    left = remaining(state)
    lines: list[Msg] = []
    for number in left:
        pile = state["piles"][number - 1]
        if state["n"] == 2:
            # The dealer receives the last pile without a prompt (R16).
            state["hands"][state["dealer"]].extend(pile)
            if say:
                dealer = player_name(state, state["dealer"])
                lines.append(msg("troedler.log.takes_last_pile", name=dealer,
                                 pile=_pile_words(state, number)))
        else:
            state["discard"].extend(pile)  # as it lies: its top becomes the discard top (R15)
            if say:
                lines.append(msg("troedler.log.leftover_pile",
                                 pile=_pile_words(state, number)))
        state["piles"][number - 1] = None
    state["piles"] = []
    state["deal_log"] = []
    return lines
