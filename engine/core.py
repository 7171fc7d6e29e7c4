"""The contract every game engine implements, and the helpers they share.

A game is an object with a handful of pure functions over a plain-data state
(dicts, lists, strings, ints: anything ``json`` can write). The bot, the CLI,
the fuzzer and the tests only ever talk to a game through this contract.

>>> from engine import get_game
>>> game = get_game("rhein")
>>> state = game.setup(3, {}, seed=7)
>>> seat = game.active(state)[0]
>>> move = game.legal(state, seat)[0]
>>> game.parse(state, seat, game.format(state, move)) == move
True
"""

from __future__ import annotations

import copy
import json
import marshal
from dataclasses import asdict, dataclass, field
from typing import Any

from engine.text import LANGUAGES, Msg, has, msg, say, text_of

State = dict[str, Any]
Action = dict[str, Any]
"""An action is a small JSON-serialisable dict; its ``"type"`` key names the kind."""


class RuleError(Exception):
    """A move the rules do not allow. The message is a sentence for the player: a catalogue
    ``engine.text.Msg`` (so the bot can say it in the player's language) or plain text."""

    @property
    def text(self) -> str:
        """The message as raised, a ``Msg`` kept as one (``str(error)`` would flatten it)."""
        return text_of(self)


@dataclass(frozen=True)
class Option:
    """A variant a table can choose when it creates a game."""

    name: str
    type: str  # "bool", "int" or "choice"
    default: Any
    description: str
    choices: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Standing:
    """One line of a final result: rank 1 is the winner; equal ranks share a place."""

    seat: int
    score: int
    rank: int
    detail: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def rank_standings(scores: dict[int, tuple]) -> list[Standing]:
    """Rank seats by a sort key tuple (higher is better); the first element is the score.

    Seats whose whole key is equal share a rank ("1, 1, 3" style).

    >>> [(s.seat, s.rank) for s in rank_standings({0: (5, 1), 1: (7, 0), 2: (5, 1)})]
    [(1, 1), (0, 2), (2, 2)]
    """
    order = sorted(scores, key=lambda seat: (tuple(-k for k in scores[seat]), seat))
    standings: list[Standing] = []
    for position, seat in enumerate(order):
        if position and scores[order[position - 1]] == scores[seat]:
            rank = standings[-1].rank
        else:
            rank = position + 1
        standings.append(Standing(seat=seat, score=scores[seat][0], rank=rank))
    return standings


# No count, price or card number in any game's move needs more digits; 18 still fits SQLite's
# 64-bit integer. Without a bound, ``int()`` raises ValueError past 4,300 digits, and a Discord
# string option carries 6,000 characters.
MAX_DIGITS = 18


def is_plain_number(word: str) -> bool:
    """Plain ASCII digits, at most :data:`MAX_DIGITS` of them: the only numbers a move may
    contain, and always safe to give to ``int()``.

    ``"²".isdigit()`` is true, yet ``int("²")`` refuses it, so ``isdigit`` alone is not enough.

    >>> is_plain_number("17"), is_plain_number("²"), is_plain_number("-1")
    (True, False, False)
    >>> is_plain_number("9" * 18), is_plain_number("9" * 19)
    (True, False)
    """
    return len(word) <= MAX_DIGITS and word.isascii() and word.isdigit()


QUOTE_LIMIT = 24


def clip_word(word: str, limit: int = QUOTE_LIMIT) -> str:
    """A player's word as a refusal quotes it: at most ``limit`` characters, cut with "…",
    after the last whole word when that keeps at least half of it ('reserve red ship…',
    not 'reserve red ship karlsr…', which reads as a word the player never typed).

    Discord sends up to 6,000 characters in one option and shows at most 2,000 in a reply; a
    refusal that repeats a long word whole says nothing more and may not be shown at all.

    >>> clip_word("left"), clip_word("9" * 6000), clip_word("reserve red ship karlsruhe")
    ('left', '99999999999999999999999…', 'reserve red ship…')
    """
    if len(word) <= limit:
        return word
    head = word[:limit]  # one more than is kept: a space there ends a whole word
    space = head.rfind(" ")
    kept = head[:space] if space >= limit // 2 else head[:limit - 1]
    return kept.rstrip() + "…"


# --- seeded randomness kept inside the state -------------------------------------------

_MASK = (1 << 64) - 1


