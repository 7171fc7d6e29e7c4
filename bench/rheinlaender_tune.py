"""Self-play for Rheinländer hard's own weights (engine.ai.rheinlaender_tuned): one seat plays
the tuned one-move policy (rotating through the seats, seeds 1000+i), the others ``normal``;
its share of first place (1/k when k seats share rank 1).

    python -m bench.rheinlaender_tune --players 3 --games 60 knights=0.5 others=0.8
"""

from __future__ import annotations

import argparse

from bench.common import seat_share, wilson
from engine.ai import rheinlaender_tuned as tuned
from engine.core import Action, Game, State


def policy_move(game: Game, state: State, seat: int,
                weights: tuned.Weights | None = None) -> Action:
    """The tuned one-move policy's choice (with ``weights``, or its own per count)."""
    moves = sorted(game.legal(state, seat), key=lambda m: str(sorted(m.items())))
    if len(moves) == 1:
        return moves[0]
    if weights is None:
        return tuned.choose(game, state, seat, moves, {})
    return tuned.choose(game, state, seat, moves, {}, weights)


def share(players: int, index: int, weights: tuned.Weights) -> float:
    return seat_share("rheinlaender", players, index,
                      lambda game, state, seat, _seed, _version:
                      policy_move(game, state, seat, weights))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--normal", action="store_true", help="start from normal's weights")
    parser.add_argument("changes", nargs="*", help="weight=value")
    args = parser.parse_args()
    weights = tuned.NORMAL if args.normal else tuned.weights_for(args.players)
    for change in args.changes:
        name, _, text = change.partition("=")
        weights = weights.but(**{name: type(getattr(weights, name))(float(text))})
    total = sum(share(args.players, i, weights)
                for i in range(args.first, args.first + args.games))
    low, high = wilson(total, args.games)
    print(f"{args.players}p games {args.first}-{args.first + args.games - 1} {weights}: "
          f"{total:g}/{args.games} = {100 * total / args.games:.1f}% "
          f"[{100 * low:.0f}, {100 * high:.0f}]", flush=True)


if __name__ == "__main__":
    main()
