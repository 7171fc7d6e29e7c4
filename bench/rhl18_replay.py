"""18Rhl benchmark: strict and trusting replay of the recorded fixture, route finder timing.

Run: python -m bench.rhl18_replay
"""

from __future__ import annotations

import time
from pathlib import Path

from engine.rhl18 import importer, legal

FIXTURE = Path(__file__).parent.parent / "tests" / "fixtures" / "18rhl" / \
    "18Rhl_game_end_bank.json.gz"


def replay_time(trust: bool) -> tuple[float, dict]:
    game = importer.load_json(FIXTURE)
    start = time.perf_counter()
    state = importer.replay(game, trust=trust)
    return time.perf_counter() - start, state


def route_finder_time() -> tuple[float, int]:
    """Mean time of a best-route search at every run_routes of the fixture."""
    game = importer.load_json(FIXTURE)
    total, calls = 0.0, 0
    for state, raw in importer.replay_iter(game):
        if raw is None or state["round"]["type"] != "Operating":
            continue
        if state["round"]["step"] != "Route":
            continue
        sym = state["round"]["order"][state["round"]["index"]]
        start = time.perf_counter()
        legal.best_routes(state, sym)
        total += time.perf_counter() - start
        calls += 1
    return total / max(calls, 1), calls


def best_of(runs: int, trust: bool) -> tuple[float, dict]:
    """The fastest of a few runs (the machine is shared, single runs are noisy)."""
    results = [replay_time(trust) for _ in range(runs)]
    return min(r[0] for r in results), results[-1][1]


def main() -> None:
    trusting, state = best_of(3, True)
    print(f"trusting replay: {trusting:.3f} s (best of 3), result "
          f"{importer.result_of(state)}")
    try:
        strict, _ = best_of(3, False)
        print(f"strict replay:   {strict:.3f} s (best of 3)")
    except Exception as exc:  # noqa: BLE001 - report, do not crash the bench
        print(f"strict replay failed: {exc}")
    mean, calls = route_finder_time()
    print(f"route finder: {mean * 1000:.1f} ms per call over {calls} calls")


if __name__ == "__main__":
    main()
