"""The 18Rhl turn card in a stock round says what decides a buy.

The card's table gave each corporation's price, IPO and pool shares and its president, but
not what 18xx.games shows beside them: the seat's own certificates against the limit and
what it holds, and each corporation's cash and trains (what its shares will earn). A player
on a phone had to open the market picture, whose tables are 6 px wide there. All of it is
public in 18Rhl.
"""

from __future__ import annotations

import functools

import pytest

import engine
from engine.ai import choose
from render import turn_card
from render.rhl18_card import round_kind
from render.rhl18_market import share_units
from render.text_draw import DrawnText
from tests.test_turn_card import card_view, check_readable, draw

GAME = engine.GAMES["18rhl"]
WORDS = {"en": {"certs": "Your certificates: {count} of {limit}", "cash": "Cash",
                "trains": "Trains", "none": "none", "president": "(president)",
                "privates": "Privates:"},
         "de": {"certs": "Deine Zertifikate: {count} von {limit}", "cash": "Kasse",
                "trains": "Züge", "none": "keine", "president": "(Direktor)",
                "privates": "Privatbahnen:"}}


@functools.cache
def stock_states(players: int) -> tuple[str, str]:
    """(the first stock round's first state, the first one with six corporations started
    and the seat to act presiding over one), dumped, in a game of normal AI seats."""
    state = GAME.setup(players, {}, seed=1)
    early = None
    for move in range(3000):
        view = GAME.view(state, None)
        if round_kind(view) == "stock":
            early = early or GAME.dump(state)
            seat = GAME.active(state)[0]
            started = [c for c in view["corporations"] if c.get("ipoed")]
            if len(started) >= 6 and any(c["president_seat"] == seat for c in started):
                return early, GAME.dump(state)
        seat = GAME.active(state)[0]
        GAME.apply(state, seat, choose(GAME, state, seat, "normal", move))
    raise AssertionError("no late stock round")


def card(players: int, when: int, lang: str) -> tuple[dict, list[DrawnText], int]:
    state = GAME.load(stock_states(players)[when])
    view = card_view(GAME, "18rhl", state, players, lang, GAME.view(state, None),
                     [{"seat": 0, "text": "DEE is done buying trains"}])
    png, texts = draw("18rhl", view)
    check_readable(texts)
    return view, texts, GAME.active(state)[0]


def height(texts: list[DrawnText]) -> int:
    return texts[0].image_size[1]


CASES = [(players, when, lang) for players in (3, 6) for when in (0, 1) for lang in ("en", "de")]


@pytest.mark.parametrize(("players", "when", "lang"), CASES)
def test_the_card_says_the_movers_certificates_against_the_limit(players, when, lang):
    view, texts, seat = card(players, when, lang)
    player = next(p for p in view["players"] if p["seat"] == seat)
    heading = WORDS[lang]["certs"].format(count=player["certs"], limit=player["cert_limit"])
    assert heading in [t.text for t in texts]
    assert player["cert_limit"] == view["cert_limit"] > 0


@pytest.mark.parametrize(("players", "when", "lang"), CASES)
def test_the_card_lists_the_movers_shares_and_private_companies(players, when, lang):
    view, texts, seat = card(players, when, lang)
    player = next(p for p in view["players"] if p["seat"] == seat)
    heading = WORDS[lang]["certs"].format(count=player["certs"], limit=player["cert_limit"])
    said = [t.text for t in texts]
    after = said[said.index(heading) + 1:]
    held = 0
    for corp in view["corporations"]:
        certs = player["shares"].get(corp["id"])
        if not certs:
            continue
        held += 1
        at = after.index(corp["id"])  # its chip, then its percentage
        assert after[at + 1] == share_units({"sym": corp["id"], "held": certs}, "held")
        if corp["president_seat"] == seat:
            assert after[at + 2] == WORDS[lang]["president"]
    for company in player["companies"]:
        assert company in after
    if player["companies"]:
        assert WORDS[lang]["privates"] in after
    assert held or player["companies"]
    if when:
        assert WORDS[lang]["president"] in after  # the late state's mover presides


@pytest.mark.parametrize(("players", "when", "lang"), CASES)
def test_every_started_corporation_shows_its_cash_and_trains(players, when, lang):
    view, texts, _ = card(players, when, lang)
    table = [t for t in texts if t.box[2] <= turn_card.MAP_BOX[2]]
    said = [t.text for t in table]
    syms = [c["id"] for c in view["corporations"]]
    started = [c for c in view["corporations"] if c.get("ipoed") and not c.get("closed")]
    assert started
    for corp in started:
        at = said.index(corp["id"])
        nxt = [said.index(s) for s in syms if said.index(s) > at]
        row = said[at:min(nxt, default=len(said))]
        cash = row.index(WORDS[lang]["cash"])
        assert row[cash + 1] == f"{corp['cash']}M", row
        trains = ", ".join(str(t).split("-")[0] for t in corp["trains"]) or WORDS[lang]["none"]
        assert row[row.index(WORDS[lang]["trains"]) + 1] == trains, row
    for corp in view["corporations"]:
        if corp not in started:  # nothing to say before it has a share price
            at = said.index(corp["id"])
            nxt = [said.index(s) for s in syms if said.index(s) > at]
            assert WORDS[lang]["cash"] not in said[at:min(nxt, default=len(said))]


@pytest.mark.parametrize("players", [3, 6])
def test_the_card_grows_no_taller_than_its_rows_need(players):
    """Early on (a few corporations started) the card keeps its size; with six or more
    started, each second line adds to it, but the card stays landscape."""
    _, early, _ = card(players, 0, "en")
    _, late, _ = card(players, 1, "en")
    assert height(early) <= turn_card.HEIGHT + 40
    assert turn_card.HEIGHT <= height(late) <= 760
