"""Render figures: ms per public board image (p50/p99, wall and CPU) and PNG bytes."""

from __future__ import annotations

import struct
import time

from bench.common import ALL_GAMES, Figure, guarded, percentile, random_states, spread
from engine import GAMES
from render import render_board

RENDER_MS = {"18rhl": 200.0}  # each 18Rhl picture (map, market) has its own target
DEFAULT_RENDER_MS, PNG_MB = 60.0, 1.0
MAX_HEIGHT = {"18rhl": 1600}  # issue 14: each 18Rhl picture fits a phone's scroll


def measure_game(key: str, size: float) -> list[Figure]:
    game = GAMES[key]
    states = list(random_states(game, seed=3))
    count = max(3, int(40 * size))
    views = [game.view(state, None) for state in spread(states, count)]
    first = time.perf_counter()
    render_board(key, views[0])  # the first call also draws and caches the static layers
    first_ms = (time.perf_counter() - first) * 1000
    wall, cpu, sizes, heights, pages = [], [], [], [], 1
    for view in views:
        w0, c0 = time.perf_counter(), time.thread_time()
        pngs = render_board(key, view)
        # a board of several pictures (18Rhl: map and market): the figures are per picture
        pngs = pngs if isinstance(pngs, list) else [pngs]
        pages = len(pngs)
        wall.append((time.perf_counter() - w0) * 1000 / pages)
        cpu.append((time.thread_time() - c0) * 1000 / pages)
        sizes += [len(png) for png in pngs]
        heights += [struct.unpack(">I", png[20:24])[0] for png in pngs]  # from the IHDR
    target = RENDER_MS.get(key, DEFAULT_RENDER_MS)
    part = f"render {key}"
    each = f"picture ({pages} per board)" if pages > 1 else "board"
    return [
        Figure(part, "first board (cold caches)", first_ms, "ms"),
        Figure(part, f"{each} p50 (wall)", percentile(wall, 50), "ms"),
        Figure(part, f"{each} p99 (wall)", percentile(wall, 99), "ms", target, "low"),
        Figure(part, f"{each} p99 (CPU)", percentile(cpu, 99), "ms", target, "low"),
        Figure(part, "PNG max", max(sizes) / 1e6, "MB", PNG_MB, "low",
               note=f"median {percentile(sizes, 50) / 1e3:.0f} KB"),
        Figure(part, "picture height max", max(heights), "px",
               MAX_HEIGHT.get(key), "low" if key in MAX_HEIGHT else None),
    ]


def run(size: float) -> list[Figure]:
    figures: list[Figure] = []
    for key in ALL_GAMES:
        figures += guarded(f"render {key}", "board", lambda k=key: measure_game(k, size))
    return figures
