"""18Rhl figures: strict replay of the recorded game, and the route finder at every run.

Strict replay checks every recorded route against our own route validator instead of trusting
the record (``rules.TRUST_MAP = False``). The route finder is timed before each recorded
``run_routes`` with its board cache cleared, so each call searches from scratch; its revenue
must never fall below the one the reference engine recorded.
"""

from __future__ import annotations

import time
from pathlib import Path

from bench.common import Figure, percentile

FIXTURE = Path(__file__).parent.parent / "tests" / "fixtures" / "18rhl" / \
    "18Rhl_game_end_bank.json.gz"
REPLAY_S = 0.24  # the reference engine's time for this game
ROUTE_MS = 200.0


def strict_replay(game_json: dict) -> tuple[float, float]:
    """Wall and CPU seconds for a strict replay. Works with both importer versions: the newer one takes
    ``trust=False`` (strict by default), the older one reads ``rules.TRUST_MAP``."""
    import inspect

    from engine.rhl18 import importer
    from engine.rhl18 import rules as R

    kwargs = {"trust": False} if "trust" in inspect.signature(importer.replay).parameters \
        else {}
    trusted = getattr(R, "TRUST_MAP", None)
    if trusted is not None:
        R.TRUST_MAP = False
    try:
        start, cpu = time.perf_counter(), time.thread_time()
        importer.replay(game_json, **kwargs)
        return time.perf_counter() - start, time.thread_time() - cpu
    finally:
        if trusted is not None:
            R.TRUST_MAP = trusted


def route_calls(game_json: dict, limit: int | None) -> tuple[list[float], int, int]:
    """Per-call ms of the route finder before each recorded run, how many calls, and how
    many found less revenue than the record."""
    from engine.rhl18 import importer, legal, routes

    upcoming = importer.filter_actions(game_json["actions"])
    times: list[float] = []
    short = 0
    for index, (state, _raw) in enumerate(importer.replay_iter(game_json)):
        nxt = upcoming[index] if index < len(upcoming) else None
        if nxt is None or nxt["type"] != "run_routes":
            continue
        routes._best_cached.cache_clear()
        start = time.perf_counter()
        found = legal.best_routes(state, nxt["entity"])
        times.append((time.perf_counter() - start) * 1000)
        recorded = sum(r.get("revenue", 0) for r in nxt.get("routes", []))
        if sum(r["revenue"] for r in found) < recorded:
            short += 1
        if limit is not None and len(times) >= limit:
            break
    return times, len(times), short


def run(size: float) -> list[Figure]:
    from engine.rhl18 import importer

    game_json = importer.load_json(FIXTURE)
    wall, cpu = strict_replay(game_json)
    figures = [Figure("18rhl", "strict replay of the fixture (wall)", wall, "s", REPLAY_S,
                      "low", note=f"{len(game_json['actions'])} recorded actions"),
               Figure("18rhl", "strict replay of the fixture (CPU)", cpu, "s", REPLAY_S, "low")]
    times, calls, short = route_calls(game_json, None if size >= 0.5 else 3)
    figures += [
        Figure("18rhl", "route finder p50", percentile(times, 50), "ms"),
        Figure("18rhl", "route finder p99", percentile(times, 99), "ms", ROUTE_MS, "low",
               note=f"{calls} operating runs, cache cleared each call"),
        Figure("18rhl", "runs below the recorded revenue", short, "", 1, "low"),
    ]
    return figures
