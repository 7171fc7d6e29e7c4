"""200 channels playing at once never see each other's state (issue 8), and a button or a
command aimed at one channel's game never touches another's."""

from __future__ import annotations

import asyncio
import itertools
import re

from bot.replies import Audience
from engine.playthrough import replay
from tests.service_pebbles import GAME, ctx, made, open_service

CHANNELS = list(range(2000, 2200))


def users(channel: int) -> tuple[int, int]:
    return channel * 10 + 1, channel * 10 + 2  # nobody plays in two channels


def assert_own(replies, channel: int, game_id: int) -> None:
    """Replies to a call in ``channel`` name only its players and carry only its buttons."""
    mine = set(users(channel))
    for reply in replies:
        mentioned = {int(m) for m in re.findall(r"<@(\d+)>", reply.text)}
        assert mentioned <= mine, (channel, reply.text)
        if reply.audience is not Audience.CHANNEL:
            assert reply.user_id in mine, (channel, reply)
        for button in reply.buttons:
            assert button.custom_id.startswith(f"rb:{game_id}:"), (channel, button)


async def test_two_hundred_channels_in_parallel(tmp_path):
    seeds = itertools.count(1)
    service, _ = await open_service(tmp_path / "many.sqlite3")
    service.seed_source = lambda: next(seeds)  # every channel's game deals differently

    async def open_table(channel):
        first, second = users(channel)
        await service.new(ctx(first, channel=channel), "pebbles")
        await service.join(ctx(second, channel=channel))
        await service.start(ctx(first, channel=channel), order="joined")

    await asyncio.gather(*(open_table(ch) for ch in CHANNELS))

    async def play_out(channel):
        for turn in range(200):
            row = await service.store.live_game(channel)
            if row is None:
                return
            state = GAME.load(row.state)
            seat = GAME.active(state)[turn % len(GAME.active(state))]
            legal = GAME.legal(state, seat)
            move = GAME.format(state, legal[(channel + turn) % len(legal)])
            replies = await service.play(ctx(users(channel)[seat], channel=channel), move)
            assert made(replies), replies[0].text
            assert_own(replies, channel, row.id)
        raise AssertionError(f"channel {channel} did not finish")

    try:
        await asyncio.gather(*(play_out(ch) for ch in CHANNELS))
        await check_finished(service)
    finally:
        await service.store.close()


async def check_finished(service):
    seen_seeds = set()
    for channel in CHANNELS:
        row = await service.store.latest_game(channel)
        assert row.status == "finished" and row.channel_id == channel
        actions = await service.store.actions(row.id)
        assert {a.user_id for a in actions} <= set(users(channel))
        state = replay(GAME, 2, row.options, row.seed, [(a.seat, a.notation) for a in actions])
        assert GAME.dump(state) == row.state  # its own moves, and only those, made its state
        seen_seeds.add(row.seed)
    assert len(seen_seeds) == len(CHANNELS)


async def test_a_button_or_a_command_never_reaches_another_channels_game(tmp_path):
    service, _ = await open_service(tmp_path / "two.sqlite3")
    for channel in (10, 20):
        first, second = users(channel)
        await service.new(ctx(first, channel=channel), "pebbles")
        await service.join(ctx(second, channel=channel))
        await service.start(ctx(first, channel=channel), order="joined")
    try:
        a, b = await service.store.live_game(10), await service.store.live_game(20)
        # A's button pressed in B by B's player; A's player typing in B, where they have no seat
        pressed = await service.press(ctx(users(20)[0], channel=20), f"rb:{a.id}:{a.version}:0")
        typed = await service.play(ctx(users(10)[0], channel=20), "ready")
        assert "another channel" in pressed[0].text
        assert pressed[0].audience is Audience.EPHEMERAL
        assert typed[0].audience is Audience.EPHEMERAL
        assert await service.store.live_game(10) == a and await service.store.live_game(20) == b
    finally:
        await service.store.close()
