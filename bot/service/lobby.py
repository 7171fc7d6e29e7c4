"""Opening a table, taking and leaving seats, colours, AI seats, the start, and 18xx.games
imports."""

from __future__ import annotations

import asyncio
import math
from collections.abc import Mapping
from typing import Any

from bot.i18n import colour_name, has, language, t
from bot.replies import Reply
from bot.service import ai
from bot.service.base import (
    PACES,
    Ctx,
    HiddenBefore,
    Refusal,
    ServiceBase,
    Table,
    _clip,
    _guarded,
    _public,
    _variants_text,
    log,
    next_bot_name,
    runner_id,
    runner_label,
)
from bot.store import ChannelBusy, SeatRow
from engine.core import Game, State, clip_word, new_rng, rng_shuffle
from engine.text import LANGUAGES, say, text_of
from render.common import PLAYER_COLOURS

# A member who left a lobby twice within this time may join it again only once the first
# of those leaves is this long ago. Every seat change in a lobby is a public post (the others
# must see who sits there), and a review's member joined and left ten times: twenty posts.
# A player changing their mind leaves once; a colour changes with /game join colour:.
REJOIN_AFTER_S = 30 * 60.0
LEAVES_BEFORE_WAIT = 2


class Lobby(ServiceBase):
    @_guarded
    async def new(self, ctx: Ctx, game_key: str, options: dict | None = None,
                  min_players: int | None = None, max_players: int | None = None,
                  pace: str | None = None, lang: str | None = None) -> list[Reply]:
        """``pace``: "none" or a move clock like "24h"; ``lang``: the table's language for
        channel posts (default: :func:`table_language`)."""
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
        table_lang = language(lang) if lang else table_language(ctx)
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
        # a game whose colour goes with the seat: the start's seat order decides it
        key = "svc.opened_seat" if _palette(game) else "svc.opened"
        await self._lobby_waits(ctx.channel_id)
        return [_public(t(key, table_lang, name=ctx.user_name, title=game.title,
                          players=players, variants=variants,
                          colour=colour_name(colour, table_lang)) + pace_note,
                        title=say(game.title, table_lang))]

    @_guarded
    async def join(self, ctx: Ctx, colour: str | None = None) -> list[Reply]:
        """Take a seat; ``colour``: the seat colour wanted (a seated player may change it in
        the lobby). A picked colour is kept at the start; a default one may change."""
        replies = await self._join(ctx, colour)
        await self._lobby_waits(ctx.channel_id)
        return replies

    async def _lobby_waits(self, channel_id: int) -> None:
        """The channel's table, if still gathering players, closes when idle this long from
        now (:meth:`Reminders.lobby_waits`)."""
        if self.reminders is None:
            return
        try:
            row = await self.store.live_game(channel_id)
            if row is not None and row.status == "lobby":
                await self.reminders.lobby_waits(row)
        except Exception:  # a courtesy, as every reminder: never fail a committed change
            log.exception("could not set the idle close of the table in %s", channel_id)

    async def _join(self, ctx: Ctx, colour: str | None) -> list[Reply]:
        table, notices = await self._table(ctx)
        if table.row.status != "lobby":
            raise await self._join_started(table, ctx.user_id)
        mine = table.seat_of(ctx.user_id)
        wanted = colour.strip() if colour and colour.strip() else None
        if mine and wanted is None:
            raise Refusal("svc.seated")
        if mine is None and wanted is None:
            own = await self._own_rematch_seat(table, ctx.user_id)
            if own is not None:
                return notices + await self._take_own_seat(table, own, ctx)
        if mine is None and len(table.seats) >= table.row.max_players:
            raise Refusal("svc.full", count=table.row.max_players)
        if mine is None:
            await self._refuse_rejoin(table.row.id, ctx.user_id)
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
        if palette and palette.index(picked) >= table.row.min_players:
            note = t("join.colour_needs", lang, count=palette.index(picked) + 1)
        if mine is not None:
            await self.store.set_colour(table.row.id, version, mine.joined, picked, True,
                                        self.clock())
            return notices + [_public(t("join.colour_changed", lang, name=mine.name,
                                        colour=colour_name(picked, lang), note=note))]
        ran = runner_id(table)
        await self.store.add_seat(table.row.id, version, user_id=ctx.user_id,
                                  name=ctx.user_name, colour=picked, now=self.clock(),
                                  colour_picked=wanted is not None)
        count = len(table.seats) + 1
        # a default colour in a game whose colour goes with the seat is not theirs yet: the
        # start's seat order decides it, so the line promises none
        key = "svc.joins_seat" if palette and wanted is None else "svc.joins"
        said = t(key, lang, name=ctx.user_name, colour=colour_name(picked, lang),
                 note=note, count=count, max=table.row.max_players)
        table.seats = await self.store.seats(table.row.id)
        if runner_id(table) == ctx.user_id != ran:
            # a creator back at the table they left runs it again; the first to sit at an
            # import no member made runs it: the one who ran it till now should know
            said = "\n".join([said, t("svc.runs_now_lobby", lang, name=ctx.user_name)])
        return notices + [_public(said)]

    async def _own_rematch_seat(self, table: Table, user_id: int) -> SeatRow | None:
        """A rematch lobby's AI seat that took over ``user_id``'s seat in the game it
        repeats (its colour and place; the rematch seats every seat of that game again, AI
        seats too), or None. Without it a player who had left came back to a full table,
        or to a new colour after the AI that replaced them."""
        if table.row.rematch_of is None:
            return None
        played = await self._played_seat(table.row.rematch_of, user_id)
        old = next((s for s in await self.store.seats(table.row.rematch_of)
                    if s.seat == played), None) if played is not None else None
        return next((s for s in table.seats if s.is_ai and old is not None
                     and s.colour.lower() == old.colour.lower()), None)

    async def _take_own_seat(self, table: Table, own: SeatRow, ctx: Ctx) -> list[Reply]:
        await self.store.replace_seat(table.row.id, table.row.version, None,
                                      user_id=ctx.user_id, name=ctx.user_name, is_ai=False,
                                      ai_level=None, now=self.clock(), joined=own.joined)
        lang = table.row.language
        return [_public(t("join.own_seat", lang, name=ctx.user_name, bot=own.name,
                          colour=colour_name(own.colour, lang), count=len(table.seats),
                          max=table.row.max_players))]

    async def _join_started(self, table: Table, user_id: int) -> Refusal:
        """Why a running game takes no one in, and the way that does: an AI seat given to
        them by whoever runs the table (the seat they played, when an AI took it over),
        else a player's seat handed on. It named "/game kick (replace)" to one whose seat
        an AI held, which named no seat a member could be given."""
        ais = [s for s in table.seats if s.is_ai and s.seat is not None]
        if not ais:
            return Refusal("svc.join_started")
        played = await self._played_seat(table.row.id, user_id)
        theirs = next((s for s in ais if s.seat == played), ais[0])
        return Refusal("svc.join_started_ai", bot=theirs.name)

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
        if found is None:  # every colour of the table: the caller's own is one too
            raise Refusal("svc.bad_colour", colour=repr(clip_word(wanted)),
                          free=", ".join(colour_name(c, lang) for c in palette))
        # the caller's own colour is no choice to offer them
        own = mine.colour.lower() if mine is not None else None
        names = ", ".join(colour_name(c, lang) for c in free if c != own)
        if found not in free:
            raise Refusal("svc.colour_taken", colour=colour_name(found, lang), free=names)
        return found

    async def colour_choices(self, ctx: Ctx, typed: str = "") -> list[tuple[str, str]]:
        """Autocomplete of ``/game join colour:``: the free seat colours of this channel's
        table (the game's own colours where it has them), named in the table's language."""
        try:
            table, _ = await self._table(ctx, ("lobby",), tell=False)
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
        lang = table.row.language
        if table.row.status == "lobby":  # Management: who runs it now, or it closes
            gone = await self._lobby_seat_gone(table, seat, t("svc.leaves", lang, name=seat.name))
            # in the store: a restart or another process forgot the leaves kept in memory
            await self.store.note_lobby_leave(table.row.id, ctx.user_id, self.clock(),
                                              self.clock() - REJOIN_AFTER_S,
                                              LEAVES_BEFORE_WAIT)
            await self._lobby_waits(ctx.channel_id)
            return notices + gone
        assert seat.seat is not None
        told = await self._told_lines(table, seat.seat)
        said = t("svc.leaves_ai", lang, name=seat.name, colour=colour_name(seat.colour, lang),
                 bot=next_bot_name(table))
        return notices + await self._seat_handed_on(table, seat, [*told, said], None, None)

    async def _refuse_rejoin(self, game_id: int, user_id: int) -> None:
        """Refuse a join to a member who left this lobby ``LEAVES_BEFORE_WAIT`` times in the
        last ``REJOIN_AFTER_S``, saying in how many minutes they may join again."""
        now = self.clock()
        recent = await self.store.lobby_leaves(game_id, user_id, now - REJOIN_AFTER_S)
        if len(recent) >= LEAVES_BEFORE_WAIT:
            wait = recent[-LEAVES_BEFORE_WAIT] + REJOIN_AFTER_S - now
            raise Refusal("svc.rejoin_later", count=max(1, math.ceil(wait / 60)))

    @_guarded
    async def add_bot(self, ctx: Ctx, level: str = "easy") -> list[Reply]:
        table, notices = await self._table(ctx, ("lobby", "active"))
        if table.row.status != "lobby":  # the ways a running game's seat goes to an AI
            raise Refusal("svc.bot_started")
        if level not in ai.LEVELS:
            raise Refusal("svc.ai_levels", levels=", ".join(ai.LEVELS))
        if table.seat_of(ctx.user_id) is None:  # its players may, too
            self._refuse_unless_runner(ctx, table, "svc.bot_who")
        if len(table.seats) >= table.row.max_players:
            raise Refusal("svc.full", count=table.row.max_players)
        colour = self._pick_colour(table, None)
        number = 1 + sum(1 for s in table.seats if s.is_ai)
        name = f"Bot {number}"
        await self.store.add_seat(table.row.id, table.row.version, user_id=None, name=name,
                                  colour=colour, is_ai=True, ai_level=level, now=self.clock())
        lang = table.row.language
        plays = ai.played_level(table.game.key, level)
        await self._lobby_waits(ctx.channel_id)
        # an admin who asked for a level the game lacks should know what they got
        key = "svc.bot_joins" if plays == level else "svc.bot_joins_as"
        if _palette(table.game):  # its colour goes with the seat the start gives it
            key = key.replace("svc.bot_joins", "svc.bot_joins_seat")
        return notices + [_public(t(key, lang, name=name, level=t(f"choice.{level}", lang),
                                    colour=colour_name(colour, lang), title=table.game.title,
                                    plays=t(f"choice.{plays}", lang)))]

    @_guarded
    async def start(self, ctx: Ctx, order: str = "random") -> list[Reply]:
        table, notices = await self._table(ctx, ("lobby",))
        row = table.row
        self._refuse_unless_runner(ctx, table, "svc.start_who")
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
        first = table.game.active(state)
        # Some rules draw the first player (Rheinländer), so seat 1 need not begin: such a
        # game's own line says why, or "To move: Bot 1" under a seat order that put Bot 1
        # last read as a fault
        key = "svc.begins_first" if len(first) == 1 else "svc.begins"
        if len(first) == 1 and has(f"{key}.{row.game_key}"):
            key = f"{key}.{row.game_key}"
        begins = t(key, row.language, title=table.game.title, lineup=lineup,
                   first=table.who(first[0]) if first else "")
        # each line said as a move's is, players named: Trödler's first deal said "Blue
        # forms 5 piles" where every later deal names the dealer. Said within the start's
        # post: a post of its own made a game's start four posts
        opening = [table.said([line]) for line in table.game.opening_log(state)]
        if opening and not imported:
            begins = "\n\n".join([begins, "\n".join(opening)])
        replies = notices + [_public(_clip(begins), title=say(table.game.title, row.language))]
        replies.append(await self._board_reply(table, state))
        assert version == table.row.version
        return replies + await self._after_change(table, hidden=HiddenBefore({}, None))

    async def _fetch_origin(self, table: Table) -> bool:
        """Load an imported game's starting state into ``table.origin``; True if imported."""
        found = await self.store.origin(table.row.id)
        table.origin = found["state"] if found else None
        return found is not None

    @_guarded
    async def import_18xx(self, ctx: Ctx, export: dict[str, Any], hosted: bool = True
                          ) -> list[Reply]:
        """Open a table in this channel from an 18xx.games export (see bot/imports.py).
        ``hosted``: the one importing runs it, seated or not, as a host does (they have not
        sat yet); False for an import on no member's behalf, which the first to sit runs."""
        return await _open_imported(self, ctx, export, hosted)


