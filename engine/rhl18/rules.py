"""18Rhl rules over a plain-data state: setup, money, the auction, shares and the market.

Actions use the 18xx.games action shapes (``{"type": "bid", "entity": seat, "company":
"NLK", "price": 125}``) with players named by seat number, so recorded games replay through
exactly the code a live game uses. Rounds are sequenced in ``flow``, the operating round's
actions live in ``operating``. Illegal actions raise ``RuleError`` naming the rule.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.core import RuleError
from engine.rhl18 import board as bd
from engine.rhl18 import data
from engine.text import msg

State = dict[str, Any]
T, POOL = "T", "P"  # certificate holders besides players: the corporation (IPO/treasury), pool
# The private companies in charter order; ATB stands in PWB's place in the Ratingen variant.
COMPANY_ORDER = ("ATB", "PWB", "KEO", "Szl", "Tjt", "NLK", "RhE")


def trusting(state: State) -> bool:
    """True while replaying a recording in trusting mode: tile lays, token spots and route
    revenues are taken as recorded (as the reference engine does when not strict). Live
    games and strict replays check everything with the map-side validators."""
    return bool(state.get("trust"))


# --- setup -------------------------------------------------------------------------------


def lcg_next(state: State) -> int:
    state["lcg"] = (1103515245 * state["lcg"] + 12345) % 2147483648
    return state["lcg"]


def new_game(player_ids: list[int], options: dict, seed: int) -> State:
    n = len(player_ids)
    g = data.game()
    cash_table = (g["starting_cash_lower_starting_capital_option"]
                  if options.get("lower_starting_capital") else g["starting_cash"])
    cash = cash_table[str(n)]
    comps = ["ATB" if options.get("ratingen_variant") else "PWB", *COMPANY_ORDER[2:]]
    state: State = {
        "ids": list(player_ids), "options": dict(options), "lcg": seed % 2147483648,
        "bank": g["bank_cash"] - cash * n, "bank_broken": False,
        "cash": [cash] * n, "bankrupt": [False] * n, "order": list(range(n)),
        "companies": {c: {"owner": None, "closed": False, "used": False} for c in comps},
        "certs": {}, "corps": {}, "market": {},
        "phase": "2", "turn": 1, "ors": 1, "finished": False, "end_reason": None,
        "links": [], "kda": 0, "newly_floated": [], "rhe_rise": False,
        "depot": [], "discarded": [], "history": 0, "reveals": 0,
    }
    v = lcg_next(state) % 9 + 1
    state["coal"] = {1: "J3", 7: "J3", 2: "K4", 3: "D9", 4: "D9", 5: "C12", 6: "C12",
                     8: "D11", 9: "D11"}[v]
    state["steel"] = {1: "E6", 3: "E6", 5: "E6", 8: "E6", 2: "D9", 6: "D9", 9: "D9",
                      4: "D13", 7: "D13"}[v]
    for sym in data.CORP_ORDER:
        corp = data.corporations()[sym]
        for i in range(len(corp["shares"])):
            state["certs"][f"{sym}_{i}"] = T
        state["corps"][sym] = {
            "cash": 0, "price": None, "par": None, "ipoed": False, "floated": False,
            "cap": "full", "president": None, "trains": [], "operated": False,
            "closed": False, "receivership": False,
            "tokens": [{"price": p, "city": None, "hex": None} for p in corp["tokens"]],
        }
    for t in data.trains():
        count = t["count"]
        if t["name"] == "2" and options.get("optional_2_train"):
            count = t["count_with_optional_2_train"]
        state["depot"] += [f"{t['name']}-{i}" for i in range(count)]
    state["first_company"] = comps[0]
    state["board"] = bd.initial_board(options)
    state["round"] = new_auction(state)
    return state


def in_data_order(state: State) -> State:
    """``state`` with its board, companies, corporations and certificates in the order the
    map and the charters give them (the order ``new_game`` made them in), whatever order a
    stored snapshot brought them back in.

    The rules walk these dicts in that order (the map order of tile lays and candidate hexes,
    the charter order of companies and corporations in log lines and labels); a dump with
    sorted keys and a load would otherwise change the legal moves' order and the log."""
    comps = [c for c in COMPANY_ORDER if c in state["companies"]]
    state["companies"] = {c: state["companies"][c] for c in comps}
    corps = [sym for sym in data.CORP_ORDER if sym in state["corps"]]
    state["corps"] = {sym: state["corps"][sym] for sym in corps}
    state["certs"] = {cert: state["certs"][cert] for cert in sorted(
        state["certs"], key=lambda c: (_corp_rank(c.rsplit("_", 1)[0]), int(c.rsplit("_", 1)[1])))}
    hexes = [h for h in data.hex_order() if h in state["board"]]
    state["board"] = {h: state["board"][h] for h in hexes}
    return state


