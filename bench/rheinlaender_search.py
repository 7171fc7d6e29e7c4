"""Rheinländer hard's search in parts: one seat (rotating, seeds 1000+i) plays hard's own
policy (engine.ai.rheinlaender_tuned) and searches only from a given point (a seat with at
most ``--from-knights`` knights left; 99, the default: every move, as hard plays), the
others ``normal``; its share of first place and the searched moves' times. With
``--from-knights 3`` the policy's moves before the endgame skip the search machinery, which
is cheaper when only the endgame search changes and shows what the search adds.

    python -m bench.rheinlaender_search --players 4 --games 40
    python -m bench.rheinlaender_search --players 3 --games 60 --from-knights 3 --searcher end
    python -m bench.rheinlaender_search --players 5 --games 40 --searcher next
    python -m bench.rheinlaender_search --players 4 --games 40 --confidence 2
    python -m bench.rheinlaender_search --players 5 --games 50 --searcher next --open-hands

``--open-hands`` is a diagnostic, never a way to play: the named searcher's worlds keep the
other seats' true hands (only the deck is redealt), to measure what knowing them is worth.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import replace
from functools import partial

from bench.common import seat_share, wilson
from bench.rheinlaender_tune import policy_move
from engine import ai
from engine.ai import hard, hard_rheinlaender
from engine.ai.hard import deal_hidden
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


def open_hands_world(state: State, seat: int, rng: dict[str, int]) -> State:
    """A world that sees every hand (a diagnostic): the deck alone is dealt anew."""
    from engine.rheinlaender.cards import SHUFFLE

    world = dict(state)
    deck = [c for c in state["deck"] if c != SHUFFLE]
    dealt = deal_hidden({"deck": len(deck)}, deck, rng)
    world["deck"] = sorted(dealt["deck"] + [SHUFFLE] * (len(state["deck"]) - len(deck)))
    world["hands"] = [list(hand) for hand in state["hands"]]
    return hard_rheinlaender.counted(world, state, seat, rng)


def overrule_on(confidence: float) -> None:
    """Every searcher hard picks by position (rheinlaender_at reads these tables) overrules
    its policy on ``confidence`` standard errors."""
    module = hard_rheinlaender
    module.ENDGAME = replace(module.ENDGAME, confidence=confidence)
    module.ENDGAMES = {players: replace(searcher, confidence=confidence)
                       for players, searcher in module.ENDGAMES.items()}
    module.BEFORE_ENDGAME = {players: replace(searcher, confidence=confidence)
                             for players, searcher in module.BEFORE_ENDGAME.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--first", type=int, default=0)
    # 99: every move goes to the searcher, so ``auto`` plays as hard does
    parser.add_argument("--from-knights", type=int, default=99)
    parser.add_argument("--candidates", type=int, default=hard_rheinlaender.CANDIDATES)
    parser.add_argument("--searcher", choices=("auto", "mid", "end", "next"), default="auto",
                        help="auto: hard's own (by knights left and table size); mid, end: that "
                             "one always; next: the one-round search before the endgame "
                             "at every table size")
    parser.add_argument("--confidence", type=float,
                        help="auto: standard errors a gain must clear in every searcher hard "
                             "uses (default: each searcher's own, 2)")
    parser.add_argument("--open-hands", action="store_true",
                        help="diagnostic: the named searcher's worlds keep every true hand")
    parser.add_argument("changes", nargs="*", help="searcher field=value (playouts, ...)")
    args = parser.parse_args()
    hard_rheinlaender.CANDIDATES = args.candidates
    if args.searcher == "auto" and args.changes:
        parser.error("auto picks its searchers by position: name mid, end or next to change one")
    if args.open_hands and args.searcher == "auto":
        parser.error("--open-hands changes one searcher's worlds: name mid, end or next")
    if args.confidence is not None:
        if args.searcher != "auto":
            parser.error("--confidence is for auto; name confidence=Z to change one searcher")
        overrule_on(args.confidence)
    chosen = {"auto": hard_rheinlaender.RHEINLAENDER, "mid": hard_rheinlaender.MIDGAME,
              "end": hard_rheinlaender.ENDGAME, "next": hard_rheinlaender.NEXT}[args.searcher]
    for change in args.changes:
        name, _, text = change.partition("=")
        chosen = replace(chosen, **{name: type(getattr(chosen, name))(float(text))})
    if args.open_hands:
        chosen = replace(chosen, determinize=open_hands_world)
    # next: the changed one-round search before the endgame, hard's endgame after it
    searcher = (replace(chosen, at=partial(hard_rheinlaender.rheinlaender_at, before=chosen))
                if args.searcher == "next" else chosen)
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
          f"{args.changes}{' open hands' if args.open_hands else ''}"
          f"{'' if args.confidence is None else f' confidence {args.confidence:g}'}: "
          f"{total:g}/{args.games} = {100 * total / args.games:.1f}% [{100 * low:.0f}, "
          f"{100 * high:.0f}]; {len(times)} searched moves, p99 {p99:.0f} ms", flush=True)


if __name__ == "__main__":
    main()
