"""Die Trödler aus den Highlands ``normal``: a beam search over the cards of one turn.

In Phase 3 the AI tries sequences of moves within its own turn (move, take, extra, deliver,
feed) on copies of the state, keeping the best few positions at each depth, and plays the
first move of the best sequence found (or ``end`` when stopping now is best). Positions are
scored by ``evaluate``: points scored (delivered requests and goods), progress toward the
requests in hand (goods held, distance to villages that hold missing goods or can take a
delivery), and damage, heavily so when it would make us the player with the most damage.
Pile choice and hand-limit discards are one-move look-aheads with the same score.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from engine.core import Action, Game, State, rng_below
from engine.troedler.data import CARDS, SETUP, VILLAGE_KEYS, neighbours
from engine.troedler.memory import value_pile

Score = Callable[[State, int], float]  # a position's worth to a seat: ``evaluate`` or hard's

BEAM = 5
DEPTH = 7
BUDGET = 250  # positions tried per decision: keeps a move well under a second
QUICK_BUDGET = 20  # the same in the hard level's playouts
DELIVERED = 2.0  # a delivered request's points weigh more than goods: it wins and ends games
LOSER_PENALTY = 25.0


def choose(game: Game, state: State, seat: int, moves: list[Action],
           rng: dict[str, int]) -> Action:
    if state["stage"] == "play":
        return search_turn(game, state, seat, moves)
    return best_one_ply(game, state, seat, moves, rng)


# lists of card ids or village names: a slice copies them, where the general case looks at
# every item (the round pile holds dozens, and normal's search copies thousands of states)
FLAT = frozenset({"round_pile", "discard", "queue", "played", "delivered_here", "starts",
                  "carts"})


def copy_state(state: State) -> State:
    """A copy as ``engine.ai.after`` makes it, for Trödler's shape: the engine changes
    containers at most two levels down (hands[seat], villages[key], pending[i]) and only
    replaces ``deal_log``'s entries, so copying two levels is enough and is several times
    cheaper than the generic deep copy, which dominated normal's search."""
    new = {}
    for key, value in state.items():
        kind = type(value)
        if key in FLAT:
            new[key] = value[:]
        elif kind is list:
            new[key] = [list(x) if type(x) is list else x for x in value]
        elif kind is dict:
            new[key] = {k: list(v) if type(v) is list else v for k, v in value.items()}
        else:
            new[key] = value
    return new


def after(game: Game, state: State, seat: int, action: Action) -> State:
    """The state after a legal ``action`` (a copy; ``state`` is untouched)."""
    work = copy_state(state)
    game.carry_out(work, seat, action, say=False)
    return work


def best_one_ply(game: Game, state: State, seat: int, moves: list[Action],
                 rng: dict[str, int], score: Score | None = None) -> Action:
    score = score or evaluate
    scored = [(score(after(game, state, seat, m), seat), i) for i, m in enumerate(moves)]
    top = max(score for score, _ in scored)
    best = [moves[i] for score, i in scored if score >= top - 1e-9]
    return best[rng_below(rng, len(best))]


def quick(game: Game, state: State, seat: int, moves: list[Action],
          rng: dict[str, int]) -> Action:
    """``choose`` with a small search budget: the hard level's playouts call it for every
    seat and every move of a round, where normal's full budget would cost seconds."""
    if state["stage"] == "play":
        return search_turn(game, state, seat, moves, budget=QUICK_BUDGET, beam=2)
    return best_one_ply(game, state, seat, moves, rng)


def search_turn(game: Game, state: State, seat: int, moves: list[Action],
                budget: int = BUDGET, beam: int = BEAM, score: Score | None = None) -> Action:
    path = turn_plans(game, state, seat, moves, budget, beam, 1, score)[0]
    return path[0] if path else {"type": "end"}


