"""The per-game parts of the ``hard`` level (``engine.ai.hard``): worlds, candidates, values.

A world keeps everything the seat's view shows and redeals what it hides: the cards in the
hidden places are pooled, sorted (so only which cards they are matters, never where they
really lie) and shuffled into places of the sizes the view shows; the random generator that
would make future draws is replaced by one seeded from the AI's seed. Two states the seat
cannot tell apart therefore give the same worlds and the same move.

Trödler's face-down value piles are no guess: every card in them was played in the open,
so a world keeps each seat's requests and feed count as the log shows them
(``engine.troedler.memory``), which ``normal`` reads too and nothing more.
"""

from __future__ import annotations

import dataclasses

from engine.ai import after
from engine.ai.hard import (
    Heuristic,
    Searcher,
    deal_hidden,
    first_place_share,
    margin,
)
from engine.core import Action, Game, State, new_rng, rng_below, rng_shuffle

MARGIN = 0.25  # weight of the score margin next to the share of first place (0..1)
PLANS = 3  # Trödler: the turn plans compared


def _fresh_rng(rng: dict[str, int]) -> dict[str, int]:
    return new_rng(rng_below(rng, 1 << 62))


def _normal_move(game: Game, world: State, seat: int, moves: list[Action], pick: Heuristic,
                 rng: dict[str, int]) -> Action:
    """Normal's move in this world (the first legal move should it propose another)."""
    first = pick(game, world, seat, moves, dict(rng))
    return first if first in moves else moves[0]


