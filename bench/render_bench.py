"""Render figures: ms per public board image (p50/p99, wall and CPU) and PNG bytes."""

from __future__ import annotations

import time

from bench.common import ALL_GAMES, Figure, guarded, percentile, random_states, spread
from engine import GAMES
from render import render_board

RENDER_MS = {"18rhl": 200.0}  # the full 18Rhl map has its own target
DEFAULT_RENDER_MS, PNG_MB = 60.0, 2.0


def measure_game(key: str, size: float) -> list[Figure]:
    game = GAMES[key]
    states = list(random_states(game, seed=3))
    count = max(3, int(40 * size))
    views = [game.view(state, None) for state in spread(states, count)]
    first = time.perf_counter()
    render_board(key, views[0])  # the first call also draws and caches the static layers
    first_ms = (time.perf_counter() - first) * 1000
    wall, cpu, sizes = [], [], []
    for view in views:
        w0, c0 = time.perf_counter(), time.thread_time()
        png = render_board(key, view)
        wall.append((time.perf_counter() - w0) * 1000)
        cpu.append((time.thread_time() - c0) * 1000)
        sizes.append(len(png))
    target = RENDER_MS.get(key, DEFAULT_RENDER_MS)
    part = f"render {key}"
    return [
        Figure(part, "first board (cold caches)", first_ms, "ms"),
        Figure(part, "board p50 (wall)", percentile(wall, 50), "ms"),
        Figure(part, "board p99 (wall)", percentile(wall, 99), "ms", target, "low"),
        Figure(part, "board p99 (CPU)", percentile(cpu, 99), "ms", target, "low"),
        Figure(part, "PNG max", max(sizes) / 1e6, "MB", PNG_MB, "low",
               note=f"median {percentile(sizes, 50) / 1e3:.0f} KB"),
    ]


def run(size: float) -> list[Figure]:
    figures: list[Figure] = []
    for key in ALL_GAMES:
        figures += guarded(f"render {key}", "board", lambda k=key: measure_game(k, size))
    return figures