def turn_plans(game: Game, state: State, seat: int, moves: list[Action], budget: int,
               beam: int, keep: int, score: Score | None = None) -> list[list[Action]]:
    """The best ways found to go on with this turn, best first: normal's plan, then up to
    ``keep - 1`` others that start with other moves (the hard level plays each out).
    A plan is the moves to make before ending the turn; ``[]`` is ending it now. With
    ``end`` illegal (mid-delivery) and nothing stoppable found, the plan is ``moves[0]``."""
    score = score or evaluate
    end = {"type": "end"}
    best_value = score(state, seat) if end in moves else float("-inf")
    best_path: list[Action] = [] if end in moves else [moves[0]]
    found: list[tuple[float, int, list[Action]]] = []
    if end in moves:
        found.append((best_value, 0, []))
    frontier: list[tuple[State, list[Action]]] = [(state, [])]
    for _ in range(DEPTH):
        children: list[tuple[float, State, list[Action]]] = []
        for node, path in frontier:
            if node["stage"] != "play" or node["current"] != seat:
                continue
            for move in game.legal(node, seat):
                if move["type"] == "end" or budget <= 0:
                    continue
                budget -= 1
                child = after(game, node, seat, move)
                value = score(child, seat)
                children.append((value, child, path + [move]))
                if not child["pending"]:
                    if value > best_value + 1e-9:
                        best_value, best_path = value, path + [move]
                    if keep > 1:
                        found.append((value, len(found), path + [move]))
        if not children:
            break
        children.sort(key=lambda c: -c[0])
        frontier = [(child, path) for _, child, path in _distinct(children, beam)]
    plans, firsts = [best_path], [best_path[:1]]
    for _, _, path in sorted(found, key=lambda f: (-f[0], f[1])):
        if len(plans) >= keep:
            break
        if path[:1] not in firsts:  # only the first move is played: one plan per first move
            plans.append(path)
            firsts.append(path[:1])
    return plans


def _distinct(children: list[tuple[float, State, list[Action]]], limit: int
              ) -> list[tuple[float, State, list[Action]]]:
    """The first ``limit`` children, positions reached twice in a different order (same
    cart, hand and goods) counted once. Stops there: the beam keeps a few of dozens."""
    seen, kept = set(), []
    for item in children:
        if len(kept) >= limit:
            break
        s = item[1]
        key = (s["current"], str(s["carts"]), str(s["hands"]), str(s["collections"]),
               str(s["played"]), str(s["pending"]))
        if key not in seen:
            seen.add(key)
            kept.append(item)
    return kept


# --- the score of a position ----------------------------------------------------------------


def banked(state: State, seat: int) -> tuple[list[int], int]:
    """(requests, feed) scored for ``seat``: its value pile as the log shows it to every
    seat (``engine.troedler.memory``; normal never reads a face-down pile), plus this
    turn's played cards."""
    pile = value_pile(state, seat)
    requests, feed = pile["requests"], pile["feed"]
    if state["stage"] in ("play", "limit") and state["current"] == seat:
        played = state["played"]
        requests = requests + [c for c in played if CARDS[c]["type"] == "request"]
        feed += sum(1 for c in played if CARDS[c]["type"] == "feed")
    return requests, feed


def damage(state: State, seat: int) -> int:
    return banked(state, seat)[1] + (len(state["collections"][seat]) + 1) // 2


def delivered(state: State, seat: int) -> int:
    return sum(CARDS[c]["points"] for c in banked(state, seat)[0])


def progress(state: State) -> float:
    """How near the end is: the most requests anyone has delivered, over the number that
    ends the game (R44)."""
    need = SETUP["end_requests"][str(state["n"])]
    most = max(len(banked(state, s)[0]) for s in range(state["n"]))
    return min(1.0, most / need)