def _spread(first: Action, moves: list[Action], limit: int,
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


# --- Rhein: River Trade ------------------------------------------------------------------


def rhein_world(state: State, seat: int, rng: dict[str, int]) -> State:
    """Hidden from ``seat``: the deck's order and the set-up discards (box), redealt.

    The other seats' fulfilled orders lie face down (R58), but no guess: each was taken
    face up from the Orders List (or won at auction) and fulfilled in the open, so who holds
    which is on the table's record, and a re-taken one (R14) is face up again. Redealing them
    with the deck (as this did first) put cards already played into future Orders Lists."""
    world = dict(state)
    places = {"deck": len(state["deck"]), "box": len(state["box"])}
    dealt = deal_hidden(places, list(state["deck"]) + list(state["box"]), rng)
    world["deck"], world["box"] = dealt["deck"], dealt["box"]
    world["rng"] = _fresh_rng(rng)
    return world


RHEIN_ORDER_CANDIDATES = 6  # Phase 1: normal's move and the next best ways to take orders
RHEIN_OTHER_CANDIDATES = 4
# Seats from which playouts stop at a horizon (RHEIN_LARGE): at 3 seats it took first place
# in 19 of 20 games, whole-game playouts in 11 (both with today's worlds)
RHEIN_LARGE_TABLE = 3


def rhein_sampled_candidates(game: Game, world: State, seat: int, moves: list[Action],
                             pick: Heuristic, rng: dict[str, int]) -> list[Action]:
    """At 2 seats (whole-game playouts): normal's move, ending the step, one move of each
    kind and a sample, 4 in Phase 1 and 3 elsewhere (90 % first place there)."""
    limit = 4 if world["step"] in ("take", "auction") else 3
    return _spread(_normal_move(game, world, seat, moves, pick, rng), moves, limit, rng)


def rhein_candidates(game: Game, world: State, seat: int, moves: list[Action],
                     pick: Heuristic, rng: dict[str, int]) -> list[Action]:
    """Normal's move first; in Phase 1 (which orders to take decides a Rhein game) the other
    orders ranked by normal's own order value, not a random sample: a random bid amount
    or a hopeless order wastes a candidate. Elsewhere one move of each kind and a sample."""
    first = _normal_move(game, world, seat, moves, pick, rng)
    if world["step"] not in ("take", "auction"):
        return _spread(first, moves, RHEIN_OTHER_CANDIDATES, rng)
    chosen = [first]
    for move in _rhein_order_moves(world, seat):
        if move in moves and move not in chosen:
            chosen.append(move)
    return chosen[:RHEIN_ORDER_CANDIDATES]


def _rhein_order_moves(world: State, seat: int) -> list[Action]:
    """Phase 1 alternatives, most promising first (``legal()`` still decides)."""
    from engine.ai.rhein import order_value

    second = world["n"] == 2 and world["pass"] == 2

    def ranked(kind: str, cards: list[int]) -> list[Action]:
        best = sorted(cards, key=lambda c: (-order_value(world, seat, c, second), c))
        return [{"type": kind, "card": c} for c in best]

    auction = world["auction"]
    if world["step"] == "take":
        return ([{"type": "done"}] + ranked("take", world["list"])
                + ranked("retake", world["fulfilled"][seat]))
    if auction["lone"]:
        return ranked("take", world["list"])
    if auction["card"] is None:  # the opening bid: which order is auctioned, at 0
        return [dict(m, type="bid", amount=0) for m in ranked("bid", world["list"])]
    bid, lot = auction["bid"], auction["card"]
    worth = order_value(world, seat, lot)
    raises = sorted({bid + 1, max(bid + 1, worth // 2 + 1), bid + 3})
    return [{"type": "pass"}] + [{"type": "bid", "card": lot, "amount": a} for a in raises]


def rhein_stop(start: State, now: State, played: int) -> bool:
    """At the start of the round after next: two rounds show what a take, a load or a
    reservation earns, and a horizon lets 12-16 worlds fit the budget where whole games
    at 4-5 seats fitted 2-3 (whose noise kept normal's move nearly always)."""
    return now["round"] >= start["round"] + 2


def rhein_position(state: State, seat: int) -> float:
    """The Capital ``seat`` can count on: Capital now, less 9 per mortgaged truck (R54), and
    each open order at what normal's plan makes of it: its income if the containers for an
    option are underway, else the plan's net from Basel, else its penalty."""
    from engine.ai.rhein import best_option, best_plan, deadline, underway
    from engine.rhein.state import card

    if state["out"][seat] is not None:
        return -50.0  # bankrupt: below every survivor (R53)
    score = float(state["capital"][seat])
    score -= 9.0 * sum(t["where"] == "mortgaged" for t in state["trucks"][seat].values())
    for order in state["orders"][seat]:
        the_card = card(order["card"])
        option = best_option(order["card"], underway(state, seat, the_card.city))
        if option is not None:
            score += option[1]
            continue
        plan = best_plan(state, seat, order["card"], deadline(state, order, order["card"]),
                         state["capital"][seat])
        score += plan.net if plan is not None else -the_card.penalty
    return score


def rhein_value(game: Game, state: State, seat: int) -> float:
    """A finished game: half the share of first place plus the final Capital lead (a
    playout's winner flips on small changes, the lead moves smoothly with the quality of
    the move). At the horizon: the lead in ``rhein_position``; Capital alone would count
    the loading paid for an order and not the income it brings."""
    if state["step"] == "over":
        scores = {int(s): float(v["score"]) for s, v in state["final"].items()}
        scores.setdefault(seat, -50.0)  # bankrupt: below every survivor (R53)
        return 0.5 * first_place_share(game, state, seat) + margin(scores, seat, 15.0)
    return margin({s: rhein_position(state, s) for s in range(state["n"])}, seat, 15.0)


RHEIN_SMALL = Searcher(policy="engine.ai.rhein", determinize=rhein_world,
                       candidates=rhein_sampled_candidates,
                       stop=lambda start, now, played: False, value=rhein_value,
                       playouts=24, move_budget=1500)
# Whole games at 4-5 seats left 2-3 worlds for most early decisions (40 % first place at 5
# seats); with the horizon 12-16 worlds fit and normal is overruled on firmer evidence.
# Two seats keep whole games: a horizon there lost a fixed-seed game the search had won.
RHEIN_LARGE = Searcher(policy="engine.ai.rhein", determinize=rhein_world,
                       candidates=rhein_candidates, stop=rhein_stop, value=rhein_value,
                       playouts=24, max_worlds=16, move_budget=2500, deviate=0.03)
RHEIN = dataclasses.replace(
    RHEIN_SMALL, at=lambda state: RHEIN_LARGE if state["n"] >= RHEIN_LARGE_TABLE else RHEIN_SMALL)


# --- Rheinländer ------------------------------------------------------------------------


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
    world["rng"] = _fresh_rng(rng)
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


RHEINLAENDER = Searcher(policy="engine.ai.hard_games:rheinlaender_playout_move", determinize=rheinlaender_world,
                        candidates=rheinlaender_candidates, stop=rheinlaender_stop,
                        value=rheinlaender_value, playouts=6, max_worlds=2)


# --- Die Trödler aus den Highlands --------------------------------------------------------


def troedler_world(state: State, seat: int, rng: dict[str, int]) -> State:
    """Hidden from ``seat``: the round pile, the discard pile under its top card and the
    other hands (R40-R41). The other value piles are face down, but every card in them was
    played in the open (``engine.troedler.memory``): a world keeps their requests and their
    number of feed, and only which feed card lies where (all alike) is dealt. The piles' and
    hands' sizes are public. The dealer piles stay: their cards were dealt face up (R12)."""
    from engine.troedler.data import CARDS
    from engine.troedler.memory import value_piles

    world = dict(state)
    others = [s for s in range(state["n"]) if s != seat]
    known = value_piles(state)
    under = state["discard"][:-1]
    pool = list(state["round_pile"]) + list(under)
    places: dict = {"round": len(state["round_pile"]), "discard": len(under)}
    for other in others:
        places[other] = len(state["hands"][other])
        pool += state["hands"][other]
        pool += [c for c in state["values"][other] if CARDS[c]["type"] == "feed"]
    feed = sorted(c for c in pool if CARDS[c]["type"] == "feed")
    rng_shuffle(rng, feed)
    values = {}
    for other in others:
        values[other] = known[other]["requests"] + sorted(feed[:known[other]["feed"]])
        del feed[:known[other]["feed"]]
    chosen = {c for pile in values.values() for c in pile}
    dealt = deal_hidden(places, [c for c in pool if c not in chosen], rng)
    world["round_pile"] = dealt["round"]
    world["discard"] = dealt["discard"] + state["discard"][-1:]
    world["hands"] = [list(state["hands"][s]) if s == seat else dealt[s]
                      for s in range(state["n"])]
    world["values"] = [list(state["values"][seat]) if s == seat else values[s]
                       for s in range(state["n"])]
    world["rng"] = _fresh_rng(rng)
    return world


def troedler_candidates(game: Game, world: State, seat: int, moves: list[Action],
                        pick: Heuristic, rng: dict[str, int]) -> list:
    """In a turn: whole plans for the rest of it (normal's own beam search, its best plan
    first, then the best plans that begin otherwise), each ended explicitly. Comparing first
    moves only let the cheap playout policy finish a turn the move was not meant for, and
    hard then lost to normal. Elsewhere (piles, hand-limit discards): single moves."""
    from engine.ai.troedler import BEAM, BUDGET, turn_plans

    if world["stage"] != "play":
        return _spread(_normal_move(game, world, seat, moves, pick, rng), moves, 3, rng)
    plans = []
    for path in turn_plans(game, world, seat, moves, BUDGET, BEAM, PLANS):
        plan = path or [{"type": "end"}]
        state = world
        for move in plan:
            state = after(game, state, seat, move)
        if (state["stage"] == "play" and state["current"] == seat
                and {"type": "end"} in game.legal(state, seat)):
            plan = plan + [{"type": "end"}]
        plans.append(plan)
    return plans


def troedler_stop(start: State, now: State, played: int) -> bool:
    """At the end of the round after this one's deal: the piles then show what each seat
    made of its cards."""
    return now["round"] > start["round"] and now["stage"] == "take"


def troedler_value(game: Game, state: State, seat: int) -> float:
    """A finished game: the share of first place (total damage is last place) plus the
    points lead. At the horizon: normal's own score of our position, which already weighs
    the feed race against the others."""
    from engine.ai.troedler import evaluate

    if state["stage"] == "over":
        standings = game.result(state) or []
        scores = {s.seat: float(s.score) - 100.0 * s.detail["total_damage"]
                  for s in standings}
        return first_place_share(game, state, seat) + MARGIN * margin(scores, seat, 5.0)
    return evaluate(state, seat) / 20.0


TROEDLER = Searcher(policy="engine.ai.troedler:quick", determinize=troedler_world,
                    candidates=troedler_candidates, stop=troedler_stop,
                    value=troedler_value, playouts=6, max_worlds=2, deviate=0.1)

SEARCHERS = {"rhein": RHEIN, "rheinlaender": RHEINLAENDER, "troedler": TROEDLER}
