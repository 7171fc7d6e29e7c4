"""Trödler ``hard`` against ``normal``, game by game, with the searcher's settings
overridable: for screening changes to ``engine.ai.hard_troedler`` one run at a time.

    python -m bench.troedler_hard --players 3 --games 20 --set LATE_GAP=3

Seeds and seats as ``bench.ai_strength --level hard`` (seed 1000+i, hard in seat i % n);
prints each game's share of first place, then the total with its 95 % Wilson interval and
the hard moves' p50/p99/max.

    python -m bench.troedler_hard --players 3 --games 60 --level tuned --set spare=0.5

``--level tuned``: the tested seat plays hard's own turn policy alone, no search
(engine.ai.troedler_tuned; ``--set`` then changes its weights), for tuning them cheaply."""

from __future__ import annotations

import argparse
import dataclasses
import json
import time

from bench.ai_strength import play
from bench.common import percentile, seat_share, wilson
from engine import ai
from engine.ai import hard_troedler, troedler_tuned
from engine.core import Action, Game, State, new_rng


def configure(settings: list[str]) -> None:
    """``NAME=value`` sets a module constant; LATE_* budgets rebuild the late searcher;
    LATE_GAP, LATE_OPEN, PLANS and LATE_MOVES / LATE_WORLDS then hold at every player count
    (LATE_GAPS, LATE_OPENS, PLANS_AT and LATE_BUDGETS are cleared)."""
    for item in settings:
        name, _, text = item.partition("=")
        setattr(hard_troedler, name, type(getattr(hard_troedler, name))(text))
        if name == "LATE_GAP":
            hard_troedler.LATE_GAPS = {}
        if name == "LATE_OPEN":
            hard_troedler.LATE_OPENS = {}
        if name == "PLANS":
            hard_troedler.PLANS_AT = {}
        if name in ("LATE_MOVES", "LATE_WORLDS"):
            hard_troedler.LATE_BUDGETS = {}
    module = hard_troedler
    module.LATE = dataclasses.replace(
        module.LATE, playouts=module.LATE_PLANS * module.LATE_WORLDS,
        max_worlds=module.LATE_WORLDS, move_budget=module.LATE_MOVES)
    module.LATE_AT = module.late_searchers()


def tuned_share(players: int, index: int, weights: troedler_tuned.Weights) -> float:
    """One seeded game, the tested seat on ``troedler_tuned`` with ``weights``."""
    def mine(game: Game, state: State, seat: int, seed: int, version: int) -> Action:
        # as ai.choose orders and seeds normal's choice: NORMAL weights replay normal
        moves = sorted(game.legal(state, seat), key=lambda m: json.dumps(m, sort_keys=True))
        rng = new_rng(ai.move_seed(seed, version, seat))
        return moves[0] if len(moves) == 1 else troedler_tuned.choose(
            game, state, seat, moves, rng, weights)

    return seat_share("troedler", players, index, mine)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--level", default="hard", help="the tested seat (normal: baseline)")
    parser.add_argument("--set", action="append", default=[])
    args = parser.parse_args()
    if args.level == "tuned":
        weights = troedler_tuned.weights_for(args.players).but(
            **{k: float(v) for k, _, v in (s.partition("=") for s in args.set)})
    else:
        configure(args.set)
    total, times = 0.0, []
    for index in range(args.first, args.first + args.games):
        start = time.process_time()
        if args.level == "tuned":
            share = tuned_share(args.players, index, weights)
        else:
            outcome = play("troedler", args.players, index, args.level, "normal")
            assert outcome.finished and not outcome.error, outcome.error
            share = outcome.share
            times += outcome.normal_times
        total += share
        print(f"game {index}: {share:.2f} ({time.process_time() - start:.0f} s CPU)",
              flush=True)
    share = total / args.games
    low, high = wilson(total, args.games)
    timing = (f"; move p50 {1000 * percentile(times, 50):.0f} ms, p99 "
              f"{1000 * percentile(times, 99):.0f} ms, max {1000 * max(times):.0f} ms"
              if times else "")  # the tuned policy alone is not timed
    print(f"{args.players}p {args.level} {' '.join(args.set)}: {total:g}/{args.games} = "
          f"{100 * share:.1f}% [{100 * low:.0f}, {100 * high:.0f}]{timing}")


if __name__ == "__main__":
    main()