def pages(lines: list[str], limit: int) -> list[str]:
    """``lines`` as few messages of at most ``limit`` characters as they fill, each ending
    at a line's end, for a text a player reads whole (a rules topic, the text board, the
    log): cut to one message it lost its last lines. A line alone over the limit is split
    between its "; " entries, an entry over it cut between words; an empty line at a
    message's edge is dropped.

    >>> pages(["one", "two", "", "three"], 8)
    ['one\\ntwo', 'three']
    >>> pages(["a; bb; cc"], 5)
    ['a; bb', 'cc']
    """
    found: list[str] = []
    page: list[str] = []
    for line in (piece for whole in lines for piece in _entries(whole, limit)):
        if page and len("\n".join([*page, line])) > limit:
            found.append("\n".join(page).strip("\n"))
            page = []
        page.append(line)
    found.append("\n".join(page).strip("\n"))
    return [text for text in found if text] or [""]


def _entries(line: str, limit: int) -> list[str]:
    if len(line) <= limit:
        return [line]
    pieces: list[str] = []
    current = ""
    for entry in line.split("; "):
        entry = clip_word(entry, limit)
        if current and len(current) + 2 + len(entry) > limit:
            pieces.append(current)
            current = ""
        current = f"{current}; {entry}" if current else entry
    if current:
        pieces.append(current)
    return pieces


def copied(state: State) -> State:
    """A deep copy of a state. States are JSON-shaped (they are stored as JSON), and a
    marshal round trip copies such data, key order and shared lists kept, several times
    faster than ``copy.deepcopy``, which every move paid; anything else is deep-copied."""
    try:
        return marshal.loads(marshal.dumps(state))
    except ValueError:  # an object marshal does not know (a str subclass, a set of tuples)
        return copy.deepcopy(state)


def new_rng(seed: int) -> dict[str, int]:
    """The random generator's state, stored in the game state under ``"rng"``."""
    return {"s": seed & _MASK, "draws": 0}


