"""The SQLite store (aiosqlite), the default backend: one file, no set-up.

One connection per process, in autocommit mode so that every write is an explicit
``BEGIN IMMEDIATE ... COMMIT``. An asyncio lock keeps one coroutine's transaction from
interleaving with another's statements on the shared connection. The queries themselves are
:class:`bot.store.base.StoreBase`'s, shared with PostgreSQL; this module is the driver.

Durability: WAL with ``synchronous=FULL``. In WAL mode ``NORMAL`` survives a crash of the
process but may lose the last commits on a power cut or kernel crash, and a move we have
acknowledged to a player must survive both. ``FULL`` costs one fsync of the WAL per commit,
which on our hardware still allows thousands of commits a second: far above what play needs.

Schema version: ``PRAGMA user_version``, the number of the last migration applied (the
numbering every existing file already carries).
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any, ClassVar

import aiosqlite

from bot.store import leases
from bot.store.base import INSERT_ACTION, StoreBase, move_params
from bot.store.migrations import migrations
from bot.store.rows import Move, Snapshot, StaleVersion
from bot.store.target import SchemaTooNew, note_failed_migration

log = logging.getLogger(__name__)


class _Tx:
    """A transaction on the shared connection (the store's lock is held meanwhile)."""

    __slots__ = ("_db",)

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        # execute_fetchall: one hop to aiosqlite's thread, where execute() plus a cursor
        # would take two or three.
        return list(await self._db.execute_fetchall(sql, tuple(params)))


class Store(StoreBase):
    """Async access to one SQLite file. Use :meth:`open` and :meth:`close`."""

    INTEGRITY_ERRORS: ClassVar[tuple[type[BaseException], ...]] = (sqlite3.IntegrityError,)
    CLAIM_DUE: ClassVar[str] = leases.CLAIM_DUE_SQLITE
    dialect: ClassVar[str] = "sqlite"

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self._db = db
        self.path = path
        self._lock = asyncio.Lock()
        # group commit (see commit_move): whether a move is committing, the moves waiting
        # for it, and the task committing them
        self._committing = False
        self._waiting: list[tuple[tuple[str, tuple, tuple],
                                  asyncio.Future[bool | BaseException]]] = []
        self._drainer: asyncio.Future[None] | None = None

    # -- lifecycle ------------------------------------------------------------------------
    @classmethod
    async def open(cls, path: str = "rheinbot.sqlite3") -> Store:
        db = await aiosqlite.connect(path, isolation_level=None)
        # any failure from here on closes the connection: its worker thread, left running,
        # kept the process from exiting after the one-line error (a file that is no database
        # fails at the first PRAGMA)
        try:
            db.row_factory = sqlite3.Row
            if path != ":memory:":
                async with db.execute("PRAGMA journal_mode=WAL") as cursor:
                    mode = (await cursor.fetchone())[0]
                if mode != "wal":  # e.g. a network file system: still correct, only slower
                    log.warning("%s: journal mode is %s, not WAL", path, mode)
            await db.execute_fetchall("PRAGMA synchronous=FULL")
            await db.execute_fetchall("PRAGMA foreign_keys=ON")
            await db.execute_fetchall("PRAGMA busy_timeout=5000")
            store = cls(db, path)
            await store.migrate()
        except BaseException:
            await db.close()
            raise
        return store

    async def close(self) -> None:
        if self._drainer is not None and not self._drainer.done():
            await self._drainer  # moves already waiting are committed, not dropped
        await self._db.close()

    async def migrate(self) -> int:
        """Apply every migration newer than the file's ``user_version``; return the version."""
        known = migrations("sqlite")
        async with self._lock:
            current = await self._pragma("user_version")
            if current > len(known):
                raise SchemaTooNew(self.path, current, len(known))
            self.migrated_from = current
            for number, name, sql in known:
                if number <= current:
                    continue
                # executescript runs the whole file; the BEGIN/COMMIT around it makes the
                # migration and its version stamp one transaction.
                script = (
                    f"BEGIN IMMEDIATE;\n{sql}\n"
                    f"INSERT INTO schema_migrations VALUES ({number}, '{name}', "
                    f"strftime('%s','now'));\nPRAGMA user_version = {number};\nCOMMIT;"
                )
                try:
                    await self._db.executescript(script)
                except BaseException as error:
                    if self._db.in_transaction:
                        await self._db.execute_fetchall("ROLLBACK")
                    note_failed_migration(error, name, current)
                    raise
                current = number
            return current

    async def checkpoint(self) -> None:
        """Fold the write-ahead log back into the database file as far as no reader needs
        it (PASSIVE: waits for nobody). Left alone the log grows while the bot runs, and a
        copy of the file without it holds nothing played since the start."""
        if self.path == ":memory:":
            return
        async with self._lock:
            await self._db.execute_fetchall("PRAGMA wal_checkpoint(PASSIVE)")

    async def schema_version(self) -> int:
        async with self._lock:
            return await self._pragma("user_version")

    async def integrity_ok(self) -> bool:
        async with self._lock:
            return await self._pragma("integrity_check") == "ok"

    async def backup(self, path: str) -> None:
        """A consistent copy of the live database (SQLite online backup)."""
        async with self._lock:
            target = await aiosqlite.connect(path)
            try:
                await self._db.backup(target)
            finally:
                await target.close()

    # -- the driver -----------------------------------------------------------------------
    async def _pragma(self, name: str) -> Any:
        """A PRAGMA's value; the caller holds the lock."""
        rows = list(await self._db.execute_fetchall(f"PRAGMA {name}"))
        return rows[0][0] if rows else None

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        async with self._lock:
            return list(await self._db.execute_fetchall(sql, tuple(params)))

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[_Tx]:
        async with self._lock:
            try:
                await self._db.execute_fetchall("BEGIN IMMEDIATE")
                yield _Tx(self._db)
                await self._db.execute_fetchall("COMMIT")
            except BaseException:
                await self._roll_back()
                raise

    async def _roll_back(self) -> None:
        """End whatever transaction a failed or cancelled one left open. A cancelled await
        does not stop aiosqlite's thread: a BEGIN (or a statement, a COMMIT) it had queued
        still runs, after the await gave up. The check then runs in that same thread, after
        it, where ``in_transaction`` is true: checked here, before the BEGIN ran, it was
        false, the connection stayed in the transaction, and the next one failed ("cannot
        start a transaction within a transaction", the reminder pass at shutdown).
        Shielded: a second cancellation cannot drop the rollback, and the thread's order
        puts it before any statement queued after this one."""
        try:
            await asyncio.shield(self._db._execute(_roll_back, self._db._conn))
        except Exception:  # the connection is closing or gone: nothing to end
            log.exception("could not roll back a failed transaction")

    async def commit_move(self, game_id: int, expected_version: int, move: Move,
                          snap: Snapshot, now: float) -> int:
        """Append ``move`` to the log and store the new snapshot, in one transaction.

        This is the hot path of play, so the whole transaction (BEGIN, the version-checked
        UPDATE, the INSERT, COMMIT) runs as one call in aiosqlite's thread: four thread hops
        cost more than the statements themselves (bench: 1,100-1,850 moves/s with four hops).

        Group commit: moves that arrive while another is committing wait for it and then
        commit together, in one transaction with one fsync, each in a savepoint of its own,
        so each still gets its own outcome (applied, stale, or its error) and is acknowledged
        only once that transaction is on disk. One move at a time takes the direct path.
        """
        update, update_params, action = move_params(game_id, expected_version, move, snap, now)
        item = (update.removesuffix(" RETURNING version"), update_params, action)
        outcome: bool | BaseException
        if self._committing:
            waiting: asyncio.Future[bool | BaseException] = \
                asyncio.get_running_loop().create_future()
            self._waiting.append((item, waiting))
            outcome = await waiting
            if isinstance(outcome, BaseException):
                raise outcome
        else:
            self._committing = True
            try:
                async with self._lock:
                    # aiosqlite has no public "run this function in your thread"; _execute
                    # is that (unchanged from 0.17 to 0.22) and _conn is the thread's sqlite3
                    # connection.
                    outcome = await self._db._execute(_commit_move, self._db._conn, *item)
            finally:
                if self._waiting:  # moves that came meanwhile: one batch after another
                    self._drainer = asyncio.ensure_future(self._commit_waiting())
                else:
                    self._committing = False
        if not outcome:
            raise StaleVersion(game_id)
        # Undo votes need no clearing here: a vote counts only at the version it was cast
        # for, and this move just changed the version.
        return expected_version + 1

    async def _commit_waiting(self) -> None:
        """Commit the waiting moves, a batch per transaction, until none wait."""
        try:
            while self._waiting:
                batch, self._waiting = self._waiting, []
                outcomes: list[bool | BaseException]
                try:
                    async with self._lock:
                        outcomes = await self._db._execute(
                            _commit_moves, self._db._conn, [item for item, _ in batch])
                except BaseException as error:  # the transaction as a whole failed
                    outcomes = [error] * len(batch)
                for (_, waiting), outcome in zip(batch, outcomes, strict=True):
                    if not waiting.done():  # a caller that gave up is not told
                        waiting.set_result(outcome)
        finally:
            self._committing = False


SqliteStore = Store


def _roll_back(db: sqlite3.Connection) -> None:
    """Runs in aiosqlite's thread: roll back the transaction left open, if one is."""
    if db.in_transaction:
        db.execute("ROLLBACK")


def _commit_move(db: sqlite3.Connection, update: str, update_params: tuple,
                 action: tuple) -> bool:
    """Runs in aiosqlite's thread: the version-checked snapshot UPDATE (without RETURNING:
    rowcount says whether it applied, no row to build) and the log INSERT in one transaction.
    False (and nothing changed) if the game is no longer at the expected version; any error
    rolls the whole move back and propagates."""
    db.execute("BEGIN IMMEDIATE")
    try:
        if db.execute(update, update_params).rowcount != 1:
            db.execute("ROLLBACK")
            return False
        db.execute(INSERT_ACTION, action)
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:  # also when COMMIT itself failed (disk full, I/O error)
            db.execute("ROLLBACK")
        raise
    return True


def _commit_moves(db: sqlite3.Connection, moves: list[tuple[str, tuple, tuple]]
                  ) -> list[bool | BaseException]:
    """Runs in aiosqlite's thread: several moves in one transaction, each in a savepoint, so
    one that fails (its error is its outcome) or finds its version moved on (False) leaves
    the others as they are. The outcomes, in order; if the COMMIT fails, none applied."""
    outcomes: list[bool | BaseException] = []
    db.execute("BEGIN IMMEDIATE")
    try:
        for update, update_params, action in moves:
            db.execute("SAVEPOINT move")
            try:
                applied = db.execute(update, update_params).rowcount == 1
                if applied:
                    db.execute(INSERT_ACTION, action)
                outcomes.append(applied)
            except Exception as error:  # noqa: BLE001 - this move's outcome, not the batch's
                db.execute("ROLLBACK TO move")
                outcomes.append(error)
            db.execute("RELEASE move")
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    return outcomes
