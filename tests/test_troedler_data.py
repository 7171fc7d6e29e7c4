"""The component data: counts from the rulebook, a sound house map, house values marked."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from engine.troedler import data

RAW = json.loads(Path(data.__file__).with_name("data.json").read_text("utf-8"))


def test_card_counts_follow_the_rulebook():
    plain = Counter(c["type"] for c in data.CARDS.values() if "start" not in c)
    assert plain == Counter(route=44, request=26, feed=24, extra=4)
    kinds = Counter(c["kind"] for c in data.CARDS.values()
                    if c["type"] == "route" and "start" not in c)
    assert kinds == Counter(trail=11, bridge=11, ferry=11, moor=11)
    assert len(data.CARDS) == 110 and sorted(data.CARDS) == list(range(1, 111))


def test_r1_starting_sets_one_request_route_and_feed_leaving_their_village():
    assert len(data.START_VILLAGES) == 4
    for village in data.START_VILLAGES:
        cards = [data.CARDS[c] for c in data.starting_set(village)]
        assert Counter(c["type"] for c in cards) == Counter(request=1, route=1, feed=1)
        route = next(c for c in cards if c["type"] == "route")
        assert route["kind"] in {kind for kind, _ in data.neighbours(village)}
        request = next(c for c in cards if c["type"] == "request")
        assert len(request["goods"]) == 2 and request["points"] == 3


def test_requests_have_two_to_four_goods_and_three_to_seven_points():
    for card in data.CARDS.values():
        if card["type"] == "request":
            assert 2 <= len(card["goods"]) <= 4 and 3 <= card["points"] <= 7
            assert set(card["goods"]) <= set(data.GOODS)
            assert card["source"] == "house"


def test_house_map_is_marked_and_sound():
    assert RAW["villages"]["source"] == RAW["routes"]["source"] == "house"
    assert len(data.VILLAGES) == 17 and len(set(data.VILLAGE_KEYS)) == 17
    numbered = [v for v in data.VILLAGES if v["goods"]]
    assert len(numbered) == 13 and sum(v["goods"] for v in numbered) == 48
    assert all(not v["goods"] for v in data.VILLAGES if v["start_colour"])
    kinds = Counter(r["kind"] for r in data.ROUTES)
    assert max(kinds.values()) - min(kinds.values()) <= 1
    for key in data.VILLAGE_KEYS:  # every village can be left by two kinds of route at least
        assert len({kind for kind, _ in data.neighbours(key)}) >= 2
    seen, todo = set(), [data.VILLAGE_KEYS[0]]
    while todo:
        key = todo.pop()
        if key not in seen:
            seen.add(key)
            todo += [to for _, to in data.neighbours(key)]
    assert seen == set(data.VILLAGE_KEYS)
