"""Render figures: ms per public board image (p50/p99, wall and CPU) and PNG bytes."""

from __future__ import annotations

import struct
import time

from bench.common import ALL_GAMES, Figure, guarded, percentile, random_states, spread
from engine import GAMES
from render import changes, render_board, render_turn_card

RENDER_MS = {"18rhl": 200.0}  # each 18Rhl picture (map, market) has its own target
DEFAULT_RENDER_MS, PNG_MB = 60.0, 1.0
MAX_HEIGHT = {"18rhl": 1600}  # issue 14: each 18Rhl picture fits a phone's scroll
CARD_MS = 40.0  # issue 14: a turn card goes with every turn prompt


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


def card_views(key: str, size: float) -> list[dict]:
    """Turn card views along a random game: what changed since the previous sample, who
    acts, five move lines of a typical length, the seats as the service names them."""
    game = GAMES[key]
    states = spread(list(random_states(game, seed=3)), max(3, int(60 * size)))
    views, before = [], game.view(states[0], None)
    for state in states:
        public = game.view(state, None)
        players = len(public.get("players") or []) or 3
        seats = [{"seat": s, "name": f"Spielerin {s + 1}", "colour": colour}
                 for s, colour in zip(range(players), ("orange", "sky", "green", "yellow",
                                                       "blue", "red"), strict=False)]
        moves = [{"seat": n % players, "text": "Orange moves the cart from Ardvane to Morvich"}
                 for n in range(5)]
        views.append({**public, "lang": "de", "seats": seats,
                      "card": {"acting": list(game.active(state)), "moves": moves,
                               "changed": changes.touched(key, before, public)}})
        before = public
    return views


def measure_card(key: str, size: float) -> list[Figure]:
    views = [v for v in card_views(key, size) if v["card"]["acting"]]
    render_turn_card(key, views[0])
    wall, cpu, sizes = [], [], []
    for view in views:
        w0, c0 = time.perf_counter(), time.thread_time()
        png = render_turn_card(key, view)
        wall.append((time.perf_counter() - w0) * 1000)
        cpu.append((time.thread_time() - c0) * 1000)
        assert png is not None
        sizes.append(len(png))
    part = f"turn card {key}"
    return [
        Figure(part, "card p50 (wall)", percentile(wall, 50), "ms"),
        Figure(part, "card p99 (wall)", percentile(wall, 99), "ms", CARD_MS, "low"),
        Figure(part, "card p99 (CPU)", percentile(cpu, 99), "ms", CARD_MS, "low"),
        Figure(part, "PNG max", max(sizes) / 1e6, "MB", PNG_MB, "low",
               note=f"median {percentile(sizes, 50) / 1e3:.0f} KB"),
    ]


def run(size: float) -> list[Figure]:
    figures: list[Figure] = []
    for key in ALL_GAMES:
        figures += guarded(f"render {key}", "board", lambda k=key: measure_game(k, size))
        figures += guarded(f"turn card {key}", "card", lambda k=key: measure_card(k, size))
    return figures
