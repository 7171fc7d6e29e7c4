"""The tables service: games, seats and turns, without Discord.

Every operation takes a :class:`Ctx` (who asks, where) and returns Replies saying what goes to
the channel, what only to the caller, what by DM. A player's mistake never raises: it comes
back as an ephemeral Reply with a sentence and changes nothing.

Hidden information leaves this module only in EPHEMERAL or DM replies. Channel replies carry
the public view (board pictures are drawn from ``game.view(state, None)``) and the log lines
``apply()`` returns, which the engines write for everyone to read.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import engine
from bot.i18n import (
    colour_name,
    english_move,
    has,
    language,
    t,
)
from bot.replies import Attachment, Audience, Button, Reply, fitted
from bot.service import ai
from bot.service.extras import NoZoom, extras_for
from bot.service.reminders import Reminders, TurnInfo, zone
from bot.store import (
    ActionRow,
    ChannelBusy,
    GameRow,
    Move,
    SeatRow,
    Settings,
    Snapshot,
    StaleVersion,
    Store,
)
from engine.core import (
    Action,
    Game,
    RuleError,
    State,
    clip_word,
    is_plain_number,
    new_rng,
    rng_shuffle,
)
from engine.text import LANGUAGES, Msg, say, text_of
from render import board_changes, render_board, render_turn_card
from render.common import PLAYER_COLOURS

log = logging.getLogger(__name__)

STALE = t("svc.stale")  # English; callers get it in their language
UNDO_CHOICES = {"undo-yes": True, "undo-no": False}  # the undo vote's buttons
TURN_HINT = t("svc.turn_hint")  # English; the terminal front door swaps in its own
MAX_BUTTONS = 5
TEXT_LIMIT = 1900  # stay under Discord's 2000 characters per message
EMBED_LIMIT = 4000  # an embed's description holds 4096
AI_LINE_LIMIT = 600  # one seat's moves in an AI summary; /game log has them all
AI_PHASE_LIMIT = 1200  # one phase of AI moves in a summary
MAX_FILES = 10  # attachments per Discord message
CARD_MOVES = 12  # the latest moves a turn card is given (it lists what fits, counts the rest)


@dataclass(frozen=True)
class Ctx:
    """Who is asking, and where."""

    guild_id: int | None  # None for DMs (game commands are refused there)
    channel_id: int       # a channel or a thread; one live game per channel
    user_id: int
    user_name: str
    can_manage: bool = False  # the member has Manage Channels (may abandon, kick, replace)
    locale: str = "en"
    guild_locale: str | None = None  # the server's preferred locale: a new table's language


@dataclass(frozen=True)
class RematchPlan:
    """What the adapter needs to open a rematch: a thread off ``parent_channel_id`` named
    ``thread_name``, where it then calls :meth:`TablesService.rematch` with this plan."""

    source_game_id: int
    parent_channel_id: int
    thread_name: str


_NOT_NOW = {status: f"svc.not_now.{status}"
            for status in ("lobby", "active", "finished", "abandoned")}


class Refusal(Exception):
    """A request the service turns down; the message goes to the caller only.

    Raised with a catalogue key (and its placeholders), said in the caller's language; a
    text that is not a key is passed on as it is."""

    def __init__(self, text_key: str, /, **values: Any) -> None:
        super().__init__(text_key)
        self.key, self.values = text_key, values

    def say(self, locale: str) -> str:
        if isinstance(self.key, Msg):
            return say(_quoted(self.key), locale)
        return t(self.key, locale, **self.values) if has(self.key) else self.key

    def __str__(self) -> str:
        return self.say("en")


def _guarded(method: Callable[..., Awaitable[list[Reply]]]):
    """Turn refusals, rule errors and lost races into an ephemeral reply to the caller."""

    @functools.wraps(method)
    async def wrapper(self: TablesService, ctx: Ctx, *args: Any, **kwargs: Any) -> list[Reply]:
        try:
            replies = await method(self, ctx, *args, **kwargs)
        except Refusal as error:
            replies = [_private(ctx, error.say(ctx.locale))]
        except RuleError as error:
            replies = [_private(ctx, say(_quoted(error.text), ctx.locale))]
        except StaleVersion:
            replies = [_private(ctx, t("svc.stale", ctx.locale))]
        return [fitted(reply) for reply in replies]

    return wrapper


LONG_VALUE = 60  # a refusal's value longer than this is what someone typed, not a name


def _quoted(text: Any) -> Any:
    """A refusal with every long plain-text value cut by ``clip_word``: engines and helpers
    quote what was typed, and a Discord option holds up to 6,000 characters."""
    if not isinstance(text, Msg):
        return text
    return Msg(text.key, {name: _quoted_value(value) for name, value in text.params.items()})


def _quoted_value(value: Any) -> Any:
    if isinstance(value, Msg):
        return _quoted(value)
    if isinstance(value, str):
        return clip_word(value) if len(value) > LONG_VALUE else value
    if type(value) is list:  # not a tuple: a Reason is one, and is worded as it is
        return [_quoted_value(item) for item in value]
    return value


def _private(ctx: Ctx, text: str, **extra: Any) -> Reply:
    return Reply(text, Audience.EPHEMERAL, user_id=ctx.user_id, **extra)


def _public(text: str, **extra: Any) -> Reply:
    return Reply(text, Audience.CHANNEL, **extra)


@dataclass
class Table:
    """A game row with its engine, seats and (once started) loaded state."""

    row: GameRow
    game: Game
    seats: list[SeatRow]
    state: State | None = None
    boards: list[Reply] = field(default_factory=list)  # boards posted in this call (watchers)
    origin: str | None = None  # an imported game's starting state (replays begin there)

    def seat_of(self, user_id: int) -> SeatRow | None:
        return next((s for s in self.seats if s.user_id == user_id and not s.is_ai), None)

    def by_seat(self, seat: int) -> SeatRow:
        return next(s for s in self.seats if s.seat == seat)

    def who(self, seat: int) -> str:
        s = self.by_seat(seat)
        return f"**{s.name}** ({colour_name(s.colour, self.row.language)})"


class TablesService:
    def __init__(self, store: Store, games: Mapping[str, Game] = engine.GAMES,
                 render: Callable[[str, dict], bytes | list[bytes]] = render_board,
                 clock: Callable[[], float] = time.time, reminders: Reminders | None = None,
                 seed_source: Callable[[], int] | None = None, ai_limit: int = 5000) -> None:
        self.store = store
        self.games = games
        self.render = render
        self.clock = clock
        self.reminders = reminders
        self.seed_source = seed_source or (lambda: secrets.randbits(63))
        self.ai_limit = ai_limit  # AI moves per trigger: a bound, never a rule
        # game id -> the public view of the last full board posted (what the next one marks
        # as changed); lost on a restart, when the next board simply marks nothing
        self._last_boards: dict[int, dict] = {}
        # game id -> (seat, version): that seat's move ended its turn by itself and it holds
        # the next turn; a typed ``done`` at that version was meant for the turn that ended.
        self._closed_turns: dict[int, tuple[int, int]] = {}
        self._closed_names: dict[int, Any] = {}  # game id -> the step that ended
        # game id -> (the last action the previous turn card saw, the state then, dumped):
        # the next card's "before". The action id is also in the store, so after a restart
        # the card replays the log up to it instead.
        self._last_cards: dict[int, tuple[int, str]] = {}
        # The turn card is drawn like the boards are: a service given a stand-in board renderer
        # (tests, the service bench "without render") computes each card's view but draws none.
        self.card_render: Callable[[str, dict], bytes | None] = \
            render_turn_card if render is render_board else _no_picture
        self.cards_for_ai = False  # a turn card before AI seats' turns too (rheinbot demo)
        if reminders is not None:  # a run-out move clock asks us for the channel post
            reminders.clock_expired = self.clock_expired

    # == loading ===========================================================================
    def _game(self, key: str) -> Game:
        if key not in self.games:
            known = ", ".join(self.games)
            raise Refusal("svc.no_such_game", key=repr(clip_word(key)), known=known)
        return self.games[key]

    async def _table(self, ctx: Ctx, statuses: tuple[str, ...] = ("lobby", "active")
                     ) -> tuple[Table, list[Reply]]:
        """The channel's live game (state loaded if started) and any notices about it."""
        if ctx.guild_id is None:
            raise Refusal("svc.no_dm")
        row = await self.store.latest_game(ctx.channel_id)
        if row is None:
            raise Refusal("svc.no_game")
        if row.status not in statuses:
            raise Refusal(_NOT_NOW[row.status])
        return await self._load(row)

    async def _load(self, row: GameRow) -> tuple[Table, list[Reply]]:
        table = Table(row, self._game(row.game_key), await self.store.seats(row.id))
        if row.state is None:
            return table, []
        try:
            state = table.game.load(row.state)
            if row.state_format != _format_of(table.game):
                raise ValueError("snapshot written by another engine version")
            table.game.active(state)  # a snapshot that loads but is not a state fails here
            table.game.phase(state)
            table.state = state
            return table, []
        except Exception:
            log.warning("snapshot of game %s does not load; replaying its log", row.id,
                        exc_info=True)
        return await self._rebuild(table)

    async def _rebuild(self, table: Table) -> tuple[Table, list[Reply]]:
        actions = await self.store.actions(table.row.id)
        await self._fetch_origin(table)
        try:
            state = await asyncio.to_thread(self._replay, table, actions)
        except Exception as error:
            log.exception("game %s cannot be rebuilt from its log", table.row.id)
            raise Refusal("svc.damaged") from error
        await self.store.save_snapshot(table.row.id, table.row.version,
                                       self._snapshot(table, state), self.clock())
        row = await self.store.game(table.row.id)
        assert row is not None
        table.row, table.state = row, state
        notice = _public(t("svc.rebuilt", row.language, count=len(actions)))
        return table, [notice]

    def _replay(self, table: Table, actions: list[ActionRow]) -> State:
        seated = sum(1 for s in table.seats if s.seat is not None)
        game, row = table.game, table.row
        state = game.load(table.origin) if table.origin else \
            game.setup(seated, row.options, row.seed)
        for action in actions:
            game.apply(state, action.seat, game.parse(state, action.seat, action.notation))
        return state

    def _snapshot(self, table: Table, state: State) -> Snapshot:
        game = table.game
        over = game.result(state) is not None
        return Snapshot(state=game.dump(state), phase=game.phase(state),
                        status="finished" if over else "active",
                        active_seats=[] if over else list(game.active(state)),
                        state_format=_format_of(game))

    # == lobby =============================================================================
    @_guarded
    async def new(self, ctx: Ctx, game_key: str, options: dict | None = None,
                  min_players: int | None = None, max_players: int | None = None,
                  pace: str | None = None, lang: str | None = None) -> list[Reply]:
        """``pace``: "none" or a move clock like "24h"; ``lang``: the table's language for
        channel posts (default: the server's preferred locale)."""
        if ctx.guild_id is None:
            raise Refusal("svc.no_dm")
        game = self._game(game_key)
        chosen = game.normalise_options(options)
        low = game.min_players if min_players is None else min_players
        high = game.max_players if max_players is None else max_players
        if not game.min_players <= low <= high <= game.max_players:
            raise Refusal("svc.range", title=game.title, low=game.min_players,
                          high=game.max_players)
        pace_hours = parse_pace(pace)
        if lang is not None and lang.strip().lower() not in LANGUAGES:
            raise Refusal("svc.lang_unknown", value=clip_word(lang), choices=", ".join(LANGUAGES))
        table_lang = language(lang or ctx.guild_locale or "en")
        now = self.clock()
        try:
            row = await self.store.create_game(
                guild_id=ctx.guild_id, channel_id=ctx.channel_id, game_key=game_key,
                options=chosen, seed=self.seed_source(), creator_id=ctx.user_id,
                min_players=low, max_players=high, now=now, pace_hours=pace_hours,
                language=table_lang)
        except ChannelBusy:
            raise Refusal("svc.busy") from None
        colour = (_palette(game) or list(PLAYER_COLOURS))[0]
        await self.store.add_seat(row.id, row.version, user_id=ctx.user_id,
                                  name=ctx.user_name, colour=colour, now=now)
        variants = _variants_text(game, chosen, table_lang)
        players = f"{low}" if low == high else f"{low}-{high}"
        pace_note = " " + t("new.pace", table_lang, hours=f"{pace_hours:g}") if pace_hours \
            else ""
        return [_public(t("svc.opened", table_lang, name=ctx.user_name, title=game.title,
                          players=players, variants=variants,
                          colour=colour_name(colour, table_lang)) + pace_note,
                        title=game.title)]

    @_guarded
    async def join(self, ctx: Ctx, colour: str | None = None) -> list[Reply]:
        """Take a seat; ``colour``: the seat colour wanted (a seated player may change it in
        the lobby). A picked colour is kept at the start; a default one may change."""
        table, notices = await self._table(ctx)
        if table.row.status != "lobby":
            raise Refusal("svc.join_started")
        mine = table.seat_of(ctx.user_id)
        wanted = colour.strip() if colour and colour.strip() else None
        if mine and wanted is None:
            raise Refusal("svc.seated")
        if mine is None and len(table.seats) >= table.row.max_players:
            raise Refusal("svc.full", count=table.row.max_players)
        picked = self._pick_colour(table, wanted, mine)
        version = table.row.version
        holder = next((s for s in table.seats if s.colour.lower() == picked and s is not mine),
                      None)
        if holder is not None:  # held by default only (_pick_colour checked): hand on another
            used = {s.colour.lower() for s in table.seats if s not in (holder, mine)} | {picked}
            spare = next(c for c in self._colours(table) if c not in used)
            version = await self.store.set_colour(table.row.id, version, holder.joined, spare,
                                                  False, self.clock())
        lang = table.row.language
        palette = _palette(table.game)
        note = ""
        if palette and wanted is None:  # a default colour: the start may hand out another
            note = t("svc.own_colours", lang)
        elif palette and palette.index(picked) >= table.row.min_players:
            note = t("join.colour_needs", lang, count=palette.index(picked) + 1)
        if mine is not None:
            await self.store.set_colour(table.row.id, version, mine.joined, picked, True,
                                        self.clock())
            return notices + [_public(t("join.colour_changed", lang, name=mine.name,
                                        colour=colour_name(picked, lang), note=note))]
        await self.store.add_seat(table.row.id, version, user_id=ctx.user_id,
                                  name=ctx.user_name, colour=picked, now=self.clock(),
                                  colour_picked=wanted is not None)
        count = len(table.seats) + 1
        return notices + [_public(t("svc.joins", lang, name=ctx.user_name,
                                    colour=colour_name(picked, lang), note=note, count=count,
                                    max=table.row.max_players))]

    @staticmethod
    def _colours(table: Table) -> list[str]:
        """The colours a lobby hands out: the game's own seat colours up to the table's
        player count, else the bot's colours."""
        return _palette(table.game)[:table.row.max_players] or list(PLAYER_COLOURS)

    def _pick_colour(self, table: Table, wanted: str | None, mine: SeatRow | None = None
                     ) -> str:
        """The colour ``wanted`` (its key, or its name in the table's language), or the first
        free one. A colour another player picked is taken; one the lobby gave by default is
        not."""
        palette = self._colours(table)
        lang = table.row.language
        others = [s for s in table.seats if s is not mine]
        picked = {s.colour.lower() for s in others if s.colour_picked}
        if wanted is None:
            used = {s.colour.lower() for s in others}
            return next(c for c in palette if c not in used)
        free = [c for c in palette if c not in picked]
        typed = wanted.lower()
        found = next((c for c in palette if typed in (c, colour_name(c, lang).lower())), None)
        names = ", ".join(colour_name(c, lang) for c in free)
        if found is None:
            raise Refusal("svc.bad_colour", colour=repr(clip_word(wanted)), free=names)
        if found not in free:
            raise Refusal("svc.colour_taken", colour=colour_name(found, lang), free=names)
        return found

    async def colour_choices(self, ctx: Ctx, typed: str = "") -> list[tuple[str, str]]:
        """Autocomplete of ``/game join colour:``: the free seat colours of this channel's
        table (the game's own colours where it has them), named in the table's language."""
        try:
            table, _ = await self._table(ctx, ("lobby",))
        except Refusal:
            return []
        palette = self._colours(table)
        taken = {s.colour.lower() for s in table.seats if s.colour_picked}
        needle = typed.strip().lower()
        lang = table.row.language
        return [(colour_name(c, lang), c) for c in palette
                if c not in taken and (needle in c or needle in colour_name(c, lang).lower())]

    @_guarded
    async def leave(self, ctx: Ctx) -> list[Reply]:
        table, notices = await self._table(ctx)
        seat = table.seat_of(ctx.user_id)
        if seat is None:
            raise Refusal("svc.no_seat")
        if table.row.status == "lobby":
            await self.store.remove_seat(table.row.id, table.row.version, seat.joined,
                                         self.clock())
            return notices + [_public(t("svc.leaves", table.row.language, name=seat.name))]
        assert seat.seat is not None
        replies = notices + [_public(t("svc.leaves_ai", table.row.language, name=seat.name,
                                       colour=colour_name(seat.colour, table.row.language)))]
        return replies + await self._replace(table, seat.seat, None, None)

    @_guarded
    async def add_bot(self, ctx: Ctx, level: str = "easy") -> list[Reply]:
        table, notices = await self._table(ctx, ("lobby",))
        if level not in ai.LEVELS:
            raise Refusal("svc.ai_levels", levels=", ".join(ai.LEVELS))
        if not (table.seat_of(ctx.user_id) or self._may_manage(ctx, table.row)):
            raise Refusal("svc.bot_who")
        if len(table.seats) >= table.row.max_players:
            raise Refusal("svc.full", count=table.row.max_players)
        colour = self._pick_colour(table, None)
        number = 1 + sum(1 for s in table.seats if s.is_ai)
        name = f"Bot {number}"
        await self.store.add_seat(table.row.id, table.row.version, user_id=None, name=name,
                                  colour=colour, is_ai=True, ai_level=level, now=self.clock())
        return notices + [_public(t("svc.bot_joins", table.row.language, name=name, level=level,
                                    colour=colour_name(colour, table.row.language)))]

    @_guarded
    async def start(self, ctx: Ctx, order: str = "random") -> list[Reply]:
        table, notices = await self._table(ctx, ("lobby",))
        row = table.row
        if not self._may_manage(ctx, row):
            raise Refusal("svc.start_who")
        if order not in ("random", "joined"):
            raise Refusal("svc.order")
        count = len(table.seats)
        if not max(row.min_players, table.game.min_players) <= count:
            raise Refusal("svc.too_few", title=table.game.title, min=row.min_players,
                          count=count)
        joined = [s.joined for s in sorted(table.seats, key=lambda s: s.joined)]
        imported = await self._fetch_origin(table)
        if order == "random" and not imported:
            rng_shuffle(new_rng(row.seed ^ 0x5EA7), joined)  # imports keep the join order
        state = table.game.load(table.origin) if table.origin else \
            await asyncio.to_thread(table.game.setup, count, row.options, row.seed)
        seats = {s.joined: s for s in table.seats}
        colours = _seat_colours(table.game, state, count)
        if colours and not imported:  # a picked colour decides the seat: the game's seat
            joined = _by_picked_colour(joined, seats, colours, row.language)
        table.seats = [_seated(seats[j], number, colours) for number, j in enumerate(joined)]
        version = await self.store.start_game(row.id, row.version, joined,
                                              self._snapshot(table, state), self.clock(),
                                              colours=colours)
        table.row = await self._row(row.id)
        table.state = state
        lineup = ", ".join(f"{n + 1}. {table.who(n)}" for n in range(count))
        replies = notices + [_public(t("svc.begins", row.language, title=table.game.title,
                                       lineup=lineup), title=table.game.title)]
        opening = [say(line, row.language) for line in table.game.opening_log(state)]
        if opening and not imported:
            replies.append(_public(_clip("\n".join(opening))))
        replies.append(await self._board_reply(table, state))
        assert version == table.row.version
        replies += await self._after_change(table)
        return replies + self._secret_news(table, {}, None)

    async def _fetch_origin(self, table: Table) -> bool:
        """Load an imported game's starting state into ``table.origin``; True if imported."""
        found = await self.store.origin(table.row.id)
        table.origin = found["state"] if found else None
        return found is not None

    @_guarded
    async def import_18xx(self, ctx: Ctx, export: dict[str, Any]) -> list[Reply]:
        """Open a table in this channel from an 18xx.games export (see bot/imports.py)."""
        return await _open_imported(self, ctx, export)

    # == looking ===========================================================================
    @_guarded
    async def status(self, ctx: Ctx) -> list[Reply]:
        table, notices = await self._table(ctx, ("lobby", "active", "finished"))
        row = table.row
        lines = [f"**{table.game.title}**: " + t(f"svc.status.{row.status}", ctx.locale)
                 + (f", {say(row.phase, ctx.locale)}" if row.phase else "")]
        for s in table.seats:
            mark = t("svc.status.to_act", ctx.locale) if s.seat in row.active_seats else ""
            kind = t("svc.status.ai", ctx.locale) if s.is_ai else ""
            lines.append(f"- {s.name} ({colour_name(s.colour, ctx.locale)}){kind}{mark}")
        if row.status == "lobby":
            lines.append(t("svc.status.seated", ctx.locale, count=len(table.seats),
                           low=row.min_players, high=row.max_players))
        else:
            lines.append(t("svc.status.moves", ctx.locale,
                           count=len(await self.store.actions(row.id))))
        if table.state is not None and row.status == "finished":
            standings = table.game.result(table.state) or []
            lines += [f"{s.rank}. {table.who(s.seat)}: {s.score}" for s in standings]
        return notices + [_private(ctx, _clip("\n".join(lines)))]

    @_guarded
    async def board(self, ctx: Ctx, near: str | None = None) -> list[Reply]:
        """The public board; ``near`` (a hex like F9) zooms on a region where the game's
        pictures support it."""
        table, notices = await self._table(ctx, ("active", "finished"))
        assert table.state is not None
        if near and near.strip():
            try:
                view = extras_for(table.row.game_key).zoom(table.game, table.state, near,
                                                                lang=table.row.language)
            except NoZoom as error:
                raise Refusal(text_of(error)) from None
            text = t("svc.zoom.title", table.row.language, title=table.game.title,
                     phase=table.game.phase(table.state), near=near.upper())
            return notices + await self._pictures(table, [(text, view)])
        return notices + [await self._board_reply(table, table.state)]

    @_guarded
    async def preview(self, ctx: Ctx, move: str) -> list[Reply]:
        """``/game preview move:``: only for the caller, what a move would do (18Rhl: a
        zoomed picture of a tile lay, the routes of a run), checked on a copy of the game
        and never played."""
        table, notices = await self._table(ctx, ("active",))
        seat = self._active_seat(table, ctx)
        state = table.state
        assert state is not None
        action = self._parse(table, seat, move)
        table.game.apply(json.loads(json.dumps(state)), seat, action)  # RuleError: refused
        text, view = extras_for(table.row.game_key).preview(table.game, state, seat, action,
                                                                   lang=ctx.locale)
        files = []
        if view is not None:
            png = await asyncio.to_thread(self.render, table.row.game_key, view)
            files = [Attachment(f"{table.row.game_key}-{table.row.id}-preview.png", png)]
        return notices + [_private(ctx, _clip(text), files=files)]

    @_guarded
    async def hand(self, ctx: Ctx) -> list[Reply]:
        table, notices = await self._table(ctx, ("active",))
        seat = self._seat_or_refuse(table, ctx)
        state = table.state
        assert state is not None and seat.seat is not None
        game = table.game
        secret = _private_part(game.view(state, seat.seat), game.view(state, None))
        lines = [t("svc.hand.seat", ctx.locale, colour=colour_name(seat.colour, ctx.locale),
                   phase=game.phase(state))]
        lines += _secret_lines(secret, ctx.locale)
        buttons: list[Button] = []
        if seat.seat in game.active(state):
            moves = game.legal(state, seat.seat)
            labels = [say(game.label(state, m), ctx.locale) for m in moves[:20]]
            cut = " ..." if len(moves) > 20 else ""
            # a cut list still shows how to stop (done, pass, end), which may sort late
            out = next((m for m in moves[20:] if _stops(game, state, m)), None) if cut else None
            if out is not None:
                way = f"{say(game.label(state, out), ctx.locale)} ({game.format(state, out)})"
                cut += " " + t("svc.hand.way_out", ctx.locale, move=way)
            lines.append(t("svc.hand.moves", ctx.locale, count=len(moves)) + "; ".join(labels)
                         + cut)
            buttons = self._move_buttons(table, seat.seat, ctx.locale)
        else:
            lines.append(t("svc.hand.not_turn", ctx.locale))
        return notices + [_private(ctx, _clip("\n".join(lines)), buttons=buttons)]

    @_guarded
    async def log(self, ctx: Ctx, lines: int = 20) -> list[Reply]:
        table, notices = await self._table(ctx, ("active", "finished"))
        actions = await self.store.actions(table.row.id)
        shown = []
        for number, action in enumerate(actions, 1):
            name = table.by_seat(action.seat).name
            shown.append(f"{number}. {name}: " + " ".join(say(line, ctx.locale)
                                                          for line in action.lines))
        text = "\n".join(shown[-max(1, min(lines, 100)):]) or t("svc.log.none", ctx.locale)
        return notices + [_private(ctx, _clip(text, keep="end"))]

    @_guarded
    async def rules(self, ctx: Ctx, game_key: str | None, topic: str | None) -> list[Reply]:
        if game_key is None:
            row = await self.store.live_game(ctx.channel_id)
            if row is None:
                titles = ", ".join(f"{k} ({g.title})" for k, g in self.games.items())
                return [_private(ctx, t("svc.rules.games", ctx.locale, titles=titles))]
            game_key = row.game_key
        return [_private(ctx, _clip(say(self._game(game_key).rules(topic), ctx.locale)))]

    @_guarded
    async def my_games(self, ctx: Ctx) -> list[Reply]:
        waiting = []
        for row in await self.store.games_of_user(ctx.user_id, ("active",)):
            seats = await self.store.seats(row.id)
            mine = next((s for s in seats if s.user_id == ctx.user_id and not s.is_ai), None)
            if mine is not None and mine.seat in row.active_seats:
                title = self.games[row.game_key].title if row.game_key in self.games \
                    else row.game_key
                waiting.append(t("svc.mygames.line", ctx.locale, title=title,
                                 channel=row.channel_id, phase=row.phase))
        text = "\n".join([t("svc.mygames.head", ctx.locale), *waiting]) if waiting else \
            t("svc.mygames.none", ctx.locale)
        return [_private(ctx, _clip(text))]

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

    # == moves =============================================================================
    @_guarded
    async def play(self, ctx: Ctx, move: str, version: int | None = None) -> list[Reply]:
        table, notices = await self._table(ctx, ("active",))
        if version is not None and version != table.row.version:
            return notices + [_private(ctx, t("svc.stale", ctx.locale))]
        seat = self._active_seat(table, ctx)
        state = table.state
        assert state is not None
        try:
            action = self._parse(table, seat, move)
        except RuleError:  # a step of a step-by-step choice (18Rhl: "lay F11") gets a hint
            hint = extras_for(table.row.game_key).incomplete(table.game, state, seat, move)
            if hint is None:
                raise
            raise Refusal(hint) from None
        if action.get("type") == "done" and \
                self._closed_turns.pop(table.row.id, None) == (seat, table.row.version):
            # Typed before the player saw that their turn had ended by itself: ending the
            # new turn unseen is refused once, with what it is.
            return notices + [_private(ctx, self._turn_news("svc.done_stale", table, seat,
                                                            ctx.locale))]
        return notices + await self._play_action(table, seat, ctx.user_id, action)

    def _turn_news(self, key: str, table: Table, seat: int, lang: str) -> str:
        game, state = table.game, table.state
        assert state is not None
        name = getattr(game, "step_name", game.phase)
        before = self._closed_names.get(table.row.id, "")
        return t(key, lang, before=say(before, lang), now=say(name(state), lang),
                 expected=_expected(game, state, seat, lang))

    @_guarded
    async def press(self, ctx: Ctx, custom_id: str) -> list[Reply]:
        parts = custom_id.split(":")
        clock = _clock_choice(parts[3]) if len(parts) == 4 else None
        if len(parts) != 4 or parts[0] != "rb" or not _number(parts[1]) or \
                not _number(parts[2]) or not (_number(parts[3]) or parts[3] in UNDO_CHOICES
                                              or clock):
            raise Refusal("svc.button_foreign")
        game_id, version = int(parts[1]), int(parts[2])
        row = await self.store.game(game_id)
        if row is None or row.channel_id != ctx.channel_id:
            raise Refusal("svc.button_elsewhere")
        if clock is not None and row.status == "active":
            # Not tied to the version: others may have moved in a simultaneous phase; what
            # counts is that this seat is still waiting and its clock has run out.
            table, notices = await self._load(row)
            return notices + await self._clock_decision(ctx, table, *clock)
        if row.status != "active" or row.version != version:
            return [_private(ctx, t("svc.stale", ctx.locale))]
        table, notices = await self._load(row)
        if table.row.version != version:  # a rebuild bumped it
            return notices + [_private(ctx, t("svc.stale", ctx.locale))]
        if parts[3] in UNDO_CHOICES:
            return notices + await self.vote_undo(ctx, UNDO_CHOICES[parts[3]])
        index = int(parts[3])
        seat = self._active_seat(table, ctx)
        assert table.state is not None
        moves = table.game.legal(table.state, seat)
        if index >= len(moves):
            return notices + [_private(ctx, t("svc.stale", ctx.locale))]
        return notices + await self._play_action(table, seat, ctx.user_id, moves[index])

    def _parse(self, table: Table, seat: int, text: str) -> Action:
        """The engine's parse; if that fails, again with German keywords made English."""
        assert table.state is not None
        try:
            return table.game.parse(table.state, seat, text)
        except RuleError:
            english = english_move(table.row.game_key, text)
            if english == text:
                raise
            try:
                return table.game.parse(table.state, seat, english)
            except RuleError:
                pass
            raise

    async def move_choices(self, ctx: Ctx, typed: str) -> list[tuple[str, str]]:
        """Autocomplete: the caller's legal moves matching ``typed``; fast, no rendering."""
        try:
            table, _ = await self._table(ctx, ("active",))
            seat = self._active_seat(table, ctx)
        except (Refusal, StaleVersion):
            return []
        game, state = table.game, table.state
        assert state is not None
        stepped = extras_for(table.row.game_key).choices(
            game, state, seat, english_move(table.row.game_key, typed),  # German words too
            lang=ctx.locale)
        if stepped is not None:  # a game walking big choices step by step (18Rhl lays)
            return stepped[:25]
        needle = typed.strip().lower()
        english = english_move(table.row.game_key, needle).lower()  # German keywords too
        choices = []
        for action in game.legal(state, seat):
            label = say(game.label(state, action), ctx.locale)
            notation = game.format(state, action)
            if len(notation) > 100:
                continue
            if needle in label.lower() or needle in notation.lower() or \
                    english in notation.lower():
                choices.append((label[:100], notation))
                if len(choices) == 25:
                    break
        return choices

    @staticmethod
    def _move_line(table: Table, seat: int, lines: list[str], before: State,
                   action: Action) -> str:
        """The channel line for a move."""
        return f"{table.who(seat)}: {TablesService._move_said(table, lines, before, action)}"

    @staticmethod
    def _move_said(table: Table, lines: list[str], before: State, action: Action) -> str:
        """What a move did, in the table's language; a move the rules log nothing for
        (``done``, ``pass``) shows its label and notation, so the channel never reads an
        empty line."""
        lang = table.row.language
        return " ".join(say(line, lang) for line in lines) or \
            f"{say(table.game.label(before, action), lang)} (`{table.game.format(before, action)}`)"

    async def _play_action(self, table: Table, seat: int, user_id: int | None,
                           action: Action) -> list[Reply]:
        game = table.game
        assert table.state is not None
        phase_before = game.phase(table.state)
        secrets_before = self._secrets(table)
        before = table.state
        turn_key = getattr(game, "turn_key", None)
        key_before = turn_key(before) if turn_key is not None else None
        lines = await self._commit(table, seat, user_id, action)
        state = table.state  # _commit replaced it with the new state
        replies = self._line_replies([self._move_line(table, seat, lines, before, action)])
        replies += await self._pictures(table, extras_for(table.row.game_key).images_after(
            game, before, seat, action, state, lang=table.row.language))
        if game.phase(state) != phase_before and game.result(state) is None:
            replies.append(await self._board_reply(table, state))
        replies += await self._after_change(table)
        news = self._closed_turn(table, seat, user_id, action, before, key_before)
        return _folded(replies) + news + self._secret_news(table, secrets_before, phase_before)

    def _closed_turn(self, table: Table, seat: int, user_id: int | None, action: Action,
                     before: State, key_before: Any) -> list[Reply]:
        """When a move (not ``done``) ended its player's turn by itself and they hold the
        next turn (Rhein: the last truck placed, nothing left aboard at a stop), tell them
        what they must do now, and remember it for ``play``'s stale-``done`` check."""
        self._closed_turns.pop(table.row.id, None)
        game, state = table.game, table.state
        turn_key = getattr(game, "turn_key", None)
        if turn_key is None or user_id is None or state is None or \
                action.get("type") == "done" or seat not in game.active(state) or \
                turn_key(state) == key_before:
            return []
        self._closed_turns[table.row.id] = (seat, table.row.version)
        self._closed_names[table.row.id] = getattr(game, "step_name", game.phase)(before)
        lang = table.row.language
        return [Reply(self._turn_news("svc.step_closed", table, seat, lang), Audience.EPHEMERAL,
                      user_id=user_id)]

    def _secrets(self, table: Table) -> dict[int, list[tuple[str, Any]]]:
        """What each human seat sees beyond the public view (their hand, their coins...)."""
        game, state = table.game, table.state
        assert state is not None
        public = game.view(state, None)
        return {s.seat: _private_part(game.view(state, s.seat), public)
                for s in table.seats if s.seat is not None and not s.is_ai and s.user_id}

    def _secret_news(self, table: Table, before: dict[int, list[tuple[str, Any]]],
                     phase_before: str | None) -> list[Reply]:
        """After a phase change, a DM to each player whose hidden information changed (a new
        deal, a draw); within a phase /game hand shows it, so ordinary moves send no DMs."""
        assert table.state is not None
        phase = table.game.phase(table.state)
        if phase == phase_before or table.game.result(table.state) is not None:
            return []
        replies = []
        for seat, secret in self._secrets(table).items():
            if secret and secret != before.get(seat):
                text = _clip("\n".join([t("svc.only_you", table.row.language, phase=phase),
                                        *_secret_lines(secret, table.row.language)]))
                replies.append(Reply(text, Audience.DM, user_id=table.by_seat(seat).user_id))
        return replies

    async def _commit(self, table: Table, seat: int, user_id: int | None,
                      action: Action) -> list[str]:
        """Apply ``action`` to the table's state and store it (one transaction)."""
        game, state = table.game, table.state
        assert state is not None
        notation = game.format(state, action)
        before = game.reveals(state)
        work = json.loads(json.dumps(state))
        lines = game.apply(work, seat, action)  # RuleError leaves everything unchanged
        move = Move(seat=seat, user_id=user_id, notation=notation, lines=lines,
                    reveals_before=before, reveals_after=game.reveals(work))
        await self.store.commit_move(table.row.id, table.row.version, move,
                                     self._snapshot(table, work), self.clock())
        table.state = work
        table.row = await self._row(table.row.id)
        return lines

    async def _after_change(self, table: Table) -> list[Reply]:
        """AI seats move, then the result post or the turn prompt; reminders follow."""
        replies = await self._run_ai(table)
        game, state = table.game, table.state
        assert state is not None
        if game.result(state) is not None:
            replies += await self._result_replies(table)
            await self._record_result(table)
        else:
            replies += await self._prompt_pictures(table)
            replies += await self._pinging(table, self._turn_prompt(table))
            await self._card_on_prompt(table, replies)
        await self._tell_reminders(table)
        return _folded(replies) + await self._watch_news(table)

    async def _run_ai(self, table: Table) -> list[Reply]:
        """AI seats move until a human is to act or the game ends. The channel gets their
        moves quietly (``_ai_posts``): one message for what follows a human move, and the
        board once, at the end, if a phase ended meanwhile (a board of a phase nobody acted
        in would be stale on arrival). The demo (``cards_for_ai``) shows every AI turn as
        its card and keeps a board per phase."""
        game, state = table.game, table.state
        assert state is not None
        replies: list[Reply] = []
        sections: list[tuple[Any, list[tuple[int, str]]]] = []  # (phase, [(seat, did)])
        pictures: list[Attachment] = []
        phase_ended = False
        carded: int | None = None  # the seat the last turn card (cards_for_ai) was for
        for _ in range(self.ai_limit):
            if game.result(state) is not None:
                break
            bots = [s for s in game.active(state) if table.by_seat(s).is_ai]
            if not bots:
                break
            seat = bots[0]
            if self.cards_for_ai and seat != carded:
                replies += self._ai_posts(table, sections, pictures) + \
                    await self._ai_card(table)
                sections, pictures, carded = [], [], seat
            level = table.by_seat(seat).ai_level or "easy"
            # legal() can take milliseconds (18Rhl tile lays): choose off the event loop.
            action = await asyncio.to_thread(ai.choose, game, state, seat, level,
                                             table.row.seed, table.row.version)
            phase_before = game.phase(state)
            try:
                lines = await self._commit(table, seat, None, action)
            except StaleVersion:
                break  # someone else moved meanwhile; their call carries on from there
            before, state = state, table.state
            assert state is not None
            if not sections or sections[-1][0] != phase_before:
                sections.append((phase_before, []))
            sections[-1][1].append((seat, self._move_said(table, lines, before, action)))
            shots = extras_for(table.row.game_key).images_after(game, before, seat, action,
                                                                state, lang=table.row.language)
            if shots:  # (18Rhl routes run) ride on the run's post
                pictures += [f for r in await self._pictures(table, shots) for f in r.files]
            if game.phase(state) != phase_before and game.result(state) is None:
                phase_ended = True
                if self.cards_for_ai:
                    board = await self._board_reply(table, state)
                    replies += self._ai_posts(table, sections, pictures, board)
                    sections, pictures, phase_ended = [], [], False
        board = await self._board_reply(table, state) \
            if phase_ended and game.result(state) is None else None
        return replies + self._ai_posts(table, sections, pictures, board)

    def _ai_posts(self, table: Table, sections: list[tuple[Any, list[tuple[int, str]]]],
                  pictures: list[Attachment], board: Reply | None = None) -> list[Reply]:
        """AI seats' moves as few messages as Discord's limits allow (usually one): per
        phase a heading (when there are several, or a board follows) and its moves, the
        consecutive moves of a seat on one line, in the order they were made; the pictures
        they made and the board ride on the last message, whose text is the board's."""
        if not sections and not pictures and board is None:
            return []
        lang = table.row.language
        headed = len(sections) > 1 or board is not None
        blocks = ["\n".join(([f"__{say(phase, lang)}__"] if headed else [])
                            + self._seat_lines(table, moves)) for phase, moves in sections]
        room = EMBED_LIMIT - len(board.text) - 1 if board is not None else TEXT_LIMIT
        last: list[str] = []  # the blocks that fit into the last message, from the end
        while blocks and sum(len(b) + 1 for b in last) + len(blocks[-1]) <= room:
            last.insert(0, blocks.pop())
        replies = self._line_replies(blocks)  # earlier phases of a long run, plain texts
        keep = MAX_FILES - (len(board.files) if board is not None else 0)
        early, late = pictures[:len(pictures) - keep], pictures[len(pictures) - keep:]
        # more pictures than one message carries: the earliest go first, ten at a time
        replies += [_public("", files=early[i:i + MAX_FILES])
                    for i in range(0, len(early), MAX_FILES)]
        if board is None:
            replies.append(_public("\n".join(last), files=late))
        else:
            replies.append(_public("\n".join([*last, board.text]), title=board.title,
                                   files=late + board.files))
        return [r for r in replies if r.text or r.files]

    @staticmethod
    def _seat_lines(table: Table, moves: list[tuple[int, str]]) -> list[str]:
        """One line per run of a seat's moves; a phase longer than ``AI_PHASE_LIMIT`` ends
        with how many moves are left out (``/game log`` lists every move)."""
        grouped: list[tuple[int, list[str]]] = []
        for seat, said in moves:
            if grouped and grouped[-1][0] == seat:
                grouped[-1][1].append(said)
            else:
                grouped.append((seat, [said]))
        lines: list[str] = []
        used = 0
        for number, (seat, saids) in enumerate(grouped):
            line = f"{table.who(seat)}: {' · '.join(saids)}"
            if len(line) > AI_LINE_LIMIT:
                line = line[:AI_LINE_LIMIT - 1] + "…"
            more = t("svc.ai_more", table.row.language,
                     count=sum(len(rest) for _, rest in grouped[number:]))
            room = AI_PHASE_LIMIT - used - len(line) - 1
            if room < 0 or (number < len(grouped) - 1 and room < len(more) + 1):
                lines.append(more)  # the lines before kept room for it
                break
            lines.append(line)
            used += len(line) + 1
        return lines

    # == turn cards =========================================================================
    async def _card_on_prompt(self, table: Table, replies: list[Reply]) -> None:
        """The turn card goes with the turn prompt, the last reply, when a human is to act."""
        assert table.state is not None
        if not replies or not any(not table.by_seat(s).is_ai
                                  for s in table.game.active(table.state)):
            return
        card = await self._turn_card(table)
        if card is not None:
            replies[-1].files.append(card)

    async def _ai_card(self, table: Table) -> list[Reply]:
        """A turn card before an AI seat's turn (the demo shows every turn as a card)."""
        card = await self._turn_card(table)
        if card is None:
            return []
        assert table.state is not None
        phase = say(table.game.phase(table.state), table.row.language)
        return [_public(f"{table.game.title}: {phase}", title=phase, files=[card])]

    async def _turn_card(self, table: Table) -> Attachment | None:
        """The turn card: who acts, what changed since the previous card and the standings,
        drawn from public views only. Remembers (store and memory) what this card saw."""
        game, state, row = table.game, table.state, table.row
        assert state is not None
        mark = await self.store.card_mark(row.id)
        since = await self.store.actions(row.id, after=mark)
        cached = self._last_cards.get(row.id)
        try:
            if cached is not None and mark is not None and cached[0] == mark:
                base = game.load(cached[1])
            else:
                seen = [a for a in await self.store.actions(row.id)
                        if mark is not None and a.id <= mark]
                await self._fetch_origin(table)
                base = await asyncio.to_thread(self._replay, table, seen)
            view = await asyncio.to_thread(self._card_view, table, base, since, mark is None)
            png = await asyncio.to_thread(self.card_render, row.game_key, view)
        except Exception:
            log.exception("the turn card of game %s failed", row.id)
            return None
        last = since[-1].id if since else \
            max((a.id for a in await self.store.actions(row.id)), default=0)
        await self.store.set_card_mark(row.id, last)
        self._last_cards[row.id] = (last, game.dump(state))
        if png is None:
            return None
        return Attachment(f"{game.key}-{row.id}-v{row.version}-turn-card.png", png)

    def _card_view(self, table: Table, base: State, since: list[ActionRow],
                   first: bool) -> dict:
        """The card's public view: the moves since ``base`` as the channel read them (a move
        the rules log nothing for by its label), the places they touched, who acts now."""
        game, state, lang = table.game, table.state, table.row.language
        assert state is not None
        before = game.view(base, None)
        work = json.loads(json.dumps(base))
        moves = []
        for number, row in enumerate(since):
            action = game.parse(work, row.seat, row.notation)
            if number >= len(since) - CARD_MOVES:
                said = _joined([say(line, lang) for line in row.lines]) or \
                    say(game.label(work, action), lang)
                moves.append({"seat": row.seat, "text": said})
            game.apply(work, row.seat, action)
        public = game.view(state, None)
        view = self._picture_view(table, public)
        view["card"] = {"acting": list(game.active(state)), "moves": moves,
                        "earlier": max(0, len(since) - CARD_MOVES), "first": first,
                        "changed": board_changes(table.row.game_key, before, public)}
        return view

    async def _prompt_pictures(self, table: Table) -> list[Reply]:
        """Pictures the game shows the one human to act before they choose (18Rhl: the
        routes ``run auto`` would run, with their revenue)."""
        game, state = table.game, table.state
        assert state is not None
        humans = [s for s in game.active(state) if not table.by_seat(s).is_ai]
        if len(humans) != 1:
            return []
        shots = extras_for(table.row.game_key).prompt_images(game, state, humans[0],
                                                                   lang=table.row.language)
        if not shots or _private_part(game.view(state, humans[0]), game.view(state, None)):
            return []  # (the channel never sees a picture drawn for a seat with secrets)
        return await self._pictures(table, shots)

    def _turn_prompt(self, table: Table) -> list[Reply]:
        game, state = table.game, table.state
        assert state is not None
        humans = [table.by_seat(s) for s in game.active(state) if not table.by_seat(s).is_ai]
        if not humans:
            return []
        mentions = " ".join(f"<@{s.user_id}>" for s in humans)
        lang = table.row.language
        text = t("svc.your_turn", lang, mentions=mentions, phase=game.phase(state),
                 hint=t("svc.turn_hint", lang))
        buttons: list[Button] = []
        if len(humans) == 1 and humans[0].seat is not None:
            seat = humans[0].seat
            # Move labels could reveal a hand, so buttons go into the channel only for a
            # seat that sees nothing the public does not.
            if not _private_part(game.view(state, seat), game.view(state, None)):
                buttons = self._move_buttons(table, seat)
        return [_public(text, buttons=buttons)]

    async def _pinging(self, table: Table, prompt: list[Reply]) -> list[Reply]:
        """The turn prompt names every waiting player; it pings only those whose notice of
        the turn it is (the others get their DM from the reminders: one notice, not two)."""
        if self.reminders is None or table.state is None:
            return prompt
        users = [table.by_seat(s).user_id for s in table.game.active(table.state)
                 if not table.by_seat(s).is_ai and table.by_seat(s).user_id is not None]
        pings = await self.reminders.pings(table.row.id, [u for u in users if u is not None])
        for reply in prompt:
            reply.pings = pings
        return prompt

    def _move_buttons(self, table: Table, seat: int, lang: str | None = None) -> list[Button]:
        """Buttons for the moves the game picks (default: the first five legal moves); each
        custom id carries the move's index in ``legal()``, which ``press`` resolves."""
        game, state = table.game, table.state
        assert state is not None
        moves = game.legal(state, seat)
        picked = extras_for(table.row.game_key).button_indexes(game, state, seat, moves)
        lang = lang or table.row.language
        return [Button(say(game.label(state, moves[i]), lang)[:80],
                       f"rb:{table.row.id}:{table.row.version}:{i}") for i in picked[:25]]

    async def _pictures(self, table: Table, shots: list[tuple[str, dict]]) -> list[Reply]:
        """Channel posts of extra pictures a game asks for (routes run, run auto's proposal);
        views are public views, drawn by the table's renderer."""
        replies = []
        for number, (text, view) in enumerate(shots):
            try:
                png = await asyncio.to_thread(self.render, table.row.game_key,
                                              self._picture_view(table, view))
            except Exception:
                log.exception("rendering a %s picture failed", table.row.game_key)
                replies.append(_public(_clip(text)))
                continue
            name = f"{table.row.game_key}-{table.row.id}-v{table.row.version}-{number}.png"
            replies.append(_public(_clip(text), files=[Attachment(name, png)]))
        return replies

    async def _result_replies(self, table: Table) -> list[Reply]:
        game, state = table.game, table.state
        assert state is not None
        standings = game.result(state) or []
        lines = [f"{s.rank}. {table.who(s.seat)}: {s.score}" for s in standings]
        winners = [f"**{table.by_seat(s.seat).name}**" for s in standings if s.rank == 1]
        lang = table.row.language
        if len(winners) == 1:
            head = t("svc.wins", lang, name=winners[0])
        else:
            head = t("svc.share_win", lang, names=", ".join(winners[:-1]), last=winners[-1])
        board = await self._board_reply(table, state)
        return [_public("\n".join([head, *lines]),
                        title=t("svc.final_title", lang, title=game.title), files=board.files)]

    async def _tell_reminders(self, table: Table) -> None:
        if self.reminders is None:
            return
        try:
            await self.reminders.game_changed(self._turn_info(table))
        except Exception:  # reminders are a courtesy: never fail a committed move for them
            log.exception("updating reminders of game %s failed", table.row.id)

    def _turn_info(self, table: Table) -> TurnInfo:
        row, game, state = table.row, table.game, table.state
        live = row.status in ("lobby", "active") and state is not None
        waiting: dict[int, str] = {}
        if live and state is not None:
            for seat in game.active(state):
                s = table.by_seat(seat)
                if not s.is_ai and s.user_id is not None:
                    waiting[s.user_id] = _expected(game, state, seat, row.language)
        return TurnInfo(game_id=row.id, guild_id=row.guild_id, channel_id=row.channel_id,
                        title=game.title, phase=row.phase, live=live, waiting=waiting,
                        pace_hours=row.pace_hours, language=row.language)

    # == undo ==============================================================================
    @_guarded
    async def undo(self, ctx: Ctx) -> list[Reply]:
        table, notices = await self._table(ctx, ("active",))
        seat = self._seat_or_refuse(table, ctx)
        actions = await self.store.actions(table.row.id)
        mine = [i for i, a in enumerate(actions) if a.seat == seat.seat]
        if not mine:
            raise Refusal("svc.undo.none")
        first = mine[-1]
        later = actions[first:]
        state = table.state
        assert state is not None
        humans_after = {a.seat for a in later[1:] if not table.by_seat(a.seat).is_ai}
        voters = self._voters(table, seat)
        free = (seat.seat in table.game.active(state) and not humans_after
                and table.game.reveals(state) == later[0].reveals_before)
        if free or not voters:
            return notices + await self._undo(table, later[0].id, len(later), seat.name)
        await self.store.cast_vote(table.row.id, table.row.version, later[0].id, ctx.user_id,
                                   ctx.user_id, True, self.clock())
        mentions = " ".join(f"<@{s.user_id}>" for s in voters)
        prefix = f"rb:{table.row.id}:{table.row.version}:"
        lang = table.row.language
        return notices + [_public(
            t("svc.undo.ask_one" if len(later) == 1 else "svc.undo.ask", lang, name=seat.name,
              count=len(later), mentions=mentions),
            buttons=[Button(t("svc.undo.agree", lang), prefix + "undo-yes", "success"),
                     Button(t("svc.undo.refuse", lang), prefix + "undo-no", "danger")])]

    @_guarded
    async def vote_undo(self, ctx: Ctx, agree: bool) -> list[Reply]:
        table, notices = await self._table(ctx, ("active",))
        seat = self._seat_or_refuse(table, ctx)
        votes = await self.store.votes(table.row.id, table.row.version)
        if not votes:
            raise Refusal("svc.undo.no_vote")
        if not agree:
            await self.store.clear_votes(table.row.id)
            return notices + [_public(t("svc.undo.refused", table.row.language,
                                        name=seat.name))]
        requester = votes[0]["requested_by"]
        await self.store.cast_vote(table.row.id, table.row.version, votes[0]["target_action"],
                                   requester, ctx.user_id, True, self.clock())
        agreed = {v["user_id"] for v in votes} | {ctx.user_id}
        asker = table.seat_of(requester)
        voters = self._voters(table, asker) if asker else []
        missing = [s for s in voters if s.user_id not in agreed]
        if missing:
            names = ", ".join(s.name for s in missing)
            return notices + [_public(t("svc.undo.agreed", table.row.language, name=seat.name,
                                        names=names))]
        actions = await self.store.actions(table.row.id)
        count = sum(1 for a in actions if a.id >= votes[0]["target_action"])
        name = asker.name if asker else t("svc.a_player", table.row.language)
        return notices + await self._undo(table, votes[0]["target_action"], count, name)

    def _voters(self, table: Table, asker: SeatRow) -> list[SeatRow]:
        """Every other human player; AI seats never object."""
        return [s for s in table.seats if not s.is_ai and s.user_id != asker.user_id]

    async def _undo(self, table: Table, first_action: int, count: int, name: str
                    ) -> list[Reply]:
        actions = [a for a in await self.store.actions(table.row.id) if a.id < first_action]
        phase_before = table.row.phase
        await self._fetch_origin(table)
        state = await asyncio.to_thread(self._replay, table, actions)
        await self.store.undo_from(table.row.id, table.row.version, first_action,
                                   self._snapshot(table, state), self.clock())
        table.state = state
        table.row = await self._row(table.row.id)
        replies = [_public(t("svc.undo.done_one" if count == 1 else "svc.undo.done",
                             table.row.language, name=name, count=count))]
        if table.game.phase(state) != phase_before:
            replies.append(await self._board_reply(table, state))
        return replies + await self._after_change(table)

    # == management ========================================================================
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
        replies = notices + [_public(t("svc.replaced", lang, name=target.name,
                                       colour=colour_name(target.colour, lang), who=who))]
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

    # == move clock ========================================================================
    async def clock_expired(self, game_id: int, user_id: int) -> list[Reply]:
        """The channel post when ``user_id``'s move clock ran out: buttons for the others to
        let an AI play the turn, skip it (only if the rules offer a pass) or replace them."""
        row = await self.store.game(game_id)
        if row is None or row.status != "active":
            return []
        table, _ = await self._load(row)
        seat = table.seat_of(user_id)
        if seat is None or seat.seat is None or table.state is None or \
                seat.seat not in table.game.active(table.state):
            return []
        lang = row.language
        prefix = f"rb:{row.id}:{row.version}:clock-"
        buttons = [Button(t("clock.button_ai", lang), f"{prefix}ai-{seat.seat}", "primary")]
        if _pass_action(table.game, table.state, seat.seat) is not None:
            buttons.append(Button(t("clock.button_skip", lang), f"{prefix}skip-{seat.seat}"))
        buttons.append(Button(t("clock.button_replace", lang), f"{prefix}replace-{seat.seat}",
                              "danger"))
        text = t("clock.expired", lang, mention=f"<@{user_id}>", title=table.game.title,
                 hours=f"{row.pace_hours or 0:g}")
        return [_public(text, buttons=buttons)]

    async def _clock_decision(self, ctx: Ctx, table: Table, choice: str, seat: int
                              ) -> list[Reply]:
        lang = table.row.language
        state = table.state
        assert state is not None
        target = next((s for s in table.seats if s.seat == seat), None)
        if target is None or target.is_ai or target.user_id is None or \
                seat not in table.game.active(state) or \
                not await self._clock_ran_out(table.row.id, target.user_id):
            raise Refusal("clock.not_expired")
        me = table.seat_of(ctx.user_id)
        if ctx.user_id == target.user_id or not (me or ctx.can_manage):
            raise Refusal("clock.not_other")
        said = _public(t(f"clock.chose_{choice}", lang, name=ctx.user_name, target=target.name))
        if choice == "replace":
            return [said] + await self._replace(table, seat, None, None)
        if choice == "skip":
            action = _pass_action(table.game, state, seat)
            if action is None:
                raise Refusal("clock.no_pass")
            return [said] + await self._play_action(table, seat, None, action)
        return [said] + await self._ai_turn(table, seat)

    async def _clock_ran_out(self, game_id: int, user_id: int) -> bool:
        rows = await self.store.reminders(game_id, user_id=user_id)
        return any(r.kind == "clock" and (r.payload.get("expired") or
                                          float(r.payload.get("deadline", 0)) <= self.clock())
                   for r in rows)

    async def _ai_turn(self, table: Table, seat: int, limit: int = 30) -> list[Reply]:
        """An easy AI plays ``seat``'s moves until its turn is over (the seat stays human)."""
        game = table.game
        replies: list[Reply] = []
        lines: list[str] = []
        for _ in range(limit):
            state = table.state
            assert state is not None
            if game.result(state) is not None or seat not in game.active(state):
                break
            action = await asyncio.to_thread(ai.choose, game, state, seat, "easy",
                                             table.row.seed, table.row.version)
            phase_before = game.phase(state)
            said = await self._commit(table, seat, None, action)
            lines.append(f"{table.who(seat)}: "
                         + " ".join(say(line, table.row.language) for line in said))
            assert table.state is not None
            if game.phase(table.state) != phase_before and game.result(table.state) is None:
                replies += self._line_replies(lines)
                lines = []
                replies.append(await self._board_reply(table, table.state))
        return replies + self._line_replies(lines) + await self._after_change(table)

    # == spectators, stats, rematch ========================================================
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
            replies.append(self._watch_dm(table, board, ctx.user_id))
        return notices + replies

    def _watch_dm(self, table: Table, board: Reply, user_id: int) -> Reply:
        # Only the public board and the phase name: never a seat's view.
        text = t("watch.dm", table.row.language, title=table.game.title,
                 channel=table.row.channel_id, phase=board.title or table.row.phase)
        return Reply(text, Audience.DM, user_id=user_id, files=list(board.files))

    async def _watch_news(self, table: Table) -> list[Reply]:
        """DMs to the spectators with each public board this call posted."""
        boards, table.boards = table.boards, []
        if not boards:
            return []
        watchers = await self.store.watchers(table.row.id)
        return [self._watch_dm(table, board, user) for board in boards for user in watchers
                if board.files]

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
                table, _ = await self._load(row)
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

    async def prepare_rematch(self, ctx: Ctx) -> tuple[RematchPlan | None, list[Reply]]:
        """Check a rematch may be opened here; the plan, or (None, the refusal)."""
        try:
            if ctx.guild_id is None:
                raise Refusal("svc.no_dm")
            row = await self.store.latest_game(ctx.channel_id)
            if row is None or row.status != "finished":
                raise Refusal("rematch.not_finished")
            seats = await self.store.seats(row.id)
            if not (ctx.can_manage or any(s.user_id == ctx.user_id for s in seats)):
                raise Refusal("rematch.not_player")
            game = self._game(row.game_key)
        except Refusal as error:
            return None, [_private(ctx, error.say(ctx.locale))]
        number = 1
        source = row
        while source.rematch_of is not None and number < 50:
            number += 1
            older = await self.store.game(source.rematch_of)
            if older is None:
                break
            source = older
        name = t("rematch.thread", row.language, title=game.title, number=number)
        return RematchPlan(row.id, row.channel_id, name[:100]), []

    @_guarded
    async def rematch(self, ctx: Ctx, plan: RematchPlan) -> list[Reply]:
        """Open the rematch table in ``ctx.channel_id`` (the new thread): the same game,
        options, pace and language, every seat of the old game seated again in its old seat
        order (AI seats too), and a new seed. The creator then starts it."""
        old = await self.store.game(plan.source_game_id)
        if old is None or old.status != "finished":
            raise Refusal("rematch.not_finished")
        game = self._game(old.game_key)
        now = self.clock()
        try:
            row = await self.store.create_game(
                guild_id=ctx.guild_id, channel_id=ctx.channel_id, game_key=old.game_key,
                options=old.options, seed=self.seed_source(), creator_id=ctx.user_id,
                min_players=old.min_players, max_players=old.max_players, now=now,
                pace_hours=old.pace_hours, language=old.language, rematch_of=old.id)
        except ChannelBusy:
            raise Refusal("svc.busy") from None
        version = row.version
        seated = [s for s in await self.store.seats(old.id) if s.seat is not None]
        for s in sorted(seated, key=lambda s: s.seat or 0):
            version = await self.store.add_seat(
                row.id, version, user_id=None if s.is_ai else s.user_id, name=s.name,
                colour=s.colour, is_ai=s.is_ai, ai_level=s.ai_level, now=now)
        variants = _variants_text(game, old.options, old.language)
        ordered = sorted(seated, key=lambda s: s.seat or 0)
        lineup = ", ".join(f"{n}. **{s.name}** ({colour_name(s.colour, old.language)})"
                           for n, s in enumerate(ordered, 1))
        mentions = " ".join(f"<@{s.user_id}>" for s in seated
                            if not s.is_ai and s.user_id is not None)
        return [_public(t("rematch.opened", old.language, name=ctx.user_name,
                          title=game.title, old=old.id, variants=variants, lineup=lineup,
                          mentions=mentions), title=game.title)]

    # == reminders settings ================================================================
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
            table, _ = await self._load(row)
            await self._tell_reminders(table)

    # == helpers ===========================================================================
    async def _row(self, game_id: int) -> GameRow:
        row = await self.store.game(game_id)
        assert row is not None
        return row

    async def _board_reply(self, table: Table, state: State) -> Reply:
        game = table.game
        public = game.view(state, None)  # the public view only: this goes to the channel
        view = self._picture_view(table, public)
        # the board marks what changed since the previous board posted (kept in memory; after
        # a restart, the log replayed up to the action the store says that board had seen)
        before = self._last_boards.get(table.row.id) or await self._board_before(table)
        changed = board_changes(table.row.game_key, before, public) if before else None
        if changed is not None:
            view["changed"] = changed
        self._last_boards[table.row.id] = public
        await self.store.set_board_mark(table.row.id,
                                        await self.store.last_action_id(table.row.id))
        phase = say(game.phase(state), table.row.language)
        try:
            png = await asyncio.to_thread(self.render, table.row.game_key, view)
        except Exception:
            log.exception("rendering %s failed", game.key)
            return _public(t("svc.board_failed", table.row.language, title=game.title,
                             phase=phase), title=phase)
        # a game whose board is several pictures (18Rhl: map and market) posts them together
        pngs = png if isinstance(png, list) else [png]
        stem = f"{game.key}-{table.row.id}-v{table.row.version}"
        files = [Attachment(f"{stem}.png" if len(pngs) == 1 else f"{stem}-{k + 1}.png", body)
                 for k, body in enumerate(pngs)]
        reply = _public(f"{game.title}: {phase}", title=phase, files=files)
        table.boards.append(reply)
        return reply

    async def _board_before(self, table: Table) -> dict | None:
        """The public view the previous full board showed, rebuilt from the log (None when
        no board was posted since the store began to remember, or it cannot be rebuilt)."""
        mark = await self.store.board_mark(table.row.id)
        if mark is None:
            return None
        seen = [a for a in await self.store.actions(table.row.id) if a.id <= mark]
        try:
            await self._fetch_origin(table)
            base = await asyncio.to_thread(self._replay, table, seen)
        except Exception:
            log.exception("the previous board of game %s cannot be rebuilt", table.row.id)
            return None
        return table.game.view(base, None)

    @staticmethod
    def _picture_view(table: Table, view: dict) -> dict:
        """A public view for a picture: the table's language, and its players' names and
        colours by seat (renderers that name players use them)."""
        seats = [{"seat": s.seat, "name": s.name, "colour": s.colour} for s in table.seats
                 if s.seat is not None]
        return {**view, "lang": table.row.language, "seats": seats}

    def _line_replies(self, lines: list[str]) -> list[Reply]:
        replies, chunk = [], ""
        for line in lines:
            if chunk and len(chunk) + len(line) + 1 > TEXT_LIMIT:
                replies.append(_public(chunk))
                chunk = ""
            chunk = f"{chunk}\n{line}" if chunk else _clip(line)
        return replies + ([_public(chunk)] if chunk else [])

    def _may_manage(self, ctx: Ctx, row: GameRow) -> bool:
        return ctx.can_manage or ctx.user_id == row.creator_id

    def _seat_or_refuse(self, table: Table, ctx: Ctx) -> SeatRow:
        seat = table.seat_of(ctx.user_id)
        if seat is None or seat.seat is None:
            raise Refusal("svc.not_playing")
        return seat

    def _active_seat(self, table: Table, ctx: Ctx) -> int:
        seat = self._seat_or_refuse(table, ctx)
        assert table.state is not None and seat.seat is not None
        active = table.game.active(table.state)
        if seat.seat not in active:
            waiting = ", ".join(table.by_seat(s).name for s in active) or "-"
            raise Refusal("svc.not_your_turn", waiting=waiting)
        return seat.seat


