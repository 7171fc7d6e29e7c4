"""A game's ``normal`` choices as a digest: seeded all-normal games at every player count the
game allows, each chosen move and each final state hashed. Run it before and after a speed
change to the engine or to normal: equal digests mean equal choices in every position
reached.

    python -m bench.normal_digest troedler --games 6
    python -m bench.normal_digest rheinlaender --games 20 --players 5
"""

from __future__ import annotations

import argparse
import hashlib
import json
import time

from engine import ai, get_game


def game_digest(key: str, players: int, index: int) -> tuple[str, int, float]:
    """The digest of one seeded all-normal game, its move count and the CPU seconds."""
    game = get_game(key)
    seed = 1000 + index
    state = game.setup(players, {}, seed)
    digest = hashlib.sha256()
    version = 0
    start = time.process_time()
    while game.result(state) is None:
        seat = game.active(state)[0]
        action = ai.choose(game, state, seat, "normal", ai.move_seed(seed, version, seat),
                           strict=True)
        digest.update(json.dumps(action, sort_keys=True).encode())
        game.apply(state, seat, action)
        version += 1
    digest.update(json.dumps(game.dump(state), sort_keys=True).encode())
    return digest.hexdigest()[:16], version, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="rhein, rheinlaender, troedler or 18rhl")
    parser.add_argument("--games", type=int, default=20, help="games per player count")
    parser.add_argument("--players", type=int, action="append")
    args = parser.parse_args()
    total = hashlib.sha256()
    game = get_game(args.game)
    for players in args.players or range(game.min_players, game.max_players + 1):
        for index in range(args.games):
            digest, moves, cpu = game_digest(args.game, players, index)
            total.update(digest.encode())
            print(f"{players}p game {index}: {digest} {moves} moves {cpu:.2f} s "
                  f"({1000 * cpu / moves:.1f} ms/move)", flush=True)
    print("total", total.hexdigest()[:16])


if __name__ == "__main__":
    main()