def _corp_rank(sym: str) -> int:
    return data.CORP_ORDER.index(sym) if sym in data.CORP_ORDER else len(data.CORP_ORDER)


def new_auction(state: State) -> dict:
    comps = list(state["companies"])
    return {"type": "Auction", "index": 0, "passed": [], "companies": comps, "bids": {},
            "auctioning": None, "bidders": {}, "pending_par": [], "discount": 0}


# --- helpers -----------------------------------------------------------------------------


def price_of(cell: str | None) -> int:
    return data.market()["cells"][cell]["price"] if cell else 0


# Asked for each certificate by every stock-round listing and player's value: a
# certificate's size is the game data's, found once (about 80 certificates).
@lru_cache(maxsize=1024)
def units(cert: str) -> int:
    sym, idx = cert.rsplit("_", 1)
    return data.corporations()[sym]["shares"][int(idx)] // 10


def give(state: State, cert: str, holder: Any) -> None:
    """Move a certificate; remember the order of acquisition (presidency swaps use it)."""
    state["certs"][cert] = holder
    state["seq"] = state.get("seq", 0) + 1
    state.setdefault("cert_seq", {})[cert] = state["seq"]


def acquired(state: State, sym: str, holder: Any) -> list[str]:
    """A holder's certificates of ``sym`` in the order they were acquired."""
    seq = state.get("cert_seq", {})
    return sorted(certs_of(state, sym, holder), key=lambda c: (seq.get(c, 0), units(c) * 0))


def certs_of(state: State, sym: str, holder: Any) -> list[str]:
    """``holder``'s certificates of ``sym`` in number order. Looked up by their ids, which
    ``new_game`` made from the charter (``<sym>_<n>``, one per share), instead of a scan of
    every certificate: the stock round's listing asks this twice for each corporation."""
    certs = state["certs"]
    ids = _cert_ids(sym)
    return [c for c in ids if c in certs and certs[c] == holder]


@lru_cache(maxsize=64)
def _cert_ids(sym: str) -> tuple[str, ...]:
    corp = data.corporations().get(sym)
    return tuple(f"{sym}_{i}" for i in range(len(corp["shares"]))) if corp else ()


def held_units(state: State, sym: str, holder: Any) -> int:
    return sum(units(c) for c in certs_of(state, sym, holder))


def pay(state: State, frm: Any, to: Any, amount: int) -> None:
    """Move money between "bank", a seat (int) and a corporation sym."""
    if amount == 0:
        return
    _adjust(state, frm, -amount)
    _adjust(state, to, amount)


def _adjust(state: State, who: Any, delta: int) -> None:
    if who == "bank":
        state["bank"] += delta
        if state["bank"] < 0:
            state["bank_broken"] = True
    elif isinstance(who, int):
        state["cash"][who] += delta
    else:
        state["corps"][who]["cash"] += delta


def phase_info(state: State) -> dict:
    return next(p for p in data.phases() if p["name"] == state["phase"])


def brown_phase(state: State) -> bool:
    return int(state["phase"]) >= 5


def cert_count(state: State, seat: int) -> int:
    shares = sum(1 for h in state["certs"].values() if h == seat)
    comps = sum(1 for c in state["companies"].values()
                if c["owner"] == seat and not c["closed"])
    return shares + comps


def cert_limit(state: State) -> int:
    return data.game()["certificate_limit"][str(len(state["ids"]))]


