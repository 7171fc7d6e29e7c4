"""One entry of the turn card's "Latest moves" cut to its lines by dropping whole pieces, so
what decided the turn stays in.

An entry is a run of one seat's moves as the channel read them: the moves joined by " · ",
each move's log lines joined into sentences (". ") or, in 18Rhl, by "; ". Cutting the middle
out of that text lost the news it held ("Anna cannot pay, goes bankrupt" between a delivery
and the next round's orders; every card a Trödler turn played between taking a pile and its
end). Here the entry is split into those pieces and, while it is too long, the least telling
piece goes: first one of a run of pieces said alike, then the consequences a move logged
after it, then the moves themselves, middle first, then the entry's last piece (how it
ended) and a decisive piece (a bankruptcy, a duchy taken or lost, the archbishop won or lost,
a delivery, a discard, a train bought or rusted, a new phase, the game's end); the first piece
(who did what) stays. Then every dropped piece that fits again comes back, the most telling
first: dropping in that order went past a short routine piece to make room a long one needed.
Each run of dropped pieces reads "…". No word is cut (unless one alone is wider than a line),
and the gap never stands alone in a line. A first piece too long alone loses the words before
its colon, not the end that says what came of it ("plays card 14 … knight on 14 left").

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
DECISIVE_EVENTS = ("bankrupt", "duchy", "duke", "archbishop", "deliver", "fulfil", "discard",
                   "buys_train", "rust", "phase", "game_", "last_knight", "bank_broken",
                   "payout", "withhold",
                   # a train sold between corporations: "offers ... for a 4-train; ... accepts"
                   "offer", "accept")
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

    >>> decisive("Anna cannot pay 5 for expired orders (has 2), goes bankrupt and is out of "
    ...          "the game.")
    True
    >>> decisive("wirft ab: #99 Auftrag 2 Ambosse (3)")
    True
    >>> decisive("loads 1 onto the white Train (-1)")
    False
    """
    return is_decisive_key(key_of(piece, game))


def decisive_said(text: str, lines: list[str], game: str = "") -> int:
    """How many decisive pieces of ``text`` its cut ``lines`` say whole."""
    shown = " ".join(" ".join(lines).split())
    return sum(" ".join(piece.split()) in shown and decisive(piece, game)
               for _, piece in pieces(text))


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
    keys = _keys(parts, game)
    after = follows(parts, game)
    out = []
    for index, (separator, _piece) in enumerate(parts):
        same = [i for i, key in enumerate(keys) if key == keys[index]]
        if index == 0:
            rank = FIRST
        elif after[index]:
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


def _keys(parts: list[tuple[str, str]], game: str) -> list[str]:
    return [key_of(piece, game) or piece.strip().lower() for _, piece in parts]


def follows(parts: list[tuple[str, str]], game: str = "") -> list[bool]:
    """Whether each piece is a later sentence of the line before it, in the same move
    ("Bert's duke leaves the duchy at 5 right; Bert is paid face down"): it follows from
    that one and reads as the seat's own move without it."""
    keys = _keys(parts, game)
    return [index > 0 and separator != MOVE and keys[index] == keys[index - 1]
            for index, (separator, _piece) in enumerate(parts)]


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
    return _gap_joined(wrap(shortened(text, fits, game), size, width, lines))


def _gap_joined(lines: list[str]) -> list[str]:
    """``lines`` with a line holding only the gap given the word before it: "…" alone in a
    line said nothing and read as a fault ("Verstärkung: Ritter auf 6 links." over "…")."""
    out = list(lines)
    for index in range(1, len(out)):
        before = out[index - 1].rsplit(" ", 1)
        if out[index] == GAP and len(before) == 2:
            out[index - 1], out[index] = before[0], f"{before[1]} {GAP}"
    return out


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
        return _cut_before_colon(parts[0][1], shortest, fits) or clip_words(shortest, fits)
    return _refilled(parts, order[:low], fits, follows(parts, game))


