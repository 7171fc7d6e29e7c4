"""A deleted channel or thread ends the game in it.

Discord says so with CHANNEL_DELETE and THREAD_DELETE (discord.py also reports, as deleted
threads, the cached threads of a deleted channel); a post that Discord answers with 404
Unknown Channel (10003) says it too, for a channel deleted while this process was away.
The service abandons the game (its record stays) and drops its reminders; its players get
one DM each, which the reminder task sends (at the end of a player's quiet hours if the
channel went in them). A deleted text channel takes its threads along: the channel each game's thread
belongs to is kept on record (seen in a command there, or when Discord archives it), so
that their games end without asking Discord about each. Left active, the game's turn DMs linked to a channel nobody could open until
its 14-day idle stop, and no command could end it.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.replies import DeliveryFailed, Reply

log = logging.getLogger(__name__)

UNKNOWN_CHANNEL = 10003  # Discord's error code for a channel that does not exist (any more)

Poster = Callable[[int, Reply], Awaitable[Any]]


class ChannelGone:
    """Ends the games of deleted channels: ``service()`` is the tables service (None until
    the client opens it), ``send_dm`` the delivery's."""

    def __init__(self, service: Callable[[], Any],
                 send_dm: Callable[[int, Reply], Awaitable[None]]) -> None:
        self._service = service
        self._send_dm = send_dm
        self._recorded: set[int] = set()  # threads whose parent is on record

    async def deleted(self, channel_id: int, why: str = "deleted") -> None:
        service = self._service()
        if service is None:
            return
        try:
            replies = await service.channel_gone(channel_id, why)
        except Exception:  # an event handler has no one to answer: the log says it
            log.exception("ending the game of deleted channel %s failed", channel_id)
            return
        for reply in replies:  # (none where the reminders tell them: Reminders.tell_gone)
            assert reply.user_id is not None
            try:
                await self._send_dm(reply.user_id, reply)
            except DeliveryFailed as error:  # closed DMs: their /mygames no longer lists it
                log.info("could not tell %s that their game's channel is gone: %s",
                         reply.user_id, error)

    async def server_left(self, guild_id: int) -> None:
        """The bot was removed from server ``guild_id`` (kicked, banned, or the server
        deleted): every game there ends as a deleted channel's does, its players told by DM.
        Left active, their reminders went on linking to channels nobody could reach them in,
        and no command there could end them."""
        service = self._service()
        if service is None:
            return
        try:
            channels = await service.live_channel_parents(guild_id)
        except Exception:  # an event handler has no one to answer: the log says it
            log.exception("could not list the live games of server %s", guild_id)
            return
        for channel_id, _ in channels:
            await self.deleted(channel_id, "server")

    async def seen(self, channel: object) -> None:
        """A command in ``channel``: if a thread, its parent goes on record for its live
        game (:meth:`threads_deleted` then needs no lookup for it)."""
        if isinstance(channel, discord.Thread):
            await self.thread_seen(channel.id, channel.parent_id)

    async def thread_seen(self, thread_id: int, parent_id: int | None) -> None:
        """Thread ``thread_id`` belongs to ``parent_id``: on record for its live game, once
        per process (a thread's parent never changes; one without a game is asked again,
        for a game may open there)."""
        service = self._service()
        if service is None or parent_id is None or thread_id in self._recorded:
            return
        try:
            if await service.thread_seen(thread_id, parent_id):
                self._recorded.add(thread_id)
        except Exception:  # an event handler has no one to answer: the log says it
            log.exception("could not record the parent of thread %s", thread_id)

    async def threads_deleted(self, guild_id: int, parent_id: int,
                              cached: Callable[[int], bool],
                              fetch: Callable[[int], Awaitable[Any]]) -> None:
        """The channel ``parent_id`` was deleted, and its threads with it: end their games,
        also in those discord.py no longer caches (it drops auto-archived threads, and
        reports as deleted only the cached ones). A game whose thread's parent is on record
        ends when that is ``parent_id``; only one whose parent is not (a game older than
        the record, its thread never seen since) in a channel not ``cached`` is looked up
        on Discord (``fetch``): ended on 404 Unknown Channel, else its parent recorded."""
        service = self._service()
        if service is None:
            return
        try:
            channels = await service.live_channel_parents(guild_id)
        except Exception:
            log.exception("could not list the live games of server %s", guild_id)
            return
        for channel_id, parent in channels:
            if channel_id == parent_id:
                continue
            if parent == parent_id:
                await self.deleted(channel_id)
            elif parent is None and not cached(channel_id):
                await self._look_up(channel_id, fetch)

    async def _look_up(self, channel_id: int, fetch: Callable[[int], Awaitable[Any]]) -> None:
        """Ask Discord whether ``channel_id`` still exists: end its game if not, record its
        parent if it is a thread."""
        try:
            found = await fetch(channel_id)
        except discord.HTTPException as error:
            if unknown_channel(error):
                await self.deleted(channel_id)
            else:  # hidden from the bot, or Discord is away: its own next post will tell
                log.info("could not look up channel %s: %s", channel_id, error)
            return
        except Exception:  # a network error on one lookup leaves the others to be done
            log.exception("could not look up channel %s", channel_id)
            return
        await self.seen(found)

    def watching(self, post: Poster) -> Poster:
        """``post`` (the delivery's post_channel) that, when Discord says the channel does not
        exist, first ends its game, then fails as before."""

        @functools.wraps(post)
        async def post_channel(channel_id: int, reply: Reply) -> Any:
            try:
                return await post(channel_id, reply)
            except DeliveryFailed as error:
                if unknown_channel(error.__cause__):
                    await self.deleted(channel_id)
                raise

        return post_channel


def unknown_channel(error: BaseException | None) -> bool:
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_CHANNEL
