"""One entry of the turn card's "Latest moves" cut to its lines by dropping whole pieces, so
what decided the turn stays in.

An entry is a run of one seat's moves as the channel read them: the moves joined by " · ",
each move's log lines joined into sentences (". ") or, in 18Rhl, by "; ". Cutting the middle
out of that text lost the news it held ("Anna cannot pay, goes bankrupt" between a delivery
and the next round's orders; every card a Trödler turn played between taking a pile and its
end). Here the entry is split into those pieces and, while it is too long, the least telling
piece goes: first one of a run of pieces said alike, then the consequences a move logged
after it, then the moves themselves, middle first, then the entry's last piece (how it
ended) and a decisive piece (a bankruptcy, a duchy taken or lost, a delivery, a discard, a
train bought or rusted, a new phase, the game's end); the first piece (who did what) stays.
Each run of dropped pieces reads "…". No word is cut (unless one alone is wider than a line).

The card receives the entries as text, already said in the table's language. A piece is told
decisive by its catalogue key all the same: the log templates of both languages, turned into
patterns, name the key of the line a piece was said from, so no word of either language is
listed here.
"""

from __future__ import annotations

import functools
import re
import string
from collections.abc import Callable

from engine import text as texts
from render.card_text import wrap

# a piece said from a log key whose event (the part after ".log.") contains one of these
# decided something a player must not miss on the card
DECISIVE_EVENTS = ("bankrupt", "duchy", "duke", "deliver", "fulfil", "discard", "buys_train",
                   "rust", "phase", "game_", "last_knight", "bank_broken", "payout",
                   "withhold")
# routine variants of a decisive event ("rhein.log.finished.fulfil": can fulfil no more)
ROUTINE_VARIANTS = ("done", "finished", "idle", "nothing_to_do")
GAP = "…"
LEAST_WORDS = 3  # of a piece cut short (its start), or none of it
MOVE = " · "
# between moves; between sentences; between 18Rhl's lines (a stop keeps to its sentence)
PIECE_END = re.compile(r" · |(?<=[.!?]) (?=\S)|(?<=;) (?=\S)")
LEAST_LITERAL = 4  # letters a template part needs to name its key ("{who} {val}M" names none)

REPEATED, CONSEQUENCE, MOVE_RANK, LAST, DECISIVE, FIRST = range(6)


def pieces(text: str) -> list[tuple[str, str]]:
    """``text`` as ``(separator before it, piece)`` pairs, the first with an empty separator.

    >>> pieces("Anna unloads 3. Bert goes bankrupt · passes")
    [('', 'Anna unloads 3.'), (' ', 'Bert goes bankrupt'), (' · ', 'passes')]
    """
    out: list[tuple[str, str]] = []
    start, separator = 0, ""
    for match in PIECE_END.finditer(text):
        out.append((separator, text[start:match.start()]))
        start, separator = match.end(), match.group()
    out.append((separator, text[start:]))
    return [(sep, piece) for sep, piece in out if piece.strip()]


def is_decisive_key(key: str) -> bool:
    """Whether a log line said from ``key`` decided something (see ``DECISIVE_EVENTS``)."""
    if ".log." not in key:
        return False
    event = key.split(".log.", 1)[1]
    head = event.split(".")
    if any(part in ROUTINE_VARIANTS for part in head):
        return False
    return any(mark in head[0] for mark in DECISIVE_EVENTS)


