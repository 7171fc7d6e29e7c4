"""What a first-time Rhein player read in the first two rounds (learner review, s44).

- "Mortgage truck A (+6)" stood in the /play list at every decision with only the gain: a
  player short of Capital took it for free money. Repaying costs 9, and each truck still
  mortgaged at the end of the game costs 9 (rulebook, "Taking out a Mortgage on Trucks"):
  the label now says both.
- `truck a koeln 1` in round 1 was answered "You have only 0 containers in that city.": no
  city, and "only 0" read like a bug. It now names the city and where the truck can start,
  from the moves legal() offers; every other count of containers or room that can be 0
  has a wording for none.
- A transport name the bot does not know was answered with all nine transports, those the
  player count leaves in the box too; now with those of the game only.
"""

from __future__ import annotations

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import pair_at_table, refused_play
from refusal_checks import assert_refused
from rhein_helpers import (
    GAME,
    GREEN,
    YELLOW,
    LoadingRhein,
    act,
    at_load,
    board,
    fresh,
    give,
    lay,
    place_truck,
    set_capital,
    start_phase4,
    start_phase5,
)

from engine.core import RuleError
from engine.rhein import Rhein, data, flow
from engine.rhein.state import in_game
from engine.text import say

MORTGAGE = {"en": "Mortgage truck {}: +6 now, 9 to repay (else −9 at game end)",
            "de": "Verpfände Lkw {}: jetzt +6, Auslösen kostet 9 (sonst −9 am Spielende)"}


async def table(bot, locale: str, game: Rhein | None = None) -> Member:
    """Anna and Bert at a two-player Rhein table in the locale's language; the mover."""
    service = bot.client.adapter.service
    if game is not None:
        service.games = {**service.games, "rhein": game}
    return (await pair_at_table(bot, "rhein", locale[:2]))[2]


# --- the mortgage's cost --------------------------------------------------------------------


@pytest.mark.parametrize(("locale", "typed"), [("en-US", "mortgage"), ("de", "verpf")])
@pytest.mark.parametrize("game", [None, LoadingRhein()], ids=["auction", "load"])
async def test_the_play_list_says_what_a_mortgage_costs_back(tmp_path, monkeypatch, locale,
                                                             typed, game):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        mover = await table(bot, locale, game)
        choices = await mover.autocomplete("play", "move", typed)
        names = [choice["name"] for choice in choices]
        wanted = MORTGAGE[locale[:2]]
        assert wanted.format("A") in names and wanted.format("B") in names, names
        assert all(len(name) <= 100 for name in names), names


def test_the_label_takes_its_figures_from_the_rules_data():
    state = fresh(2)
    label = GAME.label(state, {"type": "mortgage", "truck": "b"})
    assert label.params == {"letter": "B", "amount": data.TRUCK.mortgage,
                            "repay": data.TRUCK.repay, "end": data.TRUCK.mortgaged_at_end}
    # the final score deducts the figure the label names
    state["trucks"][GREEN]["a"]["where"] = "mortgaged"
    flow.final_scoring(state, [])
    assert state["final"][str(GREEN)]["mortgages"] == data.TRUCK.mortgaged_at_end == 9


# --- a truck placed where there are no containers -------------------------------------------


@pytest.mark.parametrize(("locale", "typed", "expected"), [
    ("en-US", "truck a koeln 1",
     "You have no containers in Köln: a truck is placed where you have containers. Now you "
     "can place truck A in: Basel (from your warehouse)."),
    ("de", "lkw a köln 1",
     "Du hast keine Container in Köln: Ein Lkw wird dort eingesetzt, wo du Container hast. "
     "Lkw A kannst du jetzt einsetzen in: Basel (aus deinem Lager)."),
])
async def test_round_one_truck_in_koeln_names_the_city_and_where_it_can_start(
        tmp_path, monkeypatch, locale, typed, expected):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        mover = await table(bot, locale, LoadingRhein())
        assert await refused_play(bot, mover, typed) == expected


def loading(players: int = 3) -> tuple[dict, int]:
    state = fresh(players, seed=3)
    at_load(state)
    seat = GAME.active(state)[0]
    return state, seat


def test_the_places_named_are_those_legal_offers():
    state, seat = loading()
    lay(state, seat, 6, 2)  # Koblenz
    lay(state, seat, data.LONDON, 1)  # no road: never a truck's start
    state["warehouse"][seat] = 0
    action = {"type": "truck", "truck": "b", "city": 8, "n": 1}
    said = assert_refused(GAME, state, seat, action, "rhein.refuse.none_in_city")
    offered = {move["city"] for move in GAME.legal(state, seat) if move["type"] == "truck"}
    assert offered == {6}, offered
    assert said["en"].endswith("Now you can place truck B in: Koblenz."), said
    assert said["de"].endswith("Lkw B kannst du jetzt einsetzen in: Koblenz."), said


def test_with_no_place_to_start_it_says_so():
    state, seat = loading()
    set_capital(state, green=0, yellow=0, blue=0)  # not even 1 to load with
    action = {"type": "truck", "truck": "a", "city": 8, "n": 2}
    said = assert_refused(GAME, state, seat, action, "rhein.refuse.none_in_city.nowhere")
    assert said["en"] == ("You have no containers in Köln: a truck is placed where you have "
                          "containers, and you can place truck A nowhere now."), said