def _clock_choice(text: str) -> tuple[str, int] | None:
    """``"clock-ai-2"`` -> ``("ai", 2)``; None for anything else."""
    head, _, seat = text.rpartition("-")
    kind = head.removeprefix("clock-")
    if head.startswith("clock-") and kind in ("ai", "skip", "replace") and seat.isdigit():
        return kind, int(seat)
    return None


STOP_WORDS = ("done", "pass", "end")  # the notation that ends a step or turn in each game


def _stops(game: Game, state: State, action: Action) -> bool:
    return (game.format(state, action).split() or [""])[0] in STOP_WORDS


def _pass_action(game: Game, state: State, seat: int) -> Action | None:
    """The seat's legal pass, if the rules offer one right now."""
    for action in game.legal(state, seat):
        if action.get("type") == "pass" or game.format(state, action).split()[:1] == ["pass"]:
            return action
    return None


PACES = {"none": None, "24h": 24.0, "48h": 48.0, "72h": 72.0}


def parse_pace(pace: str | None) -> float | None:
    """The move clock in hours for a ``pace:`` choice; None for no clock."""
    if pace is None or pace.strip().lower() in ("", "none"):
        return None
    key = pace.strip().lower()
    if key in PACES:
        return PACES[key]
    raise Refusal("svc.pace", paces=", ".join(PACES))