def table_language(ctx: Ctx) -> str:
    """A new table's language when ``/game new`` names none: its creator's own, when it is
    one of ours, else the server's. Discord gives every server that is not a Community
    server the locale en-US, so German members of an ordinary German server got English
    tables; the server's locale still decides for a creator whose language we lack."""
    own = str(ctx.locale or "").strip().lower().replace("_", "-").split("-")[0]
    return own if own in LANGUAGES else language(ctx.guild_locale or "en")


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


async def _open_imported(service: Lobby, ctx: Ctx, data: dict[str, Any],
                         hosted: bool = True) -> list[Reply]:
    from bot.imports import GAME_KEY, BadExport, game_moves, lobby_text, replay, source_text

    if ctx.guild_id is None:
        raise Refusal("svc.no_dm")
    table_lang = table_language(ctx)
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
            language=table_lang, hosted=hosted)
    except ChannelBusy:
        raise Refusal("svc.busy") from None
    source = source_text(data)
    await service.store.save_origin(row.id, str(source), game.dump(state),
                                    game_moves(imported["actions"]), now)
    # who runs it, as /game status names them: the importer by a mention that pings no one
    runner = runner_label(Table(row=row, game=game, seats=[]))
    await service._lobby_waits(ctx.channel_id)
    text = lobby_text(game.title, imported, row.id, game.phase(state), source, runner,
                      table_lang)
    return [_public(text, title=say(game.title, table_lang), pings=())]