def player_value(state: State, seat: int) -> int:
    value = state["cash"][seat]
    for cert, holder in state["certs"].items():
        if holder == seat:
            corp = state["corps"][cert.rsplit("_", 1)[0]]
            if corp["ipoed"]:
                value += price_of(corp["price"]) * units(cert)
    return value


def active_players(state: State) -> list[int]:
    return [p for p in state["order"] if not state["bankrupt"][p]]


# --- market moves ------------------------------------------------------------------------


def _place(state: State, sym: str, cell: str, front: bool = False) -> None:
    old = state["corps"][sym]["price"]
    if old == cell:
        return
    if old is not None:
        state["market"][old].remove(sym)
    state["market"].setdefault(cell, [])
    state["market"][cell].append(sym)
    state["corps"][sym]["price"] = cell


def _cell_at(row: int, col: int) -> str | None:
    grid = data.market()["grid"]
    if 0 <= row < len(grid) and 0 <= col < len(grid[row]):
        return grid[row][col]
    return None


def move(state: State, sym: str, direction: str) -> None:
    cell = data.market()["cells"][state["corps"][sym]["price"]]
    r, c = cell["row"], cell["col"]
    target = None
    if direction == "right":
        target = _cell_at(r, c + 1) or _cell_at(r - 1, c)
    elif direction == "left":
        target = _cell_at(r, c - 1) if c > 0 else _cell_at(r + 1, c)
    elif direction == "up":
        target = _cell_at(r - 1, c)
    elif direction == "down":
        target = _cell_at(r + 1, c)
    if target:
        _place(state, sym, target)


# --- auction round -----------------------------------------------------------------------


def auction_current(state: State) -> int:
    rnd = state["round"]
    if rnd["pending_par"]:
        return rnd["pending_par"][0][0]
    if rnd["auctioning"]:
        bids = rnd["bids"][rnd["auctioning"]]
        return min(bids, key=lambda b: b[1])[0]
    players = state["order"]
    return players[rnd["index"] % len(players)]


def company_min_bid(state: State, company: str) -> int:
    rnd = state["round"]
    value = data.companies()[company]["value"]
    if company == rnd["companies"][0] and not rnd["auctioning"]:
        return value - (rnd["discount"] if company == state["first_company"] else 0)
    bids = rnd["bids"].get(company, [])
    high = max((b[1] for b in bids), default=value)
    return high + 5


def committed(state: State, seat: int, exclude: str | None = None) -> int:
    return sum(b[1] for c, bids in state["round"]["bids"].items() if c != exclude
               for b in bids if b[0] == seat)


def process_bid(state: State, seat: int, company: str, price: int) -> None:
    rnd = state["round"]
    if company not in rnd["companies"]:
        raise RuleError(msg("rhl18.err.company_sold", company=company))
    if rnd["pending_par"]:
        raise RuleError(msg("rhl18.err.rhe_par_first"))
    if rnd["auctioning"] and company != rnd["auctioning"]:
        raise RuleError(msg("rhl18.err.only_auctioning", company=rnd["auctioning"]))
    minimum = company_min_bid(state, company)
    if price < minimum:
        raise RuleError(msg("rhl18.err.min_bid", company=company, minimum=minimum))
    available = state["cash"][seat] - committed(state, seat, exclude=company)
    if price > available:
        raise RuleError(msg("rhl18.err.bid_cash", available=available))
    if seat in rnd["passed"]:
        rnd["passed"].remove(seat)
    if rnd["auctioning"]:
        _add_bid(state, seat, company, price)
        return
    if company == rnd["companies"][0]:
        _buy_company(state, seat, company, price)
        _resolve_bids(state)
    else:
        _add_bid(state, seat, company, price)
    rnd["index"] += 1


def _add_bid(state: State, seat: int, company: str, price: int) -> None:
    rnd = state["round"]
    bids = [b for b in rnd["bids"].get(company, []) if b[0] != seat]
    bids.append([seat, price])
    rnd["bids"][company] = bids
    bidders = rnd["bidders"].setdefault(company, [])
    if seat not in bidders:
        bidders.append(seat)


def _resolve_bids(state: State) -> None:
    rnd = state["round"]
    while rnd["companies"]:
        company = rnd["companies"][0]
        rnd["auctioning"] = None
        bids = rnd["bids"].get(company, [])
        if len(bids) == 1:
            rnd["bids"].pop(company)
            _buy_company(state, bids[0][0], company, bids[0][1])
            continue
        if len(bids) > 1:
            rnd["auctioning"] = company
        break


