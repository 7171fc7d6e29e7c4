"""Seeded chaos runs through the Discord stand-in (tests/discord_standin/chaos.py), many seeds.

Each run is one table of one game: random steps by its members, a stranger and a moderator,
its invariants checked after every step. The runs are spread over up to ``--workers``
processes (each its own event loop and bot); a finding names its game, seed and step, and
``run_chaos(bot, game, seed, steps)`` replays it.

Printed: one line per run (steps, status, findings, seconds), every finding, and the totals:
runs, steps, findings and steps per second of wall time.

    nice -n 10 python -m bench.discord_chaos --seeds 1-20 --steps 150 [--games rhein,troedler]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from discord_standin import running_bot  # noqa: E402
from discord_standin.chaos import run_chaos  # noqa: E402

GAMES = ("rhein", "rheinlaender", "troedler", "18rhl")


def seeds_of(text: str) -> list[int]:
    """``1-5,9`` -> [1, 2, 3, 4, 5, 9]."""
    seeds: list[int] = []
    for part in text.split(","):
        low, _, high = part.partition("-")
        seeds += range(int(low), int(high or low) + 1)
    return seeds


async def one(game: str, seed: int, steps: int) -> dict[str, object]:
    monkeypatch = pytest.MonkeyPatch()
    started = time.perf_counter()
    try:
        with tempfile.TemporaryDirectory() as folder:
            async with running_bot(Path(folder), monkeypatch, seed=seed) as bot:
                report = await run_chaos(bot, game, seed, steps, kick_by=steps // 2)
    finally:
        monkeypatch.undo()
    return {"game": game, "seed": seed, "steps": report.steps, "status": report.status,
            "findings": report.findings, "seconds": time.perf_counter() - started}


def run(job: tuple[str, int, int]) -> dict[str, object]:
    return asyncio.run(one(*job))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="1-10")
    parser.add_argument("--steps", type=int, default=150)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    jobs = [(game, seed, args.steps) for seed in seeds_of(args.seeds)
            for game in args.games.split(",")]
    started = time.perf_counter()
    results = []
    # a bot per process: discord.py's client and the stand-in's ports are not shared
    workers = max(1, min(2, args.workers))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for result in pool.map(run, jobs):
            results.append(result)
            print(f"{result['game']:<13} seed={result['seed']:<4} steps={result['steps']:<4} "
                  f"{result['status']:<9} findings={len(result['findings'])} "
                  f"{result['seconds']:.1f} s", flush=True)
    wall = time.perf_counter() - started
    findings = [f for r in results for f in r["findings"]]
    for finding in findings:
        print(finding[:1200])
    steps = sum(r["steps"] for r in results)
    print(f"runs {len(results)}, steps {steps}, findings {len(findings)}, "
          f"{steps / wall:.1f} steps/s ({wall:.0f} s wall, {workers} workers)")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
