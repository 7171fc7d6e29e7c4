"""Move lists a player reads. Labels that differ only in numbers moving the same way form a
run. ``/game hand``, the reminder DM and the terminal's prompt show a run as one label, so
Rhein's 107 opening moves read as its few choices ("Bid 0–20 on order 7 ...") and 18Rhl's
par prices as one line per corporation ("Float ADR at 100/90/.../60M a share"); autocomplete
and the prompt's buttons, which must cut a long list, take each run's members in turn
(:func:`spread`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from engine.core import Action, Game, State
from engine.text import say

# A number glued to a letter, "#" or a dash after a digit names a thing (hex J9, card #14,
# train 2-4) and stays in the words: card #14/25/98 would read as if all three went.
_NUMBER = re.compile(r"(?<![\w#])(?<!\d-)\d+")
LISTED = 300  # moves labelled for a list (an 18Rhl tile lay can offer several hundred)


@dataclass
class Run:
    """Labels that read the same but for numbers at ``moving`` places, which all move the
    same way from one label to the next (a par price and its cost fall together)."""

    words: list[str]  # the text around the numbers
    rows: list[list[int]]  # each label's numbers
    moving: frozenset[int] = frozenset()
    rising: bool = True

    @property
    def count(self) -> int:
        return len(self.rows)

    def takes(self, words: list[str], numbers: list[int]) -> bool:
        last = self.rows[-1]
        if words != self.words or len(numbers) != len(last):
            return False
        moved = {i: n - old for i, (n, old) in enumerate(zip(numbers, last, strict=True))
                 if n != old}
        if not moved:
            return False
        rising = all(step > 0 for step in moved.values())
        if not rising and any(step > 0 for step in moved.values()):
            return False  # one number up, another down: which pairs with which is lost
        if self.count > 1 and (set(moved) != self.moving or rising != self.rising):
            return False
        self.moving, self.rising = frozenset(moved), rising
        return True

    def label(self) -> str:
        choice = [row[min(self.moving)] for row in self.rows]
        out = self.words[0]
        for i, word in enumerate(self.words[1:]):
            column = [row[i] for row in self.rows]
            out += _shown(column, choice) + word
        return out


def _shown(column: list[int], choice: list[int]) -> str:
    """One number place of a run. The first moving number is the choice: counting by one it
    is a range, otherwise its values in turn ("rotation 0–4" would offer rotations the list
    skips). A number that only follows the choice (a cost) is a range."""
    if len(set(column)) == 1:
        return str(column[0])
    low, high = min(column), max(column)
    if column != choice or all(abs(b - a) == 1 for a, b in pairwise(column)):
        return f"{low}–{high}"
    return "/".join(map(str, column))


def first_choices(game: Game, state: State, moves: Sequence[Action], lang: str,
                  room: int) -> tuple[list[str], int]:
    """The first ``room`` choices among ``moves`` as a player reads them (in ``lang``), and
    how many of the moves they stand for."""
    runs = compacted([say(game.label(state, m), lang) for m in moves[:LISTED]])[:room]
    return [label for label, _ in runs], sum(count for _, count in runs)


def compacted(labels: Sequence[str]) -> list[tuple[str, int]]:
    """``labels`` in order, runs of three or more merged: (label, how many moves it stands for)."""
    out: list[tuple[str, int]] = []
    for run in _runs(labels):
        if run.count >= 3:
            out.append((run.label(), run.count))
        else:  # two labels read better as themselves than as "1–2"
            out += [(_at(run, k), 1) for k in range(run.count)]
    return out


def spread(labels: Sequence[str]) -> list[int]:
    """Indexes into ``labels`` taking each run's members in turn: the first of every run,
    then the second of every run, and so on. Autocomplete shows 25 moves, and Rhein's first
    25 were twenty bids on one order; spread, they are the lowest bids on every order and
    each other choice."""
    members, index = [], 0
    for run in _runs(labels):
        members.append(range(index, index + run.count))
        index += run.count
    return [run[k] for k in range(max(map(len, members), default=0)) for run in members
            if k < len(run)]


def _runs(labels: Sequence[str]) -> list[Run]:
    runs: list[Run] = []
    for text in labels:
        words = _NUMBER.split(text)
        found = _NUMBER.findall(text)
        numbers = [int(n) for n in found]
        if any(n != str(int(n)) for n in found):  # "gem07": a name, not a count
            words, numbers = [text], []
        if runs and runs[-1].takes(words, numbers):
            runs[-1].rows.append(numbers)
        else:
            runs.append(Run(words, [numbers]))
    return runs


def _at(run: Run, k: int) -> str:
    out = run.words[0]
    for n, word in zip(run.rows[k], run.words[1:], strict=True):
        out += str(n) + word
    return out
