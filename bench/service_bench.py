"""Service figures: ``play`` latency end to end (file store, fsync included), and how long
the event loop stalls while 20 boards render at once.

``play`` is timed as the bot calls it: load the table from the store, parse, apply, commit,
and (in the "with render" run) draw the board on the moves that change the phase. The moves
are random legal moves typed in notation by whichever human seat is to move.
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bench.common import ALL_GAMES, FINISHED, Figure, guarded, percentile
from bot.service import Ctx, TablesService
from bot.store import Store
from engine import GAMES
from engine.core import new_rng, rng_below
from render import render_board

PLAY_MS = 50.0
STALL_MS = 50.0
BOARDS_AT_ONCE = 20


def ctx(channel: int, user: int) -> Ctx:
    return Ctx(guild_id=1, channel_id=channel, user_id=user, user_name=f"U{user}")


def no_render(game_key: str, view: dict) -> bytes:
    return b""


async def seated(service: TablesService, key: str, channel: int) -> None:
    """A started game of humans only (no AI moves inside the timed calls)."""
    players = max(GAMES[key].min_players, min(3, GAMES[key].max_players))
    await service.new(ctx(channel, channel * 10), key)
    for seat in range(1, players):
        await service.join(ctx(channel, channel * 10 + seat))
    await service.start(ctx(channel, channel * 10), order="joined")


async def _next_move(service: TablesService, channel: int, chooser: dict
                     ) -> tuple[int, str] | None:
    """The user to move and a random legal move in notation; None once the game ended."""
    row = await service.store.live_game(channel)
    if row is None:
        return None
    game = GAMES[row.game_key]
    state = game.load(row.state)
    seats = game.active(state)
    seat = seats[rng_below(chooser, len(seats))]
    moves = game.legal(state, seat)
    move = game.format(state, moves[rng_below(chooser, len(moves))])
    users = {s.seat: s.user_id for s in await service.store.seats(row.id)}
    return users[seat], move


async def play_latencies(folder: Path, key: str, moves: int,
                         render: Callable[[str, dict], bytes]) -> tuple[list, list, int]:
    """Wall and process-CPU ms of ``moves`` play() calls; games restart when one ends."""
    store = await Store.open(str(folder / f"service-{key}-{render is no_render}.sqlite3"))
    service = TablesService(store, render=render, seed_source=lambda: 7)
    chooser = new_rng(11)
    wall: list[float] = []
    cpu: list[float] = []
    boards = 0
    channel = 1
    try:
        await seated(service, key, channel)
        while len(wall) < moves:
            nxt = await _next_move(service, channel, chooser)
            if nxt is None:
                channel += 1
                await seated(service, key, channel)
                continue
            user, move = nxt
            w0, c0 = time.perf_counter(), time.process_time()
            replies = await service.play(ctx(channel, user), move)
            wall.append((time.perf_counter() - w0) * 1000)
            cpu.append((time.process_time() - c0) * 1000)
            boards += sum(1 for r in replies if r.files)
            # a refusal is plain text to the caller alone; a step of a turn that goes on is
            # told to its mover too, but opens with the move's line, its player in bold
            if all(r.audience == "ephemeral" for r in replies) and \
                    not replies[0].text.startswith("**"):
                raise RuntimeError(f"{key}: play {move!r} was refused: {replies[0].text}")
    finally:
        await store.close()
    return wall, cpu, boards


def measure_game(key: str, size: float, folder: Path) -> list[Figure]:
    moves = max(10, int(150 * size))
    part = f"service {key}"
    figures = []
    for label, render, target in (("without render", no_render, PLAY_MS),
                                  ("with render", render_board, None)):
        wall, cpu, boards = asyncio.run(play_latencies(folder, key, moves, render))
        figures += [
            Figure(part, f"play p50 {label}", percentile(wall, 50), "ms"),
            Figure(part, f"play p99 {label} (wall)", percentile(wall, 99), "ms", target,
                   "low" if target else None,
                   note=f"{len(wall)} moves, {boards} boards drawn"),
            Figure(part, f"play p99 {label} (CPU)", percentile(cpu, 99), "ms", target,
                   "low" if target else None),
        ]
    return figures


async def longest_stall(folder: Path, boards: int) -> tuple[float, float]:
    """Longest lateness (ms) of a 1 ms ticker while ``boards`` /game board calls run at once,
    and the wall time (s) until all pictures are back."""
    store = await Store.open(str(folder / "loop.sqlite3"))
    service = TablesService(store, seed_source=lambda: 9)
    try:
        for n in range(boards):
            await seated(service, FINISHED[n % len(FINISHED)], 1000 + n)
        done = asyncio.Event()
        worst = 0.0

        async def ticker() -> None:
            nonlocal worst
            while not done.is_set():
                before = time.perf_counter()
                await asyncio.sleep(0.001)
                worst = max(worst, time.perf_counter() - before - 0.001)

        tick = asyncio.create_task(ticker())
        await asyncio.sleep(0.01)
        start = time.perf_counter()
        replies = await asyncio.gather(
            *(service.board(ctx(1000 + n, (1000 + n) * 10)) for n in range(boards)))
        elapsed = time.perf_counter() - start
        done.set()
        await tick
        if not all(r and r[0].files for r in replies):
            raise RuntimeError("a board call came back without a picture")
        return worst * 1000, elapsed
    finally:
        await store.close()


def run_service(size: float) -> list[Figure]:
    figures: list[Figure] = []
    with tempfile.TemporaryDirectory(prefix="rheinbot-bench-") as tmp:
        for key in ALL_GAMES:
            figures += guarded(f"service {key}", "play",
                               lambda k=key: measure_game(k, size, Path(tmp)))
    return figures


def run_loop(size: float) -> list[Figure]:
    boards = BOARDS_AT_ONCE if size >= 0.5 else 3
    with tempfile.TemporaryDirectory(prefix="rheinbot-bench-") as tmp:
        stall, elapsed = asyncio.run(longest_stall(Path(tmp), boards))
    return [
        Figure("event loop", f"longest stall, {boards} boards at once", stall, "ms", STALL_MS,
               "low", note="1 ms ticker's worst lateness"),
        Figure("event loop", f"{boards} boards all back", elapsed * 1000, "ms"),
    ]
