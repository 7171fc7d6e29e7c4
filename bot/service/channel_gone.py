"""A game whose channel or thread was deleted: it ends, and its players are told by DM.

Left alone it stayed active: its turn DMs linked to a channel nobody could open, /mygames
listed it, and /game abandon, which works only in the game's own channel, could not reach it.
"""

from __future__ import annotations

from bot.i18n import t
from bot.replies import Audience, Reply
from bot.service.base import ServiceBase, Table, log
from bot.store import GameRow, StaleVersion
from engine.text import say

# Tries at ending the game while moves made at the same moment keep bumping its version.
GONE_TRIES = 5


class ChannelGone(ServiceBase):
    async def channel_gone(self, channel_id: int, why: str = "deleted") -> list[Reply]:
        """The channel ``channel_id`` no longer exists: its live game (a lobby or one being
        played) is abandoned, which keeps its record, its reminders are dropped, and each
        seated human gets one DM saying so in their language (by the reminder task, which
        waits for the end of their quiet hours: :meth:`_gone_dms`; the DMs are returned
        only where there is none). Nothing if it had no live game.
        ``why``: "deleted", or "server" when the bot was removed from the channel's server
        (kicked, banned, the server deleted): the bot can reach it no more."""
        await self.store.forget_thread_parents(channel_id)  # it is gone, and its threads too
        for _ in range(GONE_TRIES):
            row = await self.store.live_game(channel_id)
            if row is None:
                return []
            try:
                await self.store.set_status(row.id, row.version, "abandoned", self.clock())
            except StaleVersion:  # a move landed first: end the game as it is now
                continue
            await self.store.delete_reminders(row.id)
            log.info("game %s ended: its channel %s is gone (%s)", row.id, channel_id, why)
            return await self._gone_dms(row, why)
        log.warning("game in deleted channel %s kept changing; left active", channel_id)
        return []

    async def live_channel_parents(self, guild_id: int) -> list[tuple[int, int | None]]:
        """(channel, the channel it is a thread of, None where not on record) of each live
        game of server ``guild_id``."""
        return await self.store.live_channel_parents(guild_id)

    async def thread_seen(self, channel_id: int, parent_id: int) -> bool:
        """Thread ``channel_id`` belongs to channel ``parent_id``: kept for its live game, so
        that deleting that channel ends the game without asking Discord. Whether it is on
        record now (False while the thread has no live game)."""
        return await self.store.note_thread_parent(channel_id, parent_id)

    async def _gone_dms(self, row: GameRow, why: str) -> list[Reply]:
        """One DM to each seated human (``row`` as it was before it ended): left to the
        reminders (:meth:`Reminders.tell_gone`), which hold it through its reader's quiet
        hours and keep it through a crash; returned to send now only without them."""
        game = self.games.get(row.game_key)
        title = game.title if game is not None else row.game_key
        # the languages need only the seats: a game this bot no longer knows is told too
        table = Table(row, game, await self.store.seats(row.id))  # type: ignore[arg-type]
        key = "svc.channel_gone" if why == "deleted" else "svc.server_gone"
        key += ".lobby" if row.status == "lobby" else ""
        titles = {user: (lang, say(title, lang))
                  for user, lang in (await self._languages_of(table)).items()}
        if self.reminders is not None:
            await self.reminders.tell_gone(row, key, titles)
            return []
        return [Reply(t(key, lang, title=said, id=row.id), Audience.DM, user_id=user)
                for user, (lang, said) in titles.items()]
