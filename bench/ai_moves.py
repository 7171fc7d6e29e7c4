"""Which kinds of move ``normal`` seats choose, per seat and game (a figure, not a test).

Tables of all-``normal`` seats, seeds 1000+i. For Rheinländer: knight actions by kind
(number placements, reinforcements, conversions), bastions and discards per seat and game;
for Trödler: the moves of each kind per seat and game, and the round in which each seat
first plays a card (a route, an extra good, a feed or a request). Compare with the rules'
tips (bench/AI_STRENGTH.md).

    python -m bench.ai_moves [--games 20] [--game rheinlaender|troedler] [--players N]
"""

from __future__ import annotations

import argparse
from collections import Counter

from engine import ai, get_game

CARD_MOVES = {"move", "extra", "deliver", "feed-route", "feed-extra", "feed-replace"}
KINDS = {"rheinlaender": ("play", "reinforce", "convert", "bastion", "discard"),
         "troedler": ("take-pile", "move", "take", "extra", "deliver", "feed-route",
                      "feed-extra", "feed-replace", "discard", "end")}


def tally(key: str, players: int, index: int) -> tuple[Counter, list[int]]:
    """Move kinds over all seats of one game, and each seat's first card round (Trödler)."""
    game = get_game(key)
    seed = 1000 + index
    state = game.setup(players, {}, seed)
    kinds: Counter = Counter()
    first_card = [0] * players
    version = 0
    while game.result(state) is None:
        seat = game.active(state)[0]
        action = ai.choose(game, state, seat, "normal", ai.move_seed(seed, version, seat),
                           strict=True)
        kinds[action["type"]] += 1
        if key == "troedler" and action["type"] in CARD_MOVES and not first_card[seat]:
            first_card[seat] = state["round"]
        game.apply(state, seat, action)
        version += 1
    if key == "troedler":
        kinds["rounds"] += state["round"]
    else:
        kinds["turns"] += state["turn"]
    return kinds, first_card


def row(key: str, players: int, games: int) -> str:
    total: Counter = Counter()
    firsts: list[int] = []
    for index in range(games):
        kinds, first_card = tally(key, players, index)
        total += kinds
        firsts += first_card
    per = games * players
    cells = [f"{total[k] / per:.2f}" for k in KINDS[key]]
    extra = ""
    if key == "troedler":
        never = sum(1 for f in firsts if not f)
        early = sum(1 for f in firsts if f and f <= 1)
        extra = (f" | {total['rounds'] / games:.1f} | {early}/{len(firsts)} | "
                 f"{max(firsts)} | {never}")
    else:
        extra = f" | {total['turns'] / games:.0f}"
    return f"| {key} | {players} | {games} | " + " | ".join(cells) + extra + " |"


def header(key: str) -> str:
    names = " | ".join(KINDS[key])
    if key == "troedler":
        tail = " | rounds | seats playing a card in round 1 | latest first card | never"
    else:
        tail = " | turns"
    columns = 3 + len(KINDS[key]) + tail.count("|")
    return (f"| game | players | games | {names}{tail} |\n"
            + "|" + " --- |" * 2 + " ---: |" * (columns - 2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--game", action="append", choices=sorted(KINDS))
    parser.add_argument("--players", type=int, action="append")
    args = parser.parse_args()
    for key in args.game or sorted(KINDS):
        game = get_game(key)
        print(f"\nPer seat and game, all-normal tables ({key}):\n")
        print(header(key))
        for players in args.players or range(game.min_players, game.max_players + 1):
            if game.min_players <= players <= game.max_players:
                print(row(key, players, args.games), flush=True)


if __name__ == "__main__":
    main()
