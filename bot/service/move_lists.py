"""Move lists a player reads. Labels that differ only in numbers counting up together form a
run. ``/game hand``, the reminder DM and the terminal's prompt show a run as one label with
ranges, so Rhein's 107 opening moves read as its few choices ("Bid 0–20 on order 7 ...")
instead of twenty bids on one order; autocomplete and the prompt's buttons, which must cut a
long list, take each run's members in turn (:func:`spread`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.core import Action, Game, State
from engine.text import say

_NUMBER = re.compile(r"\d+")
LISTED = 300  # moves labelled for a list (an 18Rhl tile lay can offer several hundred)


@dataclass
class Run:
    """Labels that read the same but for numbers at ``steps``' places, each counting up by
    its step from one label to the next."""

    words: list[str]  # the text around the numbers
    first: list[int]
    last: list[int]
    steps: dict[int, int] = field(default_factory=dict)
    count: int = 1

    def takes(self, words: list[str], numbers: list[int]) -> bool:
        if words != self.words or len(numbers) != len(self.last):
            return False
        steps = self._steps(numbers)
        if not steps or (self.steps and steps != self.steps):
            return False
        # The first number that changes is the choice: it counts by one, or "rotation 0–4"
        # would offer rotations the list skips. Numbers after it (a cost) may grow faster.
        return steps[min(steps)] == 1 and all(step > 0 for step in steps.values())

    def add(self, numbers: list[int]) -> None:
        self.steps = self._steps(numbers)
        self.last = numbers
        self.count += 1

    def _steps(self, numbers: list[int]) -> dict[int, int]:
        return {i: n - old for i, (n, old) in enumerate(zip(numbers, self.last, strict=True))
                if n != old}

    def label(self) -> str:
        out = self.words[0]
        for i, word in enumerate(self.words[1:]):
            shown = str(self.first[i]) if i not in self.steps else \
                f"{self.first[i]}–{self.last[i]}"
            out += shown + word
        return out


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
            runs[-1].add(numbers)
        else:
            runs.append(Run(words, numbers, numbers))
    return runs


def _at(run: Run, k: int) -> str:
    numbers = [n + k * run.steps.get(i, 0) for i, n in enumerate(run.first)]
    out = run.words[0]
    for n, word in zip(numbers, run.words[1:], strict=True):
        out += str(n) + word
    return out
