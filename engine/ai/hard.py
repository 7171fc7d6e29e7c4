"""The ``hard`` level: determinized Monte Carlo search with the ``normal`` policy as playout.

Why this search: the three games hide cards (Rhein's order deck; Rheinländer's hands and
deck; Trödler's hands and round pile), and ``normal`` is a decent, cheap-to-moderate policy.
So ``hard`` samples *worlds* that agree with everything the seat sees (``view(state, seat)``,
plus what a player keeping count knows from the open play: Rhein's face-down fulfilled
orders, Rheinländer's coins, Trödler's value piles; the hidden cards reshuffled among the
hidden places, of the sizes the view shows, and a fresh random generator for future draws),
plays each candidate move in each world and lets ``normal`` play every seat from there
(to the end, or for a game-given horizon after which a position score stands in), and
keeps the candidate with the best mean result. A full information-set tree would branch on
opponents' moves, but a playout costs milliseconds to tens of milliseconds here and the
budget is a few dozen playouts per move, too few for a tree to grow below its root; flat
sampling with the same worlds for every candidate (common random numbers) spends them all on
comparing the candidates, which is what decides the move.

Every candidate is played in the same worlds with the same playout seed, so differences
between candidates come from the moves, not from luck. Budgets count playouts, never
seconds, and every random choice comes from ``seed``: the same position and seed give the
same move on any machine and after a dump/load round trip.

Per-game parts (``engine.ai.hard_rhein``, ``hard_rheinlaender``, ``hard_troedler``): ``determinize`` (which cards are hidden from the
seat and where they may lie), ``candidates`` (which moves are worth a playout), ``stop``
(the playout horizon) and ``value`` (a finished game's share of first place plus a small
margin term, or a position score at the horizon).
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.ai import after
from engine.core import Action, Game, State, new_rng, rng_below, rng_shuffle

Heuristic = Callable[[Game, State, int, list[Action], dict[str, int]], Action]


@dataclass(frozen=True)
class Searcher:
    """A game's hard level: how to sample worlds, prune moves, cut and score playouts."""

    policy: str  # "module" (its ``choose``) or "module:function": plays every playout seat
    determinize: Callable[[State, int, dict[str, int]], State]
    candidates: Callable[[Game, State, int, list[Action], Heuristic, dict[str, int]],
                         list[Action] | list[list[Action]]]
    stop: Callable[[State, State, int], bool]  # (before our move, now, moves) -> cut here
    value: Callable[[Game, State, int], float]
    playouts: int  # the budget per decision: candidates x worlds, roughly
    max_worlds: int = 8
    deviate: float = 0.05  # mean value a move must gain over normal's move to be played
    confidence: float = 2.0  # standard errors by which that gain must clear zero
    move_budget: int = 0  # if set: simulated moves per decision, which sets the worlds
    # if set: the searcher for this position, for a game whose horizon or budget depends on
    # the table (Rhein: whole-game playouts at 2 seats, a two-round horizon at 3-5)
    at: Callable[[State], Searcher] | None = None

    def heuristic(self) -> Heuristic:
        module, _, name = self.policy.partition(":")
        return getattr(importlib.import_module(module), name or "choose")


def canonical(game: Game, state: State) -> State:
    """The state as a dump/load round trip gives it: key order then cannot change a choice."""
    return game.load(game.dump(state))


