"""Tune a hard policy's weights (engine.ai.troedler_tuned, engine.ai.rheinlaender_tuned) all
at once by simultaneous perturbation (SPSA): each step plays the same seeded games with every
weight nudged up or down at random (one sign per weight for the whole step), the tested seat
on the policy alone against ``normal`` (as bench/troedler_hard.py ``--level tuned`` and
bench/rheinlaender_tune.py play it), and moves each weight towards the side that took more
first places.

    python -m bench.policy_spsa --game troedler --players 4 --steps 80 --games 40 --first 3000

One-at-a-time screens need a few hundred paired games to see a weight's effect; this
spends the same games on all weights at once. Prints every step and, at the end, the mean
of the weights over the second half of the steps, to be confirmed on fresh games."""

from __future__ import annotations

import argparse
import random
from multiprocessing import Pool

from bench import rheinlaender_tune
from bench.troedler_hard import tuned_share
from engine.ai import rheinlaender_tuned, troedler_tuned

# how far each weight is nudged (its own unit: a step moves it by about this much or less)
NUDGES: dict[str, dict[str, float]] = {
    "troedler": {
        "delivered": 0.4, "goods": 0.25, "loser": 6.0, "loser_early": 0.15, "tie": 1.0,
        "feed": 0.8, "clog": 0.4, "request": 0.08, "request_share": 0.15,
        "request_full": 0.1, "to_deliver": 0.15, "route": 0.2, "extra": 0.25,
        "feed_card": 0.25, "to_goods": 0.12},
    "rheinlaender": {
        "others": 0.15, "potential": 0.1, "safety": 0.15, "exposure": 0.06, "bastion": 0.3,
        "knights": 0.5, "follow": 0.2, "final": 3.0},
}


Weights = troedler_tuned.Weights | rheinlaender_tuned.Weights


def weights(game: str, players: int, values: dict[str, float]) -> Weights:
    module = troedler_tuned if game == "troedler" else rheinlaender_tuned
    return module.weights_for(players).but(**values)


def start_values(game: str, players: int) -> dict[str, float]:
    w = weights(game, players, {})
    hand = getattr(w, "hand", None)
    return {name: float(getattr(hand if name in troedler_tuned.HAND_NAMES else w, name))
            for name in NUDGES[game]}


def play(task: tuple[str, int, int, dict[str, float]]) -> float:
    game, players, index, values = task
    chosen = weights(game, players, values)
    if game == "troedler":
        return tuned_share(players, index, chosen)
    return rheinlaender_tune.share(players, index, chosen)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(NUDGES), default="troedler")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--steps", type=int, default=80)
    parser.add_argument("--games", type=int, default=40, help="paired games per step")
    parser.add_argument("--first", type=int, default=3000)
    parser.add_argument("--gain", type=float, default=1.5)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    signs = random.Random(args.seed)
    nudge = NUDGES[args.game]
    values = start_values(args.game, args.players)
    history: list[dict[str, float]] = []
    with Pool(args.workers) as pool:
        for step in range(args.steps):
            delta = {name: signs.choice((-1, 1)) for name in nudge}
            up = {n: v + nudge[n] * delta[n] for n, v in values.items()}
            down = {n: v - nudge[n] * delta[n] for n, v in values.items()}
            first = args.first + step * args.games
            games = range(first, first + args.games)
            shares = pool.map(play, [(args.game, args.players, i, up) for i in games]
                              + [(args.game, args.players, i, down) for i in games])
            plus, minus = sum(shares[:args.games]), sum(shares[args.games:])
            gap = (plus - minus) / args.games
            values = {n: v + args.gain * nudge[n] * gap / 2 * delta[n]
                      for n, v in values.items()}
            history.append(values)
            print(f"step {step}: up {plus:g} down {minus:g} of {args.games} | "
                  + " ".join(f"{n}={v:.3f}" for n, v in values.items()), flush=True)
    late = history[len(history) // 2:]
    mean = {n: sum(h[n] for h in late) / len(late) for n in nudge}
    print("mean of the second half: " + " ".join(f"{n}={v:.3f}" for n, v in mean.items()))


if __name__ == "__main__":
    main()
