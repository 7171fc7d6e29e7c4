"""Rhein's refusal of a reservation names the transport the player typed, through /play.

A two-player game keeps the black Plane in the box: "/play reserve black-plane koblenz" was
answered "There is no such transport in this game (trucks need no reservations).", which
named neither the word that was wrong nor the transports there are; German the same. A
truck typed there was refused as an unknown transport name, though the rule is that trucks
reserve nothing."""

from __future__ import annotations

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import pair_at_table, refused_play
from refusal_checks import assert_refused
from rhein_helpers import GAME, at_reserve, board, fresh

from engine.rhein import Rhein

IN_A_PAIR_GAME_EN = ("white-plane, white-train, red-train, black-train, white-ship, "
                     "red-ship")
IN_A_PAIR_GAME_DE = ("weißes Flugzeug, weißer Zug, roter Zug, schwarzer Zug, weißes Schiff, "
                     "rotes Schiff")


def reserving(players: int = 2, seed: int = 3) -> dict:
    """Phase 3 with every seat's containers aboard the red Train in Basel."""
    state = fresh(players, seed=seed)
    board(state, "red-train", 0, {seat: 2 for seat in range(players)})
    at_reserve(state)
    return state


class ReservingRhein(Rhein):
    """Rhein that opens on Phase 3, the players reserving stops."""

    def setup(self, num_players, options, seed):
        return reserving(num_players)


async def reserving_table(bot, locale: str) -> Member:
    """Anna and Bert at a two-player Rhein table in Phase 3; the member to reserve."""
    service = bot.client.adapter.service
    service.games = {**service.games, "rhein": ReservingRhein()}
    return (await pair_at_table(bot, "rhein", locale[:2]))[2]


@pytest.mark.parametrize(("locale", "typed", "expected"), [
    ("en-US", "reserve black-plane koblenz",
     f"There is no transport 'black-plane' in this game: with 2 players it stays in the box. "
     f"Transports in this game: {IN_A_PAIR_GAME_EN}."),
    ("en-US", "reserve Red-Plane koblenz",
     f"There is no transport 'red-plane' in this game: with 2 players it stays in the box. "
     f"Transports in this game: {IN_A_PAIR_GAME_EN}."),
    ("de", "reservieren schwarzes flugzeug koblenz",
     f"Ein Transportmittel „schwarzes Flugzeug“ gibt es in dieser Partie nicht: Bei 2 "
     f"Spielern bleibt es in der Schachtel. Transportmittel in dieser Partie: "
     f"{IN_A_PAIR_GAME_DE}."),
    ("de", "reservieren black-ship koblenz",
     f"Ein Transportmittel „schwarzes Schiff“ gibt es in dieser Partie nicht: Bei 2 "
     f"Spielern bleibt es in der Schachtel. Transportmittel in dieser Partie: "
     f"{IN_A_PAIR_GAME_DE}."),
])
async def test_a_transport_left_in_the_box_is_named_as_typed(tmp_path, monkeypatch, locale,
                                                            typed, expected):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        mover = await reserving_table(bot, locale)
        assert await refused_play(bot, mover, typed) == expected


@pytest.mark.parametrize(("locale", "typed", "expected"), [
    ("en-US", "reserve a koblenz",
     "Truck A needs no reservation: only planes, trains and ships reserve stops."),
    ("en-US", "reserve truck-b koblenz",
     "Truck B needs no reservation: only planes, trains and ships reserve stops."),
    ("de", "reservieren lkw a koblenz",
     "Lkw A braucht keine Reservierung: Nur Flugzeuge, Züge und Schiffe reservieren Halte."),
])
async def test_a_truck_typed_for_a_reservation_is_told_trucks_reserve_nothing(
        tmp_path, monkeypatch, locale, typed, expected):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        mover = await reserving_table(bot, locale)
        assert await refused_play(bot, mover, typed) == expected


async def test_an_unknown_word_is_still_quoted_back(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        mover = await reserving_table(bot, "de")
        said = await refused_play(bot, mover, "reservieren xyz koblenz")
        assert said.startswith("Es gibt kein Transportmittel namens „xyz“."), said


def test_the_rule_names_the_transport_in_each_language():
    state = reserving(4)
    seat = GAME.active(state)[0]
    action = {"type": "reserve", "transport": "black-plane", "city": 6}
    said = assert_refused(GAME, state, seat, action, "rhein.refuse.no_such_transport")
    assert said["en"].startswith("There is no transport 'black-plane' in this game: with 4 "
                                 "players"), said
    assert "red-plane" in said["en"] and "black-plane," not in said["en"], said
    assert said["de"].startswith("Ein Transportmittel „schwarzes Flugzeug“"), said
    for action in ({"type": "reserve", "transport": "a", "city": 6},
                   {"type": "reserve", "transport": "nope", "city": 6}):
        key = "rhein.refuse.reserve_truck" if action["transport"] == "a" else \
            "rhein.parse.no_transport"
        assert_refused(GAME, state, seat, action, key)
