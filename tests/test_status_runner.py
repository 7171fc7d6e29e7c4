"""``/game status`` of a lobby names who runs the table, the one who starts it: a player
waiting in a lobby could not tell whom to ask to start."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tests.service_pebbles import ctx, open_service


async def _status(service, user: int, locale: str = "en"):
    [reply] = await service.status(replace(ctx(user), locale=locale))
    return reply


async def test_a_lobby_status_names_who_runs_the_table_without_pinging(tmp_path):
    service, _ = await open_service(tmp_path / "runner.sqlite3")
    await service.new(ctx(1), "pebbles")
    await service.join(ctx(2))
    # the creator, seated, by name
    assert (await _status(service, 2)).text.splitlines()[-1] == \
        "**U1** runs the table and starts it with /game start."
    assert (await _status(service, 2, "de")).text.splitlines()[-1] == \
        "**U1** führt den Tisch und startet ihn mit /spiel starten."
    # the creator left a player seated: that player runs it now
    await service.leave(ctx(1))
    assert (await _status(service, 2)).text.splitlines()[-1] == \
        "**U2** runs the table and starts it with /game start."
    await service.store.close()


async def test_a_host_without_a_seat_is_named_by_a_mention_that_pings_no_one(tmp_path):
    service, _ = await open_service(tmp_path / "host.sqlite3")
    await service.new(ctx(1), "pebbles")
    await service.leave(ctx(1))  # no one else seated: U1 hosts the table
    await service.add_bot(ctx(1), "easy")
    reply = await _status(service, 1)
    assert reply.text.splitlines()[-1] == "<@1> runs the table and starts it with /game start."
    assert reply.pings == ()
    await service.store.close()


async def test_an_active_game_status_names_no_runner(tmp_path):
    service, _ = await open_service(tmp_path / "active.sqlite3")
    await service.new(ctx(1), "pebbles")
    await service.join(ctx(2))
    await service.start(ctx(1), order="joined")
    assert "/game start" not in (await _status(service, 2)).text
    await service.store.close()


def test_a_lobby_no_member_runs_says_the_first_to_sit_will():
    """An import on no member's behalf (``rheinbot import-18xx --db`` without ``--user``)."""
    from types import SimpleNamespace

    from bot.service.looking import _runner_line

    table: Any = SimpleNamespace(row=SimpleNamespace(creator_id=0, hosted=False), seats=[])
    assert _runner_line(table, "en") == \
        "The first to join runs the table and starts it with /game start."
    assert _runner_line(table, "de").startswith("Wer sich als Erstes dazusetzt, führt")
