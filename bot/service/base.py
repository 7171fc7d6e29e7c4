"""The service's common ground: who asks (:class:`Ctx`), refusals, a loaded :class:`Table`,
and :class:`ServiceBase`, which every concern module's mixin extends."""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import re
import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple, TypeVar

import engine
from bot.i18n import colour_name, has, language, t
from bot.replies import Audience, Reply, fitted
from bot.service.extras import extras_for
from bot.service.move_lists import (
    LISTED,
    STEP_ENDS,
    closing_first,
    entry_count,
    first_choices,
    more_entries,
)
from bot.service.reminders import Reminders, fit_lines, in_quiet_hours
from bot.store import ActionRow, GameRow, SeatRow, Snapshot, StaleVersion, StoreBase
from engine.ai import played_level
from engine.core import Game, RuleError, Standing, State, clip_word
from engine.text import Msg, naming, say, seats_named
from render import render_board, render_turn_card

log = logging.getLogger(__name__)

STALE = t("svc.stale")  # English; callers get it in their language
TURN_HINT = t("svc.turn_hint")  # English; the terminal front door swaps in its own
MAX_BUTTONS = 5
TEXT_LIMIT = 1900  # stay under Discord's 2000 characters per message
EMBED_LIMIT = 4000  # an embed's description holds 4096
POINTED_GAMES = 5  # a refusal in a channel without a game names at most these of the caller's


class HiddenBefore(NamedTuple):
    """What a change's news of hidden information compares with (:meth:`_secret_news`):
    each human seat's hidden information and the phase before it, and who made it (they read
    theirs in the reply to their move; None: the start, a clock's move)."""

    secrets: dict[int, list[tuple[str, Any]]]
    phase: Any
    mover: int | None = None


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
    message_id: int | None = None  # the message whose button or menu this is (None: typed)


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


class Pointed(Refusal):
    """A refusal followed by where the caller can act instead (:meth:`ServiceBase._pointed`),
    said already in the caller's language; ``turns``: the titles of every game waiting on
    them, plain, for an autocomplete entry, which shows no links, and ``short`` the same
    games' short titles ("Rhein" for "Rhein: River Trade"), for an entry naming several."""

    def __init__(self, refused: Refusal, then: str, turns: list[str],
                 short: list[str] | None = None) -> None:
        super().__init__(refused.key, **refused.values)
        self.then, self.turns, self.short = then, turns, short or turns

    def say(self, locale: str) -> str:
        return f"{super().say(locale)} {self.then}"


GAMES_KEPT = 200  # games whose last board, card and replay the service keeps in memory
K = TypeVar("K")
V = TypeVar("V")


class Recent(OrderedDict[K, V]):
    """A dict that keeps the ``kept`` keys stored or read last and drops the oldest: for what
    the service keeps only to save work (a miss is worked out again from the store and the
    log). Kept for every game until a restart, the per-game entries grew about 40 KB per
    finished game."""

    def __init__(self, kept: int | None = None) -> None:
        super().__init__()
        self.kept = GAMES_KEPT if kept is None else kept

    def __setitem__(self, key: K, value: V) -> None:
        super().__setitem__(key, value)
        self.move_to_end(key)
        while len(self) > self.kept:
            self.popitem(last=False)

    def get(self, key: K, default: Any = None) -> Any:
        if key not in self:
            return default
        self.move_to_end(key)
        return self[key]


# An alert's mentions at the end of its bold line (Table._record_said), and a mention's id.
ALERT = re.compile(r"\*\*((?: <@!?\d+>)+)$", re.MULTILINE)
MENTION_ID = re.compile(r"<@!?(\d+)>")


def _guarded(method: Callable[..., Awaitable[list[Reply]]]):
    """Turn refusals, rule errors and lost races into an ephemeral reply to the caller."""

    @functools.wraps(method)
    async def wrapper(self: ServiceBase, ctx: Ctx, *args: Any, **kwargs: Any) -> list[Reply]:
        await self._learn_language(ctx)
        try:
            replies = await method(self, ctx, *args, **kwargs)
        except Refusal as error:  # to the caller alone: a name in it pings no one
            replies = [_private(ctx, error.say(ctx.locale), pings=())]
        except RuleError as error:
            replies = [_private(ctx, say(_quoted(error.text), ctx.locale))]
        except StaleVersion:  # it lost the race to another change: said as not done
            key = _STALE_KEYS.get(method.__name__, "svc.stale")
            replies = [_private(ctx, t(key, ctx.locale), pings=())]
        return [fitted(reply) for reply in await self._news_hushed(replies)]

    return wrapper


# What an action that lost the version race to another change says: that it was not done and
# may be tried again. Each said "nothing was played", the move's words, also to a kick, an
# abandon or an undo vote. (A kick names whom it left seated itself: Management.kick.)
_STALE_KEYS = {
    "undo": "svc.stale_undo",
    "vote_undo": "svc.stale_vote",
    "press_vote": "svc.stale_vote",
    "abandon": "svc.stale_abandon",
    "kick": "svc.stale_kick_any",
    **{name: "svc.stale_table"
       for name in ("new", "join", "leave", "add_bot", "start", "import_18xx", "rematch")},
}


LONG_VALUE = 60  # a refusal's plain value longer than this is what someone typed, not a name


def _quoted(text: Any) -> Any:
    """A refusal with every long plain-text value cut by ``clip_word``: engines and helpers
    quote what was typed, and a Discord option holds up to 6,000 characters. What there is
    to choose from is a list (``names=[...]``, said "a, b, c") and stays whole: cut as a
    string, Rhein's list of transports read "white-plane, red-plane,…." (2 of 9)."""
    if not isinstance(text, Msg):
        return text
    return Msg(text.key, {name: _quoted_value(value) for name, value in text.params.items()})


