"""Engine figures: random play speed, legal()/apply() latency, dump/load and snapshot size."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from bench.common import ALL_GAMES, Figure, guarded, percentile, players_for
from engine import GAMES
from engine.core import Game, new_rng, rng_below

# Targets from issue 9 (18Rhl has its own, tile-lay enumeration included).
MOVE_MS = {"18rhl": 20.0}
SNAPSHOT_KB = {"18rhl": 200.0}
DEFAULT_MOVE_MS, DEFAULT_SNAPSHOT_KB, DUMP_LOAD_MS = 5.0, 50.0, 2.0


@dataclass
class Samples:
    """Per-call times in ms: wall clock and this thread's CPU time."""

    legal: list[float] = field(default_factory=list)
    apply: list[float] = field(default_factory=list)
    move: list[float] = field(default_factory=list)
    move_cpu: list[float] = field(default_factory=list)
    dump: list[float] = field(default_factory=list)
    load: list[float] = field(default_factory=list)
    dump_cpu: list[float] = field(default_factory=list)
    load_cpu: list[float] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)
    moves: int = 0
    seconds: float = 0.0


def _play_one(game: Game, seed: int, samples: Samples, snapshot_every: int) -> None:
    state = game.setup(players_for(game), {}, seed)
    chooser = new_rng(seed ^ 0xBE4C)
    started = time.perf_counter()
    while game.result(state) is None:
        seats = game.active(state)
        if not seats:
            raise RuntimeError(f"seed {seed}, move {samples.moves}: nobody is active")
        seat = seats[rng_below(chooser, len(seats))]
        cpu0, t0 = time.thread_time(), time.perf_counter()
        moves = game.legal(state, seat)
        t1 = time.perf_counter()
        if not moves:
            raise RuntimeError(f"seed {seed}: seat {seat} has no legal move "
                               f"({game.phase(state)})")
        game.apply(state, seat, moves[rng_below(chooser, len(moves))])
        t2, cpu2 = time.perf_counter(), time.thread_time()
        samples.legal.append((t1 - t0) * 1000)
        samples.apply.append((t2 - t1) * 1000)
        samples.move.append((t2 - t0) * 1000)
        samples.move_cpu.append((cpu2 - cpu0) * 1000)
        samples.moves += 1
        if samples.moves % snapshot_every == 0:
            _time_snapshot(game, state, samples)
    samples.seconds += time.perf_counter() - started
    _time_snapshot(game, state, samples)  # the final, usually largest, state


def _time_snapshot(game: Game, state: dict, samples: Samples) -> None:
    c0, t0 = time.thread_time(), time.perf_counter()
    text = game.dump(state)
    c1, t1 = time.thread_time(), time.perf_counter()
    game.load(text)
    c2, t2 = time.thread_time(), time.perf_counter()
    samples.dump.append((t1 - t0) * 1000)
    samples.load.append((t2 - t1) * 1000)
    samples.dump_cpu.append((c1 - c0) * 1000)
    samples.load_cpu.append((c2 - c1) * 1000)
    samples.sizes.append(len(text.encode("utf-8")))


def measure_game(key: str, size: float) -> list[Figure]:
    game = GAMES[key]
    samples = Samples()
    wanted = max(20, int(3000 * size))
    seed = 1
    while samples.moves < wanted:
        _play_one(game, seed, samples, snapshot_every=5)
        seed += 1
    return _figures(key, samples)


def _figures(key: str, s: Samples) -> list[Figure]:
    part = f"engine {key}"
    move_ms = MOVE_MS.get(key, DEFAULT_MOVE_MS)
    kb = SNAPSHOT_KB.get(key, DEFAULT_SNAPSHOT_KB)
    return [
        Figure(part, "random play", s.moves / s.seconds, "moves/s",
               note=f"{s.moves} moves, legal+apply+result"),
        Figure(part, "legal() p50", percentile(s.legal, 50), "ms"),
        Figure(part, "legal() p99", percentile(s.legal, 99), "ms"),
        Figure(part, "apply() p50", percentile(s.apply, 50), "ms"),
        Figure(part, "apply() p99", percentile(s.apply, 99), "ms"),
        Figure(part, "legal+apply p99 (wall)", percentile(s.move, 99), "ms", move_ms, "low"),
        Figure(part, "legal+apply p99 (CPU)", percentile(s.move_cpu, 99), "ms", move_ms, "low"),
        Figure(part, "dump p99 (wall)", percentile(s.dump, 99), "ms", DUMP_LOAD_MS, "low"),
        Figure(part, "dump p99 (CPU)", percentile(s.dump_cpu, 99), "ms", DUMP_LOAD_MS, "low"),
        Figure(part, "load p99 (wall)", percentile(s.load, 99), "ms", DUMP_LOAD_MS, "low"),
        Figure(part, "load p99 (CPU)", percentile(s.load_cpu, 99), "ms", DUMP_LOAD_MS, "low"),
        Figure(part, "snapshot max", max(s.sizes) / 1024, "KB", kb, "low",
               note=f"median {percentile(s.sizes, 50) / 1024:.1f} KB"),
    ]


def run(size: float) -> list[Figure]:
    figures: list[Figure] = []
    for key in ALL_GAMES:
        figures += guarded(f"engine {key}", "random play", lambda k=key: measure_game(k, size))
    return figures