def _next64(rng: dict[str, int]) -> int:
    # splitmix64: tiny, fast, and identical on every platform and Python version.
    rng["s"] = (rng["s"] + 0x9E3779B97F4A7C15) & _MASK
    rng["draws"] += 1
    z = rng["s"]
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def rng_below(rng: dict[str, int], n: int) -> int:
    """A uniform integer in ``range(n)``."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        value = _next64(rng)
        if value < limit:
            return value % n


def rng_shuffle(rng: dict[str, int], items: list) -> None:
    """Shuffle ``items`` in place (Fisher-Yates)."""
    for i in range(len(items) - 1, 0, -1):
        j = rng_below(rng, i + 1)
        items[i], items[j] = items[j], items[i]


def rng_choice(rng: dict[str, int], items: list):
    return items[rng_below(rng, len(items))]


# --- the contract ------------------------------------------------------------------------


class Game:
    """Base class of the four games.

    Subclasses implement ``setup``, ``active``, ``legal``, ``_apply``, ``view``, ``phase``,
    ``result``, ``format`` and ``parse``. ``apply`` here makes every move atomic: the rules
    run on a copy and the state is only replaced when they succeed, so a ``RuleError``
    leaves the state exactly as it was.
    """

    key: str = ""
    # The prefix of the game's catalogue keys, where it is not ``key`` (18Rhl's texts are
    # "rhl18.*": a module name cannot start with a digit).
    text_key: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 2
    options: tuple[Option, ...] = ()
    # Colour names the rules give to seats 0, 1, ... (e.g. the board's pieces), if any. The
    # bot then names players by these colours; empty means the table picks colours freely.
    seat_colours: tuple[str, ...] = ()
    # The catalogue key a log line names a seat by, with the seat's colour for ``{colour}``
    # ("troedler.player.{colour}"): the bot says the player's name in its place.
    seat_name_key: str = ""
    # Short rules help for ``/rules topic:``, in our own words; "components" must say which
    # component values are house-made rather than printed.
    topics: dict[str, str] = {}
    # Log lines (by catalogue key) that are a public record players must be able to read
    # later, so the channel posts them whole, each on its own line, never cut to fit a
    # summary (Trödler's deal: the covered cards are seen once, R12.2).
    record_keys: frozenset[str] = frozenset()
    # Log lines (by catalogue key) that change who is still playing (Rhein: a seat goes
    # bankrupt and leaves). Said in the middle of a move's text they were missed, so the
    # channel posts each as a record, on its own line, and in bold.
    alert_keys: frozenset[str] = frozenset()
    # Log lines (by catalogue key) that begin what the game did for another seat within a
    # move (18Rhl: a pass made for a player with no other move, a player passed over). Said
    # inside the mover's line they read as the mover's doing, so the channel says each, with
    # the lines that follow it, on a line of its own.
    aside_keys: frozenset[str] = frozenset()
    # Log lines (by catalogue key) that the AI seats' summaries leave out: a move that says
    # nothing but that a seat declined an offer it always has (Rheinländer's "ends the turn
    # without a bastion", some fifteen times a game). A player's own move and the log keep it.
    summary_quiet_keys: frozenset[str] = frozenset()
    # Log lines (by catalogue key) that only say which round begins ("-- Stock Round 9 --").
    # The channel's titles and headings name the round, so its move lines leave them out;
    # the game's log keeps them.
    heading_keys: frozenset[str] = frozenset()
    # Log lines (by catalogue key) that give the final standings. The result post ranks
    # every seat with how its score came about, so the channel's move lines leave them out
    # rather than say the standings twice; the game's log keeps them.
    result_keys: frozenset[str] = frozenset()
    # Log lines (by catalogue key) that open a move made for someone who is no seat (18Rhl:
    # a corporation in receivership, which the game operates and any player may move). The
    # channel, /game log, the turn card and a turn DM credit a move an AI made to them:
    # credited to the AI's seat, it read as that seat's own. A player's move for them stays
    # the player's.
    mover_keys: frozenset[str] = frozenset()
    # What a score counts, as its number is written ("M" for 18Rhl's marks): the result
    # post read "6815 · cash 3820M + shares 2995M", the picture "6815M".
    score_unit: str = ""

    # -- to implement -------------------------------------------------------------------
    def setup(self, num_players: int, options: dict[str, Any] | None, seed: int) -> State:
        raise NotImplementedError

    def active(self, state: State) -> list[int]:
        raise NotImplementedError

    def legal(self, state: State, seat: int) -> list[Action]:
        raise NotImplementedError

    def _apply(self, state: State, seat: int, action: Action) -> list[str]:
        raise NotImplementedError

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def phase(self, state: State) -> str:
        raise NotImplementedError

    def result(self, state: State) -> list[Standing] | None:
        raise NotImplementedError

    def format(self, state: State, action: Action) -> str:
        raise NotImplementedError

    def parse(self, state: State, seat: int, text: str) -> Action:
        raise NotImplementedError

    # -- shared behaviour ---------------------------------------------------------------
    def apply(self, state: State, seat: int, action: Action) -> list[str]:
        """Perform ``action`` for ``seat``; return log lines. Atomic on ``RuleError``."""
        work = copied(state)
        lines = self._apply(work, seat, action)
        state.clear()
        state.update(work)
        return lines

    def label(self, state: State, action: Action) -> str:
        """A short human description of a legal action (autocomplete, buttons)."""
        return self.format(state, action)

    def names_hidden(self, state: State, seat: int, action: Action) -> bool:
        """Whether ``action``'s label or notation may name something only ``seat`` sees
        (asked only for a seat whose view holds more than the public one), so that it is
        never a button in the channel. Yes by default: a move in a hidden hand names its
        card."""
        return True

    def rules(self, topic: str | None = None) -> str:
        """Help text for a topic (its name, or its display name in any language), or the
        list of topics by their display names; no topic at all is the overview, then that
        list."""
        found = self.topic_named(topic) if topic else None
        if found is None:
            # in reading order, the overview first: sorted by key, the list opened
            # "Erzbischof, Bastionen, Burgen, Spielmaterial" (German review)
            names = sorted(self.topics, key=lambda name: name != "overview")
            topics = msg("core.rules.topics", title=self.title,
                         topics=[self.topic_title(name) for name in names])
            # a mistyped topic is said to be one: the bare list read as if it were ignored
            if topic and topic.strip():
                return msg("core.rules.no_topic", topic=clip_word(topic.strip()), topics=topics)
            # a newcomer's first /rules game:X read only topic names, none of the game
            if "overview" in self.topics:
                return msg("core.rules.start", overview=self.topics["overview"], topics=topics)
            return topics
        return self.topics[found]

    def topic_title(self, name: str) -> str:
        """A topic's display name (``<game>.topic_name.<name>`` where the catalogue has it)."""
        key = f"{self.text_key or self.key}.topic_name.{name}"
        return Msg(key) if has(key) else name

    def topic_named(self, typed: str) -> str | None:
        """The topic a player means by ``typed``: its name, a display name or a word it
        explains (``<game>.topic_also.<name>``, comma-separated, in any language: 18Rhl's
        "OR" is the operating round, and "/rules topic:OR" answered "No topic"), any case."""
        wanted = typed.strip().casefold()
        for name in self.topics:
            title = self.topic_title(name)
            if wanted in {name.casefold(), *(say(title, lang).casefold() for lang in LANGUAGES),
                          *self._topic_also(name)}:
                return name
        return None

    def _topic_also(self, name: str) -> set[str]:
        key = f"{self.text_key or self.key}.topic_also.{name}"
        if not has(key):
            return set()
        return {word.strip().casefold() for lang in LANGUAGES
                for word in say(Msg(key), lang).split(",") if word.strip()}

    def is_over(self, state: State) -> bool:
        return self.result(state) is not None

    def board_round(self, state: State) -> Any:
        """The stretch of play the full board is posted after, when it changes: the phase
        by default. A game whose phase is one seat's short turn (Rheinländer: one knight)
        posts it once a round instead; each turn's prompt has its turn card."""
        return self.phase(state)

    def merged_line(self, first: Any, second: Any) -> Any | None:
        """One log line saying both ``first`` and ``second``, the last line of one move and
        the first of the next by the same seat (or by a seat answering it, ``asking_seat``),
        when the game says them as one (Rhein: "loads 1 onto the white Train" twice is
        "loads 2 onto the white Train"; 18Rhl: an offer and its answer); None when it does
        not. The channel's summary of a run of moves and /game log's entries ask this; the
        stored lines stay as they were."""
        return None

    def acting_for(self, state: State, action: Any) -> str | None:
        """The game's own piece ``action`` (a move on ``state``) is made for, by its symbol
        (18Rhl: the corporation its president operates), or None for a seat's own move.
        The turn card colours a move by it: read from the move's first word, a player
        named "GVE" buying a share was drawn in GVE's colour."""
        return None

    def asking_seat(self, state: State) -> int | None:
        """The seat whose move the seat to act now only answers (18Rhl: the buyer's
        president, whose corporation offered to buy a train the answering seat's corporation
        owns), else None. The channel says the answer of an AI to an AI within the asking
        seat's moves, as the turn it is part of."""
        return None

    def score_note(self, state: State, standing: Standing) -> Msg | None:
        """How a final score came about, short (a catalogue ``Msg``, or None): the parts
        it adds up from and what breaks a tie or puts a seat last, so a result that ranks
        27 points below 26 says why (Trödler's total damage)."""
        return None

    def unscored(self, standing: Standing) -> bool:
        """True for a seat the rules put out of the scoring (Trödler's total damage): the
        result says it with no place and no score, only what it would have had."""
        return False

    def reveals(self, state: State) -> int:
        """A counter that grows whenever a random draw is made or hidden information is
        revealed. A move can be undone freely only while this has not changed since."""
        return state.get("rng", {}).get("draws", 0) + state.get("reveals", 0)

    def normalise_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Fill defaults and reject unknown variants or values of the wrong type."""
        given = dict(options or {})
        known = {option.name: option for option in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            raise RuleError(msg("core.option.unknown", title=self.title, name=unknown[0]))
        result: dict[str, Any] = {}
        for name, option in known.items():
            value = given.get(name, option.default)
            if option.type == "bool" and not isinstance(value, bool):
                raise RuleError(msg("core.option.bool", name=name))
            if option.type == "int" and (isinstance(value, bool) or not isinstance(value, int)):
                raise RuleError(msg("core.option.int", name=name))
            if option.type == "choice" and value not in option.choices:
                raise RuleError(msg("core.option.choice", name=name, choices=list(option.choices)))
            result[name] = value
        return result

    def check_players(self, num_players: int) -> None:
        if not self.min_players <= num_players <= self.max_players:
            raise RuleError(msg("core.players", title=self.title, low=self.min_players,
                                high=self.max_players, count=num_players))

    def dump(self, state: State) -> str:
        return json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=False)

    def load(self, text: str) -> State:
        return json.loads(text)

    def opening_log(self, state: State) -> list:
        """Log lines for what set-up did in public (Trödler's first deal), which the table
        posts once when the game starts: set-up returns a state, not lines, yet players must
        read them as they read a move's."""
        return []

    # -- self-checks for the fuzzer (engine.fuzz); optional, additive -------------------
    def check_invariants(self, state: State) -> list[str]:
        """Problems with the state's bookkeeping, as sentences; empty when all is sound.

        Games override this with what their rules conserve (cards, pieces, goods, money), so
        the fuzzer can check it after every random move.
        """
        return []

    def hidden_items(self, state: State) -> dict[int, list]:
        """Per seat, the hidden things only that seat may see now (a hand, face-down cards).

        Each item is a string (found in a view as an equal string) or a dict (found as any
        dict in a view holding all its keys with these values; where the view holds a list
        under that key, the list containing the value counts). The fuzzer checks every item
        is in its owner's view and in no other view, the public one included; and that no
        other view holds, even inside a longer text, a text (with a digit) that the owner's
        view shows only within its hidden things (a card's wording, a payment's line).
        """
        return {}

    def secret_items(self, state: State) -> list:
        """What no seat may see now, the hidden state: a draw pile's cards, covered cards.

        Items are as in :meth:`hidden_items`, except that a string is looked for inside every
        string of a view (a card's text within a log line), not only as an equal string. The
        fuzzer checks that no view, the public one included, holds any of them.
        """
        return []

    def find_legal(self, state: State, seat: int, action: Action) -> Action | None:
        """The legal action equal to ``action``, or None."""
        for candidate in self.legal(state, seat):
            if candidate == action:
                return candidate
        return None
