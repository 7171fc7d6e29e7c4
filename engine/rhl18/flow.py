"""Round sequencing, the operating round's steps, and the one entry point ``process``.

After every action ``settle`` does the engine's automatic work: skip steps with nothing to
do (including the automatic withhold), move to the next entity, end rounds, start the next
one (private income, home tokens, player order), and check the end of the game.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.core import RuleError
from engine.rhl18 import board as bd
from engine.rhl18 import data
from engine.rhl18 import rules as R
from engine.text import msg

State = dict[str, Any]

HOME_CITY = {  # city index by number of cities on the metropolis tile (3 yellow/2 green/1)
    ("CCE", "I10"): {3: 1, 2: 0, 1: 0},
    ("CME", "I10"): {3: 2, 2: 1, 1: 0},
    ("DEE", "F9"): {3: 1, 2: 1, 1: 0},
    ("RhE", "I10"): {3: 0, 2: 0, 1: 0},
}
TELEPORTERS = ("KEO", "Tjt")


# --- entry point ---------------------------------------------------------------------


def process(state: State, action: dict) -> None:
    kind = action["type"]
    rnd = state["round"]
    if state["finished"]:
        raise RuleError(msg("rhl18.err.game_over"))
    if kind.startswith("program_") or kind == "message":
        return  # standing orders only; their effects arrive as recorded actions
    if kind == "destination_connection":
        # The recorded result of the KDA link check (stored as an automatic action); a
        # strict replay checks it against our own walk.
        if state["kda"] > 0 and not R.trusting(state) and \
                kda_link(state) != ("RhE" in action.get("corporations", [])):
            raise RuleError(msg("rhl18.err.kda_record"))
        if "RhE" in action.get("corporations", []) and state["kda"] > 0:
            R.pay(state, "bank", "RhE", state["kda"])
            state["kda"] = 0
        if rnd["type"] == "Operating" and rnd["step"] == "RheBonusCheck":
            advance_step(state, "RheBonusCheck")
            settle(state)
        return
    handler = {"Auction": _auction, "Stock": _stock, "Operating": _operating}[rnd["type"]]
    handler(state, action)
    settle(state)


def player_of(state: State, entity: Any) -> int:
    if isinstance(entity, int):
        return entity
    raise RuleError(msg("rhl18.err.not_a_player", entity=str(entity)))


def _auction(state: State, action: dict) -> None:
    kind = action["type"]
    seat = player_of(state, action["entity"])
    if seat != R.auction_current(state):
        raise RuleError(msg("rhl18.err.not_your_turn_auction"))
    rnd = state["round"]
    if kind == "bid":
        R.process_bid(state, seat, action["company"], int(action["price"]))
    elif kind == "pass":
        R.auction_pass(state, seat)
    elif kind == "par":
        if not rnd["pending_par"] or action["corporation"] != "RhE":
            raise RuleError(msg("rhl18.err.only_rhe_par"))
        R.do_par(state, seat, "RhE", action["share_price"])
        rnd["pending_par"].pop(0)
    else:
        raise RuleError(msg("rhl18.err.auction_moves"))


# --- stock round -----------------------------------------------------------------------


def sr_current(state: State) -> int:
    players = R.active_players(state)
    return players[state["round"]["index"] % len(players)]


def _stock(state: State, action: dict) -> None:
    kind = action["type"]
    seat = player_of(state, action["entity"])
    rnd = state["round"]
    if seat != sr_current(state):
        raise RuleError(msg("rhl18.err.not_your_turn_sr"))
    if kind == "sell_shares":
        if rnd["turn_bought"]:
            raise RuleError(msg("rhl18.err.sell_after_buy"))
        sym = action["shares"][0].rsplit("_", 1)[0]
        R.sell_shares(state, seat, list(action["shares"]), action.get("percent"))
        rnd["sold"].setdefault(str(seat), [])
        if sym not in rnd["sold"][str(seat)]:
            rnd["sold"][str(seat)].append(sym)
        rnd["turn_sold"] = True
        _unpass(rnd, seat)
        return
    if kind == "buy_shares":
        R.buy_shares(state, seat, list(action["shares"]))
        _unpass(rnd, seat)
    elif kind == "par":
        if rnd["turn_bought"]:
            raise RuleError(msg("rhl18.err.already_bought"))
        if action["corporation"] == "RhE":
            raise RuleError(msg("rhl18.err.rhe_par_private"))
        R.do_par(state, seat, action["corporation"], action["share_price"])
        _unpass(rnd, seat)
    elif kind == "pass":
        # A player who sold this turn and then passes has acted: not counted as passed.
        if seat not in rnd["passed"] and not rnd["turn_sold"]:
            rnd["passed"].append(seat)
    else:
        raise RuleError(msg("rhl18.err.sr_moves"))
    _next_sr_player(state)


def _unpass(rnd: dict, seat: int) -> None:
    if seat in rnd["passed"]:
        rnd["passed"].remove(seat)


def _next_sr_player(state: State) -> None:
    rnd = state["round"]
    rnd["index"] += 1
    rnd["turn_bought"] = False
    rnd["turn_sold"] = False


def can_act_in_sr(state: State, seat: int) -> bool:
    from engine.rhl18 import legal as L

    return bool(L.sr_moves(state, seat, check_only=True))


def _finish_stock_round(state: State) -> None:
    rnd = state["round"]
    for sym in state["newly_floated"]:
        R.move(state, sym, "up")
    state["newly_floated"] = []
    for sym in R.operating_order(state):
        if R.held_units(state, sym, R.T) == 0 and R.held_units(state, sym, R.POOL) == 0:
            R.move(state, sym, "up")
    state["ors"] = R.phase_info(state)["operating_rounds"]
    R.reorder_players(state, rnd["index"])
    start_or(state, 1)


# --- operating round ---------------------------------------------------------------------


def start_or(state: State, num: int) -> None:
    R.pay_companies(state)
    state["round"] = {"type": "Operating", "num": num, "order": R.operating_order(state),
                      "index": 0, "step": "Track", "discard": [], "t": {}}
    state["round"]["done"] = []
    _start_turn(state)


def current_corp(state: State) -> str | None:
    rnd = state["round"]
    if rnd["type"] != "Operating" or rnd["index"] >= len(rnd["order"]):
        return None
    return rnd["order"][rnd["index"]]


def _start_turn(state: State) -> None:
    rnd = state["round"]
    sym = current_corp(state)
    rnd["step"] = "Track"
    rnd["t"] = {"laid": False, "tokened": False, "teleported": None, "revenue": None,
                "ran": False, "bought": False, "ebuy_sold": False, "track_done": False,
                "special_city_hex": None}
    if sym is None:
        return
    corp = state["corps"][sym]
    if corp["tokens"][0]["city"] is None:
        _place_home_tokens(state, sym)


def _place_home_tokens(state: State, sym: str) -> None:
    info = data.corporations()[sym]
    homes = info["home"] if isinstance(info["home"], list) else [info["home"]]
    for i, hex_id in enumerate(homes):
        cell = state["board"][hex_id]
        n = len(cell["tokens"])
        if (sym, hex_id) in HOME_CITY:
            idx = HOME_CITY[(sym, hex_id)][n]
        elif bd.reserved_city(cell["reserved"], sym) is not None:
            # The reservation follows the city through upgrades.
            idx = bd.reserved_city(cell["reserved"], sym)
        elif isinstance(info["home"], list):
            idx = 0
        else:
            idx = info["home_city_index"] or 0
        _put_token(state, sym, hex_id, min(idx, n - 1), i)


def _put_token(state: State, sym: str, hex_id: str, city: int, token_index: int) -> None:
    cell = state["board"][hex_id]
    slots = cell["tokens"][city]
    if None not in slots:
        raise RuleError(msg("rhl18.err.city_full_hex", hex=hex_id))
    slots[slots.index(None)] = sym
    bd.drop_reservation(cell["reserved"], sym)
    tok = state["corps"][sym]["tokens"][token_index]
    tok["hex"] = hex_id
    tok["city"] = True


def token_label(state: State, sym: str, token: dict) -> str:
    if token["hex"] is None:
        return f"unused:{token['price']}"
    cell = state["board"][token["hex"]]
    for i, slots in enumerate(cell["tokens"]):
        if sym in slots:
            return f"{bd.city_id(state['board'], token['hex'], i)}@{token['hex']}"
    return f"unused:{token['price']}"


def neutral_hexes(state: State, sym: str | None) -> set[str]:
    """Green metropolis hexes whose tokens do not block ``sym`` (18Rhl token blocking)."""
    out = set()
    for hex_id in data.RHINE_METROPOLES:
        if bd.color_of(state["board"], hex_id) != "green":
            continue
        tokens = [t for slots in state["board"][hex_id]["tokens"] for t in slots if t]
        if len(tokens) < 3 or (sym is not None and sym in tokens):
            out.add(hex_id)
    return out


def token_starts(state: State, sym: str) -> list[tuple[str, int]]:
    """The corporation's token cities as (hex, node part index), in token order."""
    board = state["board"]
    out = []
    for tok in state["corps"][sym]["tokens"]:
        hex_id = tok["hex"]
        if hex_id is None:
            continue
        cell = board[hex_id]
        for i, slots in enumerate(cell["tokens"]):
            if sym in slots:
                out.append((hex_id, bd.cities_of(cell["tile"])[i]))
                break
    return out


