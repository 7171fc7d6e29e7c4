"""The ``easy`` AI: a beginner, weak but sensible.

A beginner knows the rules and sees what would ruin them, but does not plan: on each move it
plays the game's ``normal`` move with a per-game chance (``SHARPNESS``), and otherwise any
move drawn uniformly from the moves a beginner would find sensible (``sensible``): the
moves ``normal``'s own judgement does not rate as ruinous. Where nothing but ruinous moves
are listed (a forced payment, an emergency sale), it plays ``normal``'s move, which finds
the least harmful way out.

Why not a uniformly random legal move, as before: random Rhein seats mortgaged trucks,
bid their whole Capital and took orders they could never load, and went bankrupt in
rounds 1-4 (12 of 12 seeded 3-player games), which can end the game for everyone; random
18Rhl seats sold and bought shares back and forth and floated corporations they could not
pay trains for, and went bankrupt in OR 4. Why not ``normal`` on a random part of the
moves: a table of such seats plays close to ``normal`` strength, and a ``normal`` seat
must still win nearly every game against ``easy`` ones (bench/AI_STRENGTH.md).

What is ruinous, per game:

* Rhein: the beginner picks its orders at random, or none: any order it has a vehicle and
  the Capital to deliver in time (none while an order of its own still waits for its
  containers), bids up to half of what the order nets if that leaves enough to load it,
  and never mortgages or repays a truck on a whim (``normal`` mortgages only when that is
  its one way back into trade). Loading, reservations, stops, trucks and fulfilling it
  plays as ``normal`` plans them: a random load or truck move costs Capital no order
  needs, and the next penalty or storage bill then bankrupted it.
* 18Rhl: selling shares (the churn of sell X, buy Y) and declaring bankruptcy while
  another way is listed; floating a corporation whose float it cannot buy itself or more
  corporations than ``normal`` would run; a share that leaves less cash than a part of the
  next train's price or could hand it another presidency; a bid above what keeps money to
  float; another corporation's train (its whole treasury for it) and an answer to a train
  offer: those ``normal`` decides. Its corporations withhold their earnings unless it
  plays ``normal``'s move: the money stays where the next train needs it (never ruinous),
  but pays its shareholders nothing. A beginner that also paid out as ``normal`` does (and
  played ``normal``'s move half the time) took first place from the ``normal`` seat in 3
  of 4 seeded 6-player games.
* Rheinländer, Trödler: no move loses the game at once; the beginner plays any move.

Everything is a pure function of the state and ``seed`` over the canonically ordered
moves (``engine.ai.choose``), so a replay or a reloaded state gives the same move.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Action, State, new_rng, rng_below

# Chance in 1000 of playing ``normal``'s move, by game: high enough that the beginner
# keeps its orders and corporations going, low enough that ``normal`` still takes first
# place against ``easy`` seats nearly always (bench/AI_STRENGTH.md, the first table).
SHARPNESS = {"rhein": 0, "18rhl": 100, "troedler": 250, "rheinlaender": 150}

RHEIN_MAX_OPEN = 1  # open orders a beginner juggles (``normal``: 2)
RHEIN_NOTICE = 150  # chance in 1000 that a beginner notices an order on the list
RHEIN_FORGET = 550  # chance in 1000 that a beginner lets a step of its plan pass

Filter = Callable[[State, int, list[Action], dict[str, int]], list[Action]]


def choose(key: str, state: State, seat: int, moves: list[Action], seed: int,
           normal: Callable[[], Action]) -> Action:
    """The beginner's move among ``moves`` (canonically ordered); ``normal()`` is the
    ``normal`` level's move in this position."""
    rng = new_rng(seed ^ 0xEA5E)
    if rng_below(rng, 1000) < SHARPNESS.get(key, 0):
        return normal()
    pool = sensible(key, state, seat, moves, rng)
    if not pool:
        return normal()
    return pool[rng_below(rng, len(pool))]


def sensible(key: str, state: State, seat: int, moves: list[Action],
             rng: dict[str, int]) -> list[Action]:
    """The moves a beginner would consider: none that ``normal`` rates as ruinous."""
    judge = _FILTERS.get(key)
    return list(moves) if judge is None else judge(state, seat, moves, rng)


# --- Rhein -----------------------------------------------------------------------------------


