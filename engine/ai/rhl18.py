"""18Rhl ``normal``: simple, fast defaults of a sensible 18xx player, who plays the game
through its phases: tables of normal seats buy every kind of train, reach phase 5 or later
and end by the bank breaking, as the reference games do (``python -m bench.rhl18_shape``).

* Auction: buy the private on offer at its face price while cash stays comfortable, else pass.
* Stock round: float corporations of our own (par where the float fits our cash; up to
  3/2/2/2 presidencies at 3/4/5/6 players, so that enough corporations buy trains), keep
  buying our own corporations' shares, then the dearest share we can afford of a
  corporation that has trains; never sell unless the rules force it.
* Operating: lay the tile (of a sample) whose best routes for our two longest trains pay
  most; run the best-paying set of routes; pay out, but withhold while a corporation has
  no train that outlives the next phase and cannot afford the next one (or has an empty
  treasury), or when this turn's revenue kept buys the depot's next, longer train; always
  pay out once the bank has broken (treasury money counts for nobody at the end). Buy
  trains:
  - forced (no train): from the depot when the treasury pays for it; else spend as little
    of the president's own cash as possible (another corporation's train costs at most
    our whole treasury), never taking it from a corporation we run while another train is
    to be had, and weighing our shares in the seller.
  - voluntary (the train rush): one train on a corporation's first turn, then the depot's
    next train while there is room: any train while none of ours lasts, a longer kind than
    we run even into the last free place, the last train of a kind (it opens the next
    kind and phase), else up to three trains with a place left free under the limit, and
    never one more of a length that ran idle this turn. An opponent's lasting train at a
    bargain (<= 60% of its list price) from a corporation we neither run nor hold much
    of, on the same terms.
  An offer for another president's train is made only where that president's AI would
  accept it (``accepts``), so an AI table never reads offer after declined offer; the
  engine allows at most one offer per train, price and turn anyway.
* Answering an offer for a train of ours: never the last train of a corporation that has
  a route (it would have to buy one in turn); else accept a fair price (80% of the list
  price), a train about to rust while we keep another, a train we cannot run, or a buyer
  we hold more of than the seller; else decline.
  Lay track and tokens rather than pass; to pay for a forced train, sell the smallest
  bundle (from a corporation someone else runs) before ever going bankrupt.

Every rule here only ranks moves ``legal()`` offers; anything unexpected raises and
``engine.ai`` falls back to a random legal move.
"""

from __future__ import annotations

from engine.core import Action, Game, State, copied, rng_below
from engine.rhl18 import data
from engine.rhl18 import flow as F
from engine.rhl18 import legal as L
from engine.rhl18 import routes as RT

RESERVE = 0.3  # share of cash kept back in the private auction (and of a train's price)
OWN_SHARE = 7  # certificates (10% each) we aim to hold of our own corporation
# Corporations a player floats at most, by player count: the eight charters spread over
# the table, so that enough corporations buy trains to carry the game through its phases.
MAX_PRESIDENCIES = {3: 3, 4: 2, 5: 2, 6: 2}
LAY_SAMPLE = 8  # tile lays tried with the route finder per decision
SEARCHED_TRAIN = 6  # longest train for which lays are compared by their routes
JUDGING_TRAINS = 2  # trains whose best routes judge a lay
WANT_TRAINS = 3  # trains worth running at once (below the limit), bought when affordable
SAVE_LIMIT = 400  # dearest next train worth withholding for
FLOAT_MONEY = 300  # cash kept after buying a private: enough to float a corporation at 60


def choose(game: Game, state: State, seat: int, moves: list[Action],
           rng: dict[str, int]) -> Action:
    by_type: dict[str, list[Action]] = {}
    for move in moves:
        by_type.setdefault(move["type"], []).append(move)
    for rule in RULES:
        action = rule(state, seat, by_type, rng)
        if action is not None:
            return action
    return moves[rng_below(rng, len(moves))]


def price_of(text: str) -> int:
    return int(str(text).split(",")[0])


def cash(state: State, seat: int) -> int:
    return state["cash"][seat]


def corp_price(state: State, corp: str) -> int:
    price = state["corps"][corp].get("price")
    return price_of(price) if price else 0


def corp_of(share: str) -> str:
    return share.rsplit("_", 1)[0]


