"""Reminder leases, in one test process: two schedulers with their own connections to one
database stand in for two bot processes (the OS-process version is
tests/test_multiprocess_shards.py). Each test runs on SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

from bot.replies import Audience
from bot.service.reminders import Reminders
from bot.store import Snapshot, StoreBase, open_store

T0 = 1_780_000_000.0
LEASE = 60.0


class Outbox:
    def __init__(self, pause: float = 0.0) -> None:
        self.dms: list[tuple[int, str]] = []
        self.pause = pause  # a slow transport: each DM takes this long
        self.freeze_after = 0  # > 0: the process freezes right after this many DMs went out

    async def send_dm(self, user_id: int, reply) -> None:
        assert reply.audience is Audience.DM
        if self.pause:
            await asyncio.sleep(self.pause)
        self.dms.append((user_id, reply.text))
        if len(self.dms) == self.freeze_after:
            await asyncio.Event().wait()  # sent, never recorded: as if killed right here

    async def post_channel(self, channel_id: int, reply) -> None:
        raise AssertionError("no channel posts expected here")


@dataclass
class Processes:
    """Two schedulers ("a" and "b") with their own connections to one database, one clock."""

    stores: tuple[StoreBase, StoreBase]
    boxes: tuple[Outbox, Outbox]
    schedulers: tuple[Reminders, Reminders]
    game: int
    now: list[float]  # the clock both read: now[0]


@asynccontextmanager
async def two_processes(target: str, users: range, pause: float = 0.0, lease: float = LEASE
                        ) -> AsyncIterator[Processes]:
    """Both processes on the database ``target``, with a turn reminder due now for each of
    ``users``."""
    stores = await open_store(target), await open_store(target)
    now = [T0]
    try:
        game = await stores[0].create_game(
            guild_id=1, channel_id=500, game_key="pebbles", options={}, seed=1, creator_id=1,
            min_players=2, max_players=4, now=T0)
        await stores[0].start_game(game.id, game.version, [], Snapshot(
            state="{}", phase="Round 1", status="active", active_seats=[0]), T0)
        for user in users:
            await stores[0].set_reminder("turn", game.id, user, T0, {
                "title": "Pebbles", "phase": "Round 1", "expected": "", "guild_id": 1,
                "channel_id": 500, "language": "en"}, T0)
        boxes = Outbox(pause), Outbox(pause)
        schedulers = tuple(
            Reminders(store, box.send_dm, box.post_channel, lambda: now[0], owner=name,
                      lease_seconds=lease)
            for store, box, name in zip(stores, boxes, ("a", "b"), strict=True))
        yield Processes(stores, boxes, schedulers, game.id, now)  # type: ignore[arg-type]
    finally:
        for store in stores:
            await store.close()


async def test_a_due_reminder_is_fired_by_one_of_two_processes(store_target):
    async with two_processes(store_target, range(10, 16)) as run:
        # Both wake for the same due rows at the same moment.
        fired = await asyncio.gather(*(s.run_due() for s in run.schedulers))
        assert sum(fired) == 6
        sent = sorted(user for box in run.boxes for user, _ in box.dms)
        assert sent == list(range(10, 16))
        # Recorded and released: the rows wait 12 hours, held by nobody.
        rows = await run.stores[1].reminders(run.game)
        assert all(row.sent == 1 and row.due_at > T0 + 11 * 3600 for row in rows)
        assert len(await run.stores[1].claim_due("c", T0 + 13 * 3600, LEASE)) == 6


async def test_a_dead_processs_claim_is_taken_over_when_its_lease_runs_out(store_target):
    async with two_processes(store_target, range(10, 13)) as run:
        # Process "a" claimed the rows and died before sending anything.
        claimed = await run.stores[0].claim_due("a", T0, LEASE)
        assert [row.user_id for row in claimed] == [10, 11, 12]
        b = run.schedulers[1]
        assert await b.run_due() == 0 and run.boxes[1].dms == []
        # b sleeps until the lease ends, not until the (past) due time.
        assert await run.stores[1].next_claimable() == T0 + LEASE
        run.now[0] = T0 + LEASE
        assert await b.run_due() == 3
        assert sorted(user for user, _ in run.boxes[1].dms) == [10, 11, 12]
        run.now[0] += 1
        assert await b.run_due() == 0  # once


async def test_claims_of_one_process_do_not_hide_other_rows(store_target):
    async with two_processes(store_target, range(10, 14)) as run:
        held = await run.stores[0].claim_due("a", T0, LEASE, limit=2)
        assert [row.user_id for row in held] == [10, 11]
        assert await run.schedulers[1].run_due() == 2
        assert sorted(user for user, _ in run.boxes[1].dms) == [12, 13]
        # a finishes: its leases end, and b's own rows stay released too
        await run.stores[0].release_claims("a")
        assert await run.stores[1].next_claimable() == T0


async def test_a_slow_pass_stops_at_half_its_lease_and_claims_the_rest_afresh(store_target, caplog):
    # Each DM takes 0.15 s against a 0.2 s lease: after one DM half the lease has gone.
    async with two_processes(store_target, range(10, 12), pause=0.15, lease=0.2) as run:
        with caplog.at_level(logging.WARNING, "bot.service.reminders"):
            assert await run.schedulers[0].run_due() == 2
        assert [user for user, _ in run.boxes[0].dms] == [10, 11]
        assert "stopped after 1 of 2 rows" in caplog.text


async def test_a_process_dying_between_sending_and_recording_costs_one_duplicate(store_target):
    async with two_processes(store_target, range(10, 14)) as run:
        run.boxes[0].freeze_after = 2
        a = asyncio.create_task(run.schedulers[0].run_due())
        async def frozen() -> None:
            while len(run.boxes[0].dms) < 2:
                await asyncio.sleep(0.01)

        await asyncio.wait_for(frozen(), 30)
        run.now[0] = T0 + LEASE
        assert await run.schedulers[1].run_due() == 3  # a's second row and the two it held
        sent = [user for box in run.boxes for user, _ in box.dms]
        assert sorted(sent) == [10, 11, 11, 12, 13]  # the one a never recorded: twice
        a.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await a
