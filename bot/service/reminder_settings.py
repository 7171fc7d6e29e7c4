"""A player's ``/remind`` settings and what the reminders are told after a change."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from bot.i18n import language, names_said, t
from bot.replies import Reply
from bot.service.base import (
    Aside,
    Ctx,
    Refusal,
    ServiceBase,
    Table,
    _expected,
    _guarded,
    _private,
    log,
)
from bot.service.pictures import Pictures, card_entries
from bot.service.reminders import TurnInfo, zone
from bot.store import ActionRow, Settings
from engine.core import clip_word
from render.move_pieces import shortened

MENTION = re.compile(r"\s*<@!?\d+>")

NEWS_RUNS = 5  # the latest runs of the others' moves a turn DM repeats
NEWS_LINE = 160  # characters each run keeps at least
# characters the runs share: a DM holds 2,000, and a lone turn of a dozen moves cut to 160
# lost where the player went and what they took
NEWS_ROOM = 1200
SHORT_NEWS = 150  # characters a run keeps under its game's line in a DM for several games


class ReminderSettings(ServiceBase):
    async def _tell_reminders(self, table: Table,
                              hands: dict[int, str] | None = None,
                              abandoned_by: tuple[int, str] | None = None) -> set[int]:
        """``hands``: user id -> the hidden information just dealt to them, as its DM says
        it. Returns whose first turn DM carries theirs: they need no DM of it apart.
        ``abandoned_by``: who abandoned the game now (id, name), told to the others."""
        if self.reminders is None:
            return set()
        try:
            info = self._turn_info(table, await self._languages_of(table), hands)
            if abandoned_by is not None:
                info = replace(info, ended=_abandoned(table, info.languages, *abandoned_by))
            for user_id in info.waiting:
                seat = table.seat_of(user_id)
                move = await self._own_last_move(table, seat.seat) \
                    if seat is not None and seat.seat is not None else None
                if move is not None and move.user_id == user_id:
                    info.stepped[user_id] = move.created_at
            if info.waiting:
                await self._add_news(table, info)
            return await self.reminders.game_changed(info)
        except Exception:  # reminders are a courtesy: never fail a committed move for them
            log.exception("updating reminders of game %s failed", table.row.id)
            return set()

    async def _add_news(self, table: Table, info: TurnInfo) -> None:
        """Each waiting player's turn DM opens with what the others did since that player's
        own last move, as the channel said it (the latest few runs of moves), so a player
        back after a day knows the news before they open the channel."""
        for user_id, expected in list(info.waiting.items()):
            seat = table.seat_of(user_id)
            # their own: an AI's move for them (a run-out clock's choice) is news to them
            last = await self._own_last_move(table, seat.seat) \
                if seat is not None and seat.seat is not None else None
            after = last.id if last is not None else \
                await self._before_ai_for(table, seat.seat if seat is not None else None)
            if after is None:
                continue  # no move for them yet: the game's start is in the channel
            lang = info.languages.get(user_id, table.row.language)
            runs = news_runs(table, await self.store.actions(table.row.id, after=after), lang)
            if not runs:
                continue
            # one who never moved has no last move to count from: their news starts where
            # an AI first played for them
            heading = t("rem.news" if last is not None else "rem.news_away", lang)
            info.waiting[user_id] = "\n".join([heading, *news_lines(table, runs, lang),
                                               expected])
            info.news[user_id] = _short_news(table, runs, seat.seat if seat else None, lang)

    async def _before_ai_for(self, table: Table, seat: int | None) -> int | None:
        """For a player who never moved themselves: the move before the first an AI made
        for them (their stalled turn the others let an AI play), from which their news
        counts; None if none was. Without it a player stalled from their first turn came
        back to a turn DM without a word of the AI's moves for them or of a week's play."""
        if seat is None:
            return None
        first = next((a for a in await self.store.actions(table.row.id)
                      if a.seat == seat and a.user_id is None), None)
        return None if first is None or table.by_seat(seat).is_ai else first.id - 1

    async def _own_last_move(self, table: Table, seat: int) -> ActionRow | None:
        """The seat's latest move made by a person, not by an AI for them (the AI a move
        clock's run-out lets the others call in)."""
        last = await self.store.last_action_of(table.row.id, seat)
        if last is None:
            return None
        [move, *_] = await self.store.actions(table.row.id, after=last - 1)
        if move.user_id is not None:
            return move
        return next((move for move in reversed(await self.store.actions(table.row.id))
                     if move.seat == seat and move.user_id is not None), None)

    def _turn_info(self, table: Table, languages: dict[int, str],
                   hands: dict[int, str] | None = None) -> TurnInfo:
        """``languages``: each member's own (:meth:`_languages_of`), for their DMs;
        ``hands``: as :meth:`_tell_reminders` takes them."""
        row, game, state = table.row, table.game, table.state
        live = row.status in ("lobby", "active") and state is not None
        waiting: dict[int, str] = {}
        tasks: dict[int, str] = {}
        if live and state is not None:
            for seat in game.active(state):
                s = table.by_seat(seat)
                if not s.is_ai and s.user_id is not None:
                    lang = languages.get(s.user_id, row.language)
                    waiting[s.user_id] = _expected(game, state, seat, lang, table)
                    # the turn card's public words, for the DM's lock-screen line (the
                    # expected moves may name hidden cards)
                    tasks[s.user_id] = Pictures._task(table, lang).strip()
        return TurnInfo(game_id=row.id, guild_id=row.guild_id, channel_id=row.channel_id,
                        title=game.title, phase=table.phase_now(), live=live, waiting=waiting,
                        pace_hours=row.pace_hours, language=row.language,
                        languages=languages, hands=hands or {}, tasks=tasks,
                        ended=_ended(table, languages))

    @_guarded
    async def remind(self, ctx: Ctx, on: bool | None = None, every_hours: float | None = None,
                     quiet_from: int | None = None, quiet_to: int | None = None,
                     tz: str | None = None, digest: bool | None = None,
                     delay_hours: float | None = None) -> list[Reply]:
        # A changed setting also forgets closed DMs (dms_closed stays False): the player may
        # have opened them, and asking is how they say so.
        old = await self.store.settings(ctx.user_id)
        new = Settings(user_id=ctx.user_id,
                       remind_on=old.remind_on if on is None else on,
                       every_hours=old.every_hours if every_hours is None else every_hours,
                       quiet_from=old.quiet_from if quiet_from is None else quiet_from,
                       quiet_to=old.quiet_to if quiet_to is None else quiet_to,
                       tz=old.tz if tz is None else tz,
                       digest=old.digest if digest is None else digest,
                       delay_hours=old.delay_hours if delay_hours is None else delay_hours)
        _check_settings(new)
        await self.store.save_settings(new, self.clock())
        if self.reminders is not None:
            await self.reminders.settings_changed(new, language(ctx.locale))
            if (new.remind_on and not old.remind_on) or (old.digest and not new.digest) \
                    or old.dms_closed:
                await self._reschedule_user(ctx.user_id)
        if digest is not None:
            return [_private(ctx, t("remind.digest_on" if digest else "remind.digest_off",
                                    ctx.locale))]
        return [_private(ctx, _describe(new, ctx.locale))]

    async def _reschedule_user(self, user_id: int) -> None:
        for row in await self.store.games_of_user(user_id, ("active",)):
            table, _ = await self._load(row, tell=False)
            await self._tell_reminders(table)


