"""Spectators who get the public board by DM after each phase."""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import Any

from bot.i18n import language, t
from bot.replies import Attachment, Audience, Reply
from bot.service.base import (
    _NOT_NOW,
    TEXT_LIMIT,
    Ctx,
    Refusal,
    ServiceBase,
    Table,
    _clip,
    _guarded,
    _private,
    log,
)
from bot.service.pictures import Pictures, result_head
from bot.service.reminder_settings import news_lines, news_runs
from bot.service.reminders import zone
from bot.store import ActionRow
from render import alt_text

# How long before a spectator's quiet hours held their first board the moves of the call
# that drew it may have been made (an AI seats' run): the morning DM tells them too.
CALL_SECONDS = 60.0


# the moves a spectator's DM tells, and their turn card (None: it would not draw)
Since = tuple[list[ActionRow], Attachment | None]


class Watchers(ServiceBase):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.reminders is not None:  # the board news held through quiet hours asks us
            self.reminders.watch_board = self.held_board

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
            # (drawn apart from the channel's: the channel's next board marks what changed
            # since its last one, and a board drawn for a spectator had become that)
            board = await self._plain_board(table)
            # the moves since the channel's latest board: this phase's so far
            after = await self.store.board_mark(row.id)
            replies.append(self._watch_dm(table, board, ctx.user_id, language(ctx.locale),
                                          await self._since(table, after)))
            await self._held_seen(table, ctx.user_id)
        return notices + replies

    def _watch_dm(self, table: Table, board: Reply, user_id: int, lang: str,
                  since: Since, news: str = "") -> Reply:
        """Only public things, never a seat's view: the phase, who is to move, the moves
        ``since`` the board before as the channel said them, then their turn card (a phone
        shows it whole) and the full board. The words are the reader's
        (a DM is theirs alone); the pictures stay in the table's language. The phase alone
        with a 1600 px board told a phone neither whose turn it was nor what had changed."""
        head = t("watch.dm", lang, title=table.game.title,
                 channel=table.row.channel_id, phase=_phase(table, board, lang))
        moves, card = since
        top = [line for line in (head, _over(table, lang) or _to_move(table, lang), news)
               if line]
        said = news_lines(table, news_runs(table, moves, lang), lang)
        # the oldest give way where a night's records passed Discord's limit
        while said and len("\n".join([*top, t("watch.moves", lang), *said])) > TEXT_LIMIT:
            said.pop(0)
        text = "\n".join([*top, *([t("watch.moves", lang), *said] if said else [])])
        return Reply(_clip(text), Audience.DM, user_id=user_id,
                     files=[*([card] if card is not None else []), *board.files])

    async def _watch_card(self, table: Table, after: int | None) -> Attachment | None:
        """The turn card of the moves since the action ``after`` (None: the game's start),
        drawn for spectators: the channel's turn cards keep their own marks."""
        try:
            png, alt = await self._card_since(
                table, after, await self.store.actions(table.row.id, after=after),
                spectator=True)
        except Exception:  # the board and the words still go
            log.exception("the spectators' turn card of game %s failed", table.row.id)
            return None
        if png is None:
            return None
        row = table.row
        return Attachment(f"{table.game.key}-{row.id}-v{row.version}-turn-card.png", png, alt)

    async def _since(self, table: Table, after: int | None) -> Since:
        """The moves since the action ``after`` (None: the game's start), with their card."""
        return await self.store.actions(table.row.id, after=after), \
            await self._watch_card(table, after)

    async def _held_from(self, table: Table, held: dict[str, float]) -> int | None:
        """The action before the first a spectator's quiet hours held news of (their
        ``held`` "since": when the first board was held), with the moves of the call that
        drew that board (made just before it)."""
        start = float(held["since"]) - CALL_SECONDS
        actions = await self.store.actions(table.row.id)
        first = next((n for n, a in enumerate(actions) if a.created_at >= start), len(actions))
        return actions[first - 1].id if first else None

    async def _watch_news(self, table: Table) -> list[Reply]:
        """A DM to each spectator with the latest public board this call posted: one per
        call, however many phases it ended. A spectator in their quiet hours gets it when
        they end (:meth:`Reminders.watch_news`); the DM after them says what they missed."""
        boards, table.boards = [board for board in table.boards if board.files], []
        if not boards:
            return []
        watchers = await self.store.watchers(table.row.id)
        languages = await self._languages_of_users(watchers, table.row.language)
        replies = []
        drawn: dict[int | None, Since] = {}  # one card for all who missed the same moves
        for user in watchers:
            held: dict[str, float] | None = {}
            if self.reminders is not None:
                held = await self.reminders.watch_news(table.row.id, user, len(boards))
            if held is None:
                continue  # held for the end of their quiet hours
            news = await self._news_line(user, languages[user], len(boards), held)
            after = await self._held_from(table, held) if held else table.board_from
            if after not in drawn:
                drawn[after] = await self._since(table, after)
            replies.append(self._watch_dm(table, boards[-1], user, languages[user],
                                          drawn[after], news))
        return replies

    async def held_board(self, game_id: int, user_id: int, held: dict) -> Reply | None:
        """The DM at the end of a spectator's quiet hours: the game's public board as it is
        now, and how many phases passed in them. None when they no longer watch it or the
        game is gone."""
        row = await self.store.game(game_id)
        if row is None or row.status not in ("active", "finished") or \
                user_id not in await self.store.watchers(game_id):
            return None
        table, _ = await self._load(row, tell=False)
        if table.state is None:
            return None
        board = await self._plain_board(table)
        since = await self._since(table, await self._held_from(table, held))
        await self._held_seen(table, user_id)
        lang = (await self._languages_of_users([user_id], row.language))[user_id]
        news = await self._news_line(user_id, lang, 0, held)
        return self._watch_dm(table, board, user_id, lang, since, news)

    async def _plain_board(self, table: Table) -> Reply:
        """The public board for a DM, drawn without marking what changed: the channel's
        next board marks its changes since the channel's last one, which this is not."""
        state = table.state
        assert state is not None
        view = Pictures._picture_view(table, table.game.view(state, None))
        try:
            png = await asyncio.to_thread(self.render, table.row.game_key, view)
        except Exception:  # the words still say where the game stands
            log.exception("rendering %s for a spectator failed", table.game.key)
            return Reply("", Audience.DM)
        pngs = png if isinstance(png, list) else [png]
        stem = f"{table.game.key}-{table.row.id}-v{table.row.version}"
        files = [Attachment(f"{stem}.png" if len(pngs) == 1 else f"{stem}-{k + 1}.png", body,
                            Pictures._alt(table, state, view, "board", page=(k, len(pngs))))
                 for k, body in enumerate(pngs)]
        return Reply("", Audience.DM, files=files)

    async def _news_line(self, user_id: int, lang: str, boards: int,
                         held: dict[str, float]) -> str:
        """What a board DM stands for beyond its own phase: the phases held through the
        reader's quiet hours (since when, their clock), or several ended at once."""
        if held:
            settings = await self.store.settings(user_id)
            since = datetime.fromtimestamp(float(held["since"]), zone(settings.tz))
            return t("watch.held", lang, count=int(held["count"]) + boards,
                     time=since.strftime("%H:%M"))
        return t("watch.folded", lang, count=boards) if boards > 1 else ""

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


def _over(table: Table, lang: str) -> str:
    """Who won, when the board is the game's last: a game ended in a spectator's quiet
    hours came in the morning as its phase and "this is the board now", the winner only in
    the picture."""
    if table.state is None or not table.game.result(table.state):
        return ""
    return t("watch.over", lang, result=result_head(table, lang))


def _to_move(table: Table, lang: str) -> str:
    """Who is to move and what they must do, as the boards' alt text says it."""
    if table.state is None:
        return ""
    seats = [{"seat": s.seat, "name": s.name, "colour": s.colour}
             for s in table.seats if s.seat is not None]
    view = {**table.game.view(table.state, None), "seats": seats}
    return alt_text.to_move(table.row.game_key, view, lang,
                            list(table.game.active(table.state)))