def test_too_few_containers_name_the_city():
    state, seat = loading()
    lay(state, seat, 6, 1)
    said = assert_refused(GAME, state, seat, {"type": "truck", "truck": "a", "city": 6, "n": 2},
                          "rhein.refuse.only_in_city")
    assert said == {"en": "You have only 1 container in Koblenz.",
                    "de": "Du hast nur 1 Container in Koblenz."}, said


# --- "only 0" nowhere ------------------------------------------------------------------------


def test_an_empty_warehouse_is_said_plainly():
    state, seat = loading()
    state["warehouse"][seat] = 0
    said = assert_refused(GAME, state, seat, {"type": "load", "transport": "red-train", "n": 1},
                          "rhein.refuse.only_warehouse.none")
    assert said["en"] == "You have no containers left in your warehouse.", said


def test_no_containers_where_a_transport_stands_is_said_plainly():
    state = fresh(3, seed=3)
    board(state, "red-train", 6)
    at_load(state)
    seat = GAME.active(state)[0]
    said = assert_refused(GAME, state, seat, {"type": "load", "transport": "red-train", "n": 1},
                          "rhein.refuse.only_lying_at.none")
    assert said["en"] == "You have no containers unloaded in Koblenz, where the red Train is."
    assert said["de"].startswith("Du hast keine Container in Koblenz, wo der rote Zug"), said


def test_a_full_transport_is_full():
    state = fresh(3, seed=3)
    board(state, "white-plane", 0, {YELLOW: spec_capacity("white-plane")})
    at_load(state)
    seat = GAME.active(state)[0]
    said = assert_refused(GAME, state, seat, {"type": "load", "transport": "white-plane", "n": 1},
                          "rhein.refuse.free_space.none")
    assert said == {"en": "The white Plane is full.", "de": "Das weiße Flugzeug ist voll."}


def spec_capacity(key: str) -> int:
    return next(t for t in data.TRANSPORTS if t.key == key).capacity


def stop_in_strasbourg() -> dict:
    """Phase 4: the red Train stops in Strasbourg with Green's 4 aboard (its minimum load);
    Green's truck A stands there full."""
    state = fresh(3, seed=3)
    board(state, "red-train", None, {GREEN: 4}, [1])
    place_truck(state, GREEN, "a", 1, data.TRUCK.capacity)
    start_phase4(state)
    assert state["stop"] == {"transport": "red-train", "city": 1}
    return state


def test_a_full_truck_and_nothing_left_aboard_are_said_plainly():
    state = stop_in_strasbourg()
    said = assert_refused(GAME, state, GREEN,
                          {"type": "transfer", "from": "red-train", "to": "a", "n": 1},
                          "rhein.refuse.truck_full")
    assert said == {"en": "Truck A is full.", "de": "Lkw A ist voll."}, said
    act(state, GREEN, "unload red-train 3")
    # the last one gone too, the turn still Green's (as a typed second unload finds it)
    state["transports"]["red-train"]["load"][GREEN] = 0
    state["lying"][GREEN][1] += 1
    assert GAME.active(state) == [GREEN]
    said = assert_refused(GAME, state, GREEN,
                          {"type": "unload", "transport": "red-train", "n": 1},
                          "rhein.refuse.only_aboard.none")
    assert said["en"] == "You have no containers aboard.", said


def test_a_truck_loading_where_its_owner_has_nothing_names_the_place():
    state = fresh(3, seed=3)
    place_truck(state, GREEN, "a", 4, 1)
    at_load(state)
    while GAME.active(state)[0] != GREEN:
        act(state, GAME.active(state)[0], "done")
    said = assert_refused(GAME, state, GREEN, {"type": "load", "transport": "a", "n": 1},
                          "rhein.refuse.truck_no_source")
    assert said["en"] == "You have no containers in Mainz, where truck A stands.", said
    assert said["de"] == "Du hast keine Container in Mainz, wo Lkw A steht.", said


def test_no_containers_for_an_order_is_said_plainly():
    state = fresh(3, seed=3)
    lay(state, GREEN, 2, 2)  # Karlsruhe
    give(state, GREEN, 4)  # Karlsruhe's order: 2, 3 or 4
    start_phase5(state)
    assert state["city"] == 2 and GAME.active(state) == [GREEN]
    state["lying"][GREEN][2] = 0
    state["warehouse"][GREEN] += 2
    said = assert_refused(GAME, state, GREEN, {"type": "fulfil", "card": 4, "n": 2},
                          "rhein.refuse.only_lying.none")
    assert said["en"] == "You have no containers unloaded in Karlsruhe.", said


# --- an unknown transport ---------------------------------------------------------------------


@pytest.mark.parametrize(("players", "absent"), [
    (2, ("red-plane", "black-plane", "black-ship")), (4, ("black-plane",)), (5, ())])
def test_an_unknown_transport_lists_the_transports_of_this_game(players, absent):
    state = fresh(players, seed=3)
    with pytest.raises(RuleError) as typed:
        GAME.parse(state, 0, "load zeppelin 2")
    said = say(typed.value.text, "en")
    listed = said.split("Transports in this game: ", 1)[1].rstrip(".").split(", ")
    assert listed == in_game(state), said
    assert set(listed) == {t.key for t in data.TRANSPORTS} - set(absent), said
    at_load(state)
    seat = GAME.active(state)[0]
    hand_made = assert_refused(GAME, state, seat,
                               {"type": "load", "transport": "zeppelin", "n": 1},
                               "rhein.parse.no_transport")
    assert not any(f" {key}," in hand_made["en"] or f" {key}." in hand_made["en"]
                   for key in absent), hand_made
