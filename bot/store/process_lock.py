"""One bot process per SQLite file.

Two ``rheinbot run`` on the same file (an old one left running by a deploy, a second started
by hand) both took every interaction and both ran the reminders: players got contradictory
answers, a move refused by one process was played by the other (crash review). SQLite cannot
share a game between processes the way PostgreSQL's row locks and leases do, so the run path
holds an exclusive lock on ``<db>.lock`` for the process's life; a second process exits at
once, naming the first by host and process id. The operating system frees the lock when its
holder dies, however it dies (a lock file that is merely present would need cleaning after a
crash).
"""

from __future__ import annotations

import os
import socket
from typing import IO

try:
    import fcntl
except ImportError:  # Windows: no flock; a second process there is the owner's to avoid
    fcntl = None  # type: ignore[assignment]


class LockHeld(Exception):
    """Another process runs on this database; ``holder`` is its "host:pid"."""

    def __init__(self, path: str, holder: str) -> None:
        super().__init__(f"{path} is in use by another Rheinbot ({holder or 'unknown'})")
        self.path = path
        self.holder = holder


def lock_path(db_path: str) -> str:
    return f"{db_path}.lock"


def hold(db_path: str) -> IO[str] | None:
    """Take the lock of ``db_path`` for as long as the returned file stays open (None where
    there is no flock); raises :class:`LockHeld` if another process has it."""
    if fcntl is None:
        return None
    path = lock_path(db_path)
    handle = open(path, "a+", encoding="utf-8")  # noqa: SIM115 - open for the process's life
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.seek(0)
        holder = handle.read().strip()
        handle.close()
        raise LockHeld(path, holder) from None
    handle.seek(0)
    handle.truncate()
    handle.write(f"{socket.gethostname()}:{os.getpid()}\n")
    handle.flush()
    return handle


def release(handle: IO[str] | None) -> None:
    if handle is not None:
        handle.close()  # closing the file frees the lock
