"""Set-up, components and options of Rhein: River Trade (R3, R7, R18, R57, R58, E1, E58)."""

import pytest

from engine import RuleError, get_game
from engine.rhein import data
from engine.rhein.state import turn_order

GAME = get_game("rhein")


@pytest.mark.parametrize(
    ("players", "transports", "revealed", "discarded", "rounds"),
    [
        (2, {"white-plane", "white-train", "red-train", "black-train", "white-ship", "red-ship"},
         5, 0, 10),
        (3, {"white-plane", "white-train", "red-train", "black-train", "white-ship", "red-ship",
             "black-ship"}, 5, 0, 10),
        (4, {"white-plane", "red-plane", "white-train", "red-train", "black-train", "white-ship",
             "red-ship", "black-ship"}, 6, 2, 8),
        (5, {t.key for t in data.TRANSPORTS}, 7, 1, 7),
    ],
)
def test_r57_e58_setup_by_player_count(players, transports, revealed, discarded, rounds):
    state = GAME.setup(players, {}, seed=3)
    assert set(state["transports"]) == transports
    assert len(state["list"]) == revealed
    assert len(state["box"]) == discarded
    assert state["rounds"] == rounds
    # R7: the deck runs out exactly in the last round.
    assert len(state["deck"]) + len(state["list"]) == revealed * rounds
    assert len(state["deck"]) + len(state["list"]) + discarded == 50
    assert state["capital"] == [20] * players
    assert state["warehouse"] == [15] * players
    assert all(t["where"] == "reserve" for trucks in state["trucks"] for t in trucks.values())


def test_r3_e1_starting_stack_depends_only_on_seed():
    first = GAME.setup(3, {}, seed=11)
    again = GAME.setup(3, {}, seed=11)
    assert first["stamp"] == again["stamp"]
    top = max(range(3), key=lambda s: first["stamp"][s])
    assert state_auction_opener(first) == top
    assert turn_order(first) == sorted(range(3), key=lambda s: -first["stamp"][s])
    stacks = {tuple(GAME.setup(3, {}, seed=s)["stamp"]) for s in range(12)}
    assert len(stacks) > 1


def state_auction_opener(state):
    return state["auction"]["turn"]


def test_r18_both_variants_refused():
    with pytest.raises(RuleError, match="Under Pressure and Relax"):
        GAME.setup(3, {"under_pressure": True, "relax": True}, seed=1)


def test_player_count_and_unknown_option_refused():
    with pytest.raises(RuleError):
        GAME.setup(6, {}, seed=1)
    with pytest.raises(RuleError):
        GAME.setup(3, {"turbo": True}, seed=1)


def test_components_published_values_and_house_markers():
    white_plane = data.TRANSPORT_BY_KEY["white-plane"]
    red_train = data.TRANSPORT_BY_KEY["red-train"]
    assert (white_plane.initiative, white_plane.cost, white_plane.speed, white_plane.stops) == (
        1, 12, 9, 1)
    assert (red_train.initiative, red_train.cost, red_train.speed, red_train.stops,
            red_train.min_load, red_train.capacity) == (5, 4, 3, 2, 4, 10)
    assert sum(t.markers for t in data.TRANSPORTS) == 30
    assert all(6 <= t.capacity <= 14 for t in data.TRANSPORTS)
    karlsruhe = data.CARD_BY_ID[4]
    assert (karlsruhe.city, karlsruhe.options, karlsruhe.time, karlsruhe.penalty) == (
        2, ((2, 5), (3, 7), (4, 9)), 2, 2)
    per_city = {c: sum(card.city == c for card in data.CARDS) for c in (1, 2, 3)}
    assert per_city == {1: 3, 2: 4, 3: 3}
    assert all("house" in card.source for card in data.CARDS if card.id != 4)
    assert "house" in GAME.topics["components"].lower()
    # Every road city lies within 2 of another (R36), London has no road.
    roads = [c.number for c in data.CITIES if "road" in c.services]
    assert 14 not in roads
    assert all(any(0 < abs(a - b) <= 2 for b in roads) for a in roads)


def test_r58_public_view_hides_deck_and_face_down_cards():
    state = GAME.setup(3, {}, seed=5)
    state["fulfilled"][1] = [7]
    public = GAME.view(state, None)
    text = str(public)
    assert "deck" not in public or isinstance(public.get("deck_count"), int)
    assert all("fulfilled" not in p for p in public["players"])
    assert public["players"][1]["fulfilled_count"] == 1
    own = GAME.view(state, 1)
    assert own["players"][1]["fulfilled"][0]["card"] == 7
    assert "box" not in text
