"""A reviewer new to Trödler read "Kraftfutter als Brücke nach Ruthven" and "Zug beenden" and
learnt what they cost only afterwards: every special feed played goes to the value pile and
counts one damage at the end (R36, R45), and a turn ended with more than four cards in hand
discards down to four (R37), surplus feed going to the value pile as damage (R38). The labels
now say so, in both languages."""

from __future__ import annotations

from engine.text import say
from tests.test_troedler_support import (
    ANN,
    BRIDGE,
    FEED,
    FERRY,
    GAME,
    TRAIL,
    request,
    turn_state,
)


def _labels(state, lang: str) -> dict[str, str]:
    return {GAME.format(state, move): say(GAME.label(state, move), lang)
            for move in GAME.legal(state, ANN)}


def test_every_feed_label_says_its_damage():
    state = turn_state("kilbride", [FEED[0], request("anvil", "anvil", "pot")],
                       goods=["anvil", "anvil", "bottle"],
                       villages={"ruthven": ["chair", "cup"], "kilbride": ["vase"]})
    empty = turn_state("kilbride", [FEED[0], request("anvil", "anvil", "pot")],
                       goods=["anvil", "anvil", "bottle"])  # here feed may replace a good
    for lang, cost in (("en", "+1 damage"), ("de", "+1 Schaden")):
        labels = _labels(state, lang) | _labels(empty, lang)
        feeds = {form: label for form, label in labels.items() if form.startswith("feed ")}
        assert {form.split()[1] for form in feeds} == {"route", "extra", "replace"}, feeds
        for label in feeds.values():
            assert cost in label, label
    de = _labels(state, "de")
    assert de["feed route bridge ruthven"].startswith(
        "Kraftfutter als Brücke nach Ruthven"), de
    assert "+1 Schaden" in de["feed extra vase"]


def test_a_delivery_with_feed_says_its_damage():
    state = turn_state("kilbride", [FEED[0], request("anvil", "anvil", "pot")],
                       goods=["anvil", "anvil", "bottle"])
    deliveries = [m for m in GAME.legal(state, ANN)
                  if m["type"] == "deliver" and m.get("replace")]
    assert deliveries
    for move in deliveries:
        assert "+1 damage" in say(GAME.label(state, move), "en")
        assert "+1 Schaden" in say(GAME.label(state, move), "de")


def _end(state, lang: str) -> str:
    [end] = [m for m in GAME.legal(state, ANN) if m["type"] == "end"]
    return say(GAME.label(state, end), lang)


def test_ending_says_how_many_cards_the_hand_limit_then_costs():
    hand = [BRIDGE[0], BRIDGE[1], TRAIL[0], TRAIL[1], FERRY[0], FEED[0], FEED[1]]
    state = turn_state("kilbride", hand)
    assert _end(state, "de") == "Zug beenden (dann 3 Karten abwerfen) · end"
    assert _end(state, "en") == "End your turn (then discard 3) · end"
    state = turn_state("kilbride", hand[:5])
    assert _end(state, "de") == "Zug beenden (dann 1 Karte abwerfen) · end"
    assert _end(state, "en") == "End your turn (then discard 1) · end"
    state = turn_state("kilbride", hand[:4])
    assert _end(state, "de") == "Zug beenden · end"
    assert _end(state, "en") == "End your turn · end"


def test_ending_with_surplus_feed_says_its_damage():
    state = turn_state("kilbride", [*FEED[:6], TRAIL[0]])
    assert _end(state, "en") == ("End your turn (then discard 1, 2 special feed to your value "
                                 "pile: +2 damage) · end")
    assert _end(state, "de") == ("Zug beenden (dann 1 Karte abwerfen, 2 Kraftfutter auf deinen "
                                 "Wertungsstapel: +2 Schaden) · end")
    state = turn_state("kilbride", FEED[:5])
    assert _end(state, "en") == ("End your turn (then 1 special feed to your value pile: "
                                 "+1 damage) · end")
