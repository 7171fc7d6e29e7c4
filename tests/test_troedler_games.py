"""Whole games: seeded random play for 2-4 players, hidden information, invariants, notation."""

from __future__ import annotations

import json
import os
from collections import Counter

import pytest

from engine import RuleError
from engine.core import new_rng, rng_below
from engine.playthrough import random_playthrough
from engine.text import from_json, say
from engine.troedler.data import CARDS, starting_set
from tests.test_troedler_support import (
    ANN,
    BEN,
    BRIDGE,
    EXTRA,
    GAME,
    all_goods,
    goods_total,
    legal_texts,
    play,
    turn_state,
)

BRIDGE_CARD, EXTRA_CARD = BRIDGE[0], EXTRA[0]


def card_locations(state) -> Counter:
    places = state["round_pile"] + state["discard"] + state["played"]
    for pile in state["piles"]:
        places += pile or []
    for seat in range(state["n"]):
        places += state["hands"][seat] + state["values"][seat]
    return Counter(places)


def card_ids_in(view) -> set[int]:
    """Every card id shown as a card (a dict with "id" and "type") anywhere in a view."""
    found: set[int] = set()
    stack = [view]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if "id" in item and "type" in item:
                found.add(item["id"])
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def check_hidden(state) -> None:
    """R41: no hand, value pile or round-pile order in the public view or another's view."""
    n = state["n"]
    public = GAME.view(state, None)
    text = json.dumps(public)
    assert "you" not in public and '"hand"' not in text and '"value"' not in text
    assert "round_pile" not in public
    secret = {seat: set(state["hands"][seat]) | set(state["values"][seat]) for seat in range(n)}
    shown = card_ids_in(public)
    assert not shown & set().union(*secret.values())
    assert not shown & set(state["round_pile"])
    if not state["options"]["open_piles"]:
        covered = {cid for pile in state["piles"] if pile for cid in pile[:-1]}
        assert not shown & covered
    if state["stage"] != "over" and not state["options"]["open_counts"]:
        assert "damage" not in text and "requests" not in text
    for seat in range(n):
        view = GAME.view(state, seat)
        own = {card["id"] for card in view["you"]["hand"] + view["you"]["value"]}
        assert own == secret[seat]
        others = set().union(*(secret[s] for s in range(n) if s != seat))
        assert not card_ids_in(view) & others


def check_invariants(state) -> None:
    """Section 13: goods and cards are conserved; hands stay within their limits."""
    assert goods_total(state) == all_goods()
    places = card_locations(state)
    assert max(places.values()) == 1
    assert sum(places.values()) == {2: 104, 3: 107, 4: 110}[state["n"]]
    for seat in range(state["n"]):
        assert len(state["hands"][seat]) <= 8
        assert all(CARDS[c]["type"] in ("feed", "request") for c in state["values"][seat])


def replay_checking(n: int, options: dict, seed: int, moves: list[tuple[int, str]]) -> None:
    state = GAME.setup(n, options, seed)
    check_invariants(state)
    check_hidden(state)
    for seat, text in moves:
        GAME.apply(state, seat, GAME.parse(state, seat, text))
        check_invariants(state)
        check_hidden(state)


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("open_piles", [False, True])
def test_seeded_full_games(n, open_piles):
    options = {"open_piles": open_piles}
    run = random_playthrough(GAME, n, options, seed=100 + n)
    assert run.finished
    result = GAME.result(run.state)
    assert len(result) == n and result[0].rank == 1
    assert GAME.phase(run.state) == "Game over" and GAME.active(run.state) == []
    need = {2: 7, 3: 6, 4: 5}[n]
    assert max(s.detail["requests"] for s in result) >= need


@pytest.mark.parametrize("n, seed", [(2, 1), (3, 2), (4, 3)])
def test_no_hidden_item_in_public_views_and_invariants_hold(n, seed):
    run = random_playthrough(GAME, n, {"open_counts": False}, seed=seed)
    replay_checking(n, {}, seed, run.moves)


def test_open_piles_views_show_whole_piles_during_phase2():
    state = GAME.setup(4, {"open_piles": True}, 12)
    public = GAME.view(state, None)
    assert [[c["id"] for c in pile["cards"]] for pile in public["piles"]] == state["piles"]