_WALKS: dict[tuple, Any] = {}


def _board_key(state: State, sym: str, goal: str) -> tuple:
    board = state["board"]
    return (sym, goal, tuple((c["tile"], c["rotation"], tuple(map(tuple, c["tokens"])))
                             for c in board.values()),
            tuple(t["hex"] for t in state["corps"][sym]["tokens"]))


def ref_walk(state: State, sym: str, goal: str = "all") -> bd.RefWalk:
    """The reference's graph walk for ``sym``, memoised on the board (it is costly)."""
    key = _board_key(state, sym, goal)
    found = _WALKS.get(key)
    if found is None:
        if len(_WALKS) > 2000:
            _WALKS.clear()
        walker = bd.RefWalk(state["board"], sym, neutral_hexes(state, sym))
        found = _WALKS[key] = walker.run(token_starts(state, sym), goal)
    return found


def reach(state: State, sym: str) -> tuple[set, set]:
    return ref_walk(state, sym).reached, set()


def token_spots(state: State, sym: str) -> list[tuple[str, int]]:
    """Cities where ``sym`` could place its next token now."""
    nodes, _ = reach(state, sym)
    board = state["board"]
    out = []
    for hex_id, node in sorted(nodes):
        cell = board[hex_id]
        cities = bd.cities_of(cell["tile"])
        if node not in cities:
            continue
        i = cities.index(node)
        if any(sym in slots for slots in cell["tokens"]):
            continue
        if _free_slot(cell, i, sym):
            out.append((hex_id, i))
    return out