def _refilled(parts: list[tuple[str, str]], dropped: list[int], fits: Callable[[str], bool],
              after: list[bool]) -> str:
    """The pieces kept, and then the dropped ones (``dropped`` in drop order, the most
    telling last) brought back where they fit again, the most telling first; the first one
    that does not fit whole may come back as its start (see :func:`_start`). Dropping in
    order made room for a long piece by dropping short ones that then fit beside it: "Bert
    spielt Karte 43: Ritter auf 43 rechts …" stood in two of four lines, where "· beendet
    den Zug ohne Bastion" fit too. A piece that follows from the one before it (``after``)
    comes back only with that one whole: "… Anna is paid face down" beside Bert's colour
    read as Bert's move."""
    left = list(dropped)
    part: tuple[int, int] | None = None  # a piece kept in part: its index, its words kept
    changed = True
    while changed:  # a piece brought back may let the one following from it come back
        changed = False
        for index in reversed(left):
            if after[index] and (index - 1 in left or part and part[0] == index - 1):
                continue
            trial = [i for i in left if i != index]
            if fits(_said(parts, trial, part)):
                left, changed = trial, True
            elif part is None and (count := _start(parts, trial, index, fits)):
                left, part, changed = trial, (index, count), True
    return _said(parts, left, part)


def _said(parts: list[tuple[str, str]], dropped: list[int], part: tuple[int, int] | None
          ) -> str:
    """The pieces less ``dropped``, the piece ``part`` names cut to its first words."""
    if part is None:
        return joined(parts, set(dropped))
    index, count = part
    separator, piece = parts[index]
    # (a dropped piece right after it is a gap that says the cut already)
    mark = "" if index + 1 in dropped else f" {GAP}"
    cut = f"{' '.join(piece.split(' ')[:count])}{mark}"
    return joined([*parts[:index], (separator, cut), *parts[index + 1:]], set(dropped))


def _start(parts: list[tuple[str, str]], dropped: list[int], index: int,
           fits: Callable[[str], bool]) -> int:
    """How many words of the start of piece ``index`` fit beside the pieces kept, up to a
    comma (its words, then "…"), or 0 if none do: a card entry cut to "Bot 2 ends the turn.
    …" left two of its three lines empty, where "must discard 4 cards to keep 4 · discards:
    #86 moor path, …" fit."""
    words = parts[index][1].split(" ")
    # A start is cut after a comma only: a list's item ("discards: #86 moor path, …") or
    # a clause that reads whole. Cut anywhere, a German sentence lost its verb, which
    # comes last: "Bot 1 hat nichts mehr auf dem …" said nothing of what Bot 1 did. Fewer
    # words than LEAST_WORDS say nothing ("… Bot 1 …"): the gap stands alone.
    # Or before a closing aside of figures where the words before it hold a number: "GVE
    # pays out 410M …" without "(41M a share)" (a card left its second line empty under
    # "GVE lays tile 942 on C12 …"); an aside naming a place ("bei 4 (Mainz)") stays.
    aside = _figures_aside(words)
    counts = [count for count in range(LEAST_WORDS, len(words))
              if words[count - 1].endswith(",") or count == aside]
    low, high = -1, len(counts) - 1  # the most of those that fit
    while low < high:
        middle = (low + high + 1) // 2
        if fits(_said(parts, dropped, (index, counts[middle]))):
            low = middle
        else:
            high = middle - 1
    return counts[low] if low >= 0 else 0


def _figures_aside(words: list[str]) -> int:
    """How many words come before the parenthesis ending these words, when it holds a number
    and so do the words before it (an amount's breakdown); 0 otherwise."""
    if not words[-1].rstrip(".;:").endswith(")"):
        return 0
    count = max((i for i, word in enumerate(words) if word.startswith("(")), default=0)
    digits = [any(ch.isdigit() for ch in " ".join(part)) for part in (words[:count], words[count:])]
    return count if count and all(digits) else 0


def _cut_before_colon(first: str, text: str, fits: Callable[[str], bool]) -> str:
    """``text`` (opening with the piece ``first``) with words dropped before the first
    piece's colon, where what it led to comes after the colon, or "" if that does not fit:
    cut at its end, "Bot 1 plays card 14 as reinforcement: knight on …" lost where the
    knight went; "Bot 1 plays card 14 … knight on 14 left." keeps it. The words kept end
    at a number where they can ("card 14", not "card 14 as"): a number is what the
    template filled in, the words between are the template's own."""
    head, colon, tail = first.partition(": ")
    words = head.split(" ")
    if not colon or len(words) <= LEAST_WORDS:
        return ""
    rest = text[len(first):]
    counts = sorted(range(len(words) - 1, LEAST_WORDS - 1, -1),
                    key=lambda count: not any(ch.isdigit() for ch in words[count - 1]))
    return next((cut for count in counts
                 if fits(cut := f"{' '.join(words[:count])} {GAP} {tail}{rest}")), "")


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