def _seated(seat: SeatRow, number: int, colours: list[str] | None) -> SeatRow:
    colour = colours[number] if colours else seat.colour
    return SeatRow(seat.game_id, seat.joined, number, seat.user_id, seat.name, colour,
                   seat.is_ai, seat.ai_level, seat.colour_picked)


def _palette(game: Game) -> list[str]:
    """The game's own seat colours (seat 0 first), lower case; empty if it has none."""
    return [str(c).lower() for c in getattr(game, "seat_colours", ())]


def _by_picked_colour(order: list[int], seats: Mapping[int, SeatRow],
                      colours: list[str], lang: str) -> list[int]:
    """The seat order (join numbers, seat 0 first) with every player who picked a colour in
    the seat the game gives that colour; the others keep their drawn order in the seats
    left. Refuses when a picked colour has no seat at this player count."""
    placed: dict[int, int] = {}
    for joined in order:
        seat = seats[joined]
        if not seat.colour_picked:
            continue
        if seat.colour.lower() not in colours:
            raise Refusal("start.colour_unseated", name=seat.name,
                          colour=colour_name(seat.colour, lang), count=len(colours))
        placed[colours.index(seat.colour.lower())] = joined
    rest = iter(j for j in order if j not in placed.values())
    return [placed[number] if number in placed else next(rest) for number in range(len(order))]