def projected_damage(state: State, seat: int, near: float) -> float:
    """Damage as it will count at the end: spent feed stays, but goods held early are
    mostly delivered later, so they count in proportion to how near the end is. Counting
    them fully from round 1 made every seat wait with its cards for six rounds."""
    return banked(state, seat)[1] + near * ((len(state["collections"][seat]) + 1) // 2)


def evaluate(state: State, seat: int) -> float:
    n = state["n"]
    banks = [banked(state, s) for s in range(n)]
    value = DELIVERED * sum(CARDS[c]["points"] for c in banks[seat][0]) + len(
        state["collections"][seat])
    need = SETUP["end_requests"][str(n)]
    near = min(1.0, max(len(b[0]) for b in banks) / need)

    def projected(s: int) -> float:
        # projected_damage, from the piles counted once above
        return banks[s][1] + near * ((len(state["collections"][s]) + 1) // 2)

    mine = projected(seat)
    worst_other = max(projected(s) for s in range(n) if s != seat)
    # The feed rule bites only at the end, yet a lead in spent feed is hard to lose again
    # (the rulebook: do not use more feed than the others, early on): weigh it from the start.
    penalty = LOSER_PENALTY * (0.3 + 0.7 * near)
    gap = mine - worst_other
    if n == 2:
        value -= penalty * (gap >= 3) + 4.0 * (2 <= gap < 3) + 1.0 * (1 <= gap < 2)
    else:
        value -= penalty * (gap > 0.25) + 3.0 * (abs(gap) <= 0.25)
    value -= 1.0 * banks[seat][1]
    return value + hand_value(state, seat)


@dataclass(frozen=True)
class HandWeights:
    """What ``hand_value`` counts a card in hand for (normal's values by default)."""
    request: float = 0.15  # share of a request's points for holding it at all
    request_share: float = 0.5  # ... more per share of its goods held
    request_full: float = 0.2  # ... more once every good is held
    to_deliver: float = 0.3  # per step from a full request to a village that takes it
    route: float = 0.4
    extra: float = 0.6
    feed_card: float = -0.4
    to_goods: float = 0.25  # per step to the nearest village holding a missing good


HAND = HandWeights()


def hand_value(state: State, seat: int, hand: list[int] | None = None,
               w: HandWeights = HAND) -> float:
    """What the cards in hand (or ``hand``, the cards kept of it) promise, given the goods
    held and where the cart stands."""
    hand = state["hands"][seat] if hand is None else hand
    held = Counter(state["collections"][seat])
    cart = state["carts"][seat]
    value = 0.0
    wanted: set[str] = set()
    for cid in hand:
        card = CARDS[cid]
        kind = card["type"]
        if kind == "request":
            value += request_worth(cid, held, w)
            missing = {good for good, count in NEEDS[cid] if count > held[good]}
            if not missing:
                value -= w.to_deliver * delivery_distance(state, cart)
            wanted.update(missing)
        elif kind == "route":
            value += w.route
        elif kind == "extra":
            value += w.extra
        elif kind == "feed":
            value += w.feed_card
    if wanted:
        value -= w.to_goods * goods_distance(state, cart, frozenset(wanted))
    return value


def request_worth(cid: int, held: Counter, w: HandWeights = HAND) -> float:
    """A request in hand on its own (``hand_value`` adds the distances, which belong to the
    hand as a whole): a share of its points for the goods held towards it, more once every
    good is held."""
    card = CARDS[cid]
    have = sum(min(count, held[good]) for good, count in NEEDS[cid])
    total = len(card["goods"])
    worth = card["points"] * (w.request + w.request_share * have / total)
    return worth + w.request_full * card["points"] if have == total else worth


# each request's goods as (kind, count) pairs: hand_value asks them for every hand it scores
NEEDS = {cid: tuple(Counter(card["goods"]).items())
         for cid, card in CARDS.items() if card["type"] == "request"}


def delivery_distance(state: State, cart: str) -> int:
    empty = frozenset(v for v in VILLAGE_KEYS if not state["villages"][v])
    return _nearest(cart, empty)


def goods_distance(state: State, cart: str, wanted: frozenset) -> int:
    targets = frozenset(v for v in VILLAGE_KEYS if wanted & set(state["villages"][v]))
    return _nearest(cart, targets)


@lru_cache(maxsize=4096)
def _nearest(start: str, targets: frozenset) -> int:
    if not targets:
        return 6
    seen, queue = {start}, deque([(start, 0)])
    while queue:
        village, dist = queue.popleft()
        if village in targets:
            return dist
        for _kind, nxt in neighbours(village):
            if nxt not in seen:
                seen.add(nxt)
                queue.append((nxt, dist + 1))
    return 6