def _quoted_value(value: Any) -> Any:
    if isinstance(value, Msg):
        return _quoted(value)
    if isinstance(value, str):
        return clip_word(value) if len(value) > LONG_VALUE else value
    if type(value) is list:  # not a tuple: a Reason is one, and is worded as it is
        return [_quoted(item) for item in value]  # the engine's names, never typed words
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
    # the action the channel's board before this call's first had seen (None: no board
    # yet): a spectator's DM of these boards tells the moves since it
    board_from: int | None = None
    result: Reply | None = None  # the result post made in this call: no moves fold into it
    origin: str | None = None  # an imported game's starting state (replays begin there)

    def seat_of(self, user_id: int) -> SeatRow | None:
        return next((s for s in self.seats if s.user_id == user_id and not s.is_ai), None)

    def by_seat(self, seat: int) -> SeatRow:
        return next(s for s in self.seats if s.seat == seat)

    def who(self, seat: int, locale: object = None) -> str:
        s = self.by_seat(seat)
        return f"**{s.name}** ({colour_name(s.colour, locale or self.row.language)})"

    def credited(self, seat: int, said: str, lead: str | None = None, lang: object = None
                 ) -> str:
        """A move's text after who made it (``lead``, by default :meth:`who`). The rules
        name the mover first ("Anna bids 20M", "Blue opens on order 34"), so a text that
        begins with the seat's own name or colour takes the lead in its place, "**Anna**
        (orange) bids 20M" rather than "**Anna** (orange): Anna bids 20M"."""
        lead = self.who(seat) if lead is None else lead
        rest = self.predicate(seat, said, lang)
        return f"{lead}: {said}" if rest is None else f"{lead} {rest}"

    def predicate(self, seat: int | None, said: str, lang: object = None) -> str | None:
        """``said`` without its subject when that is the seat itself (:func:`predicate`);
        None for no seat (a move the game made for a corporation it operates)."""
        if seat is None:
            return None
        lang = self.row.language if lang is None else lang
        # the colour's key too: Trödler's rules call the sky seat "Sky", the texts "sky blue"
        seats = {s.seat: (s.name, colour_name(s.colour, lang), s.colour) for s in self.seats}
        return predicate(said, seats.pop(seat), [w for words in seats.values() for w in words])

    def standing_line(self, standing: Standing, locale: object = None) -> str:
        """"2. **Bert** (sky): 30 · 18 from 4 requests + 12 goods, damage 9": a final rank,
        score and how it came about, which explains a rank the bare numbers do not (a
        tie-break, total damage). The rank's dot is escaped: a line opening "1." is a
        Discord list item, which Discord numbers itself, and showed a tie "1. 1. 3." as
        "1. 2. 3."."""
        assert self.state is not None
        # an AI seat says its level, as /game status does: "Bot 3 wins" read the same
        # whether it was an easy or a hard one
        mark = ai_mark(self.by_seat(standing.seat), locale or self.row.language,
                       self.game.key)
        note = self.game.score_note(self.state, standing)
        if note is not None and self.game.unscored(standing):
            # out of the scoring (Trödler's total damage): a place number and a score
            # said it scored; the note says what it would have had. No dash before the
            # name: a screen reader read "en dash Anna"
            return f"{self.who(standing.seat, locale)}{mark}: {self.said([note], locale)}"
        line = f"{standing.rank}\\. {self.who(standing.seat, locale)}{mark}: " \
            f"{standing.score}{self.game.score_unit}"
        return line if note is None else f"{line} · {self.said([note], locale)}"

    def run_said(self, seat: int | None, saids: Sequence[str], lang: object = None) -> str:
        """A run of one seat's moves as one text, the seat named once: "Bot 2 plays #62
        bridge · takes a cup · ends the turn". A move's text that is a sentence loses its
        full stop inside the run, where " · " ends it ("Kilbride. · ends" read as a typo).
        ``lang``: the one ``saids`` are in (the table's by default). A move after a
        sentence about someone else keeps its subject: "passes. Green wins order 37 · Bert
        opens on order 46", not "· opens", which read as Green's."""
        saids = self._merged(saids)
        parts = [saids[0]]
        for said in saids[1:]:
            last = _unstopped(parts[-1]).rsplit(". ", 1)
            about_us = len(last) == 1 or self.predicate(seat, last[1], lang) is not None
            parts.append(self.predicate(seat, said, lang) or said if about_us else said)
        return " · ".join([_unstopped(part) for part in parts[:-1]] + parts[-1:])

    def _merged(self, saids: Sequence[str]) -> list[str]:
        """``saids`` with a move's text joined to the one before where the game says the
        lines between them as one (``Game.merged_line``): thirteen taps on "Load 1" read as
        one load of 13, not thirteen loads cut off in the middle."""
        out: list[str] = []
        for said in saids:
            before = out[-1] if out else None
            if isinstance(before, Said) and isinstance(said, Said) and before.lines \
                    and said.lines and before.lang == said.lang:
                line = self.game.merged_line(before.lines[-1], said.lines[0])
                if line is not None:
                    out[-1] = _spoken([*before.lines[:-1], line, *said.lines[1:]], said.lang)
                    continue
            out.append(said)
        return out

    def merged(self, before: str, said: str) -> str | None:
        """``before`` and ``said``, the texts of two moves in a row, as one text where the
        game says the last line of one and the first of the other as one (:meth:`_merged`:
        18Rhl's offer and its answer, Rhein's loads onto one transport); else None."""
        joined = self._merged([before, said])
        return joined[0] if len(joined) == 1 else None

    def said(self, lines: Sequence[Any], locale: object = None) -> str:
        """A move's log lines as one text in the table's language (or ``locale``'s), every
        player the engine names by seat ("Player 2") called by this table's name for them.
        Empty for a move the rules log nothing for."""
        lang = self.row.language if locale is None else locale
        return _spoken([self.named(line) for line in lines], lang)

    def label(self, state: State, action: Any, locale: object = None,
              names_within: int | None = None) -> str:
        """A move's label as a player reads it, others named by name ("next to Bert", not
        "next to Orange"), the notation it shows in the reader's typed form; with
        ``names_within``, each name cut to that many characters (for a button's room)."""
        label = extras_for(self.row.game_key).reader_label(
            self.game, state, action, lang=language(locale or self.row.language))
        if names_within is None:
            return str(self.said([label], locale))
        return str(_spoken([self.named(label, names_within)], locale or self.row.language))

    def list_labels(self, state: State, moves: list[Any], lang: str) -> list[str]:
        """``moves`` as a list a player reads names them (``/game hand``, the turn DM): the
        game's entries where it groups moves, else each move's label."""
        return extras_for(self.row.game_key).list_labels(self.game, state, moves, lang=lang) \
            or [self.label(state, move, lang) for move in moves[:LISTED]]

    def phase_now(self) -> Any:
        """The game's phase (a catalogue text, not yet said) named by today's seats. The
        phase stored with the position (``row.phase``) names whoever held each seat when it
        was saved: "Turn 12: Bert" after Cora took Bert's seat, until the next move. Without
        a state (a lobby) the stored one."""
        return self.named(self.game.phase(self.state)) if self.state is not None \
            else self.row.phase

    def named(self, text: Any, within: int | None = None) -> Any:
        """``text`` (a catalogue text, not yet said) with every player the engine names by
        seat or colour called by this table's name for them ("Turn 21: Orange" -> "Turn 21:
        Anna"), each cut to ``within`` characters if given; still said in each reader's
        language."""
        def name(seat: SeatRow) -> str:
            return seat.name if within is None or not seat.name else \
                clip_word(seat.name, within)
        names = {s.seat: name(s) for s in self.seats}
        keyed = {key: name(s) for key, s in self._colour_keys().items()}
        return naming(text, names, keyed or None)

    def _colour_keys(self) -> dict[str, SeatRow]:
        """The catalogue keys by which the engine names a seat's colour, to each seat ("Blue
        wins order 34": who is blue?)."""
        pattern = self.game.seat_name_key
        return {pattern.format(colour=s.colour.lower()): s for s in self.seats} \
            if pattern else {}

    def move_said(self, said: str, before: State, action: Any) -> str:
        """``said``, a move's lines as said; for a move that logged nothing (games stored
        before their ``done`` was logged) its label and notation, so the channel and the
        card never read an empty line."""
        return said or f"{say(self.game.label(before, action), self.row.language)} " \
            f"(`{self.game.format(before, action)}`)"

    def made_for(self, lines: Sequence[Any], locale: object = None
                 ) -> tuple[str | None, list[Any]]:
        """Who a move was made for when that is no seat (``Game.mover_keys``: 18Rhl's
        corporation in receivership, "RhE (in receivership)"), said, or None; and the move's
        other lines. A move an AI made for it is credited to it: the game operates it, and
        the AI's seat read as its owner."""
        keys = self.game.mover_keys
        opening = next((line for line in lines if getattr(line, "key", None) in keys), None)
        if opening is None:
            return None, list(lines)
        return self.said([opening], locale), [line for line in lines if line is not opening]

    def credited_to(self, action: ActionRow, locale: object = None
                    ) -> tuple[int | str, list[Any]]:
        """Who a stored move is credited to, and the lines that say it: the corporation the
        game operates (:meth:`made_for`, said in ``locale``) for a move an AI made for it,
        with the move's other lines; else the move's seat, with all of them. A player's
        move for that corporation stays the player's (``Game.mover_keys``). /game log, the
        turn card and a turn DM's news credit a stored move by it, as the channel and the
        AI seats' summary credit a move as it is made."""
        made_for, own = self.made_for(action.lines, locale)
        if made_for is not None and action.user_id is None:
            return made_for, own
        return action.seat, list(action.lines)

    def answers(self, before: ActionRow, action: ActionRow) -> bool:
        """Whether ``action`` is an AI seat's answer that the channel says within the line
        of ``before``, the move it answers (``Game.asking_seat``, ``Game.merged_line``:
        "**Anna**: GVE offers RhE 35M for a 2-train; RhE accepts"). A player's answer is
        their own line, as it is their decision."""
        return action.seat != before.seat and action.user_id is None and \
            self.by_seat(action.seat).is_ai and bool(before.lines) and bool(action.lines) \
            and self.game.merged_line(before.lines[-1], action.lines[0]) is not None

    def credits(self, actions: Sequence[ActionRow], locale: object = None
                ) -> list[tuple[int | str, list[Any]]]:
        """Each of ``actions`` (moves in a row) credited as :meth:`credited_to` credits it,
        but an AI's answer (:meth:`answers`) to the move before it, which is credited to
        the one who asked, as the channel says it: the turn card and a turn DM's news list
        them so."""
        out: list[tuple[int | str, list[Any]]] = []
        for number, action in enumerate(actions):
            if number and self.answers(actions[number - 1], action):
                out.append((out[-1][0], list(action.lines)))
            else:
                out.append(self.credited_to(action, locale))
        return out

    def said_apart(self, lines: Sequence[Any], locale: object = None
                   ) -> tuple[str, list[str]]:
        """A move's lines as the channel posts them: the move as one text (:meth:`said`),
        and apart from it the public records the game keeps whole (``Game.record_keys``),
        each a line of its own that no summary may cut. A line that only names the round
        beginning (``Game.heading_keys``) is left out: the post's title names it; so are the
        final standings (``Game.result_keys``), which the result post gives with notes.
        An alert (``Game.alert_keys``: a seat knocked out) is a record in bold. What the
        game did for another seat (``Game.aside_keys``: 18Rhl's pass made for a player) is
        an :class:`Aside` among the records, with the lines after it: in the mover's text
        "Carl passes; Anna can afford no bid and passes" read as Carl's doing."""
        keys = self.game.record_keys | self.game.alert_keys
        kept: list[Any] = []
        records: list[str] = []
        aside: list[Any] | None = None  # the lines of the aside being said
        for line in self.unheaded(lines):
            key = getattr(line, "key", None)
            if key in self.game.aside_keys:
                records += self._aside(aside, locale)
                aside = [line]
            elif key in keys:  # the lines after it go on as they began: the mover's or not
                records += [*self._aside(aside, locale), self._record_said(line, locale)]
                aside = None if aside is None else []
            elif aside is not None:
                aside.append(line)  # after an aside, nothing more is the mover's
            else:
                kept.append(line)
        return self.said(kept, locale), records + self._aside(aside, locale)

    def _aside(self, lines: list[Any] | None, locale: object = None) -> list[str]:
        return [Aside(self.said(lines, locale))] if lines else []

    def _record_said(self, line: Any, locale: object = None) -> str:
        said = self.said([line], locale)
        if getattr(line, "key", None) not in self.game.alert_keys:
            return said
        if self.state is not None and self.game.result(self.state) is not None:
            # the game is over: each player's end DM tells them (pinged here too, one
            # knocked out by the last move got two pushes for it)
            return f"**{said}**"
        # the player it strikes is pinged: knocked out, they have no turn to be told of
        seats = {s.seat: s for s in self.seats}
        keyed = {key: s.seat for key, s in self._colour_keys().items() if s.seat is not None}
        users = [seats[n].user_id for n in seats_named(line, keyed)
                 if n in seats and not seats[n].is_ai and seats[n].user_id is not None]
        return " ".join([f"**{said}**", *(f"<@{user}>" for user in dict.fromkeys(users))])

    def has_record(self, lines: Sequence[Any]) -> bool:
        """Whether a move's lines hold a record or an alert the channel says apart
        (:meth:`said_apart`): a deal, a new phase, a bankruptcy."""
        keys = self.game.record_keys | self.game.alert_keys
        return any(getattr(line, "key", None) in keys for line in lines)

    def alerts(self, lines: Sequence[Any], locale: object = None) -> list[str]:
        """The alerts among a move's lines, said as :meth:`said_apart` says them, for a
        text that otherwise repeats only the move's own text (a turn DM's news), where a
        player knocked out would go unmentioned."""
        keys = self.game.alert_keys
        return [self._record_said(line, locale) for line in lines
                if getattr(line, "key", None) in keys]

    def unheaded(self, lines: Sequence[Any]) -> list[Any]:
        """``lines`` without those that only name the round beginning (``heading_keys``) or
        give the final standings (``result_keys``): the channel says both elsewhere."""
        left_out = self.game.heading_keys | self.game.result_keys
        return [line for line in lines if getattr(line, "key", None) not in left_out]


