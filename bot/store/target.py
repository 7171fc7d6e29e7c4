"""Where the store lives, as the one who runs the bot reads it, and why it would not open.

A store that cannot be opened (PostgreSQL down, no such database, a refused login, an SQLite
file in a missing or read-only directory, a database made by a newer Rheinbot) is one line
for whoever runs the bot: which store (the URL without its password, or the file's absolute
path) and what to do. A start-up traceback said none of that, and under a supervisor that
restarts the bot it became a crash loop of tracebacks.
"""

from __future__ import annotations

import os
import re
import sqlite3
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

POSTGRES_SCHEMES = ("postgresql://", "postgres://")
# anything that reads as a URL: ``postgresql+asyncpg://`` was taken for an SQLite file name
URL_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://")


# The note a backend adds to the error of a migration that failed (:func:`failed_migration`
# reads it back): such an error is, as a rule, a bug of ours, not the admin's set-up.
MIGRATION_NOTE = "while applying migration "

# libpq's key=value connection strings ("host=db dbname=rb password=…"): no URL, so they were
# taken for an SQLite file name, and the start's log line said the password
KEY_VALUE_DSN = re.compile(r"(^|\s)(host|hostaddr|dbname|user|password|port|sslmode)=",
                           re.IGNORECASE)


def note_failed_migration(error: BaseException, name: str, current: int) -> None:
    error.add_note(f"{MIGRATION_NOTE}{name} to a database at schema version {current}")


def failed_migration(error: BaseException) -> str | None:
    """The migration and schema version :func:`note_failed_migration` named, if any."""
    notes = getattr(error, "__notes__", ())
    return next((n.removeprefix(MIGRATION_NOTE) for n in notes
                 if n.startswith(MIGRATION_NOTE)), None)


class StoreUnavailable(Exception):
    """The store cannot be opened; the message is one line naming it and what to do."""


class SchemaTooNew(RuntimeError):
    """The database was made by a newer Rheinbot than this one."""

    def __init__(self, name: str, found: int, known: int) -> None:
        super().__init__(f"{name} has schema version {found}, newer than this Rheinbot knows "
                         f"({known}): upgrade Rheinbot.")
        self.found = found
        self.known = known


def is_postgres(target: str) -> bool:
    return target.strip().lower().startswith(POSTGRES_SCHEMES)


def without_password(url: str) -> str:
    """``url`` with no password in it: neither ``user:secret@`` nor ``?password=``."""
    parts = urlsplit(url.strip())
    userinfo, at, hostport = parts.netloc.rpartition("@")  # a password may hold an "@"
    netloc = f"{userinfo.split(':', 1)[0]}@{hostport}" if at else hostport
    query = urlencode([(key, value) for key, value in parse_qsl(parts.query)
                       if key.lower() != "password"], safe="/")
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


def shown(target: str) -> str:
    """The store as log lines and messages name it: a URL without its password, a file by
    its absolute path (a relative one says nothing of where the bot was started)."""
    if URL_SCHEME.match(target.strip()):
        return without_password(target)
    return target if target == ":memory:" else os.path.abspath(target)


def check_target(target: str) -> None:
    """Refuse a URL that is not PostgreSQL's before anything treats it as a file name."""
    if KEY_VALUE_DSN.search(target):
        raise StoreUnavailable(
            "Rheinbot cannot use a key=value connection string as its database (it names "
            "neither a URL nor a file): write it as a URL, postgresql://user:password@host:"
            "5432/database, in DATABASE_URL.")
    match = URL_SCHEME.match(target.strip())
    if match and not is_postgres(target):
        raise StoreUnavailable(
            f"Rheinbot cannot use the database {shown(target)}: '{match[1]}://' is not a "
            "database it knows. Set DATABASE_URL to postgresql://user:password@host:5432/"
            "database (or postgres://...), or leave it empty to keep the games in the SQLite "
            "file RHEINBOT_DB.")


def _said(error: BaseException, password: str | None = None) -> str:
    """The driver's own words for ``error``, without the password if it quoted it (one too
    short to replace without garbling the words, or giving it away, drops them)."""
    said = " ".join(str(error).split()) or type(error).__name__
    if password and password in said:
        return said.replace(password, "***") if len(password) >= 4 else type(error).__name__
    return said


def _sqlite_advice(path: str) -> str:
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        return (f"the directory {folder} does not exist: create it, or set RHEINBOT_DB to a "
                "file in a directory that does.")
    if not os.access(folder, os.W_OK):
        return (f"this user may not write in {folder}: give it write access there (SQLite "
                "writes -wal and -shm files beside the database), or set RHEINBOT_DB to a "
                "file elsewhere.")
    return ("check that RHEINBOT_DB names a Rheinbot database file (or a new one) that this "
            "user may read and write.")


def _postgres_line(name: str, error: BaseException, said: str) -> str | None:
    import asyncpg  # late: only PostgreSQL bots have it loaded

    if isinstance(error, asyncpg.InvalidCatalogNameError):
        return (f"PostgreSQL has no such database for {name} ({said}): create it "
                "(createdb --owner=<user> <database>) or fix the database name in "
                "DATABASE_URL, then start again.")
    if isinstance(error, asyncpg.InvalidAuthorizationSpecificationError |
                  asyncpg.InvalidPasswordError):
        return (f"PostgreSQL refused the login for {name} ({said}): check the user and "
                "password in DATABASE_URL (and the server's pg_hba.conf), then start again.")
    if isinstance(error, OSError | TimeoutError | asyncpg.CannotConnectNowError):
        return (f"Rheinbot cannot reach PostgreSQL at {name} ({said}): check that the server "
                "runs and that the host and port in DATABASE_URL are right, then start "
                "again.")
    if isinstance(error, asyncpg.PostgresError | asyncpg.InterfaceError | ValueError):
        return (f"PostgreSQL at {name} refused to open Rheinbot's database ({said}): check "
                "DATABASE_URL and that its user may create tables in that database.")
    return None


def opening_failed(target: str, error: BaseException) -> StoreUnavailable | None:
    """The one line for ``error``, raised opening the store at ``target``; None if it is not
    a problem of the store's set-up (a bug: that stays a traceback)."""
    name = shown(target)
    password = urlsplit(target.strip()).password if is_postgres(target) else None
    said = _said(error, password)
    migration = failed_migration(error)
    if isinstance(error, StoreUnavailable):
        return error
    if migration is not None:
        line = (f"Rheinbot could not upgrade the database {name} ({migration}: {said}). "
                "That step was rolled back: the database is as it was. If the disk is full or "
                "this user may not change tables, fix that and start again; otherwise it is a "
                "bug in Rheinbot: please report it with the log of this start.")
    elif isinstance(error, SchemaTooNew):
        line = (f"The database {name} has schema version {error.found}, made by a newer "
                f"Rheinbot than this one (it knows {error.known}): upgrade Rheinbot, or point "
                "it at another database. It was left as it was.")
    elif is_postgres(target):
        line = _postgres_line(name, error, said)
    elif isinstance(error, sqlite3.Error | OSError):
        line = f"Rheinbot cannot open its SQLite database {name} ({said}): " + \
            _sqlite_advice(name)
    else:
        line = None
    return None if line is None else StoreUnavailable(line)
