"""Ruling R35: a replacement feed is part of the delivery it serves. Both notations work: the
compound ``deliver 12 replace anvil pot`` (one action) and the split ``feed replace anvil pot``
then ``deliver 12``; both parse to moves legal() lists, format back to themselves, and leave
the game in the same state."""

from __future__ import annotations

from collections import Counter

import pytest

from engine import get_game
from engine.core import RuleError, new_rng, rng_below
from engine.troedler import phase3

GAME = get_game("troedler")


def _positions_with_compound_moves(count: int = 6):
    """Positions from seeded random games where a compound delivery is legal."""
    found = []
    for seed in range(1, 40):
        state = GAME.setup(3, {}, seed)
        rng = new_rng(seed)
        while GAME.active(state) and len(found) < count:
            seat = GAME.active(state)[0]
            legal = GAME.legal(state, seat)
            if any(move.get("replace") for move in legal):
                found.append((GAME.load(GAME.dump(state)), seat))
                break
            GAME.apply(state, seat, legal[rng_below(rng, len(legal))])
        if len(found) == count:
            return found
    return found


POSITIONS = _positions_with_compound_moves()


def test_positions_exist():
    assert len(POSITIONS) >= 4


@pytest.mark.parametrize("index", range(4))
def test_both_forms_parse_to_legal_moves_and_reach_the_same_state(index):
    state, seat = POSITIONS[index]
    legal = GAME.legal(state, seat)
    for move in [m for m in legal if m.get("replace")]:
        text = GAME.format(state, move)
        assert text.startswith(f"deliver {move['card']} replace ")
        assert GAME.parse(state, seat, text) == move  # the compound form round-trips
        compound = GAME.load(GAME.dump(state))
        compound_lines = GAME.apply(compound, seat, move)
        split = GAME.load(GAME.dump(state))
        split_lines = []
        for give, use in move["replace"]:
            step = GAME.parse(split, seat, f"feed replace {give} {use}")
            assert step in GAME.legal(split, seat)  # the split form: each step legal
            split_lines += GAME.apply(split, seat, step)
        last = GAME.parse(split, seat, f"deliver {move['card']}")
        assert last == {"type": "deliver", "card": move["card"]}
        assert last in GAME.legal(split, seat)
        split_lines += GAME.apply(split, seat, last)
        assert GAME.dump(compound) == GAME.dump(split)
        assert [line.key for line in compound_lines] == [line.key for line in split_lines]


def test_the_compound_form_reads_any_order_case_and_plural():
    state, seat = POSITIONS[0]
    move = next(m for m in GAME.legal(state, seat) if m.get("replace"))
    pairs = list(reversed(move["replace"]))
    typed = f"Deliver #{move['card']} " + " ".join(
        f"REPLACE {give}s {use}" for give, use in pairs)
    assert GAME.parse(state, seat, typed) == move


def test_the_compound_lists_exactly_the_missing_goods():
    state, seat = POSITIONS[0]
    for move in (m for m in GAME.legal(state, seat) if m.get("replace")):
        goods = phase3.delivered_goods(phase3.CARDS[move["card"]]["goods"], move["replace"])
        assert goods is not None and not goods - Counter(state["collections"][seat])
        card = phase3.CARDS[move["card"]]["goods"]
        held = state["collections"][seat]
        assert len(move["replace"]) == sum(
            max(card.count(g) - held.count(g), 0) for g in set(card))


def test_a_compound_delivery_is_refused_with_the_rule():
    state, seat = POSITIONS[0]
    move = next(m for m in GAME.legal(state, seat) if m.get("replace"))
    with pytest.raises(RuleError) as refused:
        GAME.parse(state, seat, f"deliver {move['card']} replace anvil")
    assert refused.value.text.key == "troedler.error.compound_usage"
    with pytest.raises(RuleError) as refused:
        GAME.parse(state, seat, f"deliver {move['card']} replace anvil anvil")
    assert refused.value.text.key == "troedler.error.same_good"
    feed = phase3.cards_of(state["hands"][seat], "feed")
    too_many = " ".join(["replace anvil pot"] * (len(feed) + 1))
    with pytest.raises(RuleError) as refused:
        GAME.apply(state, seat, GAME.parse(state, seat, f"deliver {move['card']} {too_many}"))
    assert refused.value.text.key == "troedler.error.compound_feed"


def test_a_compound_delivery_is_not_offered_once_feed_is_set_aside():
    state, seat = GAME.load(GAME.dump(POSITIONS[0][0])), POSITIONS[0][1]
    move = next(m for m in GAME.legal(state, seat) if m.get("replace"))
    give, use = move["replace"][0]
    GAME.apply(state, seat, {"type": "feed-replace", "give": give, "use": use})
    assert not any(m.get("replace") for m in GAME.legal(state, seat))
    with pytest.raises(RuleError) as refused:
        GAME.apply(state, seat, move)
    assert refused.value.text.key == "troedler.error.compound_after_replace"


def test_labels_name_points_and_feed_within_100_characters():
    from engine.text import LANGUAGES, say

    for state, seat in POSITIONS:
        for move in (m for m in GAME.legal(state, seat) if m.get("replace")):
            label = GAME.label(state, move)
            assert label.key.startswith("troedler.label.deliver_replace")
            assert all(len(say(label, lang)) <= 100 for lang in LANGUAGES)
