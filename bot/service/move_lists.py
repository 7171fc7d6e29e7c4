"""Move lists a player reads. Moves whose labels read the same but for their numbers form a
group shown as one label: ``/game hand``, the reminder DM and the terminal's prompt list
Rhein's 107 opening moves as its few choices ("Bid 0–20 on order 7 ..."), Rheinländer's
120-odd as the cards and places ("Card 3/34/44 as reinforcement: knight on 39 left bank",
"Bastion on 1–9/11/16–22 left bank"), and 18Rhl's par prices as one line per corporation.
Autocomplete and the prompt's buttons, which must cut a long list, take each group's members
in turn (:func:`spread`).

Two kinds of group, found in this order:

* labels that differ in one number place only, wherever they stand in the list (the other
  numbers name what the choice is about: the order bid on, the bank);
* then, among the rest, neighbours whose numbers all move the same way (a par price, its
  cost and its notation; a load and its cost), so which cost goes with which stays clear.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from difflib import get_close_matches
from itertools import pairwise

from bot.i18n import t
from engine.core import Action, Game, State
from engine.text import say

# A number glued to a letter, "#" or a dash after a digit names a thing (hex J9, card #14,
# train 2-4) and stays in the words: card #14/25/98 would read as if all three went.
_NUMBER = re.compile(r"(?<![\w#])(?<!\d-)\d+")
LISTED = 300  # moves labelled for a list (an 18Rhl tile lay can offer several hundred)
STEP_ENDS = ("done", "end", "pass")  # move types that finish a step or turn
GROUPED = 3  # fewer labels read better as themselves than as "1–2"


@dataclass
class Group:
    """Labels that read the same but for numbers at ``moving`` places."""

    words: list[str]  # the text around the numbers
    rows: list[list[int]]  # each label's numbers
    indexes: list[int]  # where the labels stand in the list
    moving: frozenset[int] = field(default_factory=frozenset)

    def label(self) -> str:
        if len(self.rows) == 1:
            return _joined(self.words, [str(n) for n in self.rows[0]])
        columns = [[row[i] for row in self.rows] for i in range(len(self.words) - 1)]
        if len(self.moving) == 1:
            return _joined(self.words, [_values(c) if i in self.moving else str(c[0])
                                        for i, c in enumerate(columns)])
        choice = columns[min(self.moving)]
        return _joined(self.words, [_shown(c, choice) for c in columns])


def _joined(words: list[str], numbers: list[str]) -> str:
    return words[0] + "".join(n + word for n, word in zip(numbers, words[1:], strict=True))


def _values(column: list[int]) -> str:
    """One choice's values, ascending, three or more in a row as a range: "1–9/11/16–22"."""
    values = sorted(set(column))
    parts: list[list[int]] = []
    for value in values:
        if parts and value == parts[-1][-1] + 1:
            parts[-1].append(value)
        else:
            parts.append([value])
    return "/".join(f"{p[0]}–{p[-1]}" if len(p) >= 3 else "/".join(map(str, p)) for p in parts)


def _shown(column: list[int], choice: list[int]) -> str:
    """One number place of a run whose numbers move together. The first moving number is the
    choice: counting by one it is a range, otherwise its values in turn ("rotation 0–4"
    would offer rotations the list skips). A number that only follows the choice (a cost)
    is a range."""
    if len(set(column)) == 1:
        return str(column[0])
    low, high = min(column), max(column)
    if column != choice or all(abs(b - a) == 1 for a, b in pairwise(column)):
        return f"{low}–{high}"
    return "/".join(map(str, column))


def first_choices(game: Game, state: State, moves: Sequence[Action], lang: str,
                  room: int, labels: Sequence[str] | None = None
                  ) -> tuple[list[str], set[int]]:
    """The first ``room`` choices among ``moves`` as a player reads them (in ``lang``), and
    the indexes of the moves they stand for. ``labels``: the moves' own labels for a list
    (a game's extras may name a step rather than each move); moves labelled alike are one
    choice."""
    if labels is None:
        labels = [say(game.label(state, m), lang) for m in moves[:LISTED]]
    where: dict[str, list[int]] = defaultdict(list)
    for index, label in enumerate(labels[:LISTED]):
        where[label].append(index)
    unique = list(where)
    groups = _groups(unique)[:room]
    return [g.label() for g in groups], {i for g in groups for u in g.indexes
                                         for i in where[unique[u]]}