# --- rules, in priority order; each returns a move or None ---------------------------


FAIR = 0.8  # an offer for one of our trains is fair from this share of its list price


def answer_offer(state, seat, by_type, rng) -> Action | None:
    """Another president offers to buy a train of a corporation we run: accept a fair
    price, a train about to rust (while the seller keeps another), a train its corporation
    cannot run, or a buyer we hold more of than the seller; else decline."""
    if "accept" not in by_type:
        return None
    offer = by_type["accept"][0]
    fair = accepts(state, seat, offer["buyer"], offer["entity"], offer["train"],
                   offer["price"])
    return offer if fair else by_type["decline"][0]


def accepts(state: State, seat: int, buyer: str, seller: str, train: str,
            price: int) -> bool:
    """Whether ``seat``, the seller's president, lets ``buyer`` have ``train`` at
    ``price``. A buyer asks this before it offers: an offer this AI would decline is never
    made (issue 15: a table once read 96 offer and decline lines)."""
    keeps_one = len(state["corps"][seller]["trains"]) > 1
    if not keeps_one and F.route_possible(state, seller):
        return False  # without a train the seller would have to buy one in turn
    return (price >= FAIR * F.train_price(train)
            or (train_life(state, train) < 1 and keeps_one)
            or not F.route_possible(state, seller)
            or _held(state, seat, buyer) > _held(state, seat, seller))


def must_moves(state, seat, by_type, rng) -> Action | None:
    if "discard_train" in by_type:  # keep the newer trains
        return min(by_type["discard_train"], key=lambda m: str(m["train"]))
    return None


def run_best(state, seat, by_type, rng) -> Action | None:
    runs = by_type.get("run_routes")
    if not runs:
        return None
    return max(runs, key=lambda m: sum(r.get("revenue", 0) for r in m["routes"]))


def dividend(state, seat, by_type, rng) -> Action | None:
    moves = by_type.get("dividend")
    if not moves:
        return None
    sym = moves[0]["entity"]
    corp = state["corps"][sym]
    # Pay out, unless the corporation may soon have to buy a train it cannot afford: then
    # its president (perhaps us) would pay. A corporation with at least 1M can always take
    # another corporation's train for its whole treasury, so an empty treasury is refilled.
    # Once the bank has broken, treasury money is worth nothing at the end: pay out.
    price = next_train_price(state)
    lasting = [t for t in corp["trains"] if train_life(state, t) >= 1]
    saving = not lasting and corp["cash"] < price <= SAVE_LIMIT
    if corp["cash"] < 1 and not lasting:
        saving = True
    if _saves_for_longer(state, sym, price):
        saving = True
    if state.get("bank_broken"):
        saving = False
    kind = "withhold" if saving else "payout"
    chosen = [m for m in moves if m.get("kind") == kind]
    return chosen[0] if chosen else moves[0]


def _saves_for_longer(state: State, sym: str, price: int) -> bool:
    """This turn's revenue, kept, buys the depot's next train now, and it is longer than
    any we run, with room for it: the phases move on only when someone can pay for the
    next kind (corporations paying everything out sat in phase 4 with 300-400M each,
    short of a 500M 5-train, until the bank broke)."""
    corp = state["corps"][sym]
    depot = F.depot_available(state)
    if not depot or len(corp["trains"]) >= F.train_limit(state):
        return False
    revenue = state["round"]["t"].get("revenue") or 0
    cheapest = min(depot, key=F.train_price)
    longest = max((_train_rank(t)[0] for t in corp["trains"]), default=0)
    return (_train_rank(cheapest)[0] > longest
            and corp["cash"] < price <= corp["cash"] + revenue)


def next_train_price(state: State) -> int:
    prices = [F.train_price(t) for t in F.depot_available(state)]
    return min(prices, default=0)


PHASES = [p["name"] for p in data.phases()]
RUSTS = {t["name"]: t["rusts_on"] for t in data.trains()}


def train_kind(train: str) -> str:
    return str(train).split("-")[0]


def train_life(state: State, train: str) -> float:
    """1 for a train that survives the next phase change, less for one about to rust."""
    rust = RUSTS.get(train_kind(train))
    if rust is None:
        return 1.0
    ahead = PHASES.index(rust) - PHASES.index(state["phase"])
    return 1.0 if ahead > 1 else 0.35