def _abandoned(table: Table, languages: dict[int, str], by: int, name: str
               ) -> dict[int, str]:
    """Each seated human's line, but the one who did it, of a game abandoned by ``name``:
    they were told nothing, and their turn reminders just stopped."""
    row = table.row
    return {s.user_id: t("rem.end_abandoned", languages.get(s.user_id, row.language),
                         title=table.game.title, channel=row.channel_id, name=name)
            for s in table.seats if not s.is_ai and s.user_id is not None and s.user_id != by}


def _ended(table: Table, languages: dict[int, str]) -> dict[int, str]:
    """Each human player's line of how a finished game ended for them, in their language,
    plain (it is their push): who won, and their own place and score."""
    row, game, state = table.row, table.game, table.state
    standings = game.result(state) if row.status == "finished" and state is not None \
        else None
    if not standings:
        return {}
    firsts = [s.seat for s in standings if s.rank == 1]
    winners = [table.by_seat(seat).name for seat in firsts]
    lines = {}
    for standing in standings:
        seat = table.by_seat(standing.seat)
        if seat.is_ai or seat.user_id is None:
            continue
        lang = languages.get(seat.user_id, row.language)
        # the result post's note ("0M · bankrupt"): a bare "0M" beside a rank said nothing
        # of why; with it and a shared first place, a tie read as a plain win or loss
        note = game.score_note(state, standing)
        score = f"{standing.score}{game.score_unit}"
        values = {"title": game.title, "channel": row.channel_id, "rank": standing.rank,
                  "count": len(standings), "winners": names_said(winners),
                  "score": score if note is None else f"{score} · {table.said([note], lang)}",
                  "others": names_said([table.by_seat(other).name for other in firsts
                                        if other != standing.seat])}
        key = "rem.end_out" if game.unscored(standing) else \
            "rem.end" if standing.rank != 1 else \
            "rem.end_shared" if len(firsts) > 1 else "rem.end_won"
        lines[seat.user_id] = t(key, lang, **values)
    return lines


