"""Trödler's table memory (engine.troedler.memory): what the AI knows of the face-down value
piles is exactly what a reader of the public moves and log lines can track (R41), and no
AI level's choice depends on anything else hidden (R40, R42)."""

from __future__ import annotations

import functools

import pytest

from engine import ai, get_game
from engine.core import State
from engine.troedler.common import player_name
from engine.troedler.data import CARDS
from engine.troedler.memory import value_piles
from tests.test_ai_hard import normal_position

GAME = get_game("troedler")


PLAYS = {f"troedler.log.{k}" for k in
         ("move", "feed_route", "extra", "feed_extra", "replace", "deliver")}


class LogReader:
    """A player's notes from the channel: every card played face up this turn (its log line
    names the card), the lot going to the value pile when the turn ends as R36 says, and
    surplus feed by the count its log line gives (R37). Reads log lines, never the state."""

    def __init__(self, names: list[str]) -> None:
        self.seat_of = {name: seat for seat, name in enumerate(names)}
        self.piles = [{"requests": [], "feed": 0} for _ in names]
        self.turn: list[int] = []

    def note(self, lines: list) -> None:
        for line in lines:
            key = getattr(line, "key", "")
            if key in PLAYS:
                self.turn.append(line.params["card"].params["id"])
            elif key == "troedler.log.ends_turn":
                pile = self.piles[self.seat_of[str(line.params["name"])]]
                for cid in self.turn:
                    if CARDS[cid]["type"] == "request":
                        pile["requests"] = sorted(pile["requests"] + [cid])
                    elif CARDS[cid]["type"] == "feed":
                        pile["feed"] += 1
                self.turn = []
            elif key == "troedler.log.surplus_feed":
                self.piles[self.seat_of[str(line.params["name"])]]["feed"] += \
                    line.params["count"]


@pytest.mark.parametrize(("players", "seed"), [(2, 5), (3, 6), (4, 7)])
def test_the_memory_is_what_the_log_shows(players: int, seed: int) -> None:
    state = GAME.setup(players, {}, seed)
    reader = LogReader([str(player_name(state, s)) for s in range(players)])
    feed_seen = 0
    for version in range(2000):
        if GAME.result(state) is not None:
            break
        seat = GAME.active(state)[0]
        action = ai.choose(GAME, state, seat, "normal", ai.move_seed(seed, version, seat))
        reader.note(GAME.apply(state, seat, action))
        assert value_piles(state) == reader.piles, version
        feed_seen = max(feed_seen, *(p["feed"] for p in reader.piles))
    assert GAME.result(state) is not None
    assert feed_seen and any(p["requests"] for p in reader.piles)  # a game that used both


def hidden_feed_swapped(state: State, seat: int) -> State | None:
    """The same position for ``seat`` and the same memory: a feed card in another seat's
    value pile trades places with one in a third place ``seat`` cannot see."""
    changed = GAME.load(GAME.dump(state))
    for owner in range(state["n"]):
        if owner == seat:
            continue
        in_pile = [i for i, c in enumerate(changed["values"][owner])
                   if CARDS[c]["type"] == "feed"]
        elsewhere = [(place, i) for place in [changed["round_pile"]] +
                     [changed["hands"][s] for s in range(state["n"]) if s != seat]
                     for i, c in enumerate(place) if CARDS[c]["type"] == "feed"]
        if in_pile and elsewhere:
            place, i = elsewhere[0]
            pile = changed["values"][owner]
            pile[in_pile[0]], place[i] = place[i], pile[in_pile[0]]
            return changed
    return None


@functools.cache
def _position(moves: int) -> str:
    return GAME.dump(normal_position("troedler", 3, 12, moves))


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_no_level_reads_which_feed_card_lies_in_a_face_down_pile(level: str) -> None:
    checked = 0
    for moves in (60, 100):
        state = GAME.load(_position(moves))
        if GAME.result(state) is not None:
            continue
        seat = GAME.active(state)[0]
        changed = hidden_feed_swapped(state, seat)
        if changed is None:
            continue
        assert GAME.dump(changed) != GAME.dump(state)
        assert GAME.view(changed, seat) == GAME.view(state, seat)
        assert value_piles(changed) == value_piles(state)
        for seed in range(2):
            assert ai.choose(GAME, state, seat, level, seed, strict=True) == \
                ai.choose(GAME, changed, seat, level, seed, strict=True)
        checked += 1
    assert checked