def train_worth(state: State, train: str) -> float:
    kind = train_kind(train)
    return (int(kind) if kind.isdigit() else 8) * train_life(state, train)


BARGAIN = 0.6  # an opponent's train is worth taking below this share of its list price


def buy_train(state, seat, by_type, rng) -> Action | None:
    moves = by_type.get("buy_train")
    if not moves:
        return None
    sym = moves[0]["entity"]
    corp = state["corps"][sym]
    depot = set(F.depot_available(state))
    offered = moves
    moves = [m for m in moves if m["train"] in depot or _offer_welcome(state, sym, m)]
    fresh = [m for m in moves if m["train"] in depot and m["price"] <= corp["cash"]]
    if F.must_buy(state, sym) and fresh:
        # Our treasury pays a new train: taking another corporation's train instead would
        # leave it short and, when it was its only one, send it after ours (trains circled
        # between two corporations that way, turn after turn).
        return min(fresh, key=lambda m: (train_life(state, m["train"]) < 1, m["price"],
                                         str(m["train"])))
    if F.must_buy(state, sym):
        # Forced: spend as little of the president's own money as possible. Another
        # corporation's train costs at most our treasury, so it never needs the president.
        if not moves:
            # Nothing its seller would sell and the depot's train beyond our means: the
            # emergency sale (or bankruptcy) comes before offers that would be declined,
            # one after another, for every train on the table.
            rescue = avoid_selling(state, seat, {k: v for k, v in by_type.items()
                                                 if k in ("sell_shares", "bankrupt")}, rng)
            if rescue is not None:
                return rescue
            if "bankrupt" in by_type:
                return by_type["bankrupt"][0]
            moves = offered
        return min(moves, key=lambda m: (
            _forced_cost(state, seat, sym, m, depot), -train_worth(state, m["train"]),
            m["price"], str(m["train"])))
    steals = [m for m in moves if m["train"] not in depot and _bargain(state, seat, m)
              and _wants(state, sym, m["train"])]
    if steals:
        return max(steals, key=lambda m: (train_worth(state, m["train"]), -m["price"],
                                          str(m["train"])))
    wanted = [m for m in fresh if _wants(state, sym, m["train"])]
    if wanted:
        # The train rush: the next train from the depot (the cheapest), which moves the
        # phases on; a lasting train before one about to rust.
        return min(wanted, key=lambda m: (train_life(state, m["train"]) < 1, m["price"],
                                          str(m["train"])))
    return _pass(by_type)


def _wants(state: State, sym: str, train: str) -> bool:
    """Whether a voluntary buy of ``train`` helps ``sym`` (the train rush, within the
    train limit the rules already keep): any train while none of ours lasts; else only a
    lasting one, never on a first turn (nothing ran yet), the last of its kind (it opens
    the next kind), a longer kind than we run, or, while no train of ours ran idle, up to
    ``WANT_TRAINS`` with a place left free."""
    corp = state["corps"][sym]
    lasting = [t for t in corp["trains"] if train_life(state, t) >= 1]
    if not lasting:
        return True
    if train_life(state, train) < 1:
        return False
    longest = max(_train_rank(t)[0] for t in corp["trains"])
    if not state["round"]["t"].get("ran"):
        return False  # no run yet (a first turn): one train, then see what it earns
    if _last_of_kind(state, train) and len(corp["trains"]) < F.train_limit(state):
        # Buying it opens the next, longer kind (and the next phase): tables of idle
        # short trains otherwise wait for the bank to break in phase 2.
        return True
    if _idle(state, sym) and _train_rank(train)[0] <= longest:
        return False  # a train found no route this turn: another as short would idle too
    if _train_rank(train)[0] > longest:
        # A longer train than any we run: it earns more and moves the phases on (and
        # rusts our rivals' older trains), so it is worth the last free place.
        return True
    return len(corp["trains"]) < min(F.train_limit(state) - 1, WANT_TRAINS)


def _last_of_kind(state: State, train: str) -> bool:
    kind = train_kind(train)
    left = [t for t in state["depot"] if train_kind(t) == kind]
    return left == [train] and len(state["depot"]) > 1