@functools.cache
def _patterns(catalogues: tuple[str, ...], prefix: str
              ) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Every log template of every language, part by part (as :func:`pieces` splits a
    text), as a pattern a piece said from it matches whole, with its key: the most literal
    first, so a piece is taken for the template that says most of it ("buys 10% of RhE
    from the IPO" is a share, not "buys {train} from {seller}"). ``prefix``: only the keys of
    one game (Trödler's "discards #99" is not 18Rhl's train discarded)."""
    found: list[tuple[int, str, re.Pattern[str]]] = []
    for lang in catalogues:
        for key, template in texts.catalogue(lang).items():
            if ".log." not in key or not key.startswith(prefix):
                continue
            for _, part in pieces(template):
                if (made := _pattern(part)) is not None:
                    found.append((-made[0], key, made[1]))
    return tuple((key, pattern) for _, key, pattern in sorted(found, key=lambda f: f[0]))


def _pattern(part: str) -> tuple[int, re.Pattern[str]] | None:
    part = part.rstrip(".:;")
    # a move after the first in a run is said without its subject ("· wirft ab: …")
    subject = re.match(r"\{\w+\} ", part)
    literal, regex = "", r"(?:.+? )?" if subject else ""
    for text, name, _spec, _conversion in string.Formatter().parse(part[subject.end():]
                                                                   if subject else part):
        literal += text
        regex += re.escape(text) + (".+?" if name is not None else "")
    letters = sum(ch.isalpha() for ch in literal)
    if letters < LEAST_LITERAL:
        return None
    return letters, re.compile(regex + "[.:;]?", re.DOTALL)


def decisive(piece: str, game: str = "") -> bool:
    """Whether ``piece`` was said from a decisive log key of ``game`` (any game when empty),
    in either language.

    >>> decisive("Anna cannot pay, goes bankrupt and is out of the game.")
    True
    >>> decisive("wirft ab: #99 Auftrag 2 Ambosse (3)")
    True
    >>> decisive("loads 1 onto the white Train (-1)")
    False
    """
    return is_decisive_key(key_of(piece, game))


# what the channel adds around a line: bold and a mention (an alert: "**… bankrupt …** <@1>")
MARKUP = re.compile(r"\*\*|\s*<@!?\d+>")


@functools.lru_cache(maxsize=4096)
def key_of(piece: str, game: str = "") -> str:
    """The log key ``piece`` was said from, in either language; "" when none says it."""
    text = MARKUP.sub("", piece).strip()
    return next((key for key, pattern in _patterns(texts.LANGUAGES, _key_prefix(game))
                 if pattern.fullmatch(text)), "")


def _key_prefix(game: str) -> str:
    if not game:
        return ""
    from engine import GAMES  # late: the card's tests draw without loading every game

    known = GAMES.get(game)
    return f"{getattr(known, 'text_key', '') or game}." if known is not None else ""


def ranks(parts: list[tuple[str, str]], game: str = "") -> list[int]:
    """How long each piece is kept (higher: longer). A piece opening a move (at the start or
    after " · ") is what the player chose; a later sentence of that move is what followed
    from it. A piece said from the same key as others ("loads 1 onto the white Train" ten
    times) and neither the first nor the last of them goes first: those two say what the
    run was. The first piece outranks even a decisive one: the card sets the entry beside
    its seat's colour, and a piece without it ("… Bert is paid face down") reads as that
    seat's move. A later sentence of the same line ("Bert's duke leaves the duchy at 5
    right; Bert is paid face down") follows from the first."""
    keys = [key_of(piece, game) or piece.strip().lower() for _, piece in parts]
    out = []
    for index, (separator, _piece) in enumerate(parts):
        same = [i for i, key in enumerate(keys) if key == keys[index]]
        if index == 0:
            rank = FIRST
        elif separator != MOVE and keys[index] == keys[index - 1]:
            rank = CONSEQUENCE
        elif is_decisive_key(keys[index]):
            rank = DECISIVE
        elif index == len(parts) - 1:
            rank = LAST
        elif index not in (same[0], same[-1]):
            rank = REPEATED
        else:
            rank = MOVE_RANK if separator == MOVE else CONSEQUENCE
        out.append(rank)
    return out


def drop_order(parts: list[tuple[str, str]], game: str = "") -> list[int]:
    """The pieces' indexes in the order they go: lowest rank first, within a rank from the
    middle of the entry outwards (its ends say who did what and how it ended); decisive
    pieces go last, the oldest first. One piece always stays."""
    rank = ranks(parts, game)
    middle = (len(parts) - 1) / 2

    def order(index: int) -> tuple[float, ...]:
        if rank[index] == DECISIVE:
            return (DECISIVE, index)
        return (rank[index], abs(index - middle), index)

    return sorted(range(len(parts)), key=order)[:-1]


def joined(parts: list[tuple[str, str]], dropped: set[int]) -> str:
    """The kept pieces with their separators, each run of dropped ones as one "…"."""
    out, gap = "", False
    for index, (separator, piece) in enumerate(parts):
        if index in dropped:
            gap = True
            continue
        if out:
            out += f" {GAP} " if gap else separator
        elif gap:
            out = f"{GAP} "
        out += piece
        gap = False
    return f"{out} {GAP}" if gap else out


def cut_entry(text: str, size: int, width: float, lines: int, game: str = "") -> list[str]:
    """``text`` wrapped into at most ``lines`` lines of ``width`` at ``size`` px, whole pieces
    dropped where it is too long (see the module's docstring); ``game``: whose log keys the
    text was said from (any game's when empty)."""
    def fits(candidate: str) -> bool:  # wrap cuts only what needs a line more than it has
        return len(wrap(candidate, size, width, lines + 1)) <= lines

    if lines <= 0:
        return []
    return wrap(shortened(text, fits, game), size, width, lines)


def shortened(text: str, fits: Callable[[str], bool], game: str = "") -> str:
    """``text`` as it ``fits`` (a card's lines, a message's characters): whole pieces
    dropped in :func:`drop_order`, as few as will do, and words cut from the end only if
    one piece alone is too long."""
    if fits(text):
        return text
    parts = pieces(text)
    order = drop_order(parts, game)
    low, high = 0, len(order)  # the fewest pieces dropped (in that order) that fit
    while low < high:
        middle = (low + high) // 2
        if fits(joined(parts, set(order[:middle]))):
            high = middle
        else:
            low = middle + 1
    shortest = joined(parts, set(order[:low]))
    if not fits(shortest):
        return clip_words(shortest, fits)
    return _with_start_of_last(parts, order[:low], fits) or shortest


def _with_start_of_last(parts: list[tuple[str, str]], dropped: list[int],
                        fits: Callable[[str], bool]) -> str | None:
    """The pieces kept and as much of the start of the last piece dropped as still fits,
    up to a comma (its words, then "…"), or None if none does: a card entry cut to "Bot 2
    ends the turn. …" left two of its three lines empty, where "must discard 4 cards to keep
    4 · discards: #86 moor path, …" fit."""
    if not dropped:
        return None
    last = dropped[-1]
    separator, piece = parts[last]
    words = piece.split(" ")

    # (a dropped piece right after it is a gap that says the cut already)
    mark = "" if last + 1 in dropped else f" {GAP}"

    def start(count: int) -> str:
        cut = f"{' '.join(words[:count])}{mark}"
        return joined([*parts[:last], (separator, cut), *parts[last + 1:]], set(dropped[:-1]))

    # A start is cut after a comma only: a list's item ("discards: #86 moor path, …") or
    # a clause that reads whole. Cut anywhere, a German sentence lost its verb, which
    # comes last: "Bot 1 hat nichts mehr auf dem …" said nothing of what Bot 1 did. Fewer
    # words than LEAST_WORDS say nothing ("… Bot 1 …"): the gap stands alone.
    counts = [count for count in range(LEAST_WORDS, len(words))
              if words[count - 1].endswith(",")]
    low, high = -1, len(counts) - 1  # the most of those that fit
    while low < high:
        middle = (low + high + 1) // 2
        if fits(start(counts[middle])):
            low = middle
        else:
            high = middle - 1
    return start(counts[low]) if low >= 0 else None


def clip_words(text: str, fits: Callable[[str], bool]) -> str:
    """The longest start of ``text`` ending with a whole word, then "…", that ``fits``."""
    words = text.split(" ")
    low, high = 0, len(words)
    while low < high:
        middle = (low + high + 1) // 2
        if fits(" ".join(words[:middle]) + f" {GAP}"):
            low = middle
        else:
            high = middle - 1
    return " ".join(words[:max(low, 1)]) + f" {GAP}"