def _seat_colours(game: Game, state: State, count: int) -> list[str] | None:
    """The colours the game gives the seats, so that text and board agree: the game's
    ``seat_colours``, or else the colours its public view names for each seat
    (``players: [{"seat": 0, "colour": ...}, ...]``); None when it names none."""
    fixed = [str(c).lower() for c in getattr(game, "seat_colours", ())]
    if len(fixed) >= count:
        return fixed[:count]
    players = game.view(state, None).get("players")
    if isinstance(players, list):
        named = {p.get("seat"): p.get("colour") for p in players if isinstance(p, dict)}
        if all(isinstance(named.get(seat), str) for seat in range(count)):
            return [named[seat].lower() for seat in range(count)]
    return None


def _expected(game: Game, state: State, seat: int, lang: str = "en") -> str:
    """What a reminder DM says is expected: a few of the seat's own moves (a DM is private,
    so their labels may show the seat's hidden cards)."""
    moves = game.legal(state, seat)
    shown = "; ".join(say(game.label(state, m), lang) for m in moves[:3])
    more = t("svc.expected_more", lang, count=len(moves) - 3) if len(moves) > 3 else ""
    return t("svc.expected", lang, moves=shown, more=more)


def _private_part(private: Any, public: Any, path: str = "") -> list[tuple[str, Any]]:
    """What the seat's own view shows beyond the public one, as (path, value) pairs.

    >>> _private_part({"a": 1, "p": [{"x": 1}, {"x": 2, "hand": [5]}]},
    ...               {"a": 1, "p": [{"x": 1}, {"x": 2}]})
    [('p.1.hand', [5])]
    """
    if private == public:
        return []
    if isinstance(private, dict) and isinstance(public, dict):
        found = []
        for key, value in private.items():
            found += _private_part(value, public.get(key), f"{path}.{key}" if path else key)
        return found
    if isinstance(private, list) and isinstance(public, list) and len(private) == len(public):
        found = []
        for index, (mine, theirs) in enumerate(zip(private, public, strict=True)):
            found += _private_part(mine, theirs, f"{path}.{index}" if path else str(index))
        return found
    if public is None and private in (None, "", [], {}):
        return []  # an empty private-only field tells the player nothing
    return [(path or "view", private)]