class Aside(str):
    """What the game did for another seat within a move, said on a line of its own
    (:meth:`Table.said_apart`). Unlike a record, no reader must see it later: a turn DM
    repeats it only among the latest moves."""


class Said(str):
    """A move's text as :meth:`Table.said` says it, holding the lines it says (players
    named) and their language, so that :meth:`Table.run_said` can say the lines of two
    moves as one where the game merges them. Passed on as text, it is that text."""

    lines: tuple[Any, ...]
    lang: object

    def __new__(cls, text: str, lines: Sequence[Any], lang: object) -> Said:
        obj = super().__new__(cls, text)
        obj.lines, obj.lang = tuple(lines), lang
        return obj


def _spoken(lines: Sequence[Any], lang: object) -> Said:
    return Said(joined_lines([say(line, lang) for line in lines]), lines, lang)


def predicate(said: str, own: Sequence[str], others: Sequence[str]) -> str | None:
    """``said`` without its subject when that is one of the mover's ``own`` words (name,
    colour) and no other seat goes by the same word (``others``); None when it is not.

    >>> predicate("Blue opens on order 34.", ["Anna", "blue"], ["Bert", "orange"])
    'opens on order 34.'
    """
    taken = {word.casefold() for word in others}
    for subject in own:
        start, rest = said[:len(subject)], said[len(subject):]
        if start.casefold() == subject.casefold() and rest.startswith(" ") \
                and subject.casefold() not in taken:
            return rest[1:]
    return None