def _free_slot(cell: dict, i: int, sym: str) -> bool:
    slots = cell["tokens"][i]
    others = [r for r in bd.reservations(cell["reserved"], i) if r != sym]
    free = slots.count(None) - len(others)
    return free > 0 and not (others and "K" in slots)


def next_token(state: State, sym: str) -> dict | None:
    for tok in state["corps"][sym]["tokens"]:
        if tok["hex"] is None:
            return tok
    return None


def special_token_possible(state: State, sym: str) -> bool:
    """After a KEO/Tjt lay: a token can go into that hex (KEO's is free)."""
    t = state["round"]["t"]
    hex_id = t["special_city_hex"]
    tok = next_token(state, sym)
    # The reference offers the choice (place or decline) whenever a token is left, without
    # looking at free slots or the price.
    return hex_id is not None and tok is not None


def can_token(state: State, sym: str) -> bool:
    corp = state["corps"][sym]
    tok = next_token(state, sym)
    if corp["receivership"] or tok is None or state["round"]["t"]["tokened"]:
        return False
    if corp["cash"] < tok["price"]:
        return False
    return bool(token_spots(state, sym))


def route_possible(state: State, sym: str) -> bool:
    """As the reference graph: from some token, two or more nodes are reached."""
    return ref_walk(state, sym, "route").route_available


