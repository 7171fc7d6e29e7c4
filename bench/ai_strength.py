"""AI strength: ``normal`` against ``easy`` over seeded games (a figure, not a timed test).

Each game seats one ``normal`` AI (rotating through the seats) against ``easy`` AIs. A win is
rank 1 alone; a shared rank 1 is counted as a tie. A game the engine breaks (a move from
``legal()`` that ``apply()`` refuses) counts as not won and its error is printed. Target: normal wins >= 80% of 200 games
per game and player count, and a normal move takes < 1 s. The table also counts the
``easy`` seats that went bankrupt (Rhein, 18Rhl) and times their moves.

    python -m bench.ai_strength                      # 200 games per game and player count
    python -m bench.ai_strength --games 20 --game rhein --players 3
    python -m bench.ai_strength --jobs 2             # spread over processes
    python -m bench.ai_strength --level hard --game rhein   # one hard seat against normal

With ``--level hard`` the tested seat plays ``hard`` and the others ``normal``; its win rate
is its share of first place (1/k when k seats share rank 1), target >= 65%, move p99 < 2 s.
With ``--seats half`` about half the seats are tested, every other one (at an odd player
count the odd games seat one more), and the figure is their summed share of first place:
hard seats against normal ones as two sides, where sides of equal strength score the tested
seats' share of the table (50 % at an even count).

    python -m bench.ai_strength --level hard --game troedler --players 4 --seats half
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from bench.common import percentile
from engine import ai, get_game

MAX_MOVES = 20_000
TARGET_WIN = 0.80
TARGET_MOVE_S = 1.0


@dataclass
class Outcome:
    win: bool
    tie: bool
    finished: bool
    normal_times: list[float] = field(default_factory=list)
    moves: int = 0
    error: str = ""  # the engine refused or crashed on a move legal() offered
    share: float = 0.0  # of first place: 1/k when k seats share rank 1
    equal: float = 0.0  # the share the tested seats would take if all seats were alike
    other_times: list[float] = field(default_factory=list)  # the other seats' moves
    other_seats: int = 0
    other_out: int = 0  # other seats that went bankrupt


def out_seats(state: dict) -> set[int]:
    """Seats that went bankrupt (Rhein's ``out``, 18Rhl's ``bankrupt``); none elsewhere."""
    if "out" in state and isinstance(state["out"], list):
        return {s for s, r in enumerate(state["out"]) if r is not None}
    if "bankrupt" in state and isinstance(state["bankrupt"], list):
        return {s for s, b in enumerate(state["bankrupt"]) if b}
    return set()


def tested_seats(players: int, index: int, seats: str) -> set[int]:
    """Seat ``index % players`` alone (``one``), or every other seat from it (``half``)."""
    if seats == "one":
        return {index % players}
    count = players // 2 + (players % 2 == 1 and index % 2 == 1)
    return {(index + 2 * k) % players for k in range(count)}


def play(key: str, players: int, index: int, level: str = "normal",
         against: str = "easy", seats: str = "one") -> Outcome:
    """One seeded game: the tested seats (``tested_seats``) play ``level``, the others
    ``against``."""
    game = get_game(key)
    seed = 1000 + index
    state = game.setup(players, {}, seed)
    tested = tested_seats(players, index, seats)
    times: list[float] = []
    others: list[float] = []
    version = 0
    while game.result(state) is None and version < MAX_MOVES:
        seat = game.active(state)[0]
        seat_level = level if seat in tested else against
        start = time.perf_counter()
        action = ai.choose(game, state, seat, seat_level, ai.move_seed(seed, version, seat),
                           strict=True)
        (times if seat in tested else others).append(time.perf_counter() - start)
        try:
            game.apply(state, seat, action)
        except Exception as error:  # an engine fault: report it, keep the bench going
            text = f"game {index} move {version}: {game.format(state, action)}: {error}"
            return Outcome(False, False, False, times, version, text)
        version += 1
    standings = game.result(state)
    if standings is None:
        return Outcome(False, False, False, times, version)
    firsts = {s.seat for s in standings if s.rank == 1}
    ours = len(firsts & tested)
    return Outcome(ours == len(firsts), 0 < ours < len(firsts), True, times, version,
                   share=ours / len(firsts), equal=len(tested) / players,
                   other_times=others, other_seats=players - len(tested),
                   other_out=len(out_seats(state) - tested))


def _play(args: tuple) -> Outcome:
    return play(*args)


# level -> (the other seats' level, target win share, target move p99 in seconds)
TARGETS = {"normal": ("easy", TARGET_WIN, TARGET_MOVE_S), "hard": ("normal", 0.65, 2.0)}


def run(key: str, players: int, games: int, jobs: int, level: str = "normal",
        first: int = 0, seats: str = "one") -> dict:
    tasks = [(key, players, i, level, TARGETS[level][0], seats)
             for i in range(first, first + games)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            outcomes = list(pool.map(_play, tasks))
    else:
        outcomes = [_play(t) for t in tasks]
    times = [t for o in outcomes for t in o.normal_times]
    others = [t for o in outcomes for t in o.other_times]
    wins = sum(o.win for o in outcomes)
    return {"game": key, "players": players, "games": games, "wins": wins,
            "ties": sum(o.tie for o in outcomes),
            "unfinished": sum(not o.finished for o in outcomes),
            "errors": [o.error for o in outcomes if o.error],
            "level": level, "share": sum(o.share for o in outcomes) / games,
            "equal": sum(o.equal for o in outcomes) / games,
            "win_rate": wins / games, "p50_ms": 1000 * percentile(times, 50),
            "p99_ms": 1000 * percentile(times, 99), "max_ms": 1000 * max(times, default=0),
            "other_seats": sum(o.other_seats for o in outcomes),
            "other_out": sum(o.other_out for o in outcomes),
            "other_p50_ms": 1000 * percentile(others, 50),
            "other_p99_ms": 1000 * percentile(others, 99),
            "other_max_ms": 1000 * max(others, default=0)}


def table(rows: list[dict]) -> str:
    if rows and rows[0].get("level") == "hard":
        return hard_table(rows)
    lines = ["| game | players | games | normal wins | ties | first-place share | target | "
             "move p50 | move p99 | move max | easy seats bankrupt | easy move p50 | "
             "easy move p99 | easy move max |",
             "| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: "
             "| ---: | ---: |"]
    for r in rows:
        status = "pass" if r["share"] >= TARGET_WIN else "MISS"
        slow = " (slow)" if r["p99_ms"] >= 1000 * TARGET_MOVE_S else ""
        lines.append(f"| {r['game']} | {r['players']} | {r['games']} | {r['wins']} | "
                     f"{r['ties']} | {100 * r['share']:.1f}% | >= 80% {status} | "
                     f"{r['p50_ms']:.1f} ms | {r['p99_ms']:.1f} ms{slow} | "
                     f"{r['max_ms']:.0f} ms | {r['other_out']}/{r['other_seats']} | "
                     f"{r['other_p50_ms']:.1f} ms | {r['other_p99_ms']:.1f} ms | "
                     f"{r['other_max_ms']:.0f} ms |")
    return "\n".join(lines)


def hard_table(rows: list[dict]) -> str:
    """Hard against normal: the share of first place is the win rate (ties split)."""
    _, target, slow_s = TARGETS["hard"]
    lines = ["| game | players | games | hard wins | ties | first-place share | equal share | "
             "target | move p50 | move p99 | move max |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |"]
    for r in rows:
        status = "pass" if r["share"] >= target else "MISS"
        slow = " (slow)" if r["p99_ms"] >= 1000 * slow_s else ""
        lines.append(f"| {r['game']} | {r['players']} | {r['games']} | {r['wins']} | "
                     f"{r['ties']} | {100 * r['share']:.1f}% | {100 * r['equal']:.0f}% | "
                     f">= {100 * target:.0f}% "
                     f"{status} | {r['p50_ms']:.0f} ms | {r['p99_ms']:.0f} ms{slow} | "
                     f"{r['max_ms']:.0f} ms |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--game", action="append", help="game key (repeatable); default all")
    parser.add_argument("--players", type=int, action="append", help="player count(s)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--level", choices=sorted(TARGETS), default="normal",
                        help="the tested seat's level (hard plays against normal)")
    parser.add_argument("--first", type=int, default=0, help="the first game index (seed 1000+i)")
    parser.add_argument("--seats", choices=["one", "half"], default="one",
                        help="test one seat, or every other seat as one side")
    args = parser.parse_args()
    rows = []
    every = ["rhein", "rheinlaender", "troedler"] + (["18rhl"] if args.level == "normal" else [])
    for key in args.game or every:  # 18Rhl has no hard searcher: hard would be normal
        game = get_game(key)
        counts = args.players or range(game.min_players, game.max_players + 1)
        for players in counts:
            if not game.min_players <= players <= game.max_players:
                continue
            start = time.time()
            row = run(key, players, args.games, args.jobs, args.level, args.first, args.seats)
            rows.append(row)
            print(table([row]).splitlines()[-1], f"({time.time() - start:.0f} s)", flush=True)
            for error in row["errors"]:
                print(f"  engine error ({key} {players}p): {error}", flush=True)
    print()
    print(table(rows))


if __name__ == "__main__":
    main()
