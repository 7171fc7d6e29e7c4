"""Interaction answers and channel posts through the Discord stand-in (issue 15).

Each game is played to its end by two members and one AI seat through the loopback stand-in
(tests/discord_standin: the real bot, real discord.py, real gateway interactions), as
tests/test_discord_standin_games.py plays it; in the long games the members leave after a
number of moves and the AI seats finish the game inside that one interaction.

Printed per game: the interaction callback time (dispatch to the answer: 3 s is Discord's
limit; target p99 < 200 ms), channel posts per human move (target <= 3, AI replies included),
the pictures and the pings (posts naming someone) among them, and the posts of the
interaction in which the AI seats finished the game.

    nice -n 10 python -m bench.discord_standin_bench [--games rhein,troedler] [--seed 3]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

import pytest

from bench.common import percentile

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from discord_standin import running_bot  # noqa: E402
from discord_standin.table import game_of_two  # noqa: E402

# As in tests/test_discord_standin_games.py: human moves before they leave (None: to the end).
GAMES = {"rhein": None, "rheinlaender": 24, "troedler": 40, "18rhl": 30}


async def play(game: str, seed: int) -> dict[str, float]:
    monkeypatch = pytest.MonkeyPatch()
    started = time.perf_counter()
    try:
        with tempfile.TemporaryDirectory() as folder:
            async with running_bot(Path(folder), monkeypatch, seed=seed) as bot:
                played = await game_of_two(bot, game, GAMES[game], second_locale="de")
    finally:
        monkeypatch.undo()
    answers = [r.answered_after * 1000 for r in played.all if r.answered_after is not None]
    per_move = played.posts_per_move()
    pictures = [sum(len(m.files) for m in r.visible_posts) for r in played.moves]
    pings = [sum("<@" in (m.content or "") for m in r.visible_posts) for r in played.moves]
    leaves = [r for r in played.other if r.payload["data"].get("options", [{}])[0].get("name")
              == "leave"]
    finished_by_ai = max((len(r.visible_posts) for r in leaves), default=0)
    return {"interactions": len(answers), "callback p50": percentile(answers, 50),
            "callback p99": percentile(answers, 99), "callback max": max(answers),
            "moves": len(per_move), "posts/move mean": statistics.mean(per_move),
            "posts/move p99": percentile(per_move, 99), "posts/move max": max(per_move),
            "pictures/move": statistics.mean(pictures), "pings/move": statistics.mean(pings),
            "AI-finish posts": finished_by_ai, "seconds": time.perf_counter() - started}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args(argv)
    columns = ["interactions", "callback p50", "callback p99", "callback max", "moves",
               "posts/move mean", "posts/move p99", "posts/move max", "pictures/move",
               "pings/move", "AI-finish posts",
               "seconds"]
    print("| game | " + " | ".join(columns) + " |")
    print("| --- |" + " ---: |" * len(columns))
    for game in args.games.split(","):
        figures = asyncio.run(play(game, args.seed))
        cells = [f"{figures[c]:.0f}" if c in ("interactions", "moves", "AI-finish posts")
                 else f"{figures[c]:.1f}" for c in columns]
        print(f"| {game} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
