"""A review's newcomer saw one discard list mix "Abwerfen: #15 Auftrag 3 Stühle (5 P.), #18
Auftrag 3 Vasen (5 P.), #87 Moorweg" with "Abwerfen: #15, #18, #99": a label past 100
characters fell back to card numbers alone, entry by entry, and those hid what the cards were.
Every entry of a list now names its cards alike, in the compact form "#15 3 Stühle (5 P.)"
where the list's longest entry fits 100 characters."""

from __future__ import annotations

from engine.text import LANGUAGES, say
from engine.troedler.data import CARDS
from tests.test_troedler_support import ANN, GAME, MOOR, TRAIL, request, turn_state

CHAIRS, VASES, ANVILS = request("chair", "chair", "chair"), request("vase", "vase", "vase"), \
    request("anvil", "anvil")


def _labels(hand: list[int], need: int, lang: str) -> list[str]:
    state = turn_state("achnacroy", hand)
    state["stage"], state["limit_need"] = "limit", need
    return [say(GAME.label(state, move), lang) for move in GAME.legal(state, ANN)]


def test_every_discard_entry_names_its_cards_alike_and_readably():
    hand = [CHAIRS, VASES, ANVILS, MOOR[0], MOOR[1], TRAIL[0]]
    for lang, chairs in (("en", f"#{CHAIRS} 3 chairs ("), ("de", f"#{CHAIRS} 3 Stühle (")):
        labels = _labels(hand, 3, lang)
        assert len(labels) == 20 and all(len(label) <= 100 for label in labels), labels
        named = [label for label in labels if f"#{CHAIRS}" in label.split(" · ")[0]]
        assert named and all(chairs in label for label in named), named
        # no entry hides its cards behind their numbers alone
        assert not any(f"#{MOOR[0]}," in label or label.split(" · ")[0].endswith(f"#{MOOR[0]}")
                       for label in labels), labels


def test_a_list_too_long_for_faces_names_numbers_in_every_entry():
    requests = [request("chair", "chair", "chair"), request("vase", "vase", "vase"),
                request("anvil", "anvil"), *_four_good_requests()]
    for lang in LANGUAGES:
        labels = _labels(requests + [MOOR[0]], len(requests) + 1 - 4, lang)
        assert all(len(label) <= 100 for label in labels), labels
        plain = [" (" not in label.split(" · ")[0] for label in labels]
        assert all(plain), labels  # six requests to drop pass 100 characters in any form


def _four_good_requests() -> list[int]:
    return sorted(cid for cid, card in CARDS.items()
                  if card["type"] == "request" and len(card["goods"]) >= 4
                  and "start" not in card)[:3]
