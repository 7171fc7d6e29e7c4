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


def main() -> None:
    # The first run is cold; later runs reuse the memoised graph walks and route searches,
    # as a long-running bot does. Both are shown.
    cold_strict, state = replay_time(False)
    warm_strict = min(replay_time(False)[0] for _ in range(2))
    print(f"strict replay:   {cold_strict:.3f} s cold, {warm_strict:.3f} s warm; "
          f"result {importer.result_of(state)}")
    trusting = min(replay_time(True)[0] for _ in range(2))
    print(f"trusting replay: {trusting:.3f} s (warm)")
    mean, calls = route_finder_time()
    print(f"route finder: {mean * 1000:.1f} ms per call over {calls} calls")


if __name__ == "__main__":
    main()
