"""Fit Rheinländer hard's learned value (engine.ai.rheinlaender_value) from self-play.

Every seat plays ``normal`` (``--tuned K``: seat ``i % players`` of every K-th game plays
hard's own policy instead, for positions of the kind hard reaches); after each turn the
position is recorded from the side of the seat that moved, with that seat's final lead over
the best other seat. Least squares (a small ridge term) per player count; the positions of
the last fifth of the games are held out to report the fit. Seeds 100000+i: apart from the
benches' 1000+i.

    python -m bench.rheinlaender_fit --players 3 --games 400 --out /tmp/rhl3.json
    python -m bench.rheinlaender_fit --players 3 --load /tmp/rhl3.json --write
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from engine import ai, get_game
from engine.ai import rheinlaender_tuned as tuned
from engine.ai import rheinlaender_value as learned

SEED = 100_000
CLIP = 40.0  # a runaway game's margin says little more about the position than a clear win


def samples(players: int, index: int, tuned_every: int) -> list[tuple[list[float], float]]:
    """One self-play game's positions (features, final lead of the seat that moved)."""
    game = get_game("rheinlaender")
    seed = SEED + index
    state = game.setup(players, {}, seed)
    special = index % players if tuned_every and index % tuned_every == 0 else -1
    found: list[tuple[list[float], int]] = []
    version = 0
    while game.result(state) is None:
        seat = game.active(state)[0]
        if seat == special:
            moves = sorted(game.legal(state, seat), key=lambda m: json.dumps(m, sort_keys=True))
            action = moves[0] if len(moves) == 1 else tuned.choose(game, state, seat, moves, {})
        else:
            action = ai.choose(game, state, seat, "normal", ai.move_seed(seed, version, seat))
        game._apply(state, seat, action)
        version += 1
        if state["current"] != seat and not state["end_triggered"]:
            found.append((learned.features(state, seat), seat))
    totals = {row["seat"]: row["total"] for row in state["final"]}
    leads = {s: totals[s] - max(t for o, t in totals.items() if o != s) for s in totals}
    return [(row, max(-CLIP, min(CLIP, float(leads[s])))) for row, s in found]


def fit(rows: list[tuple[list[float], float]], ridge: float) -> list[float]:
    size = len(rows[0][0])
    xtx = [[0.0] * size for _ in range(size)]
    xty = [0.0] * size
    for x, y in rows:
        for i, xi in enumerate(x):
            if xi:
                line = xtx[i]
                for j in range(i, size):
                    line[j] += xi * x[j]
                xty[i] += xi * y
    for i in range(size):
        for j in range(i):
            xtx[i][j] = xtx[j][i]
        if i:  # the bias is not shrunk
            xtx[i][i] += ridge * len(rows)
    return solve(xtx, xty)


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a small, well-conditioned system)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col and m[r][col]:
                factor = m[r][col] / m[col][col]
                m[r] = [v - factor * p for v, p in zip(m[r], m[col], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def r_squared(rows: list[tuple[list[float], float]], w: list[float]) -> float:
    mean = sum(y for _, y in rows) / len(rows)
    total = sum((y - mean) ** 2 for _, y in rows)
    rest = sum((y - sum(a * b for a, b in zip(w, x, strict=True))) ** 2 for x, y in rows)
    return 1 - rest / total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--tuned", type=int, default=0, help="every K-th game: one tuned seat")
    parser.add_argument("--out", help="save the positions (JSON) for refits")
    parser.add_argument("--load", action="append", help="positions saved before (repeatable)")
    parser.add_argument("--ridge", type=float, default=1e-3)
    parser.add_argument("--write", action="store_true", help="store the weights for hard")
    args = parser.parse_args()
    games: list[list[tuple[list[float], float]]] = []
    if args.load:
        for name in args.load:
            games += json.loads(Path(name).read_text())
    else:
        start = time.time()
        games = [samples(args.players, i, args.tuned)
                 for i in range(args.first, args.first + args.games)]
        print(f"{len(games)} games in {time.time() - start:.0f} s", flush=True)
        if args.out:
            Path(args.out).write_text(json.dumps(games))
    cut = len(games) * 4 // 5
    train = [row for g in games[:cut] for row in g]
    held = [row for g in games[cut:] for row in g]
    w = fit(train, args.ridge)
    print(f"{args.players}p: {len(train)} positions, R2 {r_squared(train, w):.3f}, "
          f"held out {len(held)}: R2 {r_squared(held, w):.3f}")
    for name, weight in zip(learned.FEATURES, w, strict=True):
        print(f"  {name:18s} {weight:+.4f}")
    if args.write:
        w = fit(train + held, args.ridge)
        data = json.loads(learned.WEIGHTS.read_text()) if learned.WEIGHTS.exists() else {}
        data.setdefault("weights", {})[str(args.players)] = dict(
            zip(learned.FEATURES, (round(v, 5) for v in w), strict=True))
        data.setdefault("made", {})[str(args.players)] = (
            f"python -m bench.rheinlaender_fit: {len(games)} self-play games, "
            f"{len(train) + len(held)} positions, ridge {args.ridge}")
        learned.WEIGHTS.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