def spanned_title(first: str, last: str) -> str:
    """A title naming the phase a post begins in and the one it ends in, their shared parts
    (" · "-separated) said once.

    >>> spanned_title("Phase 4 · OR 5.1", "Phase 5 · OR 5.1")
    'Phase 4 → Phase 5 · OR 5.1'
    >>> spanned_title("Round 1/10 · Phase 2: Load", "Round 1/10 · Phase 3: Reserve")
    'Round 1/10 · Phase 2: Load → Phase 3: Reserve'
    """
    a, b = first.split(" · "), last.split(" · ")
    start = 0
    while start < min(len(a), len(b)) - 1 and a[start] == b[start]:
        start += 1
    end = 0
    while end < min(len(a), len(b)) - start - 1 and a[-1 - end] == b[-1 - end]:
        end += 1
    middle = f"{' · '.join(a[start:len(a) - end])} → {' · '.join(b[start:len(b) - end])}"
    return " · ".join([*a[:start], middle, *a[len(a) - end:]])


def joined_lines(lines: Sequence[str]) -> str:
    """Log lines as one line of the channel or the turn card: a line that does not end a
    sentence (18Rhl writes "ADR pays out") is set off from the next by a semicolon, so
    18Rhl's lines do not run together.

    >>> joined_lines(["ADR pays out", "ADR's share price goes up.", "Done"])
    "ADR pays out; ADR's share price goes up. Done"
    """
    out = ""
    for line in (line.strip() for line in lines):
        if line:
            out = f"{out}{'' if not out or out[-1] in '.!?:;' else ';'} {line}".strip()
    return out


