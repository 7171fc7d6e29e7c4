"""Whole games through the Discord adapter while Discord fails at random (issue 8).

The channel fails sends on a seeded schedule with every kind of failure the adapter meets
(HTTP 5xx, rate limits, a dropped connection, Forbidden), and interaction follow-ups expire
at random. Whatever happens, every move is committed exactly once, no move's line is posted
twice, and a move whose line never reached the channel is followed up to its player (a
private notice, or a DM when the interaction expired)."""

from __future__ import annotations

import re

import aiohttp
import discord
import pytest
from test_discord_fakes import (
    TALLY,
    FakeChannel,
    FakeFollowup,
    forbidden,
    http_error,
    make_adapter,
    make_interaction,
    not_found,
    server_error,
)

from bot.service import Ctx, TablesService
from bot.store import Store
from engine.core import new_rng, rng_below

PLAYERS = {0: (1, "Anna"), 1: (2, "Bert")}
LINE = re.compile(r"Seat (\d) adds (\d): the count is (\d+)\.")


def failure(rng) -> BaseException:
    kind = rng_below(rng, 5)
    if kind == 0:
        return server_error()
    if kind == 1:
        return discord.RateLimited(0.01)
    if kind == 2:
        return http_error(discord.HTTPException, 429, 0, "Too Many Requests")
    if kind == 3:
        return aiohttp.ClientConnectionError("connection reset")
    return forbidden()


class ChaosChannel(FakeChannel):
    """Fails a seeded share of sends; the failure list of the base class stays usable."""

    def __init__(self, seed: int, share: int) -> None:
        super().__init__()
        self.rng = new_rng(seed)
        self.share = share  # out of 10
        self.injected = 0

    async def send(self, **kwargs):
        if rng_below(self.rng, 10) < self.share:
            self.attempts += 1
            self.injected += 1
            raise failure(self.rng)
        return await super().send(**kwargs)


class ExpiringFollowup(FakeFollowup):
    def __init__(self, rng, share: int) -> None:
        super().__init__()
        self.rng, self.share, self.injected = rng, share, 0

    async def send(self, **kwargs):
        if rng_below(self.rng, 10) < self.share:
            self.injected += 1
            raise not_found()
        return await super().send(**kwargs)


@pytest.mark.parametrize(("seed", "share", "expire"), [(1, 3, 0), (2, 5, 2), (3, 8, 4)])
async def test_random_discord_failures_lose_and_repeat_nothing(tmp_path, seed, share, expire):
    store = await Store.open(str(tmp_path / "chaos.sqlite3"))
    service = TablesService(store, games={"tally": TALLY}, render=lambda key, view: b"PNG",
                            seed_source=lambda: seed)
    adapter, commands, _ = make_adapter(service, ctx_type=Ctx)
    channel = ChaosChannel(seed, 0)  # the table is set up on a healthy channel
    rng = new_rng(seed * 31)
    interactions = []

    async def do(seat, path, **options):
        user, name = PLAYERS[seat]
        interaction = make_interaction(user_id=user, name=name, channel=channel)
        interaction.followup = ExpiringFollowup(rng, expire)
        interaction.client.adapter = adapter
        await commands[path].callback(interaction, **options)
        interactions.append((seat, interaction))
        return interaction

    try:
        await do(0, "game new", game="tally", variants="target=40")
        await do(1, "game join", colour="green")
        await do(0, "game start", order="joined")
        channel.share = share
        played, calls = [], []
        for _ in range(100):
            row = await store.latest_game(channel.id)
            if row.status == "finished":
                break
            seat = TALLY.active(TALLY.load(row.state))[0]
            move = f"add {1 + rng_below(rng, 2)}"
            interaction = await do(seat, "play", move=move)
            count = TALLY.load((await store.game(row.id)).state)["count"]
            played.append((seat, move))
            calls.append((interaction, count))
        row = await store.latest_game(channel.id)
        assert row.status == "finished"
        logged = [(a.seat, a.notation) for a in await store.actions(row.id)]
        assert logged == played  # every move committed, once, in order
        lost = check_deliveries(channel, interactions, calls)
        assert channel.injected > 0
        print(f"seed {seed}: {len(played)} moves, {channel.injected} failed sends, "
              f"{lost} lines followed up privately")
    finally:
        await store.close()


def check_deliveries(channel, interactions, calls) -> int:
    """Each move's line is public at most once; when not at all, its player was told."""
    public = [post.text for post in channel.posts]
    for _, interaction in interactions:
        public += [p.text for p in interaction.followup.posts if p.ephemeral is False]
    lines = [int(m.group(3)) for text in public for m in LINE.finditer(text)]
    assert len(lines) == len(set(lines)), "a move's line was posted twice"
    lost = 0
    for interaction, count in calls:
        if count in lines:
            continue
        lost += 1
        private = [p for p in interaction.followup.posts if p.ephemeral]
        assert private or interaction.user.send.await_count, \
            f"the move to {count} reached nobody and its player was not told"
    return lost