def _idle(state: State, sym: str) -> bool:
    """A train of ours ran no paying route in this turn's run (the Route step comes
    before the train step, so the turn's routes are known)."""
    t = state["round"].get("t", {})
    if not t.get("ran"):
        return False
    paying = {r["train"] for r in t.get("routes", []) if r.get("revenue", 1) > 0}
    return any(train not in paying for train in state["corps"][sym]["trains"])


def _offer_welcome(state: State, sym: str, move: Action) -> bool:
    """A train of another corporation: one run by our own president changes hands at
    once; one run by another president is an offer, made only where that president's AI
    would accept it (at most one offer per train and turn is the engine's own rule)."""
    source = _owner_corp(state, move["train"])
    if source is None:
        return True
    seller = state["corps"][source]["president"]
    if seller is None or seller == state["corps"][sym]["president"]:
        return True
    return accepts(state, seller, sym, source, move["train"], move["price"])


def _forced_cost(state: State, seat: int, sym: str, move: Action, depot: set[str]) -> float:
    train = move["train"]
    if train in depot:
        harm = 1.5 * max(0, move["price"] - state["corps"][sym]["cash"])  # president's cash
    else:
        # Taking a train leaves its owner short: our share of that loss counts, and a
        # corporation we run would then have to buy one itself (trains would circle).
        source = _owner_corp(state, train) or sym
        lost = F.train_price(train)
        harm = 1.5 * lost if state["corps"][source]["president"] == seat \
            else lost * _held(state, seat, source) / 10
    return harm + 0.2 * move["price"] - 40 * train_worth(state, train)


def _bargain(state: State, seat: int, move: Action) -> bool:
    """A cheap train from a corporation we do not run and hardly own."""
    source = _owner_corp(state, move["train"])
    if source is None or state["corps"][source]["president"] == seat:
        return False
    if _held(state, seat, source) > 2 or train_life(state, move["train"]) < 1:
        return False
    return move["price"] <= BARGAIN * F.train_price(move["train"])


def _owner_corp(state: State, train: str) -> str | None:
    for sym, corp in state["corps"].items():
        if train in corp["trains"]:
            return sym
    return None


def _train_rank(train: str) -> tuple[int, str]:
    head = train.split("-")[0]
    return (int(head) if head.isdigit() else 99, train)


def track(state, seat, by_type, rng) -> Action | None:
    if "place_token" in by_type:
        return by_type["place_token"][0]
    lays = by_type.get("lay_tile")
    if not lays:
        return None
    sym = lays[0]["entity"]
    corp = state["corps"].get(sym)
    trains = _judging_trains(state, sym)
    if corp is None or not trains or _train_rank(trains[0])[0] > SEARCHED_TRAIN:
        # A private's lay, or the Rheingold Express, whose route search would take
        # seconds per lay: any legal lay then.
        return lays[rng_below(rng, len(lays))]
    # Try a few lays (a deterministic sample) and keep the one whose best routes pay most;
    # the route finder is the costly part, so the sample stays small.
    sample = list(lays)
    while len(sample) > LAY_SAMPLE:
        sample.pop(rng_below(rng, len(sample)))
    return max(sample, key=lambda m: _lay_value(state, seat, sym, m, trains))


def _judging_trains(state: State, sym: str) -> list[str]:
    """The trains a lay is judged by: our two longest (more make the route search
    combinatorial), or, before the first train, the depot's next one (the first lays
    decide where that train will run)."""
    corp = state["corps"].get(sym)
    if corp is None:
        return []
    if corp["trains"]:
        return sorted(corp["trains"], key=_train_rank, reverse=True)[:JUDGING_TRAINS]
    depot = F.depot_available(state)
    return [min(depot, key=F.train_price)] if depot else []


def _lay_value(state: State, seat: int, sym: str, lay: Action, trains: list[str]) -> float:
    from engine.rhl18.game import GAME

    # The lay's outcome without its log lines (``Rhl18Game.play_quietly``): the lines cost
    # more than the lay, and only the board and the treasury are judged.
    work = copied(state)
    GAME.play_quietly(work, lay)
    spent = state["corps"][sym]["cash"] - work["corps"][sym]["cash"]
    try:
        found = RT.best_routes(work["board"], sym, trains, L.route_context(work))
    except Exception:  # noqa: BLE001 - no route is simply no revenue
        return -0.2 * spent
    return sum(r.revenue for r in found) - 0.2 * spent


