"""Finished games' results and ``/stats``."""

from __future__ import annotations

from bot.i18n import t
from bot.replies import Reply
from bot.service.base import Ctx, Refusal, ServiceBase, Table, _clip, _guarded, _private, log
from engine.core import clip_word


class Stats(ServiceBase):
    async def _record_result(self, table: Table) -> None:
        """Store the standings of a finished game for /stats (idempotent)."""
        assert table.state is not None
        standings = table.game.result(table.state) or []
        await self.store.save_results(table.row.id, [
            {"seat": s.seat, "user_id": None if table.by_seat(s.seat).is_ai
             else table.by_seat(s.seat).user_id, "name": table.by_seat(s.seat).name,
             "rank": s.rank, "score": s.score} for s in standings])

    async def _backfill_results(self, guild_id: int | None) -> None:
        """Standings of games that finished before results were stored, from their snapshot."""
        for row in await self.store.finished_without_results(guild_id):
            try:
                table, _ = await self._load(row, tell=False)
                if table.state is not None and table.game.result(table.state) is not None:
                    await self._record_result(table)
            except Exception:  # one unreadable old game must not break /stats
                log.warning("no standings for finished game %s", row.id, exc_info=True)

    @_guarded
    async def stats(self, ctx: Ctx, user_id: int | None = None,
                    user_name: str | None = None) -> list[Reply]:
        """``/stats``: finished games per game in this server, or one player's record."""
        if ctx.guild_id is None:
            raise Refusal("svc.no_dm")
        await self._backfill_results(ctx.guild_id)
        loc = ctx.locale
        if user_id is not None:
            rows = await self.store.stats(ctx.guild_id, user_id)
            # a Discord name is at most 32 characters; the service does not rely on it
            name = clip_word(user_name, 32) if user_name else None
            lines = [t("stats.player", loc, name=name or (rows[0]["name"] if rows
                                                          else f"<@{user_id}>"))]
            lines += [t("stats.player_line", loc, title=self._title(r["game_key"]),
                        played=r["played"], won=r["won"]) for r in rows]
            if not rows:
                lines.append(t("stats.none", loc))
            return [_private(ctx, _clip("\n".join(lines)))]
        counts = await self.store.finished_count(ctx.guild_id)
        rows = await self.store.stats(ctx.guild_id)
        lines = [t("stats.server", loc)]
        for key, count in counts.items():
            lines.append(t("stats.game", loc, title=self._title(key), count=count))
            top = [r for r in rows if r["game_key"] == key][:5]
            lines += ["- " + t("stats.line", loc, name=r["name"], won=r["won"],
                               played=r["played"]) for r in top]
        if not counts:
            lines.append(t("stats.none", loc))
        return [_private(ctx, _clip("\n".join(lines)))]

    def _title(self, key: str) -> str:
        return self.games[key].title if key in self.games else key