def _check_settings(settings: Settings) -> None:
    if not 1 <= settings.every_hours <= 168:
        raise Refusal("svc.remind.range")
    if not 0 <= settings.delay_hours <= 168:
        raise Refusal("svc.remind.delay_range")
    hours = (settings.quiet_from, settings.quiet_to)
    if (hours[0] is None) != (hours[1] is None):
        raise Refusal("svc.remind.quiet_pair")
    if any(h is not None and not 0 <= h <= 23 for h in hours):
        raise Refusal("svc.remind.quiet_hours")
    try:
        zone(settings.tz)
    except ValueError:  # reminders' own message is English and quotes the whole name
        raise Refusal("svc.remind.bad_tz", tz=repr(clip_word(settings.tz))) from None


def _describe(settings: Settings, locale: str = "en") -> str:
    if not settings.remind_on:
        return t("svc.remind.off", locale)
    quiet = (t("svc.remind.no_quiet", locale) if settings.quiet_from is None else
             t("svc.remind.quiet", locale, start=settings.quiet_from, end=settings.quiet_to,
               tz=settings.tz))
    if settings.digest:
        key = "svc.remind.digest"
    else:
        key = "svc.remind.after" if settings.delay_hours else "svc.remind.on"
    return t(key, locale, hours=f"{settings.every_hours:g}", quiet=quiet,
             delay=f"{settings.delay_hours:g}")


@dataclass(frozen=True)
class _AiFor:
    """A player's seat whose moves an AI made for them (a run-out move clock's choice): a
    run of its own in the news."""

    seat: int


def _ai_played(table: Table, action: ActionRow, mover: int | str) -> bool:
    return action.user_id is None and mover == action.seat and \
        not table.by_seat(action.seat).is_ai


NewsRun = tuple[int | str | _AiFor, list[str], list[str]]  # (mover, texts, records)


def news_runs(table: Table, actions: list[ActionRow], lang: str) -> list[NewsRun]:
    """``actions`` as the runs of moves a turn DM's news repeats them, in ``lang``: a
    mover's moves in a row as one run (:func:`card_entries`), each with its records."""
    # an AI seat's moves for a corporation the game operates are its run
    credits = [(_AiFor(action.seat) if _ai_played(table, action, mover) else mover, lines)
               for action, (mover, lines) in zip(actions, table.credits(actions, lang),
                                                 strict=True)]
    runs: list[NewsRun] = []
    for entry in card_entries(actions, [mover for mover, _ in credits],
                              [table.has_record(action.lines) for action in actions]):
        parts = [_news_parts(table, credits[i][1], lang) for i in entry]
        saids = [said for said, _ in parts if said]
        records = [record for _, found in parts for record in found]
        if saids or records:
            runs.append((credits[entry[0]][0], saids, records))
    return runs


