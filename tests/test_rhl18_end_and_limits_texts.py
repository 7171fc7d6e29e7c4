"""18Rhl texts about the game's end and its limits.

The bank breaking in a stock round ends the game after the NEXT set of operating rounds
(18Rhl notes: "Game ends when the OR set is completed after Bank has broken"), not "after this
set". The trains heading named the phase's operating rounds per set, which apply only from
the next set, so beside "Operating Round 12.1 (of 2)" it said 3. /rules now gives the
certificate limit and starting cash per player count."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest

from engine.rhl18 import data, importer
from engine.rhl18 import rules as R
from engine.rhl18.game import GAME
from engine.text import say
from render import rhl18, rhl18_market
from tests.test_rhl18_pictures import drawn, seated
from tests.test_rhl18discord_steps import live
from tests.test_text_rhl18 import _fixture_lines

GAME_4P = "tests/fixtures/18rhl/rhl_gen_4p_41017_all.json.gz"
BANK = "tests/fixtures/18rhl/18Rhl_game_end_bank.json.gz"


def _position(path: str, found) -> dict:
    for state, _ in importer.replay_iter(importer.load_json(path), trust=True):
        if found(state):
            return live(state)
    raise AssertionError("no such position")


def test_a_bank_broken_in_a_stock_round_ends_the_game_after_the_next_set() -> None:
    state = _position(GAME_4P, lambda s: s["round"]["type"] == "Stock" and s["turn"] == 3)
    seat = GAME.active(state)[0]
    sale = next(a for a in GAME.legal(state, seat) if a["type"] == "sell_shares")
    state["bank"] = 1  # the sale's payment breaks the bank
    broken = GAME.apply(state, seat, sale)[-1]
    assert say(broken, "en") == (
        "The bank has broken: the game ends after the next set of operating rounds.")
    assert "nach dem nächsten Satz Betriebsrunden" in say(broken, "de")
    # the game does end so: the whole next set is played, then no further stock round
    moves = 0
    while not state["finished"]:
        assert state["turn"] == 3 and moves < 500
        seat = GAME.active(state)[0]
        legal = GAME.legal(state, seat)
        GAME.apply(state, seat, next((a for a in legal if a["type"] == "pass"), legal[0]))
        moves += 1
    assert state["round"]["type"] == "Operating" and state["round"]["num"] == state["ors"]


def test_a_bank_broken_in_an_operating_round_ends_the_game_after_this_set() -> None:
    # the recorded game's bank breaks in an operating round
    lines, _, _ = _fixture_lines(Path(BANK))
    said = [say(line, "en") for line in lines if line.key.startswith("rhl18.log.bank_broken")]
    assert said == ["The bank has broken: the game ends after this set of operating rounds."]


@cache
def _heading(turn: int, kind: str, phase: str, lang: str) -> str:
    state = _position(GAME_4P, lambda s: (s["turn"], s["round"]["type"], s["phase"])
                      == (turn, kind, phase))
    view = GAME.view(state, None)
    texts, _ = drawn(lambda: rhl18.png(rhl18_market.market_picture(seated(view, lang))))
    return next(t.text for t in texts if t.text.startswith(("Trains (", "Züge (")))


def test_the_trains_heading_counts_the_operating_rounds_of_the_set_under_way() -> None:
    # OR 12.1 of a game whose phase 5 (3 ORs a set) began in this set of 2
    state = _position(GAME_4P, lambda s: (s["turn"], s["round"]["type"], s["phase"])
                      == (12, "Operating", "5"))
    assert (state["ors"], R.phase_info(state)["operating_rounds"]) == (2, 3)
    assert "ORs per set: 2)" in _heading(12, "Operating", "5", "en")
    assert "2 BR je Satz)" in _heading(12, "Operating", "5", "de")
    # in the stock round after it, the next set is phase 5's: 3 operating rounds
    assert "ORs per set: 3)" in _heading(13, "Stock", "5", "en")


@pytest.mark.parametrize("lang,words", [
    ("en", ["Certificate limit (privates count): 20/15/12/10 with 3/4/5/6 players.",
            "Starting cash: 600/450/360/300M (500/375/300/250M with lower starting cash)."]),
    ("de", ["Zertifikatlimit (Privatbahnen zählen mit): 20/15/12/10 bei 3/4/5/6 Spielern.",
            "Startkapital: 600/450/360/300M (500/375/300/250M mit weniger Startkapital)."]),
])
def test_rules_give_the_certificate_limit_and_starting_cash(lang: str, words: list[str]) -> None:
    said = say(GAME.topics["stock"], lang)
    for part in words:
        assert part in said, said


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_numbers_in_rules_are_the_games(players: int) -> None:
    limits, cash = (20, 15, 12, 10), (600, 450, 360, 300)
    state = GAME.setup(players, {}, random.Random(players).randrange(1000))
    assert R.cert_limit(state) == limits[players - 3]
    assert state["cash"] == [cash[players - 3]] * players
    assert data.game()["certificate_limit"][str(players)] == limits[players - 3]


def test_the_overview_says_a_stock_round_break_plays_the_next_set() -> None:
    assert "after the next set if it breaks in a stock round" in say(GAME.topics["overview"], "en")
    assert "nach dem nächsten Satz, wenn sie in einer Aktienrunde gesprengt wird" in say(
        GAME.topics["overview"], "de")
