"""Races through the service: many simultaneous moves in one channel, many channels at once;
on both store backends (``store_target``)."""

from __future__ import annotations

import asyncio

from bot.replies import Audience
from bot.service import STALE
from engine.playthrough import replay
from tests.service_pebbles import GAME, ctx, made, open_service


async def _ready(service, channel, players=2):
    await service.new(ctx(1, channel=channel), "pebbles")
    for user in range(2, players + 1):
        await service.join(ctx(user, channel=channel))
    await service.start(ctx(1, channel=channel), order="joined")
    for user in range(1, players + 1):
        await service.play(ctx(user, channel=channel), "ready")


async def test_fifty_simultaneous_moves_in_one_channel_apply_once(store_target):
    service, _ = await open_service(store_target)
    await _ready(service, 500)
    before = await service.store.live_game(500)
    moves = [f"take {1 + n % 3}" for n in range(50)]
    results = await asyncio.gather(*(service.play(ctx(1), m) for m in moves))
    applied = [r for r in results if made(r)]
    refused = [r for r in results if not made(r)]
    assert len(applied) == 1 and len(refused) == 49
    # A loser lost the version race (STALE) or read the game after the winner's move, where
    # its move is no longer legal: on SQLite's one connection every read comes first, while
    # PostgreSQL's pool reads alongside the winning commit.
    stale = [r for r in refused if r[0].text == STALE]
    assert stale and all(len(r) == 1 and r[0].user_id == 1 for r in refused)
    if service.store.dialect == "sqlite":
        assert len(stale) == 49
    after = await service.store.live_game(500)
    assert after.version == before.version + 1
    assert len(await service.store.actions(after.id)) == 3
    await service.store.close()


async def test_many_channels_in_parallel_never_see_each_other(store_target):
    service, _ = await open_service(store_target)
    channels = list(range(1000, 1040))
    await asyncio.gather(*(_ready(service, ch) for ch in channels))

    async def play_out(channel):
        for _ in range(200):
            row = await service.store.live_game(channel)
            if row is None:
                return
            state = GAME.load(row.state)
            seat = GAME.active(state)[0]
            move = GAME.format(state, GAME.legal(state, seat)[channel % 2 - 1])
            replies = await service.play(ctx(seat + 1, channel=channel), move)
            assert made(replies), replies[0].text
        raise AssertionError(f"channel {channel} did not finish")

    await asyncio.gather(*(play_out(ch) for ch in channels))
    for channel in channels:
        row = await service.store.latest_game(channel)
        assert row.status == "finished" and row.channel_id == channel
        actions = await service.store.actions(row.id)
        state = replay(GAME, 2, row.options, row.seed, [(a.seat, a.notation) for a in actions])
        assert GAME.dump(state) == row.state
    await service.store.close()


async def test_finished_game_refuses_moves_but_shows_its_board(store_target):
    service, _ = await open_service(store_target)
    await _ready(service, 500)
    while (row := await service.store.live_game(500)) is not None:
        state = GAME.load(row.state)
        seat = GAME.active(state)[0]
        await service.play(ctx(seat + 1), GAME.format(state, GAME.legal(state, seat)[0]))
    refused = await service.play(ctx(1), "take 1")
    assert refused[0].audience is Audience.EPHEMERAL and "is over" in refused[0].text
    assert (await service.board(ctx(1)))[0].files
    status = (await service.status(ctx(2)))[0].text
    assert "finished" in status and "1\\. **U" in status
    await service.store.close()


async def test_two_tables_opened_at_once_in_one_channel(store_target):
    service, _ = await open_service(store_target)
    first, second = await asyncio.gather(service.new(ctx(1), "pebbles"),
                                         service.new(ctx(2), "pebbles"))
    audiences = sorted(r[0].audience.value for r in (first, second))
    assert audiences == ["channel", "ephemeral"]
    refused = first if first[0].audience is Audience.EPHEMERAL else second
    assert "already has a game" in refused[0].text
    creator = 1 if first[0].audience is Audience.CHANNEL else 2
    await service.join(ctx(3))
    started = await asyncio.gather(service.start(ctx(creator)), service.start(ctx(creator)))
    assert sorted(r[0].audience.value for r in started) == ["channel", "ephemeral"]
    row = await service.store.live_game(500)
    assert row.status == "active" and len(await service.store.seats(row.id)) == 2
    await service.store.close()
