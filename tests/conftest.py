"""Suite-wide guards."""

from __future__ import annotations

import gc
import threading
import warnings

import aiosqlite
import pytest


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