def train_limit(state: State) -> int:
    return R.phase_info(state)["train_limit"]


def depot_available(state: State) -> list[str]:
    out: list[str] = []
    depot = state["depot"]
    if depot:
        out.append(depot[0])
    phase_idx = _phase_index(state["phase"])
    seen = {depot[0].split("-")[0]} if depot else set()
    for tid in depot:
        name = tid.split("-")[0]
        if name in seen:
            continue
        spec = _train_spec(name)
        if spec["available_on"] and _phase_index(spec["available_on"]) <= phase_idx:
            out.append(tid)
            seen.add(name)
    names = set()
    for tid in state["discarded"]:
        name = tid.split("-")[0]
        if name not in names:
            names.add(name)
            out.append(tid)
    return out


# The game data's phases and trains, looked up by name for every train in the depot by each
# snapshot (two a move): found once.
@lru_cache(maxsize=64)
def _phase_index(name: str) -> int:
    return [p["name"] for p in data.phases()].index(name)


@lru_cache(maxsize=64)
def _train_spec(name: str) -> dict:
    return next(t for t in data.trains() if t["name"] == name)


def train_price(tid: str) -> int:
    return _train_spec(tid.split("-")[0])["price"]


def must_buy(state: State, sym: str) -> bool:
    corp = state["corps"][sym]
    return not corp["trains"] and route_possible(state, sym)


def cheapest_depot(state: State) -> str | None:
    avail = depot_available(state)
    if not avail:
        return None
    return min(avail, key=train_price)


def other_trains(state: State, sym: str, for_receivership: bool = False
                 ) -> list[tuple[str, str]]:
    out = []
    for other in data.CORP_ORDER:
        corp = state["corps"][other]
        if other == sym or corp["closed"] or (corp["receivership"] and not for_receivership):
            continue
        out += [(other, t) for t in corp["trains"]]
    return out


def buy_train_available(state: State, sym: str) -> bool:
    corp = state["corps"][sym]
    if len(corp["trains"]) >= train_limit(state):
        return False
    if must_buy(state, sym) and depot_available(state):
        return True
    prices = [train_price(t) for t in depot_available(state)]
    # The reference's "can buy a train?" test counts other corporations' trains at 1M even
    # for a corporation in receivership (which then may only pass or buy from the depot).
    if other_trains(state, sym, for_receivership=True):
        prices.append(1)
    return bool(prices) and corp["cash"] >= min(prices)


def _step_available(state: State, sym: str, step: str) -> bool:
    corp = state["corps"][sym]
    t = state["round"]["t"]
    if step == "Track":
        # A corporation in debt (negative cash after a receivership loan) cannot build.
        return not (corp["receivership"] or t["tokened"] or t["teleported"] is not None
                    or t["track_done"] or corp["cash"] < 0)
    if step == "SpecialToken":
        return t["special_city_hex"] is not None
    if step == "RheBonusCheck":
        # In a replay the check's result is recorded (destination_connection); wait for it.
        return state["kda"] > 0 and not state.get("auto_kda", True)
    if step == "Token":
        return can_token(state, sym)
    if step == "Route":
        return bool(corp["trains"]) and route_possible(state, sym)
    if step == "Dividend":
        return (t["revenue"] or 0) > 0 and not corp["receivership"]
    if step == "BuyTrain":
        return buy_train_available(state, sym)
    return False


STEPS = ("SpecialToken", "Track", "RheBonusCheck", "Token", "Route", "Dividend", "BuyTrain")