def test_r12_deal_order_is_public_only_in_the_deal_log_entry():
    state = GAME.setup(3, {}, 4)
    dealt = [cid for pile in state["piles"] for cid in pile]
    log = " ".join(from_json(state["deal_log"]))  # posted once; no view carries it (R12.3)
    assert all(f"#{cid} " in log for cid in dealt)
    while state["stage"] == "take":
        seat = GAME.active(state)[0]
        assert all("deal_log" not in GAME.view(state, s) for s in (None, 0, 1, 2))
        GAME.apply(state, seat, GAME.legal(state, seat)[0])


def test_illegal_moves_are_refused_with_a_reason_and_change_nothing():
    run = random_playthrough(GAME, 3, {}, seed=21)
    state = GAME.setup(3, {}, 21)
    chooser = new_rng(5)
    junk = ["take-pile 9", "discard-pile 1", "move bridge ruthven", "take anvil", "extra pot",
            "deliver 3", "feed route trail glenmore", "feed extra cup", "feed replace cup pot",
            "discard 1 2", "end"]
    for seat, text in run.moves[:150]:
        for other in range(3):
            probe = junk[rng_below(chooser, len(junk))]
            action = GAME.parse(state, other, probe)
            if GAME.find_legal(state, other, action) is None:
                before = GAME.dump(state)
                with pytest.raises(RuleError) as error:
                    GAME.apply(state, other, action)
                assert len(str(error.value)) > 15 and GAME.dump(state) == before
        GAME.apply(state, seat, GAME.parse(state, seat, text))


@pytest.mark.parametrize("text", ["", "fly home", "move", "move boat glenmore",
                                  "move bridge atlantis", "take gold", "deliver x",
                                  "feed", "feed jump", "feed replace anvil", "end now"])
def test_parse_rejects_junk(text):
    with pytest.raises(RuleError):
        GAME.parse(GAME.setup(2, {}, 1), ANN, text)


def test_notation_round_trip_and_examples():
    examples = {
        "take-pile 3": {"type": "take-pile", "pile": 3},
        "move bridge glenmore": {"type": "move", "kind": "bridge", "to": "glenmore"},
        "take vase": {"type": "take", "good": "vase"},
        "deliver 12": {"type": "deliver", "card": 12},
        "feed route moor glenmore": {"type": "feed-route", "kind": "moor", "to": "glenmore"},
        "feed extra pot": {"type": "feed-extra", "good": "pot"},
        "feed replace anvil pot": {"type": "feed-replace", "give": "anvil", "use": "pot"},
        "extra chair": {"type": "extra", "good": "chair"},
        "discard 12 15": {"type": "discard", "cards": [12, 15]},
        "end": {"type": "end"},
    }
    state = GAME.setup(4, {}, 1)
    for text, action in examples.items():
        assert GAME.parse(state, ANN, text) == action
        assert GAME.parse(state, ANN, text.upper()) == action
        assert GAME.format(state, action) == text
        assert len(GAME.label(state, action)) <= 100
    assert GAME.parse(state, ANN, "Move Moor-Path Glenmore")["kind"] == "moor"
    assert GAME.parse(state, ANN, "take vases") == {"type": "take", "good": "vase"}
    # the channel says "takes pile 2", so a player types that: it is the pile, not a good
    for text in ("take pile 2", "take 2", "Take Pile #2", "take #2"):
        assert GAME.parse(state, ANN, text) == {"type": "take-pile", "pile": 2}, text
    assert GAME.parse(state, ANN, "discard pile 4") == {"type": "discard-pile", "pile": 4}
    assert GAME.parse(state, ANN, "discard 4") == {"type": "discard", "cards": [4]}


def test_labels_describe_the_move():
    state = turn_state("glenmore", [12], goods=["bottle", "pot", "pot"])
    labels = [GAME.label(state, a) for a in GAME.legal(state, ANN)]
    # what the move does first, its notation last (a button drops it)
    assert "Deliver 2 pots + bottle for 4 points · deliver 12" in labels


def test_case53_starting_cards_circulate():
    bridge = next(c for c in starting_set("kilbride") if CARDS[c]["type"] == "route")
    state = turn_state("kilbride", [bridge], seat=ANN)
    play(state, ANN, "move bridge ruthven")  # empty hand, nothing to take: the turn ends
    assert state["discard"][-1] == bridge
    state["round_pile"] = []
    for seat in (1, 2, 3):
        play(state, seat, "end")
    holder = next(i for i, pile in enumerate(state["piles"]) if bridge in pile)
    while state["stage"] == "take":
        seat = GAME.active(state)[0]
        choice = holder + 1 if seat == BEN else next(
            p for p in (a["pile"] for a in GAME.legal(state, seat)) if p != holder + 1)
        GAME.apply(state, seat, {"type": "take-pile", "pile": choice})
    assert bridge in state["hands"][BEN]
    while GAME.active(state) != [BEN]:
        seat = GAME.active(state)[0]
        moves = GAME.legal(state, seat)
        GAME.apply(state, seat, moves[-1] if moves[-1]["type"] == "end" else moves[0])
    state["carts"][BEN] = "kilbride"
    state["hands"][BEN] = [bridge]
    assert "move bridge ruthven" in legal_texts(state, BEN)
    play(state, BEN, "move bridge ruthven")
    assert bridge in state["discard"]


