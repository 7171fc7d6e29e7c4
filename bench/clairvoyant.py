"""A diagnostic, never a way to play: how often hard's policy would take first place if its
seat saw everything. The tested seat (seed 1000+i, seat i % n, the others ``normal``, as
``bench.ai_strength``) reads the true state (every hand, the deck's order, the random
generator) and knows every other seat's coming moves, since it replays ``normal`` with the
seeds the game will give it. At each of its decisions it plays every candidate (its
policy's best ``--candidates``) to the game's end with its policy, and makes the move whose
game ends best (first place, then the lead). The base policy is hard's own
(engine.ai.rheinlaender_tuned, engine.ai.troedler_tuned), so the difference to the policy
alone is what knowing the future is worth to it; ``--stage`` limits the look to before or
after the endgame (Rheinländer: a seat with at most 5 knights left).

    python -m bench.clairvoyant --game rheinlaender --players 5 --first 2000 --games 20
    python -m bench.clairvoyant --game rheinlaender --players 5 --stage early
    python -m bench.clairvoyant --game troedler --players 4 --first 7300 --games 20

Prints each game's share for the clairvoyant seat and for the policy alone in the same
seat, then both totals with their 95 % Wilson intervals.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable

from bench.common import play_to_end, seat_share, wilson
from engine import ai
from engine.ai.hard import first_place_share
from engine.core import Action, Game, State, copied, new_rng

ENDGAME_KNIGHTS = 5  # Rheinländer's late stage, as hard's 5-player endgame search starts
Policy = Callable[[Game, State, int, int, int], Action]  # (game, state, seat, seed, version)


def ordered(game: Game, state: State, seat: int) -> list[Action]:
    # as ai.choose orders the moves, so the policy's ties fall as in play
    return sorted(game.legal(state, seat), key=lambda m: json.dumps(m, sort_keys=True))


def rheinlaender_policy(quick: bool) -> Policy:
    """Hard's Rheinländer policy; ``quick`` without its ``follow`` look (four times the
    cost), as hard's own playouts play it."""
    from engine.ai import rheinlaender_tuned

    def move(game: Game, state: State, seat: int, seed: int, version: int) -> Action:
        moves = ordered(game, state, seat)
        weights = rheinlaender_tuned.weights_for(state["players"])
        if quick:
            weights = weights.but(follow=0.0)
        return moves[0] if len(moves) == 1 else rheinlaender_tuned.choose(
            game, state, seat, moves, {}, weights)
    return move


def troedler_policy(quick: bool) -> Policy:
    from engine.ai import troedler_tuned

    def move(game: Game, state: State, seat: int, seed: int, version: int) -> Action:
        moves = ordered(game, state, seat)
        rng = new_rng(ai.move_seed(seed, version, seat))
        return moves[0] if len(moves) == 1 else troedler_tuned.choose(
            game, state, seat, moves, rng)
    return move


def candidates(game: Game, state: State, seat: int, seed: int, version: int,
               count: int) -> list[Action]:
    """The policy's ``count`` best moves, its own first (Rheinländer ranks them; Trödler's
    turn search names one, and the other legal moves follow in a fixed order)."""
    moves = ordered(game, state, seat)
    if game.key == "rheinlaender":
        from engine.ai import rheinlaender_tuned

        return [m for _, m in rheinlaender_tuned.ranked(game, state, seat, moves)[:count]]
    first = POLICIES[game.key](False)(game, state, seat, seed, version)
    return [first, *[m for m in moves if m != first][:count - 1]]


def outcome(game: Game, state: State, tested: int) -> float:
    """First place (1/k when shared), the lead over the best other seat breaking ties."""
    scores = {s.seat: s.score for s in game.result(state) or []}
    lead = scores[tested] - max(v for s, v in scores.items() if s != tested)
    return first_place_share(game, state, tested) + 0.001 * lead


def play_out(game: Game, state: State, tested: int, seed: int, version: int) -> float:
    """The game to its end as it will go: our seat by the quick policy, every other seat by
    ``normal`` with the seed the game gives that move."""
    play_to_end(game, state, tested, seed, version, POLICIES[game.key](True))
    return outcome(game, state, tested)


def looks(game: Game, state: State, stage: str) -> bool:
    if stage == "all" or game.key != "rheinlaender":
        return True
    late = min(state["supply"]) <= ENDGAME_KNIGHTS
    return late if stage == "late" else not late


def game_share(key: str, players: int, index: int, count: int, stage: str | None
               ) -> tuple[float, int]:
    """One seeded game: the tested seat clairvoyant (``stage`` None: the policy alone);
    its share of first place and how often it overruled its policy."""
    policy = POLICIES[key](False)
    overruled = 0

    def mine(game: Game, state: State, seat: int, seed: int, version: int) -> Action:
        nonlocal overruled
        if stage is None or not looks(game, state, stage):
            return policy(game, state, seat, seed, version)
        tried = candidates(game, state, seat, seed, version, count)
        ends = []
        for move in tried if len(tried) > 1 else []:
            world = copied(state)
            game._apply(world, seat, move)
            ends.append(play_out(game, world, seat, seed, version + 1))
        best = max(range(len(ends)), key=lambda n: (ends[n], -n), default=0)
        overruled += best != 0
        return tried[best]

    return seat_share(key, players, index, mine), overruled


POLICIES: dict[str, Callable[[bool], Policy]] = {
    "rheinlaender": rheinlaender_policy, "troedler": troedler_policy}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(POLICIES), default="rheinlaender")
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--first", type=int, default=2000)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--candidates", type=int, default=6)
    parser.add_argument("--stage", choices=("all", "early", "late"), default="all")
    args = parser.parse_args()
    seen = alone = 0.0
    for index in range(args.first, args.first + args.games):
        start = time.process_time()
        share, overruled = game_share(args.game, args.players, index, args.candidates,
                                      args.stage)
        base, _ = game_share(args.game, args.players, index, args.candidates, None)
        seen, alone = seen + share, alone + base
        print(f"game {index}: clairvoyant {share:.2f} (overruled {overruled}), policy "
              f"{base:.2f} ({time.process_time() - start:.0f} s CPU)", flush=True)
    for name, total in (("clairvoyant", seen), ("policy alone", alone)):
        low, high = wilson(total, args.games)
        print(f"{args.game} {args.players}p {args.stage} {name}: {total:g}/{args.games} = "
              f"{100 * total / args.games:.1f}% [{100 * low:.0f}, {100 * high:.0f}]")


if __name__ == "__main__":
    main()