def _variants_text(game: Game, options: Mapping[str, Any], lang: str) -> str:
    """The variants a table changed from the defaults (``relax=True``), or "standard rules"."""
    defaults = {option.name: option.default for option in game.options}
    changed = [f"{k}={v}" for k, v in options.items() if defaults.get(k, not v) != v]
    return ", ".join(changed) or t("common.standard_rules", lang)


def _secret_lines(secret: list[tuple[str, Any]], lang: str = "en") -> list[str]:
    """Readable lines for private values: nested records are spread out by path (each part
    named in ``lang`` where the catalogue has ``hidden.<part>``), a list of items that carry a
    ``text`` (cards) shows those texts; the seat number and the legal moves are left out (the
    reply lists the moves itself).

    >>> _secret_lines([("you", {"hand": [{"id": 4, "text": "#4 ferry"}], "coins": 2})])
    ['Hand: #4 ferry', 'Coins: 2']
    """
    lines = []
    for path, value in secret:
        if path.rsplit(".", 1)[-1] in _NOT_LISTED:
            continue
        if isinstance(value, dict) and value:
            lines += _secret_lines([(f"{path}.{k}", v) for k, v in value.items()], lang)
        elif isinstance(value, list) and value and all(
                isinstance(item, dict) and isinstance(item.get("text"), str) for item in value):
            lines.append(f"{_path_name(path, lang)}: "
                         + "; ".join(say(item["text"], lang) for item in value))
        elif isinstance(value, str):
            lines.append(f"{_path_name(path, lang)}: {say(value, lang)}")
        elif isinstance(value, list) and value and all(
                isinstance(item, int | str) for item in value):
            lines.append(f"{_path_name(path, lang)}: "
                         + ", ".join(say(item, lang) for item in value))
        else:
            lines.append(f"{_path_name(path, lang)}: {json.dumps(value, ensure_ascii=False)}")
    return lines


