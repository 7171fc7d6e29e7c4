"""One asyncio lock per key (a channel, a DM's user), forgotten once nobody holds or waits
for it: a bot that runs for months meets many thousands of channels and users, and a lock
kept for each of them for good is memory that only grows."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator


class KeyedLocks:
    def __init__(self) -> None:
        self._locks: dict[int, tuple[asyncio.Lock, int]] = {}

    def busy(self) -> bool:
        """Whether anyone holds or awaits one of the locks."""
        return bool(self._locks)

    def __len__(self) -> int:
        return len(self._locks)

    @contextlib.asynccontextmanager
    async def held(self, key: int) -> AsyncIterator[None]:
        lock, users = self._locks.get(key, (asyncio.Lock(), 0))
        self._locks[key] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._locks[key]
            if users > 1:
                self._locks[key] = (lock, users - 1)
            else:
                del self._locks[key]
