"""The notation: parse/format round trips, spellings, junk, labels."""

import pytest
from rhein_helpers import GAME, fresh

from engine import RuleError

EXAMPLES = [
    ("take 17", {"type": "take", "card": 17}),
    ("retake 4", {"type": "retake", "card": 4}),
    ("bid 17 4", {"type": "bid", "card": 17, "amount": 4}),
    ("load red-train 4", {"type": "load", "transport": "red-train", "n": 4}),
    ("load a 1", {"type": "load", "transport": "a", "n": 1}),
    ("truck a koblenz 2", {"type": "truck", "truck": "a", "city": 6, "n": 2}),
    ("reserve white-ship koblenz", {"type": "reserve", "transport": "white-ship", "city": 6}),
    ("unload red-train 3", {"type": "unload", "transport": "red-train", "n": 3}),
    ("unload b 2", {"type": "unload", "transport": "b", "n": 2}),
    ("transfer red-train white-ship 2",
     {"type": "transfer", "from": "red-train", "to": "white-ship", "n": 2}),
    ("transfer red-train a 2", {"type": "transfer", "from": "red-train", "to": "a", "n": 2}),
    ("move a bonn", {"type": "move", "truck": "a", "city": 7}),
    ("fulfil 17 4", {"type": "fulfil", "card": 17, "n": 4}),
    ("mortgage a", {"type": "mortgage", "truck": "a"}),
    ("repay b", {"type": "repay", "truck": "b"}),
    ("done", {"type": "done"}),
]


@pytest.mark.parametrize(("text", "action"), EXAMPLES)
def test_notation_round_trip(text, action):
    state = fresh(3)
    assert GAME.parse(state, 0, text) == action or action["type"] == "pass"
    assert GAME.format(state, action) == text
    assert GAME.parse(state, 0, text.upper()) == GAME.parse(state, 0, text)
    assert 0 < len(GAME.label(state, action)) <= 100


def test_notation_city_spellings_and_aliases():
    state = fresh(3)
    for spelling in ("koeln", "Köln", "koln", "cologne", "8"):
        assert GAME.parse(state, 0, f"move a {spelling}")["city"] == 8
    assert GAME.parse(state, 0, "reserve white-plane Düsseldorf")["city"] == 9
    assert GAME.parse(state, 0, "fulfill 3 4")["type"] == "fulfil"
    assert GAME.parse(state, 0, "transfer red-train truck-b 1")["to"] == "b"


def test_pass_is_an_auction_pass_or_done():
    state = fresh(3)
    assert state["step"] == "auction"
    assert GAME.parse(state, 0, "pass") == {"type": "pass"}
    state["step"] = "load"
    assert GAME.parse(state, 0, "pass") == {"type": "done"}


@pytest.mark.parametrize("junk", ["", "fly to mars", "take", "take x", "load zeppelin 3",
                                  "move c bonn", "move a paris", "bid 3", "done now"])
def test_notation_junk_is_a_rule_error(junk):
    with pytest.raises(RuleError):
        GAME.parse(fresh(3), 0, junk)


def test_apply_refuses_malformed_actions_with_a_sentence():
    state = fresh(3)
    seat = GAME.active(state)[0]
    for action in ({"type": "warp"}, {"type": "bid"}, {"type": "load", "transport": "x"}):
        with pytest.raises(RuleError) as caught:
            GAME.apply(state, seat, action)
        assert str(caught.value).endswith(".")


def test_labels_name_the_consequence():
    state = fresh(3)
    seat = GAME.active(state)[0]
    labels = [GAME.label(state, move) for move in GAME.legal(state, seat)]
    assert any(label.startswith("Bid 0 on order") for label in labels)
    assert all(len(label) <= 100 for label in labels)


def test_phase_label_and_topics():
    state = fresh(3)
    assert GAME.phase(state) == "Round 1/10 · Phase 1: Take Orders"
    assert {"components", "variants", "moving", "money"} <= set(GAME.topics)
    assert "house" in GAME.rules("components").lower()