def _buy_company(state: State, seat: int, company: str, price: int) -> None:
    rnd = state["round"]
    rnd["bids"].pop(company, None)
    state["companies"][company]["owner"] = seat
    pay(state, seat, "bank", price)
    rnd["companies"].remove(company)
    if company == "NLK":
        give(state, "GVE_1", seat)
    if company == "RhE":
        state["rhe_bid"] = price
        for i in (1, 2, 3):
            give(state, f"RhE_{i}", POOL)
        rnd["pending_par"].append([seat, "RhE"])


def auction_pass(state: State, seat: int) -> None:
    rnd = state["round"]
    if rnd["pending_par"]:
        raise RuleError(msg("rhl18.err.rhe_par_now"))
    if rnd["auctioning"]:
        company = rnd["auctioning"]
        rnd["bids"][company] = [b for b in rnd["bids"][company] if b[0] != seat]
        _resolve_bids(state)
        return
    if seat not in rnd["passed"]:
        rnd["passed"].append(seat)
    if len(rnd["passed"]) >= len(active_players(state)):
        _all_passed(state)
    rnd["index"] += 1


def _all_passed(state: State) -> None:
    rnd = state["round"]
    first = state["first_company"]
    if first in rnd["companies"]:
        rnd["discount"] += 5
        if data.companies()[first]["value"] - rnd["discount"] <= 0:
            rnd["index"] += 1
            _buy_company(state, auction_current(state), first, 0)
            _resolve_bids(state)
    else:
        pay_companies(state)
    rnd["passed"] = []


def pay_companies(state: State) -> None:
    for seat in state["order"]:
        for sym, comp in state["companies"].items():
            if comp["owner"] == seat and not comp["closed"]:
                pay(state, "bank", seat, data.companies()[sym]["revenue"])


# --- shares: par, buy, sell, presidency, float ----------------------------------------


def do_par(state: State, seat: int, sym: str, cell: str) -> None:
    corp = state["corps"][sym]
    if corp["ipoed"]:
        raise RuleError(msg("rhl18.err.already_parred", corp=sym))
    cells = data.market()["cells"]
    if cell not in cells or not cells[cell]["par"]:
        raise RuleError(msg("rhl18.err.not_par_price", cell=cell))
    corp["ipoed"] = True
    corp["par"] = cell
    _place(state, sym, cell)
    if sym == "RhE":
        if cells[cell]["price"] not in (70, 75, 80):
            raise RuleError(msg("rhl18.err.rhe_par_prices"))
        give(state, "RhE_0", seat)
        corp["president"] = seat
        state["companies"]["RhE"]["closed"] = True
        state["companies"]["RhE"]["owner"] = None
        _check_float(state, sym)
        pay(state, "bank", "RhE", state["rhe_bid"])
        return
    cost = 2 * cells[cell]["price"]
    if state["cash"][seat] < cost:
        raise RuleError(msg("rhl18.err.par_cash", corp=sym, price=cells[cell]["price"],
                                cost=cost))
    if cert_count(state, seat) >= cert_limit(state):
        raise RuleError(msg("rhl18.err.cert_limit"))
    _transfer(state, [f"{sym}_0"], seat, price=cost)
    corp["president"] = seat
    _check_float(state, sym)


def _transfer(state: State, certs: list[str], to: Any, price: int) -> None:
    """Move certificates to a holder, paying ``price`` from the buyer to the seller side."""
    sym = certs[0].rsplit("_", 1)[0]
    corp = state["corps"][sym]
    frm = state["certs"][certs[0]]
    for cert in certs:
        give(state, cert, to)
    if price and isinstance(to, int):
        receiver = sym if (frm == T and corp["cap"] == "incremental") else "bank"
        pay(state, to, receiver, price)