_NOT_LISTED = ("seat", "legal")


def _path_name(path: str, lang: str) -> str:
    parts = [part for part in path.split(".") if part != "you"]
    return ".".join(t(f"hidden.{part}", lang) if has(f"hidden.{part}") else part
                    for part in parts)


def _number(text: str) -> bool:
    """A button id's number: ASCII digits that fit SQLite's integer ("²".isdigit() is true
    but int() refuses it; a 30-digit id overflows the store)."""
    return is_plain_number(text) and len(text) <= 18


def _format_of(game: Game) -> int:
    """The engine's snapshot format; a game bumps ``state_format`` when its state changes."""
    return int(getattr(game, "state_format", 1))


def _no_picture(game_key: str, view: dict) -> None:
    return None


def _joined(lines: list[str]) -> str:
    """A move's log lines as one line of the turn card: a line that does not end a sentence
    (18Rhl writes "ADR pays out") is set off from the next by a semicolon.

    >>> _joined(["ADR pays out", "ADR's share price goes up.", "Done"])
    "ADR pays out; ADR's share price goes up. Done"
    """
    out = ""
    for line in (line.strip() for line in lines):
        if line:
            out = f"{out}{'' if not out or out[-1] in '.!?:;' else ';'} {line}".strip()
    return out


def _folded(replies: list[Reply]) -> list[Reply]:
    """Plain channel text just before a titled picture post (a board, the result) goes into
    that post's text: a move and the board it ends the phase with are one message, not two.
    Text that mentions someone stays apart (an embed's mentions would not ping)."""
    out: list[Reply] = []
    for reply in replies:
        before = out[-1] if out else None
        if (before is not None and reply.is_public and before.is_public
                and reply.title is not None and reply.files
                and before.title is None and not before.files and not before.buttons
                and "<@" not in before.text
                and len(before.text) + 1 + len(reply.text) <= EMBED_LIMIT):
            out[-1] = replace(reply, text=f"{before.text}\n{reply.text}")
        else:
            out.append(reply)
    return out


