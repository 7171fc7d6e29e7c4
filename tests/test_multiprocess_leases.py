"""Reminder leases, in one test process: two schedulers with their own connections to one
database stand in for two bot processes (the OS-process version is
tests/test_multiprocess_shards.py)."""

from __future__ import annotations

import asyncio
import logging

from bot.replies import Audience
from bot.service.reminders import Reminders
from bot.store import Snapshot, Store

T0 = 1_780_000_000.0
LEASE = 60.0


class Clock:
    def __init__(self, now: float = T0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class Outbox:
    def __init__(self, pause: float = 0.0) -> None:
        self.dms: list[tuple[int, str]] = []
        self.pause = pause  # a slow transport: each DM takes this long

    async def send_dm(self, user_id: int, reply) -> None:
        assert reply.audience is Audience.DM
        if self.pause:
            await asyncio.sleep(self.pause)
        self.dms.append((user_id, reply.text))

    async def post_channel(self, channel_id: int, reply) -> None:
        raise AssertionError("no channel posts expected here")


async def _two_processes(tmp_path, clock: Clock, pause: float = 0.0, lease: float = LEASE):
    path = str(tmp_path / "shared.sqlite3")
    first = await Store.open(path)
    second = await Store.open(path)
    game = await first.create_game(guild_id=1, channel_id=500, game_key="pebbles", options={},
                                   seed=1, creator_id=1, min_players=2, max_players=4,
                                   now=clock())
    await first.start_game(game.id, game.version, [], Snapshot(
        state="{}", phase="Round 1", status="active", active_seats=[0]), clock())
    boxes = Outbox(pause), Outbox(pause)
    schedulers = [Reminders(store, box.send_dm, box.post_channel, clock, owner=name,
                            lease_seconds=lease)
                  for store, box, name in zip((first, second), boxes, ("a", "b"), strict=True)]
    return (first, second), boxes, schedulers, game.id


async def _turn_rows(store: Store, game_id: int, users: range, due: float) -> None:
    for user in users:
        await store.set_reminder("turn", game_id, user, due, {
            "title": "Pebbles", "phase": "Round 1", "expected": "", "guild_id": 1,
            "channel_id": 500, "language": "en"}, due)


async def test_a_due_reminder_is_fired_by_one_of_two_processes(tmp_path):
    clock = Clock()
    stores, boxes, (a, b), game = await _two_processes(tmp_path, clock)
    await _turn_rows(stores[0], game, range(10, 16), T0)
    # Both wake for the same due rows at the same moment.
    fired = await asyncio.gather(a.run_due(), b.run_due())
    assert sum(fired) == 6
    sent = sorted(user for box in boxes for user, _ in box.dms)
    assert sent == list(range(10, 16))
    # Recorded and released: the rows wait 12 hours, held by nobody.
    rows = await stores[1].reminders(game)
    assert all(row.sent == 1 and row.due_at > T0 + 11 * 3600 for row in rows)
    assert await stores[1].claim_due("c", T0 + 13 * 3600, LEASE) != []
    for store in stores:
        await store.close()


async def test_a_dead_processs_claim_is_taken_over_when_its_lease_runs_out(tmp_path):
    clock = Clock()
    stores, boxes, (_, b), game = await _two_processes(tmp_path, clock)
    await _turn_rows(stores[0], game, range(10, 13), T0)
    # Process "a" claimed the rows and died before sending anything.
    claimed = await stores[0].claim_due("a", T0, LEASE)
    assert [row.user_id for row in claimed] == [10, 11, 12]
    assert await b.run_due() == 0 and boxes[1].dms == []
    # b sleeps until the lease ends, not until the (past) due time.
    assert await stores[1].next_claimable() == T0 + LEASE
    clock.now = T0 + LEASE
    assert await b.run_due() == 3
    assert sorted(user for user, _ in boxes[1].dms) == [10, 11, 12]
    clock.now += 1
    assert await b.run_due() == 0  # once
    for store in stores:
        await store.close()


async def test_claims_of_one_process_do_not_hide_other_rows(tmp_path):
    clock = Clock()
    stores, boxes, (_, b), game = await _two_processes(tmp_path, clock)
    await _turn_rows(stores[0], game, range(10, 14), T0)
    held = await stores[0].claim_due("a", T0, LEASE, limit=2)
    assert [row.user_id for row in held] == [10, 11]
    assert await b.run_due() == 2
    assert sorted(user for user, _ in boxes[1].dms) == [12, 13]
    # a finishes: its leases end, and b's own rows stay released too
    await stores[0].release_claims("a")
    assert await stores[1].next_claimable() == T0
    for store in stores:
        await store.close()


async def test_a_slow_pass_stops_at_half_its_lease_and_claims_the_rest_afresh(tmp_path, caplog):
    clock = Clock()
    # Each DM takes 0.15 s against a 0.2 s lease: after one DM half the lease has gone.
    stores, boxes, (a, _), game = await _two_processes(tmp_path, clock, pause=0.15, lease=0.2)
    await _turn_rows(stores[0], game, range(10, 12), T0)
    with caplog.at_level(logging.WARNING, "bot.service.reminders"):
        assert await a.run_due() == 2
    assert [user for user, _ in boxes[0].dms] == [10, 11]
    assert "stopped after 1 of 2 rows" in caplog.text
    for store in stores:
        await store.close()
