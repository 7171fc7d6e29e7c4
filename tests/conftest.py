"""Suite-wide guards, and the databases the store tests run on.

PostgreSQL: the first test that asks for it starts a throwaway cluster for the session
(``bench.pg_cluster``: initdb + pg_ctl in a temporary folder, in memory where the machine
has /dev/shm, 127.0.0.1 only, fsync on) and the session stops it at the end. Each test gets a fresh schema in it. Without PostgreSQL
installed those tests skip, saying why; with ``RHEINBOT_REQUIRE_PG=1`` (``.ci/run`` sets it)
they fail instead, so CI can never pass them silently.
"""

from __future__ import annotations

import atexit
import gc
import itertools
import os
import tempfile
import threading
import warnings
from pathlib import Path

import aiosqlite
import pytest

from bench.pg_cluster import Cluster, find_bindir

BACKENDS = ("sqlite", "postgres")

# The suite's stores commit tens of thousands of times, and each commit waits for fsync:
# about 4 ms on CI's disk, a third of the suite's time spent waiting. Temporary folders
# (tmp_path, the PostgreSQL cluster's) go to a memory-backed one where the machine has it.
# The stores work there exactly as on disk; fsync guards against a power cut, which no test
# makes (a killed process loses nothing fsync would have kept).
_IN_MEMORY = Path("/dev/shm")
if _IN_MEMORY.is_dir() and os.access(_IN_MEMORY, os.W_OK | os.X_OK):
    tempfile.tempdir = str(_IN_MEMORY)


def _sqlite_workers() -> set[threading.Thread]:
    return {thread for thread in threading.enumerate()
            if "_connection_worker_thread" in thread.name and thread.is_alive()}


@pytest.fixture(autouse=True)
def _no_store_left_open():
    """A test that leaves a Store (an aiosqlite connection) open leaves its worker thread
    running, and the interpreter then waits for it forever at exit: the whole suite would
    hang after its last test. Stop any such connection and say which test left it."""
    before = _sqlite_workers()
    yield
    closing = _sqlite_workers() - before
    for thread in closing:  # a closed connection's thread ends a moment after close()
        thread.join(timeout=1)
    leaked = {thread for thread in closing if thread.is_alive()}
    if not leaked:
        return
    for thing in gc.get_objects():
        if isinstance(thing, aiosqlite.Connection) and getattr(thing, "_thread", None) in leaked:
            thing.stop()
    for thread in leaked:
        thread.join(timeout=2)
    warnings.warn(f"{len(leaked)} SQLite connection(s) left open by this test", stacklevel=1)


# -- PostgreSQL -------------------------------------------------------------------------------
def _no_postgres(reason: str) -> None:
    if os.environ.get("RHEINBOT_REQUIRE_PG") == "1":
        pytest.fail(f"{reason} (RHEINBOT_REQUIRE_PG=1: PostgreSQL tests must run)",
                    pytrace=False)
    pytest.skip(f"{reason}; install PostgreSQL to run the PostgreSQL tests")


@pytest.fixture(scope="session")
def pg_cluster():
    """The session's throwaway PostgreSQL cluster (``.url`` is its database)."""
    bindir = find_bindir()
    if bindir is None:
        _no_postgres("PostgreSQL is not installed: no initdb on PATH or in "
                     "/usr/lib/postgresql/*/bin")
    cluster = Cluster(bindir)
    atexit.register(cluster.stop)  # also when the session is interrupted
    try:
        cluster.start()
    except (OSError, RuntimeError) as error:
        _no_postgres(f"the throwaway PostgreSQL cluster did not start: {error}")
    yield cluster
    cluster.stop()


_schemas = itertools.count(1)


async def fresh_schema(cluster: Cluster) -> str:
    """A new, empty schema in the cluster's database: the URL of a store that uses it."""
    import asyncpg

    name = f"test_{next(_schemas)}"
    conn = await asyncpg.connect(cluster.url)
    try:
        await conn.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE; CREATE SCHEMA {name}")
    finally:
        await conn.close()
    return f"{cluster.url}?search_path={name}"


@pytest.fixture
async def pg_url(pg_cluster) -> str:
    """A ``postgresql://`` URL of an empty database of this test's own."""
    return await fresh_schema(pg_cluster)


@pytest.fixture(params=BACKENDS)
async def store_target(request, tmp_path) -> str:
    """Where a test's store lives, once per backend: an SQLite file path, or a PostgreSQL
    URL of an empty schema (open it with ``bot.store.open_store``)."""
    if request.param == "sqlite":
        return str(tmp_path / "store.sqlite3")
    return await fresh_schema(request.getfixturevalue("pg_cluster"))


@pytest.fixture
async def svc(tmp_path):
    """A TablesService playing the pebble game of ``tests.service_pebbles`` on a fresh
    SQLite store (every table seeded 7); a module may define its own ``svc`` instead."""
    from tests.service_pebbles import open_service

    service, _ = await open_service(tmp_path / "pebbles.sqlite3")
    yield service
    await service.store.close()


@pytest.fixture
async def svc_seeded(svc):
    """``svc`` whose tables are seeded 100, 101, …: a rematch is then a different game."""
    seeds = iter(range(100, 200))
    svc.seed_source = lambda: next(seeds)
    return svc
