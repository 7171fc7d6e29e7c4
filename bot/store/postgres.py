"""The PostgreSQL store (asyncpg), for a bot whose processes share one database server.

Chosen by ``DATABASE_URL=postgresql://...`` (see ``bot.store.open_store``). The queries are
:class:`bot.store.base.StoreBase`'s, the same as SQLite's; this module is the driver: a
connection pool, one transaction per write, ``?`` placeholders numbered ``$1, $2, ...``.

Durability: every write commits with the server's ``synchronous_commit``, except that a
server or URL that sets it ``off`` is overruled (``on`` for our sessions): a move we
acknowledged must survive a server crash. A server running with ``fsync=off`` is logged.
The version check works as on SQLite: ``UPDATE games ... WHERE id = ? AND version = ?`` takes
the game row's lock, a concurrent change to the same game waits for it and then, under READ
COMMITTED, re-reads the row, finds the version moved on and changes nothing.

Schema version: the highest number in ``schema_migrations``. Migrations (with their
``.postgres.sql`` twins, see ``bot.store.migrations``) run under an advisory lock, so
processes starting together migrate once; a database newer than this code is refused.

A move is one round trip (see :func:`commit_move_sql`, and :func:`_no_reset` for the pool).
"""

from __future__ import annotations

import logging
import os
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from functools import lru_cache
from typing import Any, ClassVar

import asyncpg

from bot.store import leases
from bot.store.base import StoreBase, move_params
from bot.store.migrations import migrations
from bot.store.rows import Move, Snapshot, StaleVersion
from bot.store.target import SchemaTooNew, note_failed_migration, without_password

log = logging.getLogger(__name__)

# pg_advisory_lock key held while migrating ("Rhein" in ASCII)
_MIGRATE_LOCK = 0x5268656967


@lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1, $2, ...`` (none stand inside quotes)."""
    out: list[str] = []
    count = 0
    quoted = False
    for char in sql:
        if char == "'":
            quoted = not quoted
        elif char == "?" and not quoted:
            count += 1
            out.append(f"${count}")
            continue
        out.append(char)
    return "".join(out)


@lru_cache(maxsize=16)
def commit_move_sql(update: str) -> str:
    """One statement for a whole move: the version-checked UPDATE feeds the log INSERT, which
    inserts nothing when the version moved on. A single statement is its own transaction,
    so a move costs one round trip instead of four (BEGIN, UPDATE, INSERT, COMMIT)."""
    bumped = update.replace("RETURNING version", "RETURNING id")
    return numbered(
        f"WITH bumped AS ({bumped}) INSERT INTO actions (game_id, seat, user_id, notation, "
        "lines, created_at, reveals_before, reveals_after) "
        "SELECT id, ?::integer, ?::bigint, ?::text, ?::text, ?::double precision, "
        "?::integer, ?::integer FROM bumped RETURNING id")


class _Tx:
    __slots__ = ("_conn",)

    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return await self._conn.fetch(numbered(sql), *params)


async def _no_reset(conn: asyncpg.Connection) -> None:
    """What a connection needs before it goes back to the pool: nothing. The store leaves no
    session state behind (no SET, LISTEN, cursor or session advisory lock; asyncpg itself
    rolls back a transaction left open), and the default reset (RESET ALL and friends) costs
    a round trip per query: a move would take two round trips instead of one."""


class PostgresStore(StoreBase):
    """Async access to one PostgreSQL database. Use :meth:`open` and :meth:`close`."""

    INTEGRITY_ERRORS: ClassVar[tuple[type[BaseException], ...]] = (
        asyncpg.IntegrityConstraintViolationError,)
    SAME: ClassVar[str] = "IS NOT DISTINCT FROM"
    MERGE_PAYLOAD: ClassVar[str] = "(payload::jsonb || ?::jsonb)::text"
    CLAIM_DUE: ClassVar[str] = leases.CLAIM_DUE_POSTGRES
    dialect: ClassVar[str] = "postgres"

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self._pool = pool
        self.url = url

    @property
    def path(self) -> str:
        """Where the store lives, for log lines: the URL without its password."""
        return without_password(self.url)

    # -- lifecycle ------------------------------------------------------------------------
    @classmethod
    async def open(cls, url: str, *, pool_size: int | None = None) -> PostgresStore:
        """Connect a pool to ``url`` (``RHEINBOT_PG_POOL`` connections at most, default 10)
        and bring the schema up to date."""
        size = pool_size or int(os.environ.get("RHEINBOT_PG_POOL", "10") or 10)
        pool = await asyncpg.create_pool(url, min_size=1, max_size=size, reset=_no_reset)
        if await pool.fetchval("SHOW synchronous_commit") == "off":
            # A server (or URL) set to acknowledge commits before they are on disk: this
            # store's sessions start with it on instead (a start-up setting of the session).
            await pool.close()
            pool = await asyncpg.create_pool(url, min_size=1, max_size=size, reset=_no_reset,
                                             server_settings={"synchronous_commit": "on"})
        store = cls(pool, url)
        try:
            if await pool.fetchval("SHOW fsync") != "on":
                log.warning("%s: the server runs with fsync=off; a crash may lose moves",
                            store.path)
            await store.migrate()
        except BaseException:
            await pool.close()
            raise
        return store

    async def close(self) -> None:
        await self._pool.close()

    async def migrate(self) -> int:
        """Apply every migration newer than the database's; return the version.

        One transaction per migration (the migration and its record, or neither), each under
        a transaction-scoped advisory lock: processes starting together take turns, and each
        reads the version afresh under the lock, so every migration runs once."""
        known = migrations("postgres")
        async with self._pool.acquire() as conn:
            while True:
                async with conn.transaction():
                    await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATE_LOCK)
                    current = await self._version(conn)
                    if current > len(known):
                        raise SchemaTooNew(self.path, current, len(known))
                    if self.migrated_from is None:  # the first round: what it was at start
                        self.migrated_from = current
                    if current == len(known):
                        return current
                    number, name, sql = known[current]  # numbered 1, 2, ... without gaps
                    try:
                        await conn.execute(sql)
                    except Exception as error:
                        note_failed_migration(error, name, current)
                        raise
                    await conn.execute(
                        "INSERT INTO schema_migrations VALUES "
                        "($1, $2, EXTRACT(EPOCH FROM clock_timestamp()))", number, name)

    async def schema_version(self) -> int:
        async with self._pool.acquire() as conn:
            return await self._version(conn)

    @staticmethod
    async def _version(conn: asyncpg.Connection) -> int:
        if await conn.fetchval("SELECT to_regclass('schema_migrations')") is None:
            return 0
        return await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_migrations")

    # -- the driver -----------------------------------------------------------------------
    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return await self._pool.fetch(numbered(sql), *params)

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[_Tx]:
        async with self._pool.acquire() as conn, conn.transaction():
            yield _Tx(conn)

    async def _serialize(self, tx: Any, key: str) -> None:
        # A transaction-scoped advisory lock: released by COMMIT or ROLLBACK.
        await tx.fetch("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", (key,))

    async def commit_move(self, game_id: int, expected_version: int, move: Move,
                          snap: Snapshot, now: float) -> int:
        """Append ``move`` to the log and store the new snapshot: one statement, so one
        round trip and its own transaction (see :func:`commit_move_sql`)."""
        update, update_params, action = move_params(game_id, expected_version, move, snap, now)
        if not await self._pool.fetch(commit_move_sql(update), *update_params, *action[1:]):
            raise StaleVersion(game_id)
        return expected_version + 1
