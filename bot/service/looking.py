"""What a player may look at: status, boards, previews, the hand, the log, rules, their games,
exports."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.i18n import colour_name, language, t, typed_move
from bot.imports import runner_words
from bot.replies import PICK_CHOICE, Attachment, Button, Reply
from bot.service.base import (
    STOP_WORDS,
    TEXT_LIMIT,
    Ctx,
    Refusal,
    ServiceBase,
    Table,
    _clip,
    _guarded,
    _private,
    _private_part,
    _secret_lines,
    ai_mark,
    log,
    runner_label,
)
from bot.service.extras import NoZoom, extras_for
from bot.service.move_lists import entry_count, first_choices, moves_head
from bot.service.moves import move_said
from bot.service.pictures import move_words
from bot.store import ActionRow, GameRow, SeatRow
from engine.ai.hard import fresh_rng
from engine.ai.hard_games import SEARCHERS
from engine.core import Action, Game, State, new_rng, pages
from engine.text import Msg, say, text_of
from render.turn_card import standings

# A second /game board of the same board (same version, same zoom) within this time goes to
# its asker alone: no move was made since, so the channel's picture is still the game as it
# stands, and in a play-by-post channel ten minutes of chat rarely pushes it off a phone's
# screen. Later, one new public post is cheap (six an hour at most from anyone) and brings
# the board back down where a busy chat buried it.
BOARD_AGAIN_S = 600.0


class Looking(ServiceBase):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # (game id, version, zoom) -> when /game board posted it, and its posts: this
        # process's pictures, to hand again without drawing them anew. Whether and when
        # the channel got a board is the store's (a restart or another process knows it)
        self._boards_posted: dict[tuple[int, int, str], tuple[float, list[Reply]]] = {}

    @_guarded
    async def status(self, ctx: Ctx) -> list[Reply]:
        table, notices = await self._table(ctx, ("lobby", "active", "finished"))
        row, phase = table.row, table.phase_now()
        # a finished game's phase is its end ("Game over"): "finished, Game over" said it twice
        shown = phase if phase and row.status != "finished" else None
        lines = [f"**{say(table.game.title, ctx.locale)}**: " + t(f"svc.status.{row.status}", ctx.locale)
                 + (f", {say(shown, ctx.locale)}" if shown else "")]
        # a player back after days sees where everyone stands, as the turn card shows it
        numbers = dict(standings(row.game_key, table.game.view(table.state, None),
                                 language(ctx.locale))) \
            if table.state is not None and row.status == "active" else {}
        for s in table.seats:
            mark = t("svc.status.to_act", ctx.locale) if s.seat in row.active_seats else ""
            kind = ai_mark(s, ctx.locale, row.game_key)
            now = f" · {numbers[s.seat]}" if s.seat in numbers else ""
            colour = f" ({colour_name(s.colour, ctx.locale)})" if _colour_known(table, s) else ""
            lines.append(f"- {s.name}{colour}{kind}{mark}{now}")
        if row.status == "lobby":
            lines.append(t("svc.status.seated", ctx.locale, count=len(table.seats),
                           low=row.min_players, high=row.max_players))
            lines.append(_runner_line(table, ctx.locale))
        else:
            lines.append(t("svc.status.moves", ctx.locale,
                           count=len(await self.store.actions(row.id))))
            if row.status == "active":
                lines += await self._clock_lines(table, ctx.locale)
        if table.state is not None and row.status == "finished":
            lines += [table.standing_line(s, ctx.locale)
                      for s in table.game.result(table.state) or []]
        await self._held_seen(table, ctx.user_id)  # its standings count every step
        # pings=(): the runner's mention (a host without a seat) names them, never pings
        return notices + [_private(ctx, _clip("\n".join(lines)), pings=())]

    async def _clock_lines(self, table: Table, lang: str) -> list[str]:
        """Each waiting player's move clock on a paced table: the time it has left, or that
        it ran out and the others decide. /game status said nothing of it, even while a
        run-out clock's buttons waited in the channel."""
        row = table.row
        if not row.pace_hours:
            return []
        lines = []
        for s in table.seats:
            if s.seat not in row.active_seats or s.is_ai or s.user_id is None:
                continue
            clock = next((r for r in await self.store.reminders(row.id, user_id=s.user_id)
                          if r.kind == "clock"), None)
            if clock is None:
                continue
            left = float(clock.payload.get("deadline", 0)) - self.clock()
            values = {"hours": f"{row.pace_hours:g}", "name": s.name}
            if clock.payload.get("expired") or left <= 0:
                lines.append(t("svc.status.clock_out", lang, **values))
            elif left < 3600:
                lines.append(t("svc.status.clock_soon", lang, **values))
            else:
                lines.append(t("svc.status.clock_left", lang, left=round(left / 3600),
                               **values))
        return lines

    @_guarded
    async def board(self, ctx: Ctx, near: str | None = None,
                    repeats_alone: bool = True) -> list[Reply]:
        """The public board; ``near`` (a hex like F9) zooms on a region where the game's
        pictures support it. ``repeats_alone``: the same board asked again soon goes to
        its asker alone (:data:`BOARD_AGAIN_S`); the terminal, whose one reader is the
        asker, shows it as asked."""
        table, notices = await self._table(ctx, ("active", "finished"))
        assert table.state is not None
        zoom = near.strip().upper() if near and near.strip() else ""
        key = (table.row.id, table.row.version, zoom)
        drawn = self._board_posted(key)
        posted = drawn[1] if drawn is not None else await self._board_posts(table, zoom)
        if repeats_alone:
            at = await self.store.claim_board_post(*key, self.clock(),
                                                   self.clock() - BOARD_AGAIN_S)
            if at is not None:
                self._boards_posted.setdefault(key, (at, posted))
                return notices + self._board_again(ctx, table, at, posted)
        self._boards_posted[key] = (self.clock(), posted)
        await self._held_seen(table, None)  # posted in the channel, whoever asked
        return notices + posted

    async def _board_posts(self, table: Table, zoom: str) -> list[Reply]:
        """The public posts of the board, zoomed on ``zoom`` (a hex) unless it is empty."""
        assert table.state is not None
        if zoom:
            try:
                view = extras_for(table.row.game_key).zoom(table.game, table.state, zoom,
                                                                lang=table.row.language)
            except NoZoom as error:
                raise Refusal(text_of(error)) from None
            text = t("svc.zoom.title", table.row.language, title=table.game.title,
                     phase=table.said([table.game.phase(table.state)]), near=zoom)
            return await self._pictures(table, [(text, view)])
        return [await self._board_reply(table, table.state)]

    def _board_posted(self, key: tuple[int, int, str]) -> tuple[float, list[Reply]] | None:
        """When this process posted the board ``key`` names (game, version, zoom) for
        /game board, and its posts, if that was less than ``BOARD_AGAIN_S`` ago; the
        older ones are forgotten (their pictures held in memory)."""
        now = self.clock()
        for old in [k for k, (at, _) in self._boards_posted.items()
                    if now - at >= BOARD_AGAIN_S]:
            del self._boards_posted[old]
        return self._boards_posted.get(key)

    def _board_again(self, ctx: Ctx, table: Table, at: float,
                     posted: list[Reply]) -> list[Reply]:
        """The board the channel got from /game board a moment ago (the same version and
        zoom), to the asker alone, saying where the channel's is: a non-player's twenty
        /game board in 40 s were twenty public pictures of 76 KB each."""
        minutes = int((self.clock() - at) // 60)
        where = t("svc.board_again" if minutes else "svc.board_again_now", ctx.locale,
                  count=minutes, channel=table.row.channel_id)
        return [_private(ctx, "\n".join(part for part in (where, reply.text) if part),
                         files=reply.files, title=reply.title, pings=())
                if number == 0 else
                _private(ctx, reply.text, files=reply.files, title=reply.title, pings=())
                for number, reply in enumerate(posted)]

    @_guarded
    async def preview(self, ctx: Ctx, move: str) -> list[Reply]:
        """``/game preview move:``: only for the caller, what a move would do (18Rhl: a
        zoomed picture of a tile lay, the routes of a run), checked on a copy of the game
        and never played."""
        table, notices = await self._table(ctx, ("active",))
        seat = await self._mover_seat(table, ctx)
        state = table.state
        assert state is not None
        action = self._parse(table, seat, move)
        after = json.loads(json.dumps(state))
        lines = table.game.apply(after, seat, action)  # RuleError: refused
        text, view = extras_for(table.row.game_key).preview(table.game, state, seat, action,
                                                                   lang=ctx.locale)
        if view is None:  # no picture's caption: the move in the reader's words and form
            text = t("svc.preview.head", ctx.locale,
                     move=table.label(state, action, ctx.locale))
        text = "\n".join([text, *_effect(table, seat, action, after, lines, ctx.locale)])
        files = []
        if view is not None:
            png = await asyncio.to_thread(self.render, table.row.game_key, view)
            files = [Attachment(f"{table.row.game_key}-{table.row.id}-preview.png", png,
                                self._alt(table, state, view, "picture", text))]
        # pings=(): a knock-out's record names its player with a mention
        return notices + [_private(ctx, _clip(text), files=files, pings=())]

    @_guarded
    async def hand(self, ctx: Ctx) -> list[Reply]:
        table, notices = await self._table(ctx, ("active",))
        seat = self._seat_or_refuse(table, ctx)
        state = table.state
        assert state is not None and seat.seat is not None
        game = table.game
        secret = _private_part(game.view(state, seat.seat), game.view(state, None))
        lines = [t("svc.hand.seat", ctx.locale, colour=colour_name(seat.colour, ctx.locale),
                   phase=table.said([game.phase(state)], ctx.locale))]
        lines += _secret_lines(secret, ctx.locale)
        lines += extras_for(table.row.game_key).holdings(game, state, seat.seat,
                                                         lang=ctx.locale)
        buttons: list[Button] = []
        picker = None
        if seat.seat in game.active(state):
            buttons, picker = self._private_moves(table, seat.seat, ctx.locale)
        if picker is not None and picker.kind == PICK_CHOICE:
            # the menu offers each move: listing every combination of cards said nothing
            lines.append(f"{picker.placeholder}.")
        elif seat.seat in game.active(state):
            moves = extras_for(table.row.game_key).ordered(game, state,
                                                           game.legal(state, seat.seat))
            listed = table.list_labels(state, moves, ctx.locale)
            labels, covered = first_choices(game, state, moves, ctx.locale, 20, listed)
            every, _ = first_choices(game, state, moves, ctx.locale, len(moves), listed)
            cut = " ..." if len(moves) > len(covered) else ""
            # a cut list still shows how to stop (done, pass, end), which may sort late
            out = next((m for i, m in enumerate(moves)
                        if i not in covered and _stops(game, state, m)), None) \
                if cut else None
            if out is not None:
                # as the list's entries read, "label · typed": "(to stop: End the turn
                # (end))" nested its brackets
                typed = typed_move(table.row.game_key, game.format(state, out), ctx.locale)
                way = f"{move_words(table, state, out, ctx.locale)} · {typed}"
                cut += " " + t("svc.hand.way_out", ctx.locale, move=way)
            lines.append(moves_head(len(moves), entry_count(every, moves), ctx.locale)
                         + "; ".join(labels) + cut)
        else:
            lines.append(t("svc.hand.not_turn", ctx.locale))
        return notices + [_private(ctx, _clip("\n".join(lines)), buttons=buttons,
                                   picker=picker)]

    @_guarded
    async def log(self, ctx: Ctx, lines: int | None = None, since: str | None = None,
                  start: int | None = None) -> list[Reply]:
        """The moves as the channel said them, numbered. ``lines``: the latest that many
        (default 20, or for a seated caller all since their own last move when those are
        more: a player back after days asked the last 20 and lost the rest of their news);
        ``since``: ``mine`` (the caller's own last move) or ``start``; ``start``: from that
        move number on. From a point, the earliest are kept, and a note names the move to
        go on from."""
        table, notices = await self._table(ctx, ("active", "finished"))
        actions = await self.store.actions(table.row.id)
        entries = _log_entries(table, actions, ctx.locale)
        if not entries:
            return notices + [_private(ctx, t("svc.log.none", ctx.locale), pings=())]
        if since == "start":
            start = 1
        if start is not None and not 1 <= start <= len(actions):
            raise Refusal("svc.log.from_late", count=len(actions))
        mine = await self._log_since_mine(table, ctx, actions) \
            if since == "mine" or since is None and start is None and lines is None else None
        if since == "mine" and mine is None:
            raise Refusal("svc.log.not_seated")
        picked, head = _log_picked(entries, lines, since, start, mine)
        if not picked and mine is not None:  # nothing since the caller's own last move
            return notices + [_private(ctx, t("svc.log.since_nothing", ctx.locale,
                                              move=mine[0]), pings=())]
        await self._held_seen(table, ctx.user_id)  # others' held steps are among the lines
        shown = [(entry.first, entry.line(table, ctx.locale)) for entry in picked]
        forward = start is not None or since == "mine"
        note = _later_note(ctx.locale) if forward else \
            _earlier_note(table.row.status, ctx.locale)
        return notices + [_private(ctx, page, pings=())
                          for page in _log_pages(shown, head, note, newest=not forward)]

    async def _log_since_mine(self, table: Table, ctx: Ctx,
                              actions: list[ActionRow]) -> tuple[int, str] | None:
        """The caller's own last move (its number in the log; 0: none yet) and the heading
        of the lines since it; None for a caller with no seat."""
        seat = table.seat_of(ctx.user_id)
        if seat is None or seat.seat is None:
            return None
        own = await self._own_last_move(table, seat.seat)
        number = next((n for n, a in enumerate(actions, 1) if own is not None and a.id == own.id),
                      0)
        return number, (t("svc.log.since", ctx.locale, move=number) if number else
                        t("svc.log.since_none", ctx.locale))

    @_guarded
    async def rules(self, ctx: Ctx, game_key: str | None, topic: str | None) -> list[Reply]:
        if game_key is None:
            row = await self.store.live_game(ctx.channel_id)
            if row is None:
                titles = ", ".join(f"{k} ({say(g.title, ctx.locale)})"
                                   for k, g in self.games.items())
                return [_private(ctx, t("svc.rules.games", ctx.locale, titles=titles))]
            game_key = row.game_key
        # read whole: a topic over one message's limit goes out as several, split at lines
        return [_private(ctx, page) for page in
                pages(say(self._game(game_key).rules(topic), ctx.locale).split("\n"), TEXT_LIMIT)]

    async def topic_choices(self, ctx: Ctx, typed: str = "",
                            game_key: str | None = None) -> list[tuple[str, str]]:
        """Autocomplete of ``/rules topic:``: the topics of the game picked, else of this
        channel's game (an 18Rhl channel offered every game's topics, and a Rheinländer one
        picked there answered "No topic"), else of every game; each game's topics in its own
        order, the overview first, as the topic list of /rules says them."""
        if game_key not in self.games:
            row = await self.store.live_game(ctx.channel_id) if ctx.channel_id else None
            game_key = row.game_key if row is not None else None
        games = [self.games[game_key]] if game_key in self.games else \
            list(dict.fromkeys(self.games.values()))
        needle = typed.strip().lower()
        shown: dict[str, str] = {}
        for game in games:
            for name in sorted(game.topics, key=lambda name: name != "overview"):
                title = say(game.topic_title(name), ctx.locale)
                # a title that is its name, only capitalised, is said once but titled: a
                # list of "archbishop" among "Duke figures (dukes)" read as unfinished
                label = title if title.lower() == name else f"{title} ({name})"
                # "OR" typed offers the operating round it stands for (an alias of the topic)
                if needle in label.lower() or (needle and game.topic_named(needle) == name):
                    shown.setdefault(name, label)
        return [(label, name) for name, label in shown.items()]

    @_guarded
    async def my_games(self, ctx: Ctx) -> list[Reply]:
        """The caller's games where it is their turn, the move clock that runs out first at
        the top with the time left, then those waiting for someone else (and for whom), the
        lobbies they sit in and the games they watch: a player in several week-long games
        sees them all at once, and which one to play first."""
        waiting: list[tuple[float, float, str]] = []
        others = []
        for row in await self.store.games_of_user(ctx.user_id, ("active",)):
            seats, phase = await self._listed(row)
            mine = next((s for s in seats if s.user_id == ctx.user_id and not s.is_ai), None)
            if mine is None:
                continue
            title = self._titled(row, ctx.locale)
            if mine.seat in row.active_seats:
                deadline = await self._deadline(row.id, ctx.user_id)
                waiting.append((deadline if deadline is not None else float("inf"),
                                row.updated_at, self._waiting_line(
                                    ctx.locale, title, row.channel_id, phase, deadline)))
            else:
                names = [s.name for s in seats if s.seat in row.active_seats]
                others.append(t("svc.mygames.other", ctx.locale, title=title,
                                channel=row.channel_id, phase=phase,
                                names=", ".join(names), count=len(names)))
        waiting.sort(key=lambda entry: entry[:2])
        lines = [t("svc.mygames.head", ctx.locale), *(line for *_, line in waiting)] \
            if waiting else [t("svc.mygames.none", ctx.locale)]
        if others:
            lines += [t("svc.mygames.others", ctx.locale), *others]
        lines += await self._lobbies_and_watched(ctx)
        return [_private(ctx, _clip("\n".join(lines), more=lambda count: t(
            "svc.mygames.more", ctx.locale, count=_entries_in(lines[len(lines) - count:]))))]

    async def _deadline(self, game_id: int, user_id: int) -> float | None:
        """When the caller's move clock in this game runs out (None: the table has none)."""
        return min((float(row.payload["deadline"])
                    for row in await self.store.reminders(game_id, user_id=user_id)
                    if row.kind == "clock" and "deadline" in row.payload), default=None)

    def _waiting_line(self, locale: str, title: str, channel: int, phase: Any,
                      deadline: float | None) -> str:
        if deadline is None:
            return t("svc.mygames.line", locale, title=title, channel=channel, phase=phase)
        left = deadline - self.clock()
        values = {"title": title, "channel": channel, "phase": phase}
        if left <= 0:
            return t("svc.mygames.line_out", locale, **values)
        if left < 3600:
            return t("svc.mygames.line_soon", locale, **values)
        return t("svc.mygames.line_clock", locale, hours=round(left / 3600), **values)

    async def _lobbies_and_watched(self, ctx: Ctx) -> list[str]:
        """The sections of the lobbies the caller sits in and the games they watch."""
        lines = []
        lobbies = await self.store.games_of_user(ctx.user_id, ("lobby",))
        if lobbies:
            lines.append(t("svc.mygames.lobbies", ctx.locale))
            for row in lobbies:
                seated = len(await self.store.seats(row.id))
                lines.append(t("svc.mygames.lobby", ctx.locale, title=self._titled(
                    row, ctx.locale), channel=row.channel_id, count=seated))
        watched = await self.store.watched_games(ctx.user_id, ("active",))
        if watched:
            lines.append(t("svc.mygames.watched", ctx.locale))
            for row in watched:
                _, phase = await self._listed(row)
                lines.append(t("svc.mygames.watch", ctx.locale, title=self._titled(
                    row, ctx.locale), channel=row.channel_id, phase=phase))
        return lines

    async def _listed(self, row: GameRow) -> tuple[list[SeatRow], Any]:
        """A listed game's seats and its phase named by them (:meth:`Table.phase_now`), read
        from its snapshot: a list of many games replays none of them, but one whose
        snapshot no longer loads, once per version (:meth:`_load`, ``tell=False``: the
        rebuild's notice is for its channel, with the next command there). A game this bot
        cannot load keeps the phase as stored."""
        try:
            table, _ = await self._load(row, tell=False)
        except Refusal:  # an unknown game, or one whose log no longer replays
            return await self.store.seats(row.id), row.phase
        return table.seats, table.phase_now()

    @_guarded
    async def export(self, ctx: Ctx) -> list[Reply]:
        if ctx.guild_id is None:
            raise Refusal("svc.no_dm")
        row = await self.store.latest_game(ctx.channel_id)
        if row is None:
            raise Refusal("svc.no_game_here")
        if row.status in ("lobby", "active"):
            raise Refusal("svc.export_live")
        data = await self.export_data(row)
        body = json.dumps(data, indent=1, ensure_ascii=False).encode()
        name = f"rheinbot-{row.game_key}-{row.id}.json"
        return [_private(ctx, t("svc.export_done", ctx.locale, id=row.id,
                                count=len(data["actions"])),
                         files=[Attachment(name, body)])]

    async def export_data(self, row: GameRow) -> dict[str, Any]:
        """The replayable record of a game: setup plus the action log."""
        seats = [s for s in await self.store.seats(row.id) if s.seat is not None]
        actions = await self.store.actions(row.id)
        return {
            "format": "rheinbot-export", "format_version": 1, "game": row.game_key,
            "players": len(seats), "options": row.options, "seed": row.seed,
            "status": row.status,
            "seats": [{"seat": s.seat, "name": s.name, "colour": s.colour, "ai": s.is_ai}
                      for s in seats],
            "actions": [{"seat": a.seat, "move": a.notation, "user": a.user_id,
                         "time": a.created_at} for a in actions],
            # an imported game: the moves replay from this state, not from a new setup
            **({"origin": origin} if (origin := await self.store.origin(row.id)) else {}),
            # the standings as played here, so `rheinbot replay` can verify its own result
            **({"result": result} if (result := self._export_result(row)) else {}),
        }

    def _export_result(self, row: GameRow) -> list[dict[str, Any]] | None:
        if row.status != "finished" or row.state is None or row.game_key not in self.games:
            return None
        game = self.games[row.game_key]
        try:
            standings = game.result(game.load(row.state)) or []
        except Exception:  # an old snapshot: the export still carries setup and moves
            log.warning("no result for the export of game %s", row.id, exc_info=True)
            return None
        return [{"seat": s.seat, "rank": s.rank, "score": s.score} for s in standings] or None


@dataclass
class _LogEntry:
    """One entry of /game log: the moves numbered ``first`` to ``last``, credited to
    ``mover`` (a seat, or the said corporation the game operates) under ``lead``, and what
    they did (``said``)."""

    first: int
    last: int
    seat: int
    mover: int | str
    lead: str
    said: str

    def line(self, table: Table, lang: str) -> str:
        # "17." opening a line makes a Discord list, which numbers its items itself: after
        # an entry of several moves ("21–24.", no item) move 25 showed as "21.". Escaped,
        # every number shows as written
        number = f"{self.first}" if self.first == self.last else f"{self.first}–{self.last}"
        if isinstance(self.mover, str):  # the move is the corporation's
            return f"{number}\\. {self.mover}: {self.said}"
        return f"{number}\\. " + table.credited(self.mover, self.said, self.lead, lang)

    def takes(self, table: Table, previous: ActionRow, action: ActionRow, mover: int | str,
              lead: str) -> bool:
        """Whether ``action``, after ``previous`` (this entry's last move), may be said
        within this entry: the same mover going on, or an AI seat's answer to it
        (:meth:`Table.answers`)."""
        same = action.seat == self.seat and mover == self.mover and lead == self.lead
        return same or table.answers(previous, action)


LOG_PAGES = 3  # messages one /game log answers with, at most


def _log_pages(shown: list[tuple[int, str]], head: list[str],
               note: Callable[[int, int], str], newest: bool = True) -> list[str]:
    """The log's lines (each with its first move's number) in messages split between lines,
    under ``head``: cut to one message with a leading "..." it lost most of ``lines:100``
    mid-line without saying how much. Past ``LOG_PAGES`` messages the earliest lines go
    (``newest``), else the latest, and ``note(count, move)`` says how many and the move
    that begins what went."""
    def laid(kept: int) -> list[str]:
        if kept == len(shown):
            return pages([*head, *(text for _, text in shown)], TEXT_LIMIT)
        if newest:
            cut = len(shown) - kept
            return pages([*head, note(cut, shown[0][0]), *(text for _, text in shown[cut:])],
                         TEXT_LIMIT)
        return pages([*head, *(text for _, text in shown[:kept]),
                      note(len(shown) - kept, shown[kept][0])], TEXT_LIMIT)

    # the most lines that fit: a since: or from: of a long game holds a thousand, and
    # dropping one at a time laid them out a thousand times
    low, high = 1, len(shown)
    while low < high:
        middle = (low + high + 1) // 2
        if len(laid(middle)) <= LOG_PAGES:
            low = middle
        else:
            high = middle - 1
    return laid(low)


def _log_picked(entries: list[_LogEntry], lines: int | None, since: str | None,
                start: int | None, mine: tuple[int, str] | None
                ) -> tuple[list[_LogEntry], list[str]]:
    """The entries /game log shows, and the heading over them. By default the latest
    ``lines`` (20), or, if more, all since the caller's own last move (``mine``: its number
    and the heading) as a player back after days expects of it; from ``start`` or since
    ``mine`` asked, the first ``lines`` (default all) from there."""
    if start is not None:
        return [e for e in entries if e.last >= start][:lines or None], []
    after = [e for e in entries if mine is not None and e.last > mine[0]]
    if since == "mine" and mine is not None:
        return after[:lines or None], [mine[1]]
    latest = entries[-max(1, min(lines or 20, 100)):]
    if mine is not None and mine[0] and lines is None and len(after) > len(latest):
        return after, [mine[1]]
    return latest, []


def _earlier_note(status: str, lang: str) -> Callable[[int, int], str]:
    """The note over the latest lines saying how many earlier ones went: while the game runs
    /game export is refused (it would show hidden cards), and ``from:`` shows them."""
    if status == "finished":
        return lambda count, move: t("svc.log.earlier", lang, count=count)
    return lambda count, move: t("svc.log.earlier_live", lang, count=count, move=move)


def _later_note(lang: str) -> Callable[[int, int], str]:
    return lambda count, move: t("svc.log.later", lang, count=count, move=move)


def _log_entries(table: Table, actions: list[ActionRow], lang: str) -> list[_LogEntry]:
    """The moves as /game log lists them: each credited as :meth:`Table.credited_to`
    credits it, and moves in a row that the game says as one (:meth:`Table.merged`: an
    offer and an AI seat's answer to it, loads onto one transport) one entry, as the
    channel says them."""
    entries: list[_LogEntry] = []
    for number, action in enumerate(actions, 1):
        mover, own = table.credited_to(action, lang)
        if isinstance(mover, str):  # an AI moved a corporation the game operates
            said, lead = table.said(own, lang), mover
        else:
            # a move stored without lines (a done before it was logged): its notation
            said = table.said(own, lang) or f"`{action.notation}`"
            seat = table.by_seat(action.seat)
            lead = f"{_mover(seat, action.user_id, lang)} ({colour_name(seat.colour, lang)})"
        before = entries[-1] if entries else None
        joined = table.merged(before.said, said) if before is not None and before.takes(
            table, actions[number - 2], action, mover, lead) else None
        if before is not None and joined is not None:
            before.last, before.said = number, joined
        else:
            entries.append(_LogEntry(number, number, action.seat, mover, lead, said))
    return entries


PREVIEW_WORLDS = 3  # positions with the hidden dealt again, in which a preview must agree


def _effect(table: Table, seat: int, action: Action, after: State, lines: list[Any],
            lang: str) -> list[str]:
    """What ``/game preview`` says ``action`` would do: its lines as the channel would
    post them, and the mover's standing before and after. A move that draws or reveals
    something (``Game.reveals``) shows only what comes before it and says that it does:
    the card drawn, the deck's next orders, and whatever follows from them are for the
    move itself to show."""
    game, state = table.game, table.state
    assert state is not None
    drawn = game.reveals(after) != game.reveals(state)
    # every move is played in the worlds, not only those the count of reveals marks: a
    # move that shows something hidden without counting it must not show it here first
    others = _variants(table, seat, action)
    kept = _unrevealed(table, seat, lines, others)
    said = move_said(table, seat, state, action, lines[:kept], lang) \
        if kept or not lines else []
    out = [f"> {row}" for line in said for row in line.splitlines() if row.strip()]
    standing = _standing(table, seat, after, others, drawn, lang)
    if standing is not None:
        out.append(t("svc.preview.standing", lang, before=standing[0], after=standing[1])
                   if standing[0] != standing[1] else
                   t("svc.preview.standing_same", lang, now=standing[0]))
    if kept < len(lines) or drawn and _draws(state, after):
        out.append(t("svc.preview.draws", lang))
    # the heading only over lines it quotes: over a standing alone it read as if the
    # channel would say nothing
    quoted = [t("svc.preview.would", lang)] if said and out and out[0].startswith(">") else []
    return [*quoted, *out]


def _variants(table: Table, seat: int, action: Action) -> list[tuple[list[Any], State]]:
    """``action`` played in positions that look the same from ``seat`` with what it cannot
    see dealt again (the hard level's worlds: the deck's order, the other hands, the random
    generator): what differs between them depends on what the move draws or reveals. A
    fresh generator alone missed a Trödler round's end, which deals the next round's piles
    from a pile shuffled long before."""
    game, state = table.game, table.state
    assert state is not None
    searcher = SEARCHERS.get(table.row.game_key)
    out = []
    for salt in range(PREVIEW_WORLDS):
        rng = new_rng(0x5DEECE66D + salt)
        copy = game.load(game.dump(state))
        if searcher is not None:
            copy = searcher.determinize(copy, seat, rng)
        elif isinstance(copy.get("rng"), dict):
            copy["rng"] = fresh_rng(rng)
        try:
            out.append((game.apply(copy, seat, action), copy))
        except Exception:  # a draw that makes the move fail: nothing after it is shown
            out.append(([], copy))
    return out


def _unrevealed(table: Table, seat: int, lines: list[Any],
                others: list[tuple[list[Any], State]]) -> int:
    """How many of ``lines`` come before anything the move draws or reveals: the lines
    alike however the draws come out, up to the first that names something hidden before
    the move from the mover (``Game.secret_items``, another seat's ``hidden_items``)."""
    kept = len(lines)
    for other, _ in others:
        same = next((n for n, (a, b) in enumerate(zip(lines, other, strict=False))
                     if a != b), min(len(lines), len(other)))
        kept = min(kept, same)
    hidden = _hidden_values(table, seat)
    return next((n for n, line in enumerate(lines[:kept]) if _names_any(line, hidden)), kept)


def _hidden_values(table: Table, seat: int) -> set[Any]:
    """What names a thing the mover may not see yet: the deck's cards, other seats' hands
    and piles (``Game.secret_items``, ``Game.hidden_items``), by id and by wording."""
    game, state = table.game, table.state
    assert state is not None
    items = list(game.secret_items(state))
    items += [item for other, own in game.hidden_items(state).items() if other != seat
              for item in own]
    values = [v for item in items for v in (item.values() if isinstance(item, dict) else [item])]
    return {str(v) if isinstance(v, Msg) else v for v in values
            if isinstance(v, str | int) and not isinstance(v, bool)}


def _names_any(value: Any, hidden: set[Any], listed: bool = False) -> bool:
    """Whether a log line (or one of its values) names one of ``hidden``: a text, a card's
    ``id``, or a number within a list ("orders 12, 40 revealed"), however deep. A number
    alone is a count or a sum as often as a card, and is not taken for one."""
    if isinstance(value, Msg):
        # within a card, only its id names it: its counts ("2 bottles") are no card
        return any(_names_any(v, hidden, key == "id") for key, v in value.params.items())
    if isinstance(value, list | tuple):
        return any(_names_any(v, hidden, listed=True) for v in value)
    if isinstance(value, dict):
        return any(_names_any(v, hidden, listed) for v in value.values())
    if isinstance(value, int) and not isinstance(value, bool):
        return listed and value in hidden
    return isinstance(value, str) and value in hidden


def _standing(table: Table, seat: int, after: State, others: list[tuple[list[Any], State]],
              drawn: bool, lang: str) -> tuple[str, str] | None:
    """The mover's standing as ``/game status`` shows it, before and after ``action``; None
    where the game shows none, where its standing after depends on what the mover cannot
    see, and where it ends the game by a reveal (the final scores count what was hidden)."""
    game, state = table.game, table.state
    assert state is not None
    before = _standing_of(table, state, seat, lang)
    now = _standing_of(table, after, seat, lang)
    if before is None or now is None:
        return None
    if drawn and game.result(after) is not None or any(
            _standing_of(table, other, seat, lang) != now for _, other in others):
        return None
    return before, now


def _standing_of(table: Table, state: State, seat: int, lang: str) -> str | None:
    return dict(standings(table.row.game_key, table.game.view(state, None),
                          language(lang))).get(seat)


def _draws(before: State, after: State) -> bool:
    """Whether a move drew at random (the seeded generator's draws): a move that only
    commits the turn (Trödler's end, which no undo passes) reveals nothing to say."""
    return (after.get("rng") or {}).get("draws") != (before.get("rng") or {}).get("draws")


def _stops(game: Game, state: State, action: Action) -> bool:
    return (game.format(state, action).split() or [""])[0] in STOP_WORDS


def _runner_line(table: Table, lang: str) -> str:
    """Who runs a lobby (:func:`runner_id`) and so starts it: whom its players ask to. A
    seated runner by name; a host without a seat, whose name no seat holds, by a mention."""
    return say(runner_words(runner_label(table)), lang)


def _mover(seat: SeatRow, user_id: int | None, lang: object) -> str:
    """Who made a move of ``seat`` (``user_id``; None: an AI). A player who has since left or
    been replaced is named by their mention, which Discord shows as their name (the log pings
    no one), not by the seat's new holder; a move an AI made for a player's seat (their
    run-out clock) is the AI's. (One an AI made for a corporation the game operates is the
    corporation's: :meth:`Table.credited_to`.)"""
    if user_id == seat.user_id or user_id is None and seat.is_ai:
        return seat.name
    if user_id is None:
        return t("svc.log.ai_for", lang, name=seat.name)
    return f"<@{user_id}>"


def _colour_known(table: Table, seat: SeatRow) -> bool:
    """False for a lobby seat's default colour in a game whose colour goes with the seat:
    the start's seat order decides that one."""
    return table.row.status != "lobby" or seat.colour_picked \
        or not getattr(table.game, "seat_colours", ())


def _entries_in(lines: list[str]) -> int:
    """How many of /mygames' ``lines`` are entries (a game or lobby each), not headings."""
    return sum(1 for line in lines if line.startswith("- "))