def _rhein(state: State, seat: int, moves: list[Action], rng: dict[str, int]) -> list[Action]:
    """Phase 1 only (taking and bidding for orders); the orders it took it then carries out
    as ``normal`` plans them: a beginner who loaded, reserved or drove at random paid for
    containers and truck moves no order needed and went bankrupt on the next penalty."""
    from engine.ai import rhein as R

    if state["step"] not in ("take", "auction"):
        return _rhein_forgets(state, seat, moves, rng)
    spare = R.spendable(state, seat)
    # A beginner overlooks orders on the list: each is noticed by chance, this move.
    noticed = {c for c in sorted(state["list"]) if rng_below(rng, 1000) < RHEIN_NOTICE}
    values: dict[int, int] = {}

    def value(card_id: int) -> int:
        if card_id not in values:
            values[card_id] = R.order_value(state, seat, card_id, R.second_pass(state))
        return values[card_id]

    def ok(move: Action) -> bool:
        kind = move["type"]
        if kind == "take":
            return (R.busy(state, seat) < RHEIN_MAX_OPEN and move["card"] in noticed

                    and value(move["card"]) >= 0)
        if kind == "bid":
            # Half the order's net at most, and enough left over to load it.
            card_id, amount = move["card"], move["amount"]
            return (card_id in noticed and value(card_id) >= 0 and amount <= value(card_id) // 2
                    and R.best_plan(state, seat, card_id, R.deadline(state, None, card_id),
                                    spare - amount) is not None)
        return kind in ("done", "pass")

    return [m for m in moves if ok(m)]


def _rhein_forgets(state: State, seat: int, moves: list[Action],
                   rng: dict[str, int]) -> list[Action]:
    """Now and then the beginner lets a loading, reservation, stop or truck step pass
    (``done``), but only while its Capital would cover every open order's penalty and the
    storage due: missing a delivery costs it, never its seat at the table."""
    from engine.ai import rhein as R
    from engine.rhein.state import card

    done = [m for m in moves if m["type"] == "done"]
    if state["step"] == "fulfil" or not done or rng_below(rng, 1000) >= RHEIN_FORGET:
        return []
    owed = sum(card(o["card"]).penalty for o in state["orders"][seat])
    owed += sum(state["lying"][seat][1:])
    return done if R.spendable(state, seat) >= owed else []


# --- 18Rhl -----------------------------------------------------------------------------------


_RHL18_NORMAL_DECIDES = frozenset({"sell_shares", "bankrupt", "accept", "decline"})


def _rhl18(state: State, seat: int, moves: list[Action], rng: dict[str, int]) -> list[Action]:
    from engine.ai import rhl18 as N
    from engine.rhl18 import flow as F

    if _rhl18_needs_train(state):
        return []
    cash = N.cash(state, seat)
    mine = [c for c, corp in state["corps"].items() if corp.get("president") == seat]
    spare = cash - N.RESERVE * N.next_train_price(state)
    bids = [m for m in moves if m["type"] == "bid"]

    def ok(move: Action) -> bool:
        kind = move["type"]
        if kind == "dividend":
            return move["kind"] == "withhold"
        if kind in _RHL18_NORMAL_DECIDES:
            return False
        if kind == "par":
            if state["round"]["type"] == "Auction":
                return True  # the private's corporation: only its par price is open
            return (len(mine) < N.MAX_PRESIDENCIES[len(state["ids"])]
                    and N._float_units(move["corporation"]) * N.price_of(move["share_price"])
                    <= cash)
        if kind == "buy_shares":
            corp = N.corp_of(move["shares"][0])
            return N._cost(state, move) <= spare and (
                corp in mine or not N._would_preside(state, seat, move))
        if kind == "bid":
            return N._is_face(move, bids) and move["price"] <= cash - N.FLOAT_MONEY
        if kind == "buy_train":
            return N._owner_corp(state, move["train"]) is None and move["price"] == \
                F.train_price(move["train"]) and move["price"] <= \
                state["corps"][move["entity"]]["cash"]
        return True  # lay_tile, place_token, run_routes, discard_train, pass

    return [m for m in moves if ok(m)]


def _rhl18_needs_train(state: State) -> bool:
    """The operating corporation runs no train that outlasts the next phase: its turn is
    ``normal``'s. A beginner's corporation that paid for a tile or a token, or let a train
    pass, before its trains rusted was left short of the train it then had to buy, and its
    president went bankrupt paying for it (2 of 60 easy seats in 12 six-player games)."""
    from engine.ai import rhl18 as N
    from engine.rhl18 import flow as F

    rnd = state["round"]
    if rnd["type"] != "Operating" or rnd.get("offer") or rnd["discard"]:
        return False
    corp = state["corps"][F.current_corp(state)]
    return not any(N.train_life(state, train) >= 1 for train in corp["trains"])


_FILTERS: dict[str, Filter] = {"rhein": _rhein, "18rhl": _rhl18}