def test_game_metadata_and_help():
    assert GAME.key == "troedler" and (GAME.min_players, GAME.max_players) == (2, 4)
    assert {o.name for o in GAME.options} == {"open_piles", "open_counts", "first_dealer"}
    assert "house" in GAME.rules("components").lower() or "House" in GAME.rules("components")
    with pytest.raises(RuleError):
        GAME.setup(5, {}, 1)
    with pytest.raises(RuleError):
        GAME.setup(3, {"open_piles": "yes"}, 1)


def test_r43_undo_points_follow_reveals():
    closed = GAME.setup(4, {}, 2)
    opened = GAME.setup(4, {"open_piles": True}, 2)
    before = (GAME.reveals(closed), GAME.reveals(opened))
    GAME.apply(closed, ANN, {"type": "take-pile", "pile": 1})
    GAME.apply(opened, ANN, {"type": "take-pile", "pile": 1})
    assert GAME.reveals(closed) > before[0]  # the taker sees the covered cards again
    assert GAME.reveals(opened) == before[1]
    state = turn_state("kilbride", [BRIDGE_CARD, EXTRA_CARD], villages={"ruthven": ["cup", "pot"]},
                       spare=True)
    start = GAME.reveals(state)
    play(state, ANN, "move bridge ruthven", "take cup", "extra pot")
    assert GAME.reveals(state) == start  # nothing random, nothing hidden: undo is free
    play(state, ANN, "end")
    assert GAME.reveals(state) > start  # ending the turn commits it


def test_r41_the_log_shows_each_card_as_it_is_played():
    state = turn_state("kilbride", [BRIDGE_CARD, EXTRA_CARD], villages={"ruthven": ["cup", "pot"]},
                       spare=True)
    lines = play(state, ANN, "move bridge ruthven", "extra pot")
    assert f"#{BRIDGE_CARD} bridge" in lines[0] and "Kilbride to Ruthven" in lines[0]
    assert f"#{EXTRA_CARD} extra good" in lines[1] and "pot" in lines[1]


def test_full_game_with_open_counts_and_a_random_first_dealer():
    run = random_playthrough(GAME, 4, {"open_counts": True, "first_dealer": "random"}, seed=77)
    assert run.finished and len(GAME.result(run.state)) == 4


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("RHEINBOT_SLOW") != "1", reason="set RHEINBOT_SLOW=1")
@pytest.mark.parametrize("n", [2, 3, 4])
def test_fuzz_many_seeds_with_invariants(n):
    for seed in range(40):
        options = {"open_piles": seed % 2 == 0, "open_counts": seed % 3 == 0}
        run = random_playthrough(GAME, n, options, seed=1000 + seed)
        assert run.finished
        replay_checking(n, options, 1000 + seed, run.moves)


def test_every_label_says_the_move_first_and_its_notation_last():
    """Buttons and the German DM read "move bridge bracklin (Kraftfutter als Brücke; …)":
    the English notation came first, and a button cut at 80 characters lost the words.
    Now a label is words, then " · notation", which a button drops; a label too long for
    the notation goes without it rather than without its words."""
    from engine import ai

    state = GAME.setup(3, {}, 4)
    kinds = set()
    for number in range(300):
        if GAME.result(state) is not None:
            break
        seat = GAME.active(state)[0]
        for move in GAME.legal(state, seat)[:60]:
            notation = GAME.format(state, move)
            said = GAME.label(state, move)
            for lang in ("en", "de"):
                label = say(said, lang)
                assert len(label) <= 100 and not label[0].islower(), label
                if said.key.endswith("_bare"):
                    assert " · " not in label and notation not in label, label
                elif move["type"] != "discard":
                    assert label.endswith(f" · {notation}"), label
            kinds.add(move["type"])
        GAME.apply(state, seat, ai.choose(GAME, state, seat, "normal", number))
    assert {"take-pile", "move", "take", "deliver", "end"} <= kinds
