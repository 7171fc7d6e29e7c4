"""Spectators who get the public board by DM after each phase."""

from __future__ import annotations

from bot.i18n import language, t
from bot.replies import Audience, Reply
from bot.service.base import _NOT_NOW, Ctx, Refusal, ServiceBase, Table, _guarded, _private


class Watchers(ServiceBase):
    @_guarded
    async def watch(self, ctx: Ctx, on: bool = True) -> list[Reply]:
        """``/game watch``: the public board by DM after each phase; ``on=False`` stops it."""
        table, notices = await self._table(ctx, ("lobby", "active", "finished"))
        row = table.row
        if not on:
            changed = await self.store.watch(row.id, ctx.user_id, False, self.clock())
            return notices + [_private(ctx, t("watch.off" if changed else "watch.not",
                                              ctx.locale))]
        if row.status == "finished":
            raise Refusal(_NOT_NOW["finished"])
        if table.seat_of(ctx.user_id):
            raise Refusal("watch.player")
        if not await self.store.watch(row.id, ctx.user_id, True, self.clock()):
            return notices + [_private(ctx, t("watch.already", ctx.locale))]
        replies = [_private(ctx, t("watch.on", ctx.locale, title=table.game.title,
                                   channel=row.channel_id))]
        if table.state is not None:  # the board as it stands now, so they can follow at once
            board = await self._board_reply(table, table.state)
            replies.append(self._watch_dm(table, board, ctx.user_id, language(ctx.locale)))
        return notices + replies

    def _watch_dm(self, table: Table, board: Reply, user_id: int, lang: str) -> Reply:
        # Only the public board and the phase name: never a seat's view. The words are the
        # reader's (a DM is theirs alone); the picture stays in the table's language.
        text = t("watch.dm", lang, title=table.game.title,
                 channel=table.row.channel_id, phase=_phase(table, board, lang))
        return Reply(text, Audience.DM, user_id=user_id, files=list(board.files))

    async def _watch_news(self, table: Table) -> list[Reply]:
        """DMs to the spectators with each public board this call posted."""
        boards, table.boards = table.boards, []
        if not boards:
            return []
        watchers = await self.store.watchers(table.row.id)
        languages = await self._languages_of_users(watchers, table.row.language)
        return [self._watch_dm(table, board, user, languages[user]) for board in boards
                for user in watchers if board.files]

    async def _languages_of_users(self, users: list[int], fallback: str) -> dict[int, str]:
        """Each user's client language as last seen (as :meth:`_languages_of` for seats),
        else ``fallback``."""
        unknown = [user for user in users if user not in self._languages]
        if unknown:
            self._languages.update(await self.store.languages(unknown))
        return {user: self._languages.get(user, fallback) for user in users}


def _phase(table: Table, board: Reply, lang: str) -> object:
    """The board's phase in ``lang``: the board was titled by its phase in the table's
    language, which is said again in ``lang`` when it is the phase the game is in now (the
    usual case); a board of an earlier phase of the same call keeps its title."""
    if table.state is None:
        return board.title or table.row.phase
    now = [table.game.phase(table.state)]
    if not board.title or board.title == table.said(now):
        return table.said(now, lang)
    return board.title