def entry_count(choices: Sequence[str], moves: Sequence[Action]) -> int:
    """How many entries a move list of ``choices`` (all of them, :func:`first_choices`) has:
    each move past :data:`LISTED`, never labelled, counts as one."""
    return len(choices) + max(0, len(moves) - LISTED)


def moves_head(moves: int, entries: int, lang: str) -> str:
    """The head of ``/game hand``'s move list. Where moves are grouped it says both counts:
    "Your moves (120)" above 14 entries disagreed with the turn DM's "and 11 more" after
    three, which counts entries."""
    if entries == moves:
        return t("svc.hand.moves", lang, count=moves)
    return t("svc.hand.moves_grouped", lang, count=moves, entries=entries)


def more_entries(left: int, grouped: bool, lang: str) -> str:
    """The turn DM's "(and 11 more …)" after its first entries; "entries" where the list
    groups moves, the word ``/game hand``'s head counts them by (:func:`moves_head`)."""
    if left <= 0:
        return ""
    return t("svc.expected_more_entries" if grouped else "svc.expected_more", lang, count=left)


def closing_first(entries: Sequence[tuple[str, str]], ends: Sequence[bool], room: int,
                  spread_out: bool = True) -> list[tuple[str, str]]:
    """At most ``room`` of ``entries`` (label, value) for ``/play``'s list, the ones that end
    a step or turn (``ends``) first, then the rest: as :func:`picked` cuts them, or the
    first of them where not ``spread_out`` (a list already in steps, 18Rhl's lays by hex).
    In the game's order "Done" stood 23rd of 25 while a Rhein player loaded, and 18Rhl's
    stock-round pass, last of 35 to 39 moves, was cut off and had to be typed, though it is
    the move most often wanted there."""
    first = [entry for entry, end in zip(entries, ends, strict=True) if end][:room]
    rest = [entry for entry, end in zip(entries, ends, strict=True) if not end]
    left = room - len(first)
    if len(rest) > left:
        rest = [rest[i] for i in picked([label for label, _ in rest], left)] if spread_out \
            else rest[:left]
    return first + rest


def compacted(labels: Sequence[str]) -> list[tuple[str, int]]:
    """``labels`` grouped, in the order of each group's first label: (label, how many moves
    it stands for)."""
    return [(g.label(), len(g.indexes)) for g in _groups(labels)]


def grouped(labels: Sequence[str]) -> list[tuple[str, list[int]]]:
    """``labels`` grouped as :func:`compacted` groups them, each with where its members stand
    in ``labels`` (the terminal's 'moves' lists a group's notations as one line)."""
    return [(g.label(), g.indexes) for g in _groups(labels)]


def spread(labels: Sequence[str]) -> list[int]:
    """Indexes into ``labels`` taking each group's members in turn: the first of every group,
    then the second of every group, and so on. Autocomplete shows 25 moves, and Rhein's
    first 25 were twenty bids on one order; spread, they are the lowest bids on every order
    and each other choice."""
    members = [g.indexes for g in _groups(labels)]
    return [group[k] for k in range(max(map(len, members), default=0)) for group in members
            if k < len(group)]


def picked(labels: Sequence[str], room: int) -> list[int]:
    """The ``room`` indexes :func:`spread` picks, in the list's own order: taken in the
    order spread takes them, Rheinländer's bastions read "2 right, 4 left, 3 right, 5 left"
    once a space on one bank was taken (each bank a group, taken in turn)."""
    return sorted(spread(labels)[:room])


def _groups(labels: Sequence[str]) -> list[Group]:
    parsed = [_parsed(text) for text in labels]
    taken = [False] * len(parsed)
    groups = _by_one_place(parsed, taken)
    rest = [i for i, done in enumerate(taken) if not done]
    groups += _runs(parsed, rest)
    return sorted(groups, key=lambda g: g.indexes[0])


def _parsed(text: str) -> tuple[list[str], list[int]]:
    found = _NUMBER.findall(text)
    if any(n != str(int(n)) for n in found):  # "gem07": a name, not a count
        return [text], []
    return _NUMBER.split(text), [int(n) for n in found]


