"""The 18Rhl turn card in an operating round shows the company the seat acts for.

The card showed the map, the moves and the standings but nothing of the operating
corporation: a player laying track, placing a station, running trains or buying one had to
open the market picture for its cash, trains, stations and share price, and for what the
depot sells. The box in the card's right column says them; while an offer for a train
waits, it shows the corporation asked to sell.
"""

from __future__ import annotations

import functools

import pytest

import engine
from engine.ai import choose
from engine.rhl18 import data
from render.rhl18_card import round_kind
from render.rhl18_company_box import depot_trains, stations
from render.text_draw import DrawnText
from tests.test_turn_card import card_view, check_readable, draw

GAME = engine.GAMES["18rhl"]
STEPS = ("Track", "Token", "Route", "Dividend", "BuyTrain")
WORDS = {"en": {"cash": "Cash", "price": "Share price", "trains": "Trains",
                "stations": "Stations", "depot": "Depot", "none": "none"},
         "de": {"cash": "Kasse", "price": "Kurs", "trains": "Züge", "stations": "Bahnhöfe",
                "depot": "Depot", "none": "keine"}}


@functools.cache
def operating_states(players: int) -> dict[str, str]:
    """The first state (dumped) of each operating step, and of an open offer for a train,
    in a game of normal AI seats."""
    state = GAME.setup(players, {}, seed=1)
    found: dict[str, str] = {}
    for move in range(600):
        if GAME.result(state) is not None or {*STEPS, "offer"} <= set(found):
            break
        view = GAME.view(state, None)
        if round_kind(view) == "operating":
            found.setdefault("offer" if view.get("offer") else view["active_step"],
                             GAME.dump(state))
        seat = GAME.active(state)[0]
        GAME.apply(state, seat, choose(GAME, state, seat, "normal", move))
    return found


def card(step: str, lang: str, players: int = 3, moves: list[dict] | None = None
         ) -> tuple[dict, list[DrawnText]]:
    state = GAME.load(operating_states(players)[step])
    view = card_view(GAME, "18rhl", state, players, lang, GAME.view(state, None), moves or [])
    _, texts = draw("18rhl", view)
    check_readable(texts)
    return view, texts


def after(texts: list[DrawnText], label: str) -> str:
    """The text drawn right after ``label`` (a row's value after its label)."""
    said = [t.text for t in texts]
    assert label in said, (label, said)
    return said[said.index(label) + 1]


def company(view: dict, sym: str) -> dict:
    return next(c for c in view["corporations"] if c["id"] == sym)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("step", STEPS)
def test_the_operating_card_shows_the_companys_cash_share_price_trains_and_stations(step,
                                                                                     lang):
    view, texts = card(step, lang)
    words, sym = WORDS[lang], view["current_entity"]
    entry = company(view, sym)
    said = [t.text for t in texts]
    assert sym in said  # the corporation's chip
    assert data.corporations()[sym]["name"][:10] in " ".join(said)
    assert after(texts, words["cash"]) == f"{entry['cash']}M"
    assert after(texts, words["price"]) == f"{entry['share_price'].split(',')[0]}M"
    trains = ", ".join(t.split("-")[0] for t in entry["trains"]) or words["none"]
    assert after(texts, words["trains"]) == trains
    # how many of how many: "limit 2" beside a lone 4-train read as four over the limit
    count = len(entry["trains"])
    assert any(t.text.startswith(f"{count} of ") and t.text.endswith(" allowed") or
               t.text.startswith(f"{count} von höchstens ") for t in texts), said
    placed, prices = stations(entry)
    assert placed >= 1  # its home station, drawn as a disc
    if prices:  # the next station's price follows the discs of those placed
        assert after(texts, words["stations"]) == f"{prices[0]}M"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_train_buyer_sees_what_the_depot_sells_next_and_for_how_much(lang):
    view, texts = card("BuyTrain", lang)
    train, price = depot_trains(view)[0]
    assert train == view["depot"]["available"][0].split("-")[0]
    said = [t.text for t in texts]
    at = said.index(WORDS[lang]["depot"])
    assert said[at + 1:at + 3] == [train, f"{price}M"]


def test_a_station_left_to_buy_is_counted_with_its_price_as_the_charter_lists_it():
    """Tokens in the view are "<city>@<hex>" once placed and "unused:<price>" until then;
    CME's charter lists four stations, its home free."""
    entry = {"sym": "CME", "tokens": ["X923-0-1@I10", "934-1-0@E6", "unused:80", "unused:100"]}
    assert stations(entry) == (2, [80, 100])
    assert stations({"sym": "CME"}) == (0, [0, 60, 80, 100])


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_president_asked_to_sell_a_train_sees_the_selling_company(lang):
    """During an offer the banner names the buyer; the seat answering runs the seller, and
    judges the price by that company's trains and cash and by what the depot asks."""
    view, texts = card("offer", lang)
    seller = company(view, view["offer"]["seller"])
    said = [t.text for t in texts]
    assert seller["id"] in said
    assert after(texts, WORDS[lang]["cash"]) == f"{seller['cash']}M"
    assert after(texts, WORDS[lang]["trains"]) == ", ".join(
        t.split("-")[0] for t in seller["trains"])


@pytest.mark.parametrize("lang", ["en", "de"])
def test_six_players_keep_their_standings_and_the_latest_move_beside_the_company(lang):
    """The box takes the moves' lines, never the standings' or the latest move, and cuts no
    number: a row that does not fit is left out whole."""
    moves = [{"seat": seat % 6, "text": f"Move {seat}: a long line about laying tile 8 on "
              f"H{seat} and what it cost the company in money"} for seat in range(5)]
    view, texts = card("BuyTrain", lang, players=6, moves=moves)
    said = [t.text for t in texts]
    assert after(texts, WORDS[lang]["cash"]).endswith("M")
    assert any(t.startswith("Move 4") for t in said)  # the latest move
    standings = next(t for t in texts if t.text in ("Standings", "Stand"))
    cash = next(t for t in texts if t.text == WORDS[lang]["cash"])
    latest = next(t for t in texts if t.text.startswith("Move 4"))
    assert latest.box[3] < cash.box[1] < cash.box[3] < standings.box[1]
    assert len([t for t in texts if t.box[1] > standings.box[1] and t.bold]) == 6  # names
    box = [t for t in texts if latest.box[3] < t.box[1] and t.box[3] < standings.box[1]]
    assert len(box) >= 5
    for drawn in box:  # only the corporation's name may be cut
        if drawn.text.endswith("…"):
            assert not any(ch.isdigit() for ch in drawn.text), drawn.text


def test_the_operating_cards_map_shows_the_acting_companys_stations():
    """The map zoomed on the last moves, often another company's lay, with the acting
    company's network off the card ("Lay track for GVE" beside CME's new tile)."""
    from render.card_scene import scene
    from render.turn_card import MAP_BOX, _window

    for step in ("Track", "Token", "Route"):
        state = GAME.load(operating_states(3)[step])
        view = GAME.view(state, None)
        built = scene("18rhl", view)
        homes = [t.rsplit("@", 1)[1] for t in company(view, view["current_entity"])["tokens"]
                 if "@" in t]
        # (in the track step the hexes to lay on follow: test_rhl18_card_lays.py)
        assert homes and built.focus[:len(homes)] == homes
        left, top, right, bottom = _window(built, ["A14"], MAP_BOX)  # a far corner changed
        for hex_id in homes:
            x0, y0, x1, y1 = built.places[hex_id].box()
            assert left <= x0 and x1 <= right and top <= y0 and y1 <= bottom, (step, hex_id)
