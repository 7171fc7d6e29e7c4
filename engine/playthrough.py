"""Random legal play, checking the contract after every move (used by tests and the fuzzer)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core import Game, State, new_rng, rng_below


class ContractViolation(AssertionError):
    """The engine broke its own contract; the message says where."""


@dataclass
class Playthrough:
    state: State
    moves: list[tuple[int, str]] = field(default_factory=list)
    finished: bool = False


def random_playthrough(
    game: Game,
    num_players: int,
    options: dict[str, Any] | None = None,
    seed: int = 0,
    max_moves: int = 20_000,
    check_every: int = 1,
) -> Playthrough:
    """Play random legal moves until the game ends, checking the contract on the way.

    Checks: someone is active until the game is over; every active seat has a legal move;
    every legal move applies; ``parse(format(a)) == a``; ``load(dump(s)) == s``; the
    public view is JSON-serialisable. ``check_every`` thins the costlier checks.
    """
    state = game.setup(num_players, options or {}, seed)
    chooser = new_rng(seed ^ 0x5EED)
    run = Playthrough(state=state)
    for count in range(max_moves):
        if game.result(state) is not None:
            if game.active(state):
                raise ContractViolation(f"game over but seats {game.active(state)} are active")
            run.finished = True
            return run
        seats = game.active(state)
        if not seats:
            raise ContractViolation(f"dead end after {count} moves: nobody is active")
        seat = seats[rng_below(chooser, len(seats))]
        moves = game.legal(state, seat)
        if not moves:
            raise ContractViolation(f"dead end after {count} moves: seat {seat} has no move")
        action = moves[rng_below(chooser, len(moves))]
        text = game.format(state, action)
        if count % check_every == 0:
            parsed = game.parse(state, seat, text)
            if parsed != action:
                raise ContractViolation(f"parse(format(a)) != a for {text!r}: {parsed!r}")
        game.apply(state, seat, action)
        run.moves.append((seat, text))
        if count % check_every == 0:
            text_state = game.dump(state)
            if game.load(text_state) != state:
                raise ContractViolation(f"load(dump(s)) != s after {text!r}")
    raise ContractViolation(f"game did not end within {max_moves} moves")


def replay(game: Game, num_players: int, options: dict[str, Any] | None, seed: int,
           moves: list[tuple[int, str]]) -> State:
    """Rebuild a state from its seed and move log (notation), checking every move."""
    state = game.setup(num_players, options or {}, seed)
    for seat, text in moves:
        game.apply(state, seat, game.parse(state, seat, text))
    return state