def _clip(text: str, keep: str = "start") -> str:
    if len(text) <= TEXT_LIMIT:
        return text
    return text[: TEXT_LIMIT - 3] + "..." if keep == "start" else "..." + text[-TEXT_LIMIT + 3:]


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


async def _open_imported(service: TablesService, ctx: Ctx, data: dict[str, Any]
                         ) -> list[Reply]:
    from bot.imports import GAME_KEY, BadExport, game_moves, lobby_text, replay, source_text

    if ctx.guild_id is None:
        raise Refusal("svc.no_dm")
    table_lang = language(ctx.guild_locale or "en")
    try:
        imported = await asyncio.to_thread(replay, data)
    except BadExport as error:
        raise Refusal(text_of(error)) from None
    game = service._game(GAME_KEY)
    state = imported["state"]
    count = imported["num_players"]
    now = service.clock()
    try:
        row = await service.store.create_game(
            guild_id=ctx.guild_id, channel_id=ctx.channel_id, game_key=GAME_KEY,
            options=game.normalise_options(imported["options"]), seed=imported["seed"],
            creator_id=ctx.user_id, min_players=count, max_players=count, now=now,
            language=table_lang)
    except ChannelBusy:
        raise Refusal("svc.busy") from None
    source = source_text(data)
    await service.store.save_origin(row.id, str(source), game.dump(state),
                                    game_moves(imported["actions"]), now)
    text = lobby_text(game.title, imported, row.id, game.phase(state), source, table_lang)
    return [_public(text, title=game.title)]