def news_lines(table: Table, runs: list[NewsRun], lang: str) -> list[str]:
    """The lines of the news of ``runs`` (:func:`news_runs`): the latest ``NEWS_RUNS``,
    each cut to its share of ``NEWS_ROOM``, and how many earlier runs are left out."""
    shown = runs[-NEWS_RUNS:]
    room = max(NEWS_LINE, NEWS_ROOM // max(1, len(shown)))
    # a record (a new phase, rusting trains, the bank broken, a bankruptcy) is a line
    # of its own, never cut, also from runs too old to repeat: glued to a move's text
    # a cut took it, and a German DM never said the bank had broken
    lines = [record for _, _, records in runs[:-NEWS_RUNS] for record in records
             if not isinstance(record, Aside)]
    for mover, saids, records in shown:
        # whole moves give way, the decisive ones last (a cut mid-sentence lost who
        # was to move next)
        if saids:
            lines.append(shortened(_news_run(table, mover, saids, lang),
                                   lambda text: len(text) <= room, table.row.game_key))
        lines += records
    more = [t("rem.news_more", lang, count=len(runs) - NEWS_RUNS)] \
        if len(runs) > NEWS_RUNS else []
    return [*more, *lines]


def _news_run(table: Table, mover: int | str | _AiFor, saids: list[str], lang: str) -> str:
    """A run of moves in a turn DM's news, credited as the channel credits it: a seat's
    under its player's name, a corporation's the game operates (:meth:`Table.credited_to`)
    under its own, "**ADR (in receivership)**: ADR lays ...", as the AI seats' summary
    says it; a player's moves an AI made for them as such, "An AI for **Carla** (blue)
    opens on order 37 with 19" (the channel said who let it play; the news, without that
    line, read as if Carla had come back and bid)."""
    if isinstance(mover, str):
        return f"**{mover}**: {table.run_said(None, saids, lang)}"
    if isinstance(mover, _AiFor):
        lead = t("rem.news_ai", lang, who=table.who(mover.seat, lang))
        return table.credited(mover.seat, table.run_said(mover.seat, saids, lang), lead, lang)
    return table.credited(mover, table.run_said(mover, saids, lang), table.who(mover, lang),
                          lang)


def _short_news(table: Table, runs: list[NewsRun], seat: int | None, lang: str) -> str:
    """A game's news as a line or two under its line in a turn DM for several games: what
    an AI played for the reader (they learnt of it nowhere else), and the latest run of
    the others' moves, each cut short. The DM for one game says the whole news."""
    mine = [run for run in runs if isinstance(run[0], _AiFor) and run[0].seat == seat]
    picked = [*mine[-1:], *[run for run in runs[-1:] if run not in mine[-1:]]]
    return "\n".join(
        shortened(_news_run(table, mover, saids, lang),
                  lambda text: len(text) <= SHORT_NEWS, table.row.game_key)
        for mover, saids, _ in picked if saids)


def _news_parts(table: Table, lines: list, lang: str) -> tuple[str, list[str]]:
    """A move as a turn DM's news repeats it: its text, and apart the public records the
    channel posts apart (``Game.record_keys``: a new phase, trains rusting, the bank
    breaking; and the alerts, someone going bankrupt), which a player back after a day must
    read, and what the game did for another seat (an :class:`Aside`). An alert's ping is left out: the DM goes to one reader, and a mention there would
    only put another player's name where its preview should say that it is the reader's
    turn."""
    said, records = table.said_apart(lines, lang)
    return said, [record if isinstance(record, Aside) else _unpinged(record)
                  for record in records]


def _unpinged(text: str) -> str:
    return MENTION.sub("", text).strip()