def auction(state, seat, by_type, rng) -> Action | None:
    bids = by_type.get("bid")
    if not bids:
        return None
    cheapest = min(bids, key=lambda m: m["price"])
    left = cash(state, seat) - cheapest["price"]
    if left >= max(RESERVE * cash(state, seat), FLOAT_MONEY) and _is_face(cheapest, bids):
        return cheapest
    return _pass(by_type) or cheapest


def _is_face(bid: Action, bids: list[Action]) -> bool:
    """The lowest bid listed for its company: buying outright or opening at the minimum."""
    return all(b["price"] >= bid["price"] for b in bids if b["company"] == bid["company"])


def stock(state, seat, by_type, rng) -> Action | None:
    buys = by_type.get("buy_shares", [])
    pars = by_type.get("par", [])
    if not buys and not pars:
        return None
    mine = [c for c, corp in state["corps"].items() if corp.get("president") == seat]
    own = [m for m in buys if any(corp_of(s) in mine for s in m["shares"])
           and _held(state, seat, corp_of(m["shares"][0])) < OWN_SHARE]
    if own:
        return max(own, key=lambda m: (-_cost(state, m), str(m["shares"])))
    if pars and len(mine) < MAX_PRESIDENCIES[len(state["ids"])]:
        # Par only where we can buy the float ourselves: an unfloated corporation earns
        # nothing and locks our money up.
        affordable = [m for m in pars
                      if _float_units(m["corporation"]) * price_of(m["share_price"])
                      <= cash(state, seat)]
        if affordable:
            return max(affordable, key=lambda m: (price_of(m["share_price"]), m["corporation"]))
    spare = cash(state, seat) - RESERVE * next_train_price(state)
    good = [m for m in buys if _runs(state, m) and _cost(state, m) <= spare
            and not _would_preside(state, seat, m)]
    if good:
        return max(good, key=lambda m: (corp_price(state, corp_of(m["shares"][0])),
                                        str(m["shares"])))
    return _pass(by_type)


def _float_units(corp: str) -> int:
    """Certificates (10% each) a corporation needs sold to float."""
    return data.corporations()[corp]["float_percent"] // 10


def _held(state: State, seat: int, corp: str) -> int:
    """Certificates of ``corp`` that ``seat`` holds (a president's counts as two)."""
    return sum(2 if cert.endswith("_0") else 1 for cert, owner in state["certs"].items()
               if owner == seat and corp_of(cert) == corp)


def _would_preside(state: State, seat: int, move: Action) -> bool:
    """Buying this might hand us a second presidency (and its train debts): skip it."""
    corp = corp_of(move["shares"][0])
    president = state["corps"][corp]["president"]
    if president is None:
        return True
    mine = _held(state, seat, corp) + move.get("percent", 10) // 10
    return president != seat and mine + 1 >= _held(state, president, corp)


def _runs(state: State, move: Action) -> bool:
    corp = state["corps"].get(corp_of(move["shares"][0]), {})
    return bool(corp.get("trains")) and not corp.get("receivership")


def _cost(state: State, move: Action) -> int:
    return corp_price(state, corp_of(move["shares"][0])) * move.get("percent", 10) // 10


def avoid_selling(state, seat, by_type, rng) -> Action | None:
    other = [t for t in by_type if t not in ("sell_shares", "bankrupt")]
    if "pass" in by_type:
        return by_type["pass"][0]
    if other:
        moves = by_type[other[0]]
        return moves[rng_below(rng, len(moves))]
    if "sell_shares" in by_type:
        # An emergency sale to pay for a forced train: rather than go bankrupt, sell the
        # smallest bundle, from a corporation we do not run where possible.
        return min(by_type["sell_shares"], key=lambda m: (
            state["corps"][corp_of(m["shares"][0])]["president"] == seat, m["percent"],
            str(m["shares"])))
    return None


def _pass(by_type: dict[str, list[Action]]) -> Action | None:
    return by_type["pass"][0] if "pass" in by_type else None


RULES = (answer_offer, must_moves, run_best, dividend, buy_train, track, auction, stock, avoid_selling)