def _skip(state: State, sym: str, step: str) -> None:
    t = state["round"]["t"]
    if step == "Track":
        t["track_done"] = True
    elif step == "RheBonusCheck":
        _kda_check(state)
    elif step == "Dividend":
        _dividend(state, sym, "withhold")


def _kda_check(state: State) -> None:
    if state["kda"] <= 0 or not state.get("auto_kda", True):
        return
    if kda_link(state):
        R.pay(state, "bank", "RhE", state["kda"])
        state["kda"] = 0


def kda_link(state: State) -> bool:
    board = state["board"]
    duren = ("K6", bd.cities_of(board["K6"]["tile"])[0])
    found = {"K2": False, "I10": False}
    # Token types are set for the corporation operating now, whoever walks.
    neutral = neutral_hexes(state, current_corp(state))
    for sym in data.CORP_ORDER:
        if not state["corps"][sym]["operated"]:
            continue
        for origin in found:
            if found[origin]:
                continue
            nodes = list(bd.nodes_of(board[origin]["tile"]))
            if nodes and bd.reaches(board, sym, (origin, nodes[0]), duren, neutral):
                found[origin] = True
    return all(found.values())


def settle(state: State) -> None:
    """Run automatic work until somebody has a decision to make."""
    for _ in range(10_000):
        rnd = state["round"]
        if state["finished"]:
            return
        if not R.active_players(state):
            # House ruling: with every player bankrupt nobody can act, so the game ends.
            state["finished"] = True
            state["end_reason"] = "bankrupt"
            return
        if rnd["type"] == "Auction":
            if rnd["companies"] or rnd["pending_par"]:
                return
            R.reorder_players(state, rnd["index"])
            state["round"] = R.new_stock_round(state)
            continue
        if rnd["type"] == "Stock":
            players = R.active_players(state)
            if all(p in rnd["passed"] for p in players):
                _finish_stock_round(state)
                continue
            seat = sr_current(state)
            if not can_act_in_sr(state, seat):
                if seat not in rnd["passed"]:
                    rnd["passed"].append(seat)
                _next_sr_player(state)
                continue
            return
        if _settle_or(state):
            return
    raise RuntimeError("settle did not converge")


def _settle_or(state: State) -> bool:
    """One automatic OR move; True when someone must decide."""
    rnd = state["round"]
    if rnd["discard"] or rnd.get("offer"):
        return True  # a discard, or the seller's answer to an offer for its train
    sym = current_corp(state)
    if sym is None:
        _end_or(state)
        return state["finished"]
    step = rnd["step"]
    if step == "done":
        rnd["index"] += 1
        _start_turn(state)
        return False
    if step == "SpecialToken":
        if special_token_possible(state, sym):
            return True
        from engine.rhl18 import operating as O

        O._end_special(state)
        return False
    if _step_available(state, sym, step):
        return True
    _skip(state, sym, step)
    idx = STEPS.index(step)
    rnd["step"] = STEPS[idx + 1] if idx + 1 < len(STEPS) else "done"
    return False


def _end_or(state: State) -> None:
    rnd = state["round"]
    if rnd["num"] < state["ors"]:
        start_or(state, rnd["num"] + 1)
        return
    if state["bank_broken"]:
        state["finished"] = True
        state["end_reason"] = "bank"
        return
    if state["turn"] >= 100:
        # The reference ends any game still running at turn 100 ("did not finish").
        state["finished"] = True
        state["end_reason"] = "dnf"
        return
    state["turn"] += 1
    state["round"] = R.new_stock_round(state)


def advance_step(state: State, after: str) -> None:
    idx = STEPS.index(after)
    state["round"]["step"] = STEPS[idx + 1] if idx + 1 < len(STEPS) else "done"


def _operating(state: State, action: dict) -> None:
    from engine.rhl18 import operating as O

    O.handle(state, action)


def _dividend(state: State, sym: str, kind: str) -> None:
    from engine.rhl18 import operating as O

    O.dividend(state, sym, kind)
