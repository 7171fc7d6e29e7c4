"""Rheinländer's ``hard`` parts (``engine.ai.hard``): worlds, candidates, values.

A world keeps what the seat sees and the coins every seat was paid in the open
(``engine.rheinlaender.memory``), and redeals the other hands and the deck.
"""

from __future__ import annotations

from engine.ai.hard import (
    Heuristic,
    Searcher,
    deal_hidden,
    first_place_share,
    fresh_rng,
    margin,
)
from engine.core import Action, Game, State

MARGIN = 0.25  # weight of the score margin next to the share of first place (0..1)


def rheinlaender_world(state: State, seat: int, rng: dict[str, int]) -> State:
    """Hidden from ``seat``: the other hands and the deck (drawn at random). The other seats'
    coins lie face down but were paid in the open (``engine.rheinlaender.memory``): a world
    keeps the count a player keeps, where it first gave each other seat our coins (a guess
    about who leads, which the normal seats did not have to make)."""
    from engine.rheinlaender.cards import SHUFFLE
    from engine.rheinlaender.memory import coins, payments

    world = dict(state)
    deck = [c for c in state["deck"] if c != SHUFFLE]
    places = {"deck": len(deck)}
    pool = list(deck)
    for other in range(state["players"]):
        if other != seat:
            places[other] = len(state["hands"][other])
            pool += state["hands"][other]
    dealt = deal_hidden(places, pool, rng)
    world["deck"] = sorted(dealt["deck"] + [SHUFFLE] * (len(state["deck"]) - len(deck)))
    world["hands"] = [list(state["hands"][s]) if s == seat else sorted(dealt[s])
                      for s in range(state["players"])]
    world["coins"] = coins(state)
    world["payments"] = [payments(state, s) for s in range(state["players"])]
    world["rng"] = fresh_rng(rng)
    return world


def rheinlaender_candidates(game: Game, world: State, seat: int, moves: list[Action],
                            pick: Heuristic, rng: dict[str, int]) -> list[Action]:
    """The best few moves by normal's own one-move score: the search then looks at what the
    next players answer to each."""
    from engine.ai import after
    from engine.ai.rheinlaender import evaluate

    scored = sorted(((evaluate(after(game, world, seat, m), seat, m), i)
                     for i, m in enumerate(moves)), key=lambda p: (-p[0], p[1]))
    return [moves[i] for _, i in scored[:3]]


def rheinlaender_stop(start: State, now: State, played: int) -> bool:
    """After the next seat's turn: its answer is what a knight move risks first (a duchy
    taken over, a majority outnumbered); each further turn costs as much again."""
    return now["turn"] - start["turn"] >= 2


def rheinlaender_value(game: Game, state: State, seat: int) -> float:
    """A finished game: the share of first place plus the lead. At the horizon: normal's own
    score of the position, now after the next player's answer (a two-ply look-ahead where
    normal sees one)."""
    from engine.ai.rheinlaender import evaluate

    if state["step"] == "over":
        scores = {row["seat"]: float(row["total"]) for row in state["final"]}
        return first_place_share(game, state, seat) + MARGIN * margin(scores, seat, 8.0)
    return evaluate(state, seat, {"type": "done"}) / 10.0


def rheinlaender_playout_move(game: Game, state: State, seat: int, moves: list[Action],
                              rng: dict[str, int]) -> Action:
    """Normal's knight action; a bastion after it is left out of playouts (a rare, small
    gain that would double the cost of every simulated turn)."""
    from engine.ai.rheinlaender import choose

    if state["step"] == "after" and {"type": "done"} in moves:
        return {"type": "done"}
    return choose(game, state, seat, moves, rng)


RHEINLAENDER = Searcher(policy="engine.ai.hard_rheinlaender:rheinlaender_playout_move", determinize=rheinlaender_world,
                        candidates=rheinlaender_candidates, stop=rheinlaender_stop,
                        value=rheinlaender_value, playouts=6, max_worlds=2)
