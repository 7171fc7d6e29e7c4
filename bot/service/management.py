"""What a channel manager may do to a table: abandon it, kick or replace a player."""

from __future__ import annotations

from bot.i18n import colour_name, t
from bot.replies import Reply
from bot.service.base import Ctx, Refusal, ServiceBase, Table, _guarded, _public


class Management(ServiceBase):
    @_guarded
    async def abandon(self, ctx: Ctx) -> list[Reply]:
        table, notices = await self._table(ctx)
        if not self._may_manage(ctx, table.row):
            raise Refusal("svc.abandon_who")
        await self.store.set_status(table.row.id, table.row.version, "abandoned", self.clock())
        table.row = await self._row(table.row.id)
        await self._tell_reminders(table)
        return notices + [_public(t("svc.abandoned", table.row.language, name=ctx.user_name,
                                    title=table.game.title))]

    @_guarded
    async def kick(self, ctx: Ctx, target_user_id: int, replacement_user_id: int | None = None,
                   replacement_name: str | None = None) -> list[Reply]:
        table, notices = await self._table(ctx)
        if not self._may_manage(ctx, table.row):
            raise Refusal("svc.kick_who")
        target = table.seat_of(target_user_id)
        if target is None:
            raise Refusal("svc.kick_no_seat")
        if table.row.status == "lobby":
            await self.store.remove_seat(table.row.id, table.row.version, target.joined,
                                         self.clock())
            return notices + [_public(t("svc.removed", table.row.language, name=target.name))]
        if replacement_user_id is not None and table.seat_of(replacement_user_id):
            raise Refusal("svc.replacement_seated")
        assert target.seat is not None
        lang = table.row.language
        who = t("svc.an_ai", lang)
        if replacement_user_id is not None:
            who = replacement_name or f"<@{replacement_user_id}>"
        told = await self._told_lines(table, target.seat)
        replies = notices + [_public("\n".join([*told, t(
            "svc.replaced", lang, name=target.name, colour=colour_name(target.colour, lang),
            who=who)]))]
        return replies + await self._replace(table, target.seat, replacement_user_id,
                                             replacement_name)

    async def _replace(self, table: Table, seat: int, user_id: int | None,
                       name: str | None) -> list[Reply]:
        is_ai = user_id is None
        label = name or (f"Bot {1 + sum(1 for s in table.seats if s.is_ai)}" if is_ai
                         else "Player")
        await self.store.replace_seat(table.row.id, table.row.version, seat, user_id=user_id,
                                      name=label, is_ai=is_ai,
                                      ai_level="easy" if is_ai else None, now=self.clock())
        table.row = await self._row(table.row.id)
        table.seats = await self.store.seats(table.row.id)
        return await self._after_change(table)
