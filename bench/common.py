"""What every bench part shares: figures with targets, percentiles, timers, sample states.

A part is a function ``part(size: float) -> list[Figure]``; ``size`` 1.0 is the full run and
the smoke test passes a tiny one. ``bench.run`` repeats each part and keeps each figure's median.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

from engine import ai, get_game
from engine.ai.hard import first_place_share
from engine.core import Action, Game, State, new_rng, rng_below

# The three finished games, and 18Rhl, which joins every part once it plays (its errors are
# reported as a row, never a crash of the whole bench).
FINISHED = ("rhein", "rheinlaender", "troedler")
ALL_GAMES = (*FINISHED, "18rhl")


@dataclass(frozen=True)
class Figure:
    """One measured number and, if it has one, its target.

    ``better`` is "low" (value must stay below ``target``), "high" (at or above) or None (a
    figure for information). ``error`` replaces the value when the measurement failed.
    """

    part: str
    name: str
    value: float | None
    unit: str
    target: float | None = None
    better: str | None = None
    note: str = ""
    error: str = ""

    @property
    def status(self) -> str:
        if self.error or self.value is None:
            return "error"
        if self.target is None or self.better is None:
            return "-"
        ok = self.value < self.target if self.better == "low" else self.value >= self.target
        return "pass" if ok else "MISS"

    def shown(self) -> str:
        if self.value is None:
            return "n/a"
        return f"{_num(self.value)} {self.unit}".strip()

    def wanted(self) -> str:
        if self.target is None or self.better is None:
            return ""
        sign = "<" if self.better == "low" else ">="
        return f"{sign} {_num(self.target)} {self.unit}".strip()


def _num(value: float) -> str:
    if value == 0 or abs(value) >= 100:
        return f"{value:,.0f}"
    if abs(value) >= 10:
        return f"{value:.1f}"
    if abs(value) >= 1:
        return f"{value:.2f}"
    return f"{value:.3f}"


def failed(part: str, name: str, error: BaseException | str) -> Figure:
    text = error if isinstance(error, str) else f"{type(error).__name__}: {error}"
    return Figure(part, name, None, "", error=text[:160])


def percentile(values: list[float], q: float) -> float:
    """The ``q``-th percentile (0-100), nearest-rank: p99 of 100 samples is the 99th."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share of ``wins`` in ``games`` (fractional wins,
    from shared first places, are fine)."""
    if not games:
        return 0.0, 1.0
    share = wins / games
    scale = 1 + z * z / games
    centre = (share + z * z / (2 * games)) / scale
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games)) / scale
    return centre - half, centre + half


Mine = Callable[[Game, State, int, int, int], Action]  # (game, state, seat, seed, version)


def seat_share(key: str, players: int, index: int, mine: Mine) -> float:
    """One seeded game: seat ``index % players`` moves by ``mine``, the others ``normal``;
    that seat's share of first place."""
    game = get_game(key)
    seed = 1000 + index
    state = game.setup(players, {}, seed)
    tested = index % players
    play_to_end(game, state, tested, seed, 0, mine)
    return first_place_share(game, state, tested)


def play_to_end(game: Game, state: State, tested: int, seed: int, version: int,
                mine: Mine) -> None:
    """``state`` (at ``version``) played on to the game's end: ``tested`` by ``mine``, every
    other seat by ``normal`` with the seed the game gives that move."""
    while game.result(state) is None:
        seat = game.active(state)[0]
        if seat == tested:
            action = mine(game, state, seat, seed, version)
        else:
            action = ai.choose(game, state, seat, "normal", ai.move_seed(seed, version, seat))
        game._apply(state, seat, action)
        version += 1


def median_figures(runs: list[list[Figure]]) -> list[Figure]:
    """Merge repeated runs of a part: each figure's median value (errors win, kept once)."""
    merged: dict[tuple[str, str], list[Figure]] = {}
    for run in runs:
        for figure in run:
            merged.setdefault((figure.part, figure.name), []).append(figure)
    result = []
    for figures in merged.values():
        errors = [f for f in figures if f.error]
        if errors:
            result.append(errors[0])
            continue
        values = [f.value for f in figures if f.value is not None]
        result.append(replace(figures[0], value=statistics.median(values)))
    return result


@contextmanager
def timed() -> Iterator[dict[str, float]]:
    """Wall (perf_counter) and this thread's CPU time of a block, in seconds."""
    out: dict[str, float] = {}
    wall, cpu = time.perf_counter(), time.thread_time()
    try:
        yield out
    finally:
        out["wall"] = time.perf_counter() - wall
        out["cpu"] = time.thread_time() - cpu


def players_for(game: Game) -> int:
    """A typical table: three players where the game allows it."""
    return max(game.min_players, min(3, game.max_players))


def random_states(game: Game, seed: int, every: int = 1, limit: int = 20_000
                  ) -> Iterator[State]:
    """States of one random legal game (each a fresh copy), every ``every`` moves."""
    state = game.setup(players_for(game), {}, seed)
    chooser = new_rng(seed ^ 0xBE4C)
    for count in range(limit):
        if count % every == 0:
            yield game.load(game.dump(state))
        if game.result(state) is not None:
            return
        seats = game.active(state)
        seat = seats[rng_below(chooser, len(seats))]
        moves = game.legal(state, seat)
        game.apply(state, seat, moves[rng_below(chooser, len(moves))])


def spread(items: list[Any], count: int) -> list[Any]:
    """``count`` items evenly spread over ``items`` (all of them if fewer)."""
    if len(items) <= count:
        return list(items)
    step = len(items) / count
    return [items[int(i * step)] for i in range(count)]


def guarded(part: str, name: str, work: Callable[[], list[Figure]]) -> list[Figure]:
    """Run one game's measurements; a failure becomes an error row, the bench goes on."""
    try:
        return work()
    except Exception as error:  # noqa: BLE001 - a broken game must not hide the others
        return [failed(part, name, error)]