def choose(game: Game, state: State, seat: int, moves: list[Action], seed: int,
           searcher: Searcher) -> Action:
    """The candidate with the best mean playout value over sampled worlds."""
    base = canonical(game, state)
    if searcher.at is not None:
        searcher = searcher.at(base)
    ordered = sorted(moves, key=lambda m: json.dumps(m, sort_keys=True))
    pick = searcher.heuristic()
    first = searcher.determinize(base, seat, new_rng(seed))
    # Candidates come from a sampled world too: normal reads the whole state it is given,
    # and the real state holds what this seat may not see.
    cands = searcher.candidates(game, first, seat, ordered, pick, new_rng(seed ^ 0x5EED))
    if len(cands) == 1:
        return _first(cands[0])
    worlds = max(2, min(searcher.max_worlds, searcher.playouts // len(cands)))
    values: list[list[float]] = [[] for _ in cands]
    simulated = 0
    for index in range(searcher.max_worlds):
        if index >= worlds:
            break
        world = first if index == 0 else searcher.determinize(base, seat,
                                                              new_rng(seed + 7919 * index))
        for number, move in enumerate(cands):
            child = _after_all(game, world, seat, move)
            end, moves_played = playout(game, world, child, searcher, pick,
                                        new_rng(seed * 31 + index))
            simulated += moves_played
            values[number].append(searcher.value(game, end, seat))
        if searcher.move_budget and index == 0:
            # A budget in simulated moves: long playouts (early in the game, many seats)
            # get fewer worlds, short ones more. Counted, not timed, so replays agree.
            worlds = max(2, min(searcher.max_worlds,
                                searcher.move_budget // max(1, simulated)))
    return _first(cands[pick_better(values, searcher.deviate, searcher.confidence)])


def _first(candidate: Action | list[Action]) -> Action:
    return candidate[0] if isinstance(candidate, list) else candidate


def _after_all(game: Game, world: State, seat: int, candidate: Action | list[Action]) -> State:
    """A candidate is a move, or a plan (moves of one turn, played in order, the first of
    which is the move chosen): a plan compares whole turns, where the playout policy might
    not finish the turn the way its first move was meant."""
    if not isinstance(candidate, list):
        return after(game, world, seat, candidate)
    state = after(game, world, seat, candidate[0])
    for move in candidate[1:]:
        game._apply(state, seat, move)
    return state


def pick_better(values: list[list[float]], deviate: float, confidence: float = 2.0) -> int:
    """The index of the candidate to play: 0 (normal's move) unless another one beats it in
    the same worlds by more than ``deviate`` on average and by ``confidence`` standard
    errors.

    A few playouts are noisy and normal's plan is right more often than a lucky sample says,
    so the search only overrules it on evidence.

    >>> pick_better([[0.0, 0.0, 0.0], [0.5, 0.6, 0.4], [0.9, -0.9, 0.9]], 0.1)
    1
    """
    worlds = len(values[0])
    best, best_bound = 0, 0.0
    for number in range(1, len(values)):
        diffs = [v - b for v, b in zip(values[number], values[0], strict=True)]
        mean = sum(diffs) / worlds
        spread = (sum((d - mean) ** 2 for d in diffs) / max(1, worlds - 1)) ** 0.5
        bound = mean - confidence * spread / worlds ** 0.5
        if mean > deviate and bound > best_bound:
            best, best_bound = number, bound
    return best


def playout(game: Game, origin: State, start: State, searcher: Searcher, pick: Heuristic,
            rng: dict[str, int]) -> tuple[State, int]:
    """Every seat plays ``normal`` from ``start`` (a private copy, changed in place), until
    the game ends or ``searcher.stop`` says the horizon after ``origin`` is reached; the end
    position and the number of moves played."""
    state, played = start, 0
    # Every move played here comes from legal(): an engine that can skip checking it again
    # (play_legal) saves a second pass over its candidates per simulated move.
    play = getattr(game, "play_legal", game._apply)
    while game.result(state) is None and not searcher.stop(origin, state, played):
        active = game.active(state)
        if not active:
            break
        seat = active[0]
        moves = game.legal(state, seat)
        move = moves[0] if len(moves) == 1 else pick(game, state, seat, moves, rng)
        if move not in moves:  # a heuristic slip: keep the playout going, as choose() does
            move = moves[0]
        play(state, seat, move)
        played += 1
    return state, played


def first_place_share(game: Game, state: State, seat: int) -> float:
    """1/k when ``seat`` is one of k players sharing rank 1, else 0."""
    standings = game.result(state) or []
    firsts = [s.seat for s in standings if s.rank == 1]
    return 1.0 / len(firsts) if seat in firsts else 0.0


def margin(scores: dict[int, float], seat: int, scale: float) -> float:
    """Our lead over the best other seat, squashed into (-1, 1)."""
    others = [v for s, v in scores.items() if s != seat]
    gap = scores[seat] - max(others, default=0.0)
    return gap / (abs(gap) + scale)


def deal_hidden(places: dict[Any, int], pool: list, rng: dict[str, int]) -> dict[Any, list]:
    """Shuffle ``pool`` (sorted first, so only its contents matter) into places of given
    sizes, in the order of ``places``."""
    cards = sorted(pool)
    rng_shuffle(rng, cards)
    dealt, position = {}, 0
    for place, size in places.items():
        dealt[place] = cards[position:position + size]
        position += size
    if position != len(cards):
        raise ValueError(f"{len(cards)} hidden cards for {position} places")
    return dealt


def fresh_rng(rng: dict[str, int]) -> dict[str, int]:
    return new_rng(rng_below(rng, 1 << 62))


def normal_move(game: Game, world: State, seat: int, moves: list[Action], pick: Heuristic,
                 rng: dict[str, int]) -> Action:
    """Normal's move in this world (the first legal move should it propose another)."""
    first = pick(game, world, seat, moves, dict(rng))
    return first if first in moves else moves[0]


def spread(first: Action, moves: list[Action], limit: int,
            rng: dict[str, int]) -> list[Action]:
    """``first`` (normal's move), then other moves until ``limit``: ending the step when it
    is legal, then one of each other move type, then a seeded sample of the rest."""
    chosen = [first]
    for move in moves:
        if move["type"] in ("done", "pass", "end") and move not in chosen:
            chosen.append(move)
    kinds = {m["type"] for m in chosen}
    for move in moves:
        if move["type"] not in kinds:
            kinds.add(move["type"])
            chosen.append(move)
    rest = [m for m in moves if m not in chosen]
    rng_shuffle(rng, rest)
    return (chosen + rest)[:limit]