def _check_float(state: State, sym: str) -> None:
    corp = state["corps"][sym]
    if corp["floated"]:
        return
    ipo_units = held_units(state, sym, T)
    float_pct = data.corporations()[sym]["float_percent"]
    if ipo_units * 10 > 100 - float_pct:
        return
    corp["floated"] = True
    if brown_phase(state):
        pay(state, "bank", sym, price_of(corp["par"]) * 10)
        for cert in certs_of(state, sym, T):
            give(state, cert, POOL)
        return
    if sym == "RhE":
        state["kda"] = price_of(corp["par"]) * 3
    else:
        pay(state, "bank", sym, price_of(corp["par"]) * (6 if sym == "KEG" else 5))
    corp["cap"] = "incremental"
    state["newly_floated"].append(sym)


def _order_after(state: State, seat: int) -> list[int]:
    order = state["order"]
    i = order.index(seat)
    return order[i + 1:] + order[:i]


def update_president(state: State, sym: str, seller: int | None = None) -> None:
    corp = state["corps"][sym]
    pres = corp["president"]
    pres_cert = f"{sym}_0"
    holder = state["certs"][pres_cert]
    if corp["receivership"]:
        if seller is None:
            _end_receivership(state, sym)
        return
    if holder == POOL and seller is not None:
        # The president's certificate was sold: the biggest other holder takes it over.
        best, best_units = None, 0
        for p in _order_after(state, seller):
            u = held_units(state, sym, p)
            if u > best_units:
                best, best_units = p, u
        if best is None:
            raise RuleError(msg("rhl18.err.no_new_president"))
        handed = _swap_certs(state, sym, best)
        for c in handed:
            give(state, c, POOL)
        give(state, pres_cert, best)
        corp["president"] = best
        return
    if pres is None or not isinstance(holder, int):
        return
    pres_units = held_units(state, sym, pres)
    best, best_units = pres, pres_units
    for p in _order_after(state, pres):
        u = held_units(state, sym, p)
        if u > best_units:
            best, best_units = p, u
    if best == pres:
        return
    handed = _swap_certs(state, sym, best)
    for c in handed:
        give(state, c, pres)
    give(state, pres_cert, best)
    corp["president"] = best


def _end_receivership(state: State, sym: str) -> None:
    """A player holding 20% or more (the most) takes over a corporation in receivership."""
    corp = state["corps"][sym]
    best, best_units = None, 1
    for p in state["order"]:
        u = held_units(state, sym, p)
        if not state["bankrupt"][p] and u > best_units:
            best, best_units = p, u
    if best is None:
        return
    if state["certs"][f"{sym}_0"] != best:
        for c in _swap_certs(state, sym, best):
            give(state, c, POOL)
        give(state, f"{sym}_0", best)
    corp["president"] = best
    corp["receivership"] = False


def _swap_certs(state: State, sym: str, new_pres: int) -> list[str]:
    """The certificates (two units) the new president hands over for the president's one."""
    shares = [c for c in acquired(state, sym, new_pres) if c != f"{sym}_0"]
    doubles = [c for c in shares if units(c) == 2]
    if doubles:
        if len(shares) <= 2:
            return [doubles[0]]
        shares = [c for c in shares if c != doubles[0]]
    out, total = [], 0
    for c in shares:
        if total >= 2:
            break
        out.append(c)
        total += units(c)
    return out


def buy_shares(state: State, seat: int, certs: list[str]) -> None:
    rnd = state["round"]
    if not certs:
        raise RuleError(msg("rhl18.err.name_cert"))
    sym = certs[0].rsplit("_", 1)[0]
    corp = state["corps"][sym]
    if sym in rnd.get("sold", {}).get(str(seat), []):
        raise RuleError(msg("rhl18.err.sold_this_round", corp=sym))
    if rnd["turn_bought"]:
        raise RuleError(msg("rhl18.err.already_bought"))
    if not corp["ipoed"]:
        raise RuleError(msg("rhl18.err.not_parred", corp=sym))
    sources = {state["certs"][c] for c in certs}
    if len(sources) != 1 or next(iter(sources)) not in (T, POOL) or (
            f"{sym}_0" in certs and state["certs"][f"{sym}_0"] != POOL):
        raise RuleError(msg("rhl18.err.not_for_sale"))
    n_units = sum(units(c) for c in certs)
    if sym == "KEG" and corp["ipoed"] and not corp["floated"] and n_units * 10 != 20:
        raise RuleError(msg("rhl18.err.keg_20"))
    price = price_of(corp["price"]) * n_units
    if state["cash"][seat] < price:
        raise RuleError(msg("rhl18.err.costs", price=price))
    if cert_count(state, seat) + len(certs) > cert_limit(state):
        raise RuleError(msg("rhl18.err.cert_limit"))
    source = next(iter(sources))
    _transfer(state, certs, seat, price)
    rnd["turn_bought"] = True
    if source == T:
        _check_float(state, sym)
    update_president(state, sym)