def _by_one_place(parsed: list[tuple[list[str], list[int]]], taken: list[bool]) -> list[Group]:
    """Groups of labels that differ at one number place, each label taking the place that
    gathers the most labels still free (Rheinländer's reinforcements go by card, five to a
    group, rather than by space, two)."""
    alike: dict[tuple, list[int]] = defaultdict(list)
    for i, (words, numbers) in enumerate(parsed):
        for place in range(len(numbers)):
            alike[_key(words, numbers, place)].append(i)
    groups = []
    for i, (words, numbers) in enumerate(parsed):
        if taken[i]:
            continue
        best: list[int] = []
        chosen = 0
        for place in range(len(numbers)):
            free = [j for j in alike[_key(words, numbers, place)] if not taken[j]]
            if len(free) > len(best):
                best, chosen = free, place
        if len(best) >= GROUPED and len({parsed[j][1][chosen] for j in best}) > 1:
            for j in best:
                taken[j] = True
            groups.append(Group(words, [parsed[j][1] for j in best], best,
                                frozenset({chosen})))
    return groups


def _key(words: list[str], numbers: list[int], place: int) -> tuple:
    return (tuple(words), place, tuple(numbers[:place]), tuple(numbers[place + 1:]))


def _runs(parsed: list[tuple[list[str], list[int]]], indexes: list[int]) -> list[Group]:
    """Neighbours in the list (both among ``indexes``) whose changing numbers all rise or
    all fall together; a run shorter than :data:`GROUPED` is its labels one by one."""
    runs: list[Group] = []
    for i in indexes:
        words, numbers = parsed[i]
        moving = _step(runs[-1], words, numbers) \
            if runs and runs[-1].indexes[-1] == i - 1 else None
        if moving:
            runs[-1].rows.append(numbers)
            runs[-1].indexes.append(i)
            runs[-1].moving = moving
        else:
            runs.append(Group(words, [numbers], [i]))
    out = []
    for run in runs:
        if len(run.indexes) >= GROUPED:
            out.append(run)
        else:
            out += [Group(run.words, [row], [i]) for row, i in zip(run.rows, run.indexes,
                                                                  strict=True)]
    return out


def _step(run: Group, words: list[str], numbers: list[int]) -> frozenset[int] | None:
    """The number places that move from the run's last label to this one, if it continues
    the run: the same words, and the same places moving the same way as the run's."""
    last = run.rows[-1]
    if words != run.words or len(numbers) != len(last):
        return None
    moved = _moved(last, numbers)
    if not moved:
        return None
    rising = all(step > 0 for step in moved.values())
    if not rising and any(step > 0 for step in moved.values()):
        return None  # one number up, another down: which pairs with which is lost
    if len(run.rows) > 1:
        before = _moved(run.rows[-2], last)
        if set(moved) != set(before) or rising != all(s > 0 for s in before.values()):
            return None
    return frozenset(moved)


def _moved(old: list[int], new: list[int]) -> dict[int, int]:
    return {i: b - a for i, (a, b) in enumerate(zip(old, new, strict=True)) if a != b}


TYPO_LETTERS = 4  # three-letter words one letter apart are other words (bid, bad, bud)
SUGGESTED = 3  # moves a refusal of unreadable input suggests


def nearest(notations: Sequence[str], typed: str) -> list[str]:
    """The notations that share the most words with ``typed``, when they share at least half
    of its words ("load 3 white plane" -> "load white-plane 3"; "play 10" -> "play 10 left",
    "play 10 right"...): what a refusal of an unreadable move suggests. A word of three
    letters or more also matches the start of a longer one ("glen" -> "glenmore"), and a word
    of four letters or more one letter off, typed on a phone ("moev" -> "move", "laod" ->
    "load")."""
    words = _words(typed)
    if not words:
        return []
    scored = []
    for notation in notations:
        own = _words(notation)
        hits = sum(1 for word in words if _meets(word, own))
        scored.append((hits, notation))
    best = max((hits for hits, _ in scored), default=0)
    if best == 0 or 2 * best < len(words):
        return []
    return [notation for hits, notation in scored if hits == best][:SUGGESTED]


def covers(typed: str, text: str) -> bool:
    """Whether every word of ``typed`` begins a word of ``text``, in any order: autocomplete
    finds "Load 3 onto the white Plane" for "load 3 white" and "white pl 3"."""
    own = _words(text)
    return all(any(word.startswith(part) for word in own) for part in _words(typed))


def _meets(word: str, own: list[str]) -> bool:
    if word in own or len(word) >= 3 and any(w.startswith(word) for w in own):
        return True
    # difflib's ratio: 0.75 lets one swapped, missing or wrong letter through in a word of four
    return len(word) >= TYPO_LETTERS and bool(get_close_matches(word, own, n=1, cutoff=0.75))


def _words(text: str) -> list[str]:
    return re.sub(r"[-#/:,]", " ", text.lower()).split()
