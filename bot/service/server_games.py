"""``/game list``: every running game and open lobby of the asker's server, for anyone there.

A server's games are public (their channels post every move), so any member may see the
list; it names channels, games, players and whose turn it is, never a card, a coin or a
pile. An admin sees at a glance which table holds up its players, and for how long."""

from __future__ import annotations

from dataclasses import dataclass

from bot.i18n import t
from bot.replies import Reply
from bot.service.base import Ctx, Refusal, ServiceBase, _clip, _guarded, _private
from bot.service.reminders import IDLE_DAYS
from bot.store import GameRow, ReminderRow, SeatRow

HOUR = 3600.0
DAY = 86400.0
DAYS_FROM_HOURS = 48  # "47 hours" still reads well; beyond that days are easier to weigh


@dataclass(frozen=True)
class _Entry:
    since: float  # when the wait (a game) or the table (a lobby) began: oldest first
    line: str


class ServerGames(ServiceBase):
    @_guarded
    async def server_games(self, ctx: Ctx) -> list[Reply]:
        """The server's running games, the longest waiting first, then its open lobbies,
        the oldest first; one private reply cut after a whole line with "(+N more)"."""
        if ctx.guild_id is None:
            raise Refusal("svc.no_dm")
        running: list[_Entry] = []
        lobbies: list[_Entry] = []
        for channel_id, _ in await self.store.live_channel_parents(ctx.guild_id):
            row = await self.store.live_game(channel_id)
            if row is None:  # ended between the two reads
                continue
            seats = await self.store.seats(row.id)
            reminders = await self.store.reminders(row.id)
            if row.status == "lobby":
                lobbies.append(self._lobby_entry(row, seats, reminders, ctx.locale))
            else:
                running.append(self._game_entry(row, seats, reminders, ctx.locale))
        lines = _section(t("svc.server.running", ctx.locale, count=len(running)), running)
        lines += _section(t("svc.server.lobbies", ctx.locale, count=len(lobbies)), lobbies)
        if not lines:
            lines = [t("svc.server.none", ctx.locale)]
        return [_private(ctx, _clip("\n".join(lines), more=lambda count: t(
            "svc.server.more", ctx.locale, count=_entries_in(lines[len(lines) - count:]))),
            pings=())]

    def _game_entry(self, row: GameRow, seats: list[SeatRow], reminders: list[ReminderRow],
                    lang: str) -> _Entry:
        waiting = [s for s in seats if s.seat in row.active_seats]
        since = _turn_began(row, waiting, reminders)
        now = self.clock()
        text = t("svc.server.game", lang, title=self._short_title(row, lang),
                 channel=row.channel_id, players=", ".join(s.name for s in seats))
        if waiting:
            text += " · " + t("svc.server.waiting", lang, count=len(waiting),
                              names=", ".join(s.name for s in waiting),
                              time=_duration(now - since, lang))
        text += _clock_said(row, waiting, reminders, now, lang)
        if _idle(row, reminders, now):
            text += " · " + t("svc.server.idle", lang)
        return _Entry(since, text)

    def _lobby_entry(self, row: GameRow, seats: list[SeatRow], reminders: list[ReminderRow],
                     lang: str) -> _Entry:
        now = self.clock()
        names = ", ".join(s.name for s in seats)
        text = t("svc.server.lobby", lang, title=self._short_title(row, lang),
                 channel=row.channel_id, count=len(seats), names=names,
                 time=_duration(now - row.created_at, lang))
        if _idle(row, reminders, now):
            text += " · " + t("svc.server.idle_lobby", lang)
        return _Entry(row.created_at, text)


def _section(head: str, entries: list[_Entry]) -> list[str]:
    if not entries:
        return []
    return [head, *(entry.line for entry in sorted(entries, key=lambda e: e.since))]


def _turn_began(row: GameRow, waiting: list[SeatRow], reminders: list[ReminderRow]) -> float:
    """When the longest-waiting player's turn began, as their turn reminder recorded it; a
    game whose reminders are gone (stopped by the idle notice) waits since its last change."""
    users = {s.user_id for s in waiting if not s.is_ai}
    began = [float(r.payload["since"]) for r in reminders
             if r.kind == "turn" and r.user_id in users and "since" in r.payload]
    return min([*began, row.updated_at])


def _clock_said(row: GameRow, waiting: list[SeatRow], reminders: list[ReminderRow],
                now: float, lang: str) -> str:
    """The move clock that runs out first of those waiting, on a paced table."""
    users = {s.user_id for s in waiting if not s.is_ai}
    deadlines = [r for r in reminders if r.kind == "clock" and r.user_id in users
                 and "deadline" in r.payload]
    if not row.pace_hours or not deadlines:
        return ""
    first = min(deadlines, key=lambda r: float(r.payload["deadline"]))
    left = float(first.payload["deadline"]) - now
    if first.payload.get("expired") or left <= 0:
        return " · " + t("svc.server.clock_out", lang)
    if left < HOUR:
        return " · " + t("svc.server.clock_soon", lang)
    return " · " + t("svc.server.clock_left", lang, hours=round(left / HOUR))


def _idle(row: GameRow, reminders: list[ReminderRow], now: float) -> bool:
    """Nothing happened for the idle notice's days and no notice is still to come: the
    notice was posted (and a game's reminders stopped), or a lobby has sat that long."""
    pending = any(r.kind == "idle" and r.due_at > now for r in reminders)
    return not pending and now - row.updated_at >= IDLE_DAYS * DAY


def _duration(seconds: float, lang: str) -> str:
    hours = int(seconds // HOUR)
    if hours < 1:
        return t("svc.server.under_hour", lang)
    if hours < DAYS_FROM_HOURS:
        return t("svc.server.hours", lang, count=hours)
    return t("svc.server.days", lang, count=int(seconds // DAY))


def _entries_in(lines: list[str]) -> int:
    """How many of ``lines`` are entries (a game or lobby each), not headings."""
    return sum(1 for line in lines if line.startswith("- "))
