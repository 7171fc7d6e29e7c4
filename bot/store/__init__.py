"""Where games live: the action log, snapshots, seats, settings and reminders.

Two backends share one interface (:class:`StoreBase`, every query written once in
``bot.store.base``): ``sqlite``, the default (one file, no set-up), and ``postgres`` for a
bot whose processes share one database server. :func:`open_store` picks between them. The
rows and errors every backend shares are re-exported here, so callers import from
``bot.store`` only. ``Store`` is the SQLite store (``Store.open(path)`` opens a file).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping

from bot.store.base import StoreBase
from bot.store.migrations import migrations
from bot.store.rows import (
    LIVE_STATUSES,
    ActionRow,
    ChannelBusy,
    GameRow,
    Move,
    RematchExists,
    ReminderRow,
    SeatRow,
    Settings,
    Snapshot,
    StaleVersion,
)
from bot.store.sqlite import SqliteStore, Store
from bot.store.target import (
    POSTGRES_SCHEMES,
    SchemaTooNew,
    StoreUnavailable,
    check_target,
    failed_migration,
    is_postgres,
    opening_failed,
    shown,
)

log = logging.getLogger(__name__)

DEFAULT_DB = "rheinbot.sqlite3"


def store_target(env: Mapping[str, str] = os.environ, path: str | None = None) -> str:
    """Where the store lives: ``DATABASE_URL`` if set (a PostgreSQL server shared by every
    process), else ``path``, else ``RHEINBOT_DB``, else ``rheinbot.sqlite3``."""
    url = env.get("DATABASE_URL", "").strip()
    if url:
        return url
    return path or env.get("RHEINBOT_DB", "").strip() or DEFAULT_DB


async def open_store(target: str | None = None) -> StoreBase:
    """Open the store at ``target``: a ``postgresql://`` URL opens PostgreSQL, any other URL
    is refused (:class:`StoreUnavailable`), anything else is an SQLite file. Without
    ``target``, :func:`store_target` reads the environment."""
    where = target if target is not None else store_target()
    check_target(where)
    if is_postgres(where):
        # Late: asyncpg is only needed by bots that use PostgreSQL.
        from bot.store.postgres import PostgresStore

        return await PostgresStore.open(where)
    return await Store.open(where)


async def open_store_or_say(target: str) -> StoreBase:
    """:func:`open_store`, with a failure of the store's set-up (server down, no such
    database, a directory missing, a newer schema) raised as :class:`StoreUnavailable`: one
    line naming the store and what to do, for ``rheinbot run`` and ``import-18xx --db``."""
    try:
        return await open_store(target)
    except Exception as error:
        problem = opening_failed(target, error)
        if problem is None:
            raise
        # the one line is for the admin; a failed migration is as a rule a bug, whose trace
        # is the developer's only lead: logged with it (others at DEBUG: LOG_LEVEL=DEBUG)
        level = logging.ERROR if failed_migration(error) else logging.DEBUG
        log.log(level, "the database would not open", exc_info=error)
        raise problem from None


__all__ = ["DEFAULT_DB", "LIVE_STATUSES", "POSTGRES_SCHEMES", "ActionRow", "ChannelBusy",
           "GameRow", "Move", "RematchExists", "ReminderRow", "SchemaTooNew", "SeatRow",
           "Settings", "Snapshot", "SqliteStore", "StaleVersion", "Store", "StoreBase",
           "StoreUnavailable", "check_target", "is_postgres", "migrations", "open_store",
           "open_store_or_say",
           "opening_failed", "shown", "store_target"]