class ServiceBase:
    """What every part of the service shares: the store, the games, the renderer and
    the clock, and loading a channel's table. The parts are mixins of it."""

    def __init__(self, store: StoreBase, games: Mapping[str, Game] = engine.GAMES,
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
        # game id -> (the last action it had seen, the public view) of the last full board
        # this process posted: what the next one marks as changed, unless the store's board
        # mark says another process posted one since (then the log says what it showed)
        self._last_boards: Recent[int, tuple[int, dict]] = Recent()
        # game id -> (seat, state version): that seat's move ended its turn by itself and it
        # holds the next turn; a typed ``done`` in that state was meant for the turn that
        # ended (a kick of another seat since moved the version, not the state).
        self._closed_turns: dict[int, tuple[int, int]] = {}
        self._closed_names: Recent[int, Any] = Recent()  # game id -> the step that ended
        # game id -> the state version whose prompt showed the channel a picture of a move on
        # offer (18Rhl's run auto): making that move posts no second one. A preview shown
        # to its player alone (a turn that goes on) leaves the channel's picture due.
        self._public_previews: dict[int, int] = {}
        self._languages: dict[int, str] = {}  # user id -> the client language last seen
        # game id -> {user id: (action id, notation)} of typed moves whose answer a crash
        # lost, noted by the start-up catch-up: typed again, asked about (bot.service.retyped)
        self._unanswered: dict[int, dict[int, tuple[int, str]]] = {}
        # game id -> (the last action the previous turn card saw, the state then, dumped):
        # the next card's "before". The action id is also in the store, so after a restart
        # the card replays the log up to it instead.
        self._last_cards: Recent[int, tuple[int, str]] = Recent()
        # game id -> (version, dumped state) replayed for callers that cannot tell of a
        # rebuild (:meth:`_load`): autocomplete asks on every key, and a long 18Rhl game
        # takes about 2 s to replay
        self._replays: Recent[int, tuple[int, str]] = Recent()
        # The turn card is drawn like the boards are: a service given a stand-in board renderer
        # (tests, the service bench "without render") computes each card's view but draws none.
        self.card_render: Callable[[str, dict], bytes | None] = \
            render_turn_card if render is render_board else _no_picture
        self.cards_for_ai = False  # a turn card before AI seats' turns too (rheinbot demo)
        if reminders is not None:  # a run-out move clock asks us for the channel post
            reminders.clock_expired = self.clock_expired

    def _game(self, key: str) -> Game:
        if key not in self.games:
            known = ", ".join(self.games)
            raise Refusal("svc.no_such_game", key=repr(clip_word(key)), known=known)
        return self.games[key]


    async def _learn_language(self, ctx: Ctx) -> None:
        """Keep the language of the player's Discord client, which each command carries:
        what later goes to them alone (a turn DM, a hand dealt) is said in it, since a DM
        has no command to take it from. Stored only when it changed."""
        lang = language(ctx.locale)
        if self._languages.get(ctx.user_id) == lang:
            return
        try:
            if (await self.store.languages([ctx.user_id])).get(ctx.user_id) != lang:
                await self.store.set_language(ctx.user_id, lang, self.clock())
            self._languages[ctx.user_id] = lang
        except Exception:  # a courtesy: never fail a command for it
            log.exception("keeping the language of user %s failed", ctx.user_id)

    async def _held_saids(self, table: Table, seat: int, latest: bool = False) -> list[str]:
        """The lines of the steps of this seat's turn that were told to its mover alone (its
        actions after the last one the channel has; the latest excepted, as the move being
        said, unless ``latest``), and the channel's mark moved to the latest action. A mark
        from before other seats' moves holds none of this seat's: the walk back stops at
        another seat's action."""
        game_id = table.row.id
        mark = await self.store.said_mark(game_id)
        if mark is None:
            mark = await self.store.last_action_id(game_id) - (0 if latest else 1)
        actions = await self.store.actions(game_id, after=mark)
        if not actions:
            return []
        await self.store.set_said_mark(game_id, actions[-1].id)
        run: list[str] = []
        for row in reversed(actions if latest else actions[:-1]):
            if row.seat != seat:
                break
            run.insert(0, table.said_apart(row.lines)[0] or f"`{row.notation}`")
        return run

    async def _held_seen(self, table: Table, viewer: int | None) -> None:
        """A look at the game as it is now reached ``viewer`` (a user; None: the channel or
        a spectator's DM). The steps of a turn so far told to its mover alone are then seen
        by others, and their undo is said in the channel (:meth:`Undo.undo`): taken back in
        silence after a channel board had shown card 2 played, the card went back into a
        hand everybody now knew. The mover's own looks see nothing new."""
        if table.row.status != "active":
            return
        mark = await self.store.said_mark(table.row.id)
        if mark is None:  # no turn has held a step yet
            return
        held = await self.store.actions(table.row.id, after=mark)
        if not held or (viewer is not None and table.by_seat(held[-1].seat).user_id == viewer):
            return
        await self.store.set_shown_mark(table.row.id, held[-1].id)

    async def _mark_said_before_held(self, table: Table) -> None:
        """Before a game's first held step the store has no mark of what the channel has,
        and :meth:`_held_saids` would take it to be all but the latest action, losing this
        step from the run: everything before it was said."""
        game_id = table.row.id
        if await self.store.said_mark(game_id) is None:
            await self.store.set_said_mark(game_id, await self.store.last_action_id(game_id) - 1)

    async def _told_lines(self, table: Table, seat: int) -> list[str]:
        """The steps of ``seat``'s turn so far that only its mover was told, as one line
        credited to the seat's player now: said before that player leaves or is replaced,
        or a move clock's AI finishes their turn. Said later, with the AI's moves, they were
        credited to the AI seat, under its name."""
        if table.state is None or seat not in table.game.active(table.state):
            return []
        held = await self._held_saids(table, seat, latest=True)
        return [table.credited(seat, table.run_said(seat, held))] if held else []

    async def _news_hushed(self, replies: list[Reply]) -> list[Reply]:
        """Channel posts whose alert strikes a player in their /remind quiet hours ("**Dana
        goes bankrupt** <@Dana>", :meth:`Table._record_said`) name them without a ping: it
        is news, not a call to act, and it buzzed four phones at 01:45 their time. Everyone
        else the post mentions is pinged as before."""
        out = []
        now = self.clock()
        for reply in replies:
            struck = {int(user) for line in ALERT.findall(reply.text)
                      for user in MENTION_ID.findall(line)} \
                if reply.is_public and reply.pings is None else set()
            asleep = {user for user in struck
                      if in_quiet_hours(await self.store.settings(user), now)}
            if asleep:
                named = dict.fromkeys(int(user) for user in MENTION_ID.findall(reply.text))
                reply = replace(reply, pings=tuple(u for u in named if u not in asleep))
            out.append(reply)
        return out

    async def _languages_of(self, table: Table) -> dict[int, str]:
        """Each seated member's language for what is sent to them alone: their client's,
        else the table's."""
        users = [s.user_id for s in table.seats if s.user_id is not None and not s.is_ai]
        unknown = [user for user in users if user not in self._languages]
        if unknown:
            self._languages.update(await self.store.languages(unknown))
        return {user: self._languages.get(user, table.row.language) for user in users}

    async def _table(self, ctx: Ctx, statuses: tuple[str, ...] = ("lobby", "active"),
                     tell: bool = True) -> tuple[Table, list[Reply]]:
        """The channel's live game (state loaded if started) and any notices about it
        (``tell``: as :meth:`_load`)."""
        if ctx.guild_id is None:
            raise Refusal("svc.no_dm")
        row = await self.store.latest_game(ctx.channel_id)
        if row is None:
            raise await self._no_game(ctx)
        if row.status not in statuses:
            refused = Refusal(_NOT_NOW[row.status])
            # a game over, or one not begun where a move was meant: the caller's games
            # are elsewhere, and a player at a finished table was told only to start one
            if row.status in ("finished", "abandoned") or "active" in statuses:
                raise await self._pointed(ctx, refused)
            raise refused
        return await self._load(row, tell)

    async def _no_game(self, ctx: Ctx) -> Refusal:
        """The refusal for a channel that never had a game, naming where the caller's live
        games in this server are: a player who typed their move into the wrong channel was
        told only to start a game there."""
        pointed = await self._pointed(ctx, Refusal("svc.no_game_here"))
        return pointed if isinstance(pointed, Pointed) else Refusal("svc.no_game")

    async def _pointed(self, ctx: Ctx, refused: Refusal, turns_only: bool = False
                       ) -> Refusal:
        """``refused`` followed by where the caller's live games are: first those waiting on
        them (in any server), then, unless ``turns_only``, the others in this server. A
        player whose turn was in #rhein read "It is not your turn" at another table, and
        "You are not playing in this game" at someone else's, with no word of where it was.
        ``refused`` as it is where there is nothing to point to."""
        turns, others = await self._games_elsewhere(ctx)
        if turns_only:
            others = []
        parts = []
        if turns:
            parts.append(t("svc.pointer.turns", ctx.locale,
                           games=self._entries(ctx, turns[:POINTED_GAMES])))
        if others:
            key = "svc.pointer.others" if turns else "svc.pointer.games"
            parts.append(t(key, ctx.locale,
                           games=self._entries(ctx, others[-POINTED_GAMES:])))
        if not parts:
            return refused
        return Pointed(refused, " ".join(parts),
                       [self._titled(row, ctx.locale) for row in turns],
                       [self._short_title(row, ctx.locale) for row in turns])

    async def _games_elsewhere(self, ctx: Ctx) -> tuple[list[GameRow], list[GameRow]]:
        """The caller's live games outside this channel: those waiting on them, anywhere,
        and the others in this server (oldest change first)."""
        rows = {row.id: row
                for row in await self.store.games_of_user(ctx.user_id, ("lobby", "active"))
                if row.channel_id != ctx.channel_id}
        turns, others = [], []
        for row in rows.values():
            if row.status == "active" and await self._waits_on(row, ctx.user_id):
                turns.append(row)
            elif row.guild_id == ctx.guild_id:
                others.append(row)
        # this server's first: a link to another server's channel is one more step
        turns.sort(key=lambda row: row.guild_id != ctx.guild_id)
        return turns, others

    async def _waits_on(self, row: GameRow, user_id: int) -> bool:
        """Whether the game of ``row`` waits on the player ``user_id`` (read as /mygames
        does, from the stored whose-turn: no state is loaded)."""
        return any(seat.user_id == user_id and not seat.is_ai and seat.seat is not None
                   and seat.seat in row.active_seats for seat in await self.store.seats(row.id))

    def _titled(self, row: GameRow, locale: str) -> str:
        return say(self.games[row.game_key].title, locale) if row.game_key in self.games \
            else row.game_key

    def _short_title(self, row: GameRow, locale: str) -> str:
        key = f"svc.short_title.{row.game_key}"
        return t(key, locale) if has(key) else self._titled(row, locale)

    def _entries(self, ctx: Ctx, rows: list[GameRow]) -> str:
        return ", ".join(t("svc.no_game.entry", ctx.locale, channel=row.channel_id,
                           title=self._titled(row, ctx.locale)) for row in rows)

    async def _load(self, row: GameRow, tell: bool = True) -> tuple[Table, list[Reply]]:
        """The game of ``row`` with its state, and any notices about it: a snapshot that no
        longer loads is rebuilt from the move log, which the channel is told. A caller that
        cannot tell anyone (autocomplete, a reminder's schedule) passes ``tell=False``:
        the state is replayed for it alone and nothing is stored, so that the rebuild, its
        notice and the end of an open undo vote come with the next command that can say
        them (an autocomplete's rebuild had left an undo request's post calling for a vote
        already over)."""
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
        if not tell:
            kept = self._replays.get(row.id)
            if kept is None or kept[0] != row.version:
                kept = (row.version, table.game.dump((await self._replayed(table))[0]))
                self._replays[row.id] = kept
            table.state = table.game.load(kept[1])
            return table, []
        return await self._rebuild(table)

    async def _replayed(self, table: Table) -> tuple[State, list[ActionRow]]:
        """The game's state replayed from its move log, and the log."""
        actions = await self.store.actions(table.row.id)
        await self._fetch_origin(table)
        try:
            return await asyncio.to_thread(self._replay, table, actions), actions
        except Exception as error:
            log.exception("game %s cannot be rebuilt from its log", table.row.id)
            raise Refusal("svc.damaged") from error

    async def _rebuild(self, table: Table) -> tuple[Table, list[Reply]]:
        state, actions = await self._replayed(table)
        await self.store.save_snapshot(table.row.id, table.row.version,
                                       self._snapshot(table, state), self.clock())
        row = await self.store.game(table.row.id)
        assert row is not None
        table.row, table.state = row, state
        notice = _public(t("svc.rebuilt", row.language, count=len(actions)))
        # the new snapshot's version ends an undo vote open: its post says why
        return table, [notice, *await self._undo_lapsed(table, "rebuilt")]

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
        # the phase the DMs, /mygames and watchers read names the player, not a colour
        return Snapshot(state=game.dump(state), phase=table.named(game.phase(state)),
                        status="finished" if over else "active",
                        active_seats=[] if over else list(game.active(state)),
                        state_format=_format_of(game))

    async def _row(self, game_id: int) -> GameRow:
        row = await self.store.game(game_id)
        assert row is not None
        return row

    def _line_replies(self, lines: list[str]) -> list[Reply]:
        replies, chunk = [], ""
        for line in lines:
            if chunk and len(chunk) + len(line) + 1 > TEXT_LIMIT:
                replies.append(_public(chunk))
                chunk = ""
            chunk = f"{chunk}\n{line}" if chunk else _clip(line)
        return replies + ([_public(chunk)] if chunk else [])

    def _may_manage(self, ctx: Ctx, table: Table) -> bool:
        """Manage Channels, or the one who runs the table (:func:`runner_id`): a creator
        who left or was kicked has no say over a table others now play at."""
        return ctx.can_manage or ctx.user_id == runner_id(table)

    def _refuse_unless_runner(self, ctx: Ctx, table: Table, key: str) -> None:
        """Refuse (``key``) anyone but who runs the table and admins, naming who runs it:
        the refused player wants to know whom to ask."""
        if self._may_manage(ctx, table):
            return
        name = runner_label(table)
        raise Refusal(key) if name is None else Refusal(f"{key}_named", runner=name)

    def _seat_or_refuse(self, table: Table, ctx: Ctx) -> SeatRow:
        seat = table.seat_of(ctx.user_id)
        if seat is None or seat.seat is None:
            raise Refusal("svc.not_playing")
        return seat

    async def _stale_press(self, ctx: Ctx, row: GameRow) -> Reply:
        """What a press on a button or menu made for an older version of ``row`` is told:
        that its game ended or was abandoned; that the presser has no seat in it any more
        (kicked, replaced); else that the game moved on and the newest prompt has their
        moves. "The newest prompt has your moves" was said to all three, and there was
        none."""
        if row.status in ("finished", "abandoned"):
            return _private(ctx, t(f"svc.button_over.{row.status}", ctx.locale))
        seats = await self.store.seats(row.id)
        if not any(s.user_id == ctx.user_id and not s.is_ai and s.seat is not None
                   for s in seats):
            return _private(ctx, t("svc.stale_unseated", ctx.locale))
        return _private(ctx, t("svc.stale", ctx.locale))

    async def _mover_seat(self, table: Table, ctx: Ctx) -> int:
        """:meth:`_active_seat`, its refusal pointing to where the caller can move: to the
        games waiting on them where it is another's turn here, to all their games where
        they have no seat."""
        try:
            return self._active_seat(table, ctx)
        except Refusal as refused:
            if refused.key not in ("svc.not_your_turn", "svc.not_playing"):
                raise
            raise await self._pointed(ctx, refused,
                                      turns_only=refused.key == "svc.not_your_turn") from None

    def _active_seat(self, table: Table, ctx: Ctx) -> int:
        seat = self._seat_or_refuse(table, ctx)
        assert table.state is not None and seat.seat is not None
        active = table.game.active(table.state)
        if seat.seat not in active:
            waiting = ", ".join(table.by_seat(s).name for s in active) or "-"
            raise Refusal("svc.not_your_turn", waiting=waiting)
        return seat.seat


def ai_mark(seat: SeatRow, lang: object, game_key: str) -> str:
    """" [AI, hard]" after an AI seat's name (" [AI]" for one stored without a level), ""
    for a player's: its level was said only in the line it joined with. The level is the one
    it plays in ``game_key``: a hard seat in a game without a hard level plays normal, as the
    line it joined with says, and "[AI, hard]" in 18Rhl's status claimed otherwise."""
    if not seat.is_ai:
        return ""
    if not seat.ai_level:
        return t("svc.status.ai", lang)
    level = played_level(game_key, seat.ai_level)
    return t("svc.status.ai_level", lang, level=t(f"choice.{level}", lang))


def runner_id(table: Table) -> int | None:
    """Who runs the table (starts, kicks, abandons): its creator while seated or hosting it
    (:func:`hosts_after`); else the first seated human in seat order (join order in a
    lobby), so a table its creator walked away from is never stuck; else no one (members with
    Manage Channels still may). A host keeps the table while guests come and go; a creator
    who joins again runs it again."""
    humans = [s.user_id for s in table.seats if not s.is_ai and s.user_id is not None]
    if table.row.creator_id in humans or table.row.hosted:
        return table.row.creator_id
    return humans[0] if humans else None


def next_bot_name(table: Table) -> str:
    """The name an AI seat that takes over a player's seat gets ("Bot 3"): said in the post
    that hands the seat over, so the table knows whom the later moves are by."""
    return f"Bot {1 + sum(1 for s in table.seats if s.is_ai)}"


def runner_label(table: Table) -> str | None:
    """How a text names who runs the table (:func:`runner_id`): a seated runner by their
    name in bold; a host without a seat, whose name no seat holds, by a mention (the texts
    that use it ping no one); None when no one does."""
    runner = runner_id(table)
    if runner is None:
        return None
    seat = next((s for s in table.seats if s.user_id == runner and not s.is_ai), None)
    return f"**{seat.name}**" if seat is not None else f"<@{runner}>"


def hosts_after(table: Table, gone: SeatRow, kicked: bool = False) -> bool | None:
    """Whether the creator hosts the table once the seat ``gone`` is left or taken away;
    None when that is not the creator's seat, which changes nothing. A creator who leaves a
    lobby with no other human seated chose not to play and hosts it (``rheinbot demo``, an
    admin seating AI players for others); one who leaves other players seated, or a running
    game, hands the table on to them. A creator ``kicked`` (removed by someone else) chose
    nothing and never hosts: the table is no longer theirs. The store keeps the answer
    (``GameRow.hosted``): later the seats of a host's lobby and of one walked away from look
    alike."""
    if gone.is_ai or gone.user_id != table.row.creator_id:
        return None
    if kicked:
        return False
    others = [s for s in table.seats if not s.is_ai and s.user_id is not None
              and s.joined != gone.joined]
    return table.row.status == "lobby" and not others


STOP_WORDS = ("done", "pass", "end")  # the notation that ends a step or turn in each game
PACES = {"none": None, "24h": 24.0, "48h": 48.0, "72h": 72.0}


def _unstopped(text: str) -> str:
    """``text`` without one closing full stop (an ellipsis keeps its dots)."""
    return text[:-1] if text.endswith(".") and not text.endswith("..") else text


def _expected(game: Game, state: State, seat: int, lang: str = "en",
              table: Table | None = None) -> str:
    """What a reminder DM says is expected: a few of the seat's own moves (a DM is private,
    so their labels may show the seat's hidden cards); with the ``table``, other players
    named as its buttons name them."""
    moves = extras_for(game.key).ordered(game, state, game.legal(state, seat))
    listed = table.list_labels(state, moves, lang) if table is not None else \
        extras_for(game.key).list_labels(game, state, moves, lang=lang)
    choices, _ = first_choices(game, state, moves, lang, len(moves), listed)
    # "and 273 more" counted single moves where /game hand lists eight entries
    entries = entry_count(choices, moves)
    # the move that ends a step or turn first, as /play's list has it: after three entries
    # Rhein's "Done" (its turn going on) and 18Rhl's pass were never named
    labels = listed or [say(game.label(state, m), lang) for m in moves[:LISTED]]
    ending = {label for label, move in zip(labels, moves, strict=False)
              if move.get("type") in STEP_ENDS}
    choices = [label for label, _ in closing_first([(c, c) for c in choices],
                                                   [c in ending for c in choices],
                                                   len(choices), spread_out=False)]
    more = more_entries(entries - 3, entries != len(moves), lang)
    return t("svc.expected", lang, moves="; ".join(choices[:3]), more=more)


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
    """The variants a table changed from the defaults, as players write them
    (``relax=true``, not Python's ``relax=True``), or "standard rules"."""
    defaults = {option.name: option.default for option in game.options}
    changed = [f"{k}={str(v).lower() if isinstance(v, bool) else v}"
               for k, v in options.items() if defaults.get(k, not v) != v]
    return ", ".join(changed) or t("common.standard_rules", lang)


def _secret_lines(secret: list[tuple[str, Any]], lang: str = "en") -> list[str]:
    """Readable lines for private values: nested records are spread out by path (each part
    named in ``lang`` where the catalogue has ``hidden.<part>``), a list of items that carry a
    ``text`` (cards) shows those texts; the seat number and the legal moves are left out (the
    reply lists the moves itself).

    >>> _secret_lines([("you", {"hand": [{"id": 4, "text": "#4 ferry"}], "coins": 2})])
    ['Hand: #4 ferry', 'Coins: 2']
    >>> _secret_lines([("you", {"value": []})])
    ['Value pile: empty']
    """
    lines = []
    for path, value in secret:
        if path.rsplit(".", 1)[-1] in _NOT_LISTED:
            continue
        if value in ([], {}):  # an empty pile reads as a word, not as "[]"
            lines.append(f"{_path_name(path, lang)}: {t('common.empty', lang)}")
        elif isinstance(value, dict):
            lines += _secret_lines([(f"{path}.{k}", v) for k, v in value.items()], lang)
        elif isinstance(value, list) and value and all(
                isinstance(item, dict) and isinstance(item.get("text"), str) for item in value):
            lines.append(f"{_pile_name(path, lang)}: "
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


def _pile_name(path: str, lang: str) -> str:
    """A pile of cards by its own name where the catalogue has one: where a view keeps it
    (Rhein's ``players.4.fulfilled``) means nothing to the player reading it."""
    pile = path.rsplit(".", 1)[-1]
    return t(f"hidden.{pile}", lang) if has(f"hidden.{pile}") else _path_name(path, lang)


def _path_name(path: str, lang: str) -> str:
    parts = [part for part in path.split(".") if part != "you"]
    return ".".join(t(f"hidden.{part}", lang) if has(f"hidden.{part}") else part
                    for part in parts)


def _format_of(game: Game) -> int:
    """The engine's snapshot format; a game bumps ``state_format`` when its state changes."""
    return int(getattr(game, "state_format", 1))


def _no_picture(game_key: str, view: dict) -> None:
    return None


def _clip(text: str, keep: str = "start", more: Callable[[int], str] | None = None) -> str:
    """``text`` within Discord's limit; with ``more``, cut after the last whole line that fits
    and ended by ``more(n)`` for the ``n`` lines left out (a list cut mid-line)."""
    if len(text) <= TEXT_LIMIT:
        return text
    if more is not None and keep == "start":
        return fit_lines(text.split("\n"), [], more, TEXT_LIMIT)
    return text[: TEXT_LIMIT - 3] + "..." if keep == "start" else "..." + text[-TEXT_LIMIT + 3:]
