"""A write cancelled mid-transaction (the reminder pass cancelled at shutdown) leaves the
SQLite connection as it found it: the next transaction works.

aiosqlite runs statements in its own thread, in order; cancelling an await does not stop a
statement already queued. A ``BEGIN IMMEDIATE`` cancelled while queued still ran, after the
store had given up on it, and left the shared connection inside a transaction: the next
write failed with "cannot start a transaction within a transaction" (seen as the reminder
claims were released at shutdown)."""

from __future__ import annotations

import asyncio
import time

from bot.store import Store


async def _busy_thread(store: Store, seconds: float) -> asyncio.Task:
    """Keep the store's database thread busy for ``seconds``: what is queued after waits."""
    task = asyncio.ensure_future(store._db._execute(time.sleep, seconds))
    await asyncio.sleep(0)
    return task


async def _cancelled_while_queued(store: Store, write) -> None:
    busy = await _busy_thread(store, 0.2)
    task = asyncio.ensure_future(write)
    for _ in range(5):  # its BEGIN queued behind the busy thread
        await asyncio.sleep(0)
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    await busy


async def test_a_write_cancelled_at_its_begin_leaves_no_transaction_open(tmp_path) -> None:
    store = await Store.open(str(tmp_path / "cancel.sqlite3"))
    try:
        await _cancelled_while_queued(store, store.release_claims("shutting down"))
        await store.release_claims("next pass")  # raised OperationalError before the fix
        assert not store._db.in_transaction
    finally:
        await store.close()