def sell_shares(state: State, seat: int, certs: list[str], percent: int | None = None) -> None:
    """Sell certificates to the pool. ``percent`` below their sum sells only half of the
    president's certificate: the new president swaps it for two units first."""
    sym = certs[0].rsplit("_", 1)[0]
    corp = state["corps"][sym]
    if any(state["certs"].get(c) != seat for c in certs):
        raise RuleError(msg("rhl18.err.not_yours"))
    if not corp["operated"]:
        raise RuleError(msg("rhl18.err.not_operated", corp=sym))
    full = sum(units(c) for c in certs)
    n_units = full if percent is None else int(percent) // 10
    pres_cert = f"{sym}_0"
    if n_units != full and not (pres_cert in certs and n_units == full - 1):
        raise RuleError(msg("rhl18.err.bad_bundle"))
    if held_units(state, sym, POOL) + n_units > 5:
        raise RuleError(msg("rhl18.err.pool_limit"))
    price = price_of(corp["price"])
    if n_units == full:
        for c in certs:
            give(state, c, POOL)
        pay(state, "bank", seat, price * n_units)
        update_president(state, sym, seller=seat)
    else:
        _sell_partial_president(state, sym, seat, certs, n_units)
        pay(state, "bank", seat, price * n_units)
    move(state, sym, "down")


def _sell_partial_president(state: State, sym: str, seat: int, certs: list[str],
                            n_units: int) -> None:
    """As the reference: the bundle goes to the pool, the new president swaps the
    president's certificate for two units (into the pool), then the seller takes back the
    unsold unit(s) as the pool's oldest certificates."""
    corp = state["corps"][sym]
    best, best_units = None, 1
    for p in _order_after(state, seat):
        u = held_units(state, sym, p)
        if u > best_units:
            best, best_units = p, u
    if best is None:
        raise RuleError(msg("rhl18.err.no_new_president"))
    for c in certs:
        if c != f"{sym}_0":
            give(state, c, POOL)
    for c in _swap_certs(state, sym, best):
        give(state, c, POOL)
    give(state, f"{sym}_0", best)
    corp["president"] = best
    back = sum(units(c) for c in certs) - n_units
    for c in acquired(state, sym, POOL):
        if back <= 0:
            break
        give(state, c, seat)
        back -= units(c)


# --- rounds: transitions -----------------------------------------------------------------


def new_stock_round(state: State) -> dict:
    if not state["rhe_rise"] and state["corps"]["RhE"]["floated"]:
        state["rhe_rise"] = True
        if "RhE" not in state["newly_floated"]:
            state["newly_floated"].insert(0, "RhE")
    return {"type": "Stock", "index": 0, "passed": [], "sold": {}, "turn_bought": False,
            "turn_sold": False, "last_acted": None}


def reorder_players(state: State, entity_index: int) -> None:
    players = active_players(state)
    best = max(state["cash"][p] for p in players)
    top = [p for p in state["order"] if state["cash"][p] == best]
    first = top[0] if len(top) == 1 else players[entity_index % len(players)]
    i = state["order"].index(first)
    state["order"] = state["order"][i:] + state["order"][:i]


def operating_order(state: State) -> list[str]:
    cells = data.market()["cells"]
    floated = [s for s in data.CORP_ORDER
               if state["corps"][s]["floated"] and not state["corps"][s]["closed"]]

    def key(sym: str) -> tuple:
        cell_id = state["corps"][sym]["price"]
        cell = cells[cell_id]
        arrival = state["market"][cell_id].index(sym)
        return (-cell["price"], -cell["col"], cell["row"], arrival, sym)

    return sorted(floated, key=key)
