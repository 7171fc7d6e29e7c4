"""Rheinländer's move buttons say their whole label (Discord shows at most 80 characters
on a button). A reinforcement by a realm next to the mover's knights came to 82 in English
and 83 in German and lost its end ("... next to your…"): the label now reads "Card 5 as
reinforcement on 11 left bank" (the knight is implied). Where long player names make a
label too long, each name is cut, not the words after them: "next to Jürgen Äöüß-
Überländer Großmaul…" lost the other neighbours and "your knight"."""

from __future__ import annotations

import pytest

import engine
from bot.replies import BUTTON_LABEL_LIMIT
from bot.service.base import Table
from bot.service.pictures import move_words
from bot.store import GameRow, SeatRow
from engine.rheinlaender.board import get_board
from engine.rheinlaender.scenario import scenario
from engine.rheinlaender.words import bank_place, realm
from engine.text import msg, say

GAME = engine.get_game("rheinlaender")
LONG = ["Ｗ" * 32, "Jürgen Äöüß-Überländer Großmaul", "Österreicher Müßiggänger Ärgerli"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_reinforcement_label_fits_a_button(lang: str) -> None:
    """Every land space, by each kind of realm, next to one or more of the mover's knights
    (a reinforcement never borders another colour's), with a two-digit card."""
    board = get_board("house")
    realms = [realm({"kind": "church"}), realm({"kind": "castle"}),
              realm({"kind": "city", "value": 4})]
    longest = max(
        (say(msg("rheinlaender.label.reinforce_hint", card=55, place=bank_place(board, space),
                 hint=msg("rheinlaender.hint.both", realms=[r], names=yours)), lang)
         for space in board.order for r in realms
         for yours in (msg("rheinlaender.hint.yours", count=n) for n in (1, 2))), key=len)
    assert len(longest) <= BUTTON_LABEL_LIMIT, longest


def table(names: list[str], state: dict) -> Table:
    row = GameRow(id=1, guild_id=1, channel_id=5, game_key="rheinlaender", options={},
                  seed=1, status="active", min_players=4, max_players=4, creator_id=1,
                  state=None, state_format=1, version=3, phase="", active_seats=[0],
                  created_at=0.0, updated_at=0.0, language="de")
    colours = ["Orange", "Blue", "Green"]
    seats = [SeatRow(1, n, n, 100 + n, name, colours[n], False, None)
             for n, name in enumerate(names)]
    return Table(row, GAME, seats, state)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_button_cuts_long_names_and_keeps_every_neighbour(lang: str) -> None:
    # Orange is to move: 13 left borders Blue's knight and two of Orange's, 13 right
    # Blue's and Green's
    state = scenario("A:L12 A:L14 B:R13 C:T12", hands={"A": [13, 5]})

    def button(names: list[str], typed: str) -> str:
        move = next(m for m in GAME.legal(state, 0) if GAME.format(state, m) == typed)
        words = move_words(table(names, state), state, move, lang)
        assert len(words) <= BUTTON_LABEL_LIMIT, words
        return words

    left, right = button(LONG, "play 13 left"), button(LONG, "play 13 right")
    assert left.endswith("your knights" if lang == "en" else "deinen Rittern"), left
    assert LONG[1].split()[0] in left, left
    assert all(name.split()[0] in right for name in LONG[1:3]), right
    # names that fit stay whole
    short = ["Anna", "Bert", "Cora"]
    assert {button(short, "play 13 left"), button(short, "play 13 right")} == {
        "en": {"Card 13: knight on 13 left bank next to Bert and your knights",
               "Card 13: knight on 13 right bank next to Bert, Cora"},
        "de": {"Karte 13: Ritter auf 13 links neben Bert und deinen Rittern",
               "Karte 13: Ritter auf 13 rechts neben Bert, Cora"}}[lang]
