"""Rheinländer hard's search in parts: one seat (rotating, seeds 1000+i) plays hard's own
policy (engine.ai.rheinlaender_tuned) and searches only from a given point (a seat with at
most ``--from-knights`` knights left; 99: every move), the others ``normal``; its share of
first place and the searched moves' times. Cheaper than a whole hard bench when only the
endgame search changes, and it shows what the search adds over its own policy.

    python -m bench.rheinlaender_search --players 3 --games 60 --from-knights 3
    python -m bench.rheinlaender_search --players 4 --games 40 --from-knights 99 deviate=0.03
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import replace

from bench.common import seat_share, wilson
from bench.rheinlaender_tune import policy_move
from engine import ai
from engine.ai import hard, hard_rheinlaender
from engine.core import Action, Game, State


def share(players: int, index: int, from_knights: int, searcher: hard.Searcher,
          times: list[float]) -> float:
    def mine(game: Game, state: State, seat: int, seed: int, version: int) -> Action:
        if min(state["supply"]) > from_knights:
            return policy_move(game, state, seat)
        start = time.perf_counter()
        moves = game.legal(state, seat)
        if len(moves) == 1:
            action = moves[0]
        else:
            ordered = sorted(moves, key=lambda m: json.dumps(m, sort_keys=True))
            action = hard.choose(game, state, seat, ordered,
                                 ai.move_seed(seed, version, seat), searcher)
        times.append(time.perf_counter() - start)
        return action

    return seat_share("rheinlaender", players, index, mine)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--from-knights", type=int, default=3)
    parser.add_argument("--candidates", type=int, default=hard_rheinlaender.CANDIDATES)
    parser.add_argument("--searcher", choices=("auto", "mid", "end"), default="auto",
                        help="auto: hard's own (by knights left); mid, end: that one always")
    parser.add_argument("changes", nargs="*", help="searcher field=value (playouts, ...)")
    args = parser.parse_args()
    hard_rheinlaender.CANDIDATES = args.candidates
    searcher = {"auto": hard_rheinlaender.RHEINLAENDER, "mid": hard_rheinlaender.MIDGAME,
                "end": hard_rheinlaender.ENDGAME}[args.searcher]
    for change in args.changes:
        name, _, text = change.partition("=")
        searcher = replace(searcher, **{name: type(getattr(searcher, name))(float(text))})
    times: list[float] = []
    total = 0.0
    for i in range(args.first, args.first + args.games):
        game_share = share(args.players, i, args.from_knights, searcher, times)
        total += game_share
        print(f"game {i}: {game_share:.2f}", flush=True)
    low, high = wilson(total, args.games)
    times.sort()
    p99 = 1000 * times[min(len(times) - 1, int(0.99 * len(times)))] if times else 0.0
    print(f"{args.players}p games {args.first}-{args.first + args.games - 1} from "
          f"{args.from_knights} knights, {args.searcher}, {args.candidates} candidates "
          f"{args.changes}: "
          f"{total:g}/{args.games} = {100 * total / args.games:.1f}% [{100 * low:.0f}, "
          f"{100 * high:.0f}]; {len(times)} searched moves, p99 {p99:.0f} ms", flush=True)


if __name__ == "__main__":
    main()
