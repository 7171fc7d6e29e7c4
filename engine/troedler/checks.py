"""Self-checks for the fuzzer: what Trödler conserves (section 13), and what is private (R40)."""

from __future__ import annotations

from collections import Counter

from engine.core import State
from engine.troedler.data import CARDS, GOODS, GOODS_PER_KIND, card_text

HAND_LIMIT = 8  # the most a hand ever holds, mid-turn included


def invariants(state: State) -> list[str]:
    """Every card of the game in one place; 8 goods of each kind in villages or carts."""
    problems: list[str] = []
    expected = sorted(cid for cid, card in CARDS.items()
                      if card.get("start") in (None, *state["starts"]))
    piles = [cid for pile in state["piles"] if pile for cid in pile]
    places = [cid for hand in state["hands"] for cid in hand]
    places += [cid for pile in state["values"] for cid in pile]
    places += piles + state["round_pile"] + state["discard"] + state["played"]
    if sorted(places) != expected:
        problems.append(f"cards not conserved: {len(places)} placed, {len(set(places))} "
                        f"different, {len(expected)} expected")
    goods: Counter[str] = Counter()
    for village in state["villages"].values():
        goods.update(village)
    for collection in state["collections"]:
        goods.update(collection)
    if goods != Counter({good: GOODS_PER_KIND for good in GOODS}):
        problems.append(f"goods not conserved: {dict(sorted(goods.items()))}")
    for seat, hand in enumerate(state["hands"]):
        if len(hand) > HAND_LIMIT:
            problems.append(f"seat {seat} holds {len(hand)} cards (at most {HAND_LIMIT})")
    return problems


def secret_items(state: State) -> list:
    """What nobody may see in a view (R12.3, R41): the covered cards of the remaining piles,
    unless the table plays with open piles, and the game-round pile, as cards and as the
    texts that word them."""
    if state["stage"] == "over":
        return []
    cards = list(state["round_pile"])
    if not state["options"].get("open_piles"):
        cards += [cid for pile in state["piles"] if pile for cid in pile[:-1]]
    return [item for cid in cards
            for item in ({"id": cid, "type": CARDS[cid]["type"]}, str(card_text(cid)))]


def hidden_items(state: State) -> dict[int, list]:
    """A hand and the face-down value pile belong to their owner alone until the end."""
    if state["stage"] == "over":
        return {}
    return {seat: [{"id": cid, "type": CARDS[cid]["type"]}
                   for cid in state["hands"][seat] + state["values"][seat]]
            for seat in range(state["n"])}
