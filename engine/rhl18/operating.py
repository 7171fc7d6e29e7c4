"""Actions of the operating round: track, tokens, routes, dividends, trains, emergencies."""

from __future__ import annotations

import math
from typing import Any

from engine.core import RuleError
from engine.rhl18 import board as bd
from engine.rhl18 import data
from engine.rhl18 import flow as F
from engine.rhl18 import legal as L
from engine.rhl18 import rules as R
from engine.rhl18 import words as W
from engine.text import msg, text_of

State = dict[str, Any]


def handle(state: State, action: dict) -> None:
    rnd = state["round"]
    kind = action["type"]
    entity = action["entity"]
    sym = F.current_corp(state)
    if kind == "destination_connection":
        if "RhE" in action.get("corporations", []) and state["kda"] > 0:
            R.pay(state, "bank", "RhE", state["kda"])
            state["kda"] = 0
        return
    if rnd.get("offer"):
        _answer_offer(state, action)
        return
    if kind in OFFER_ANSWERS:
        raise RuleError(msg("rhl18.err.no_offer"))
    if rnd["discard"]:
        if kind != "discard_train" or entity != rnd["discard"][0]:
            raise RuleError(msg("rhl18.err.must_discard", corp=rnd["discard"][0]))
        _discard(state, entity, action["train"])
        return
    if isinstance(entity, str) and entity in state["companies"] and entity not in state["corps"]:
        _company_lay(state, sym, entity, action)
        return
    if kind == "sell_shares" and isinstance(entity, int):
        _emergency_sell(state, sym, entity, list(action["shares"]), action.get("percent"))
        return
    if entity != sym:
        raise RuleError(msg("rhl18.err.corp_turn", corp=sym))
    step = rnd["step"]
    handlers = {
        ("Track", "lay_tile"): _lay_tile, ("Track", "pass"): _pass_track,
        ("SpecialToken", "place_token"): _special_token, ("SpecialToken", "pass"): _special_pass,
        ("Token", "place_token"): _place_token, ("Token", "pass"): _pass_token,
        ("Route", "run_routes"): _run_routes, ("Dividend", "dividend"): _dividend_action,
        ("BuyTrain", "buy_train"): _buy_train, ("BuyTrain", "pass"): _pass_buy,
    }
    if kind == "bankrupt":
        _bankrupt(state, sym)
        return
    fn = handlers.get((step, kind))
    if fn is None:
        raise RuleError(msg("rhl18.err.wrong_step", corp=sym, kind=W.kind(kind),
                            step=W.step(step)))
    fn(state, sym, action)


# --- track ---------------------------------------------------------------------------------


def _tile_name(tile_id: str) -> str:
    return tile_id.rsplit("-", 1)[0]


def _on_board(state: State, tile_id: str) -> bool:
    return any(cell["id"] == tile_id for cell in state["board"].values())


def _check_lay(state: State, sym: str, hex_id: str, name: str, rotation: int,
               special: bool) -> None:
    """The map side's upgrade rules (colour, labels, chains, rotation, connection)."""
    from engine.rhl18 import routes as RT
    from engine.rhl18 import tiles as TL

    options = [k for k, v in state["options"].items() if v]
    # The corporation's network on this board, the one legal() listed the lay with
    # (remembered per board): each lay the AI weighs walked the whole network again, for
    # the connection and for the new-track rule.
    network = None if special else RT.network(state["board"], sym)
    reason = TL.upgrade_error(state["board"], hex_id, name, rotation, state["phase"],
                              options, corp=sym, special=special, network=network)
    if reason:
        raise RuleError(reason)


def lay(state: State, sym: str, hex_id: str, tile_id: str, rotation: int, cost: int,
        special: bool = False) -> None:
    board = state["board"]
    if hex_id not in board:
        raise RuleError(msg("rhl18.err.no_hex", hex=hex_id))
    name = _tile_name(tile_id)
    if name not in data.tiles() or _on_board(state, tile_id):
        raise RuleError(msg("rhl18.err.tile_not_supply", tile=tile_id))
    if int(tile_id.rsplit("-", 1)[1]) >= data.tile_counts(state["options"]).get(name, 0):
        raise RuleError(msg("rhl18.err.tile_not_in_game", tile=tile_id))
    old = bd.color_of(board, hex_id)
    new = data.tiles()[name]["color"]
    if new != "orange" and data.COLOR_ORDER.index(new) != data.COLOR_ORDER.index(old) + 1:
        raise RuleError(msg("rhl18.err.colour_order", new=W.colour(new), old=W.colour(old)))
    if hex_id in data.RHINE_METROPOLES:
        rotation = 0
    if not R.trusting(state):
        _check_lay(state, sym, hex_id, name, rotation, special)
    if cost:
        if state["corps"][sym]["cash"] < cost:
            raise RuleError(msg("rhl18.err.terrain_cost", corp=sym, cost=cost))
        R.pay(state, sym, "bank", cost)
    bd.replace_tile(board, hex_id, name, tile_id, rotation)
    _eastern_ruhr(state, hex_id)


def _eastern_ruhr(state: State, hex_id: str) -> None:
    cell = state["board"][hex_id]
    exits = bd.exits_of(cell["tile"], cell["rotation"])
    for check_hex, edge in data.ER_LINK_CHECKS:
        if (check_hex == hex_id and edge in exits and [hex_id, edge] not in state["links"]
                and len(state["links"]) < 4):
            state["links"].append([hex_id, edge])


def _lay_tile(state: State, sym: str, action: dict) -> None:
    hex_id = action["hex"]
    if hex_id not in state["board"]:
        raise RuleError(msg("rhl18.err.no_hex_map", hex=hex_id))
    cost = data.upgrade_cost(state["board"][hex_id]["tile"].split("~")[0]) \
        if not state["board"][hex_id]["tile"].endswith(bd.RV) else _rv_cost(hex_id)
    _check_blocked(state, sym, hex_id)
    lay(state, sym, hex_id, action["tile"], int(action["rotation"]), cost)
    if hex_id == "E14" and state["companies"].get("PWB"):
        pwb = state["companies"]["PWB"]
        if pwb["owner"] == state["corps"][sym]["president"]:
            pwb["used"] = True
    _close_atb_if_owner(state, sym, hex_id)
    t = state["round"]["t"]
    t["laid"] = True
    t["track_done"] = True
    F.advance_step(state, "Track")


def _rv_cost(hex_id: str) -> int:
    parts = bd.parts_of(f"{hex_id}-0{bd.RV}")
    return sum(p.get("cost", 0) for p in parts if p["type"] == "upgrade")


def _check_blocked(state: State, sym: str, hex_id: str) -> None:
    for comp_sym, blocked in (("PWB", "E14"), ("ATB", "E12")):
        comp = state["companies"].get(comp_sym)
        if comp is None or comp["closed"] or comp["used"] or hex_id != blocked:
            continue
        if comp["owner"] != state["corps"][sym]["president"]:
            raise RuleError(msg("rhl18.err.blocked", hex=blocked, company=comp_sym))
    if (hex_id == "E12" and state["options"].get("ratingen_variant")
            and state["phase"] == "2"):
        raise RuleError(msg("rhl18.err.e12_green"))


def _close_atb_if_owner(state: State, sym: str, hex_id: str) -> None:
    atb = state["companies"].get("ATB")
    if (atb and hex_id == "E12" and not atb["closed"]
            and atb["owner"] == state["corps"][sym]["president"]):
        atb["closed"] = True
        atb["owner"] = None


def _pass_track(state: State, sym: str, action: dict) -> None:
    state["round"]["t"]["track_done"] = True
    F.advance_step(state, "Track")


SZL_HEXES = ("D13", "E12", "E14", "F11", "F13", "G12", "G14", "H13", "I12", "I14", "J13",
             "K2", "K12")


def _check_ability_tile(company: str, name: str) -> None:
    """Seilzuganlage and Angertalbahn lay only the tiles their ability lists."""
    for ability in data.companies()[company].get("abilities", []):
        if ability["type"] == "tile_lay" and ability.get("tiles") and \
                name not in ability["tiles"]:
            raise RuleError(msg("rhl18.err.ability_tiles", company=company,
                                    tiles=list(ability["tiles"])))


def _company_lay(state: State, sym: str | None, company: str, action: dict) -> None:
    comp = state["companies"][company]
    rnd = state["round"]
    if action["type"] != "lay_tile":
        raise RuleError(msg("rhl18.err.company_lay_only", company=company))
    if comp["closed"]:
        raise RuleError(msg("rhl18.err.company_closed", company=company))
    if comp["used"]:
        raise RuleError(msg("rhl18.err.company_used", company=company))
    if sym is None:
        raise RuleError(msg("rhl18.err.company_not_now", company=company))
    corp = state["corps"][sym]
    if corp["receivership"] or comp["owner"] != corp["president"]:
        raise RuleError(msg("rhl18.err.company_owner", company=company))
    t = rnd["t"]
    if t["tokened"] or t["bought"] or rnd["step"] in ("BuyTrain",):
        raise RuleError(msg("rhl18.err.company_late", company=company))
    if company in ("KEO", "Tjt", "ATB") and state["phase"] == "2":
        raise RuleError(msg("rhl18.err.company_phase3", company=company))
    hex_id, tile_id = action["hex"], action["tile"]
    name = _tile_name(tile_id)
    if company == "Szl" and hex_id not in SZL_HEXES:
        raise RuleError(msg("rhl18.err.szl_hexes"))
    if company == "KEO" and (hex_id != "E8" or name != "935" or int(state["phase"]) >= 5):
        raise RuleError(msg("rhl18.err.keo_lay"))
    if company == "Tjt" and (hex_id not in data.RHINE_METROPOLES
                             or data.tiles().get(name, {}).get("color") != "green"):
        raise RuleError(msg("rhl18.err.tjt_lay"))
    if company == "ATB" and hex_id != "E12":
        raise RuleError(msg("rhl18.err.atb_hex"))
    _check_ability_tile(company, name)
    if company == "ATB" and not R.trusting(state):
        from engine.rhl18 import routes as RT

        if not RT.connected_edges(state["board"], sym).get("E12"):
            raise RuleError(msg("rhl18.err.atb_connected", corp=sym))
    lay(state, sym, hex_id, tile_id, int(action["rotation"]), 0, special=True)
    comp["used"] = True
    if company in ("ATB",):
        comp["closed"] = True
        comp["owner"] = None
    if company in F.TELEPORTERS:
        t["teleported"] = company
        already = any(tok["hex"] == hex_id for tok in corp["tokens"])
        if company == "KEO" or not already:
            t["special_city_hex"] = hex_id
            rnd["resume_step"] = rnd["step"]
            rnd["step"] = "SpecialToken"
        # The teleport lay replaces the normal tile lay of this turn.
        t["track_done"] = True
        if rnd["step"] == "Track":
            F.advance_step(state, "Track")


def _special_token(state: State, sym: str, action: dict) -> None:
    t = state["round"]["t"]
    found = bd.find_city(state["board"], action["city"])
    if found is None or found[0] != t["special_city_hex"]:
        raise RuleError(msg("rhl18.err.token_goes_to", hex=t["special_city_hex"]))
    tok = F.next_token(state, sym)
    if tok is None:
        raise RuleError(msg("rhl18.err.no_token_left", corp=sym))
    price = 0 if t["teleported"] == "KEO" else tok["price"]
    if state["corps"][sym]["cash"] < price:
        raise RuleError(msg("rhl18.err.token_cash_special", corp=sym, price=price))
    hex_id, city = found
    if not F._free_slot(state["board"][hex_id], city, sym):
        raise RuleError(msg("rhl18.err.city_full"))
    R.pay(state, sym, "bank", price)
    F._put_token(state, sym, hex_id, city, state["corps"][sym]["tokens"].index(tok))
    t["tokened"] = True
    _end_special(state)


def _special_pass(state: State, sym: str, action: dict) -> None:
    _end_special(state)


def _end_special(state: State) -> None:
    rnd = state["round"]
    rnd["t"]["special_city_hex"] = None
    step = rnd.pop("resume_step", "Track")
    rnd["step"] = "RheBonusCheck" if step in ("Track", "SpecialToken") else step


# --- tokens ----------------------------------------------------------------------------------


def _place_token(state: State, sym: str, action: dict) -> None:
    found = bd.find_city(state["board"], action["city"])
    if found is None:
        raise RuleError(msg("rhl18.err.no_city", city=str(action["city"])))
    if not R.trusting(state) and found not in F.token_spots(state, sym):
        raise RuleError(msg("rhl18.err.token_not_here"))
    hex_id, city = found
    cell = state["board"][hex_id]
    if any(sym in s for s in cell["tokens"]):
        raise RuleError(msg("rhl18.err.token_twice", corp=sym, hex=hex_id))
    if not F._free_slot(cell, city, sym):
        raise RuleError(msg("rhl18.err.city_full"))
    tok = F.next_token(state, sym)
    if tok is None:
        raise RuleError(msg("rhl18.err.no_token_left", corp=sym))
    if state["corps"][sym]["cash"] < tok["price"]:
        raise RuleError(msg("rhl18.err.token_cash", corp=sym, price=tok["price"]))
    R.pay(state, sym, "bank", tok["price"])
    F._put_token(state, sym, hex_id, city, state["corps"][sym]["tokens"].index(tok))
    state["round"]["t"]["tokened"] = True
    F.advance_step(state, "Token")


def _pass_token(state: State, sym: str, action: dict) -> None:
    F.advance_step(state, "Token")


# --- routes and dividends ------------------------------------------------------------------


def _run_routes(state: State, sym: str, action: dict) -> None:
    corp = state["corps"][sym]
    seen = set()
    total = 0
    for route in action.get("routes", []):
        train = route["train"]
        if train not in corp["trains"] or train in seen:
            raise RuleError(msg("rhl18.err.cannot_run", corp=sym, train=str(train)))
        seen.add(train)
    total += _routes_revenue(state, sym, action.get("routes", []))
    total += int(action.get("extra_revenue", 0) or 0)
    t = state["round"]["t"]
    t["revenue"] = total
    t["ran"] = True
    t["routes"] = action.get("routes", [])
    F.advance_step(state, "Route")


def _routes_revenue(state: State, sym: str, routes: list[dict]) -> int:
    """Revenue of the routes: our own routes ("stops") are always checked by the route
    validator; recorded 18xx.games routes ("nodes") are trusted only in a trusting replay."""
    if not routes:
        return 0
    recorded = all("nodes" in r for r in routes)
    if recorded and R.trusting(state):
        return sum(int(r.get("revenue", 0)) for r in routes)
    from engine.rhl18 import legal as L
    from engine.rhl18 import routes as RT

    ctx = L.route_context(state)
    try:
        if recorded:
            results = [RT.validate_18xx(state["board"], sym, r, ctx) for r in routes]
        else:
            plain = [{"train": r["train"], "stops": r["stops"],
                      "connections": r.get("connections")} for r in routes]
            results = RT.validate_routes(state["board"], sym, plain, ctx)
    except RT.RouteError as exc:
        raise RuleError(text_of(exc)) from None
    total = sum(r.revenue for r in results)
    if recorded and total != sum(int(r.get("revenue", 0)) for r in routes):
        raise RuleError(msg("rhl18.err.recorded_revenue", total=total))
    return total


def _dividend_action(state: State, sym: str, action: dict) -> None:
    if action["kind"] not in ("payout", "withhold"):
        raise RuleError(msg("rhl18.err.choose_dividend"))
    dividend(state, sym, action["kind"])
    F.advance_step(state, "Dividend")


def dividend(state: State, sym: str, kind: str) -> None:
    corp = state["corps"][sym]
    revenue = state["round"]["t"]["revenue"] or 0
    if corp["receivership"]:
        kind = "withhold"
    if kind == "withhold":
        R.pay(state, "bank", sym, revenue)
    else:
        for seat in range(len(state["ids"])):
            u = R.held_units(state, sym, seat)
            if u:
                R.pay(state, "bank", seat, math.ceil(u * revenue / 10))
        if corp["cap"] == "incremental":
            u = R.held_units(state, sym, R.T)
            if u:
                R.pay(state, "bank", sym, math.ceil(u * revenue / 10))
    price = R.price_of(corp["price"])
    if revenue == 0 or kind == "withhold":
        R.move(state, sym, "left")
    elif revenue >= price:
        R.move(state, sym, "right")
    corp["operated"] = True


# --- trains ---------------------------------------------------------------------------------


def _buy_train(state: State, sym: str, action: dict) -> None:
    corp = state["corps"][sym]
    tid = action["train"]
    price = int(action["price"])
    if len(corp["trains"]) >= F.train_limit(state):
        raise RuleError(msg("rhl18.err.train_limit", corp=sym))
    owner = _train_owner(state, tid)
    t = state["round"]["t"]
    if owner is None:
        if tid not in F.depot_available(state):
            raise RuleError(msg("rhl18.err.train_unavailable", train=str(tid)))
        if price != F.train_price(tid):
            raise RuleError(msg("rhl18.err.train_price", train=tid, price=F.train_price(tid)))
        if corp["cash"] < price:
            _president_contributes(state, sym, tid, price)
        R.pay(state, sym, "bank", price)
        if tid in state["discarded"]:
            state["discarded"].remove(tid)
        else:
            state["depot"].remove(tid)
        corp["trains"].append(tid)
        _after_depot_buy(state, tid)
    else:
        if owner == sym or corp["receivership"] or state["corps"][owner]["receivership"]:
            raise RuleError(msg("rhl18.err.train_not_buyable"))
        if t["ebuy_sold"]:
            raise RuleError(msg("rhl18.err.ebuy_depot_only"))
        refusal = L.offer_refusal(state, sym, owner, tid, price)
        if refusal is not None:
            raise RuleError(refusal)
        if is_offer(state, sym, owner):
            state["round"]["offer"] = {"buyer": sym, "seller": owner, "train": tid,
                                       "price": price}
            return
        _trade(state, sym, owner, tid, price)
        return
    t["bought"] = True
    _check_discards(state)


def is_offer(state: State, buyer: str, seller: str) -> bool:
    """Whether ``buyer`` buying ``seller``'s train is an offer the seller's president answers
    first (two presidents must agree on the price), not a trade made at once."""
    corps = state["corps"]
    return corps[buyer]["president"] != corps[seller]["president"]


OFFER_ANSWERS = ("accept", "decline")


def offer_answers(state: State) -> list[dict]:
    """The seller's two answers to the open offer (each names the offer it answers)."""
    offer = state["round"].get("offer")
    if not offer:
        return []
    return [{"type": kind, "entity": offer["seller"], "buyer": offer["buyer"],
             "train": offer["train"], "price": offer["price"]} for kind in OFFER_ANSWERS]


def _trade(state: State, sym: str, owner: str, tid: str, price: int) -> None:
    """A train changes hands between two corporations (agreed by both presidents)."""
    corp = state["corps"][sym]
    R.pay(state, sym, owner, price)
    state["corps"][owner]["trains"].remove(tid)
    corp["trains"].append(tid)
    state["round"]["t"]["bought"] = True
    _check_discards(state)


def _answer_offer(state: State, action: dict) -> None:
    """The seller's president accepts or declines the open offer for one of its trains;
    nothing else can happen while the offer waits."""
    rnd = state["round"]
    offer = rnd["offer"]
    if action["type"] not in OFFER_ANSWERS:
        raise RuleError(msg("rhl18.err.offer_open", buyer=offer["buyer"],
                            seller=offer["seller"], train=W.train_name(offer["train"])))
    if action.get("entity") != offer["seller"] or any(
            action.get(key) != offer[key] for key in ("buyer", "train", "price")):
        raise RuleError(msg("rhl18.err.offer_seller", seller=offer["seller"],
                            buyer=offer["buyer"], train=W.train_name(offer["train"]),
                                price=offer["price"]))
    del rnd["offer"]
    if action["type"] == "accept":
        _trade(state, offer["buyer"], offer["seller"], offer["train"], offer["price"])
        return
    declined = rnd["t"].setdefault("declined", {})
    declined[offer["train"]] = max(offer["price"], declined.get(offer["train"], 0))


def _president_contributes(state: State, sym: str, tid: str, price: int) -> None:
    corp = state["corps"][sym]
    if not F.must_buy(state, sym):
        raise RuleError(msg("rhl18.err.cannot_afford", corp=sym, train=tid))
    cheapest = min(F.train_price(x) for x in F.depot_available(state))
    if F.train_price(tid) != cheapest:
        raise RuleError(msg("rhl18.err.cheapest_only"))
    pres = corp["president"]
    need = price - corp["cash"]
    if pres is None or state["cash"][pres] < need:
        raise RuleError(msg("rhl18.err.president_short"))
    R.pay(state, pres, sym, need)


def _train_owner(state: State, tid: str) -> str | None:
    for sym, corp in state["corps"].items():
        if tid in corp["trains"]:
            return sym
    return None


def _after_depot_buy(state: State, tid: str) -> None:
    name, index = tid.split("-")
    phases = [p["name"] for p in data.phases()]
    if name in phases and phases.index(name) > phases.index(state["phase"]):
        state["phase"] = name
        for t in data.trains():
            if t["rusts_on"] == name:
                _rust(state, t["name"])
    if index == "0" and name == "5":
        for comp in state["companies"].values():
            comp["closed"] = True
            comp["owner"] = None


def _rust(state: State, name: str) -> None:
    for corp in state["corps"].values():
        corp["trains"] = [t for t in corp["trains"] if t.split("-")[0] != name]
    state["discarded"] = [t for t in state["discarded"] if t.split("-")[0] != name]


def _check_discards(state: State) -> None:
    limit = F.train_limit(state)
    rnd = state["round"]
    for sym in data.CORP_ORDER:
        if len(state["corps"][sym]["trains"]) > limit and sym not in rnd["discard"]:
            rnd["discard"].append(sym)


def _discard(state: State, sym: str, tid: str) -> None:
    corp = state["corps"][sym]
    if tid not in corp["trains"]:
        raise RuleError(msg("rhl18.err.not_own_train", corp=sym, train=str(tid)))
    corp["trains"].remove(tid)
    state["discarded"].append(tid)
    rnd = state["round"]
    if len(corp["trains"]) <= F.train_limit(state):
        rnd["discard"].remove(sym)


def _pass_buy(state: State, sym: str, action: dict) -> None:
    # The reference engine accepts this pass (only its interface enforces the forced
    # purchase), so recorded games may contain it; live games enforce the rule.
    replaying = not state.get("auto_kda", True)
    receivership = state["corps"][sym]["receivership"]
    if F.must_buy(state, sym) and F.depot_available(state) and not (replaying or receivership):
        raise RuleError(msg("rhl18.err.must_buy", corp=sym))
    F.advance_step(state, "BuyTrain")


def _bundle_kind(certs: list[str], percent: int) -> tuple[str, int, bool]:
    """Bundles of one corporation with the same size and the same president's-certificate
    status are interchangeable for the emergency rules."""
    sym = certs[0].rsplit("_", 1)[0]
    return sym, int(percent), f"{sym}_0" in certs


def _emergency_sell(state: State, sym: str | None, seat: int, certs: list[str],
                    percent: int | None = None) -> None:
    rnd = state["round"]
    if sym is None or rnd["step"] != "BuyTrain" or state["corps"][sym]["president"] != seat:
        raise RuleError(msg("rhl18.err.sell_only_emergency"))
    if not R.trusting(state):
        from engine.rhl18 import legal as L

        full = sum(R.units(c) for c in certs) * 10
        if _bundle_kind(certs, percent if percent is not None else full) not in {
                _bundle_kind(b[0], b[1]) for b in L.emergency_bundles(state, sym, seat)}:
            raise RuleError(msg("rhl18.err.emergency_limit"))
    R.sell_shares(state, seat, certs, percent)
    rnd["t"]["ebuy_sold"] = True
    # Corporations that have not operated yet are re-sorted after price moves.
    done = rnd["order"][: rnd["index"] + 1]
    rest = [s for s in R.operating_order(state) if s not in done]
    rnd["order"] = done + rest


def can_go_bankrupt(state: State, sym: str) -> bool:
    """Corporation cash + president's cash + sellable shares < the cheapest depot train."""
    from engine.rhl18 import legal as L

    corp = state["corps"][sym]
    pres = corp["president"]
    cheapest = F.cheapest_depot(state)
    if pres is None or cheapest is None:
        return False
    worth = corp["cash"] + state["cash"][pres]
    for other in data.CORP_ORDER:
        bundles = L.sell_bundles(state, pres, other)
        if other == sym:
            # An emergency sale may not hand the buying corporation to someone else.
            bundles = [b for b in bundles if keeps_presidency(state, sym, pres, b[0])]
        if bundles:
            price = R.price_of(state["corps"][other]["price"])
            worth += max(b[1] for b in bundles) // 10 * price
    return worth < F.train_price(cheapest)


def keeps_presidency(state: State, sym: str, seat: int, bundle: list[str]) -> bool:
    if f"{sym}_0" in bundle:
        return False
    left = R.held_units(state, sym, seat) - sum(R.units(c) for c in bundle)
    return all(R.held_units(state, sym, p) <= left
               for p in range(len(state["ids"])) if p != seat)


def bankruptcy_sales(state: State, sym: str) -> list[tuple[str, int, int]]:
    """Step 1 of a bankruptcy: the president of ``sym`` sells the biggest allowed bundle of
    every corporation. Returns each sale as (corporation, percent, money it brought), which
    the move's log line lists (move_line.facts runs this on a copy of the position)."""
    from engine.rhl18 import legal as L

    player = state["corps"][sym]["president"]
    sold = []
    for other in sorted(data.CORP_ORDER):
        if state["corps"][other]["price"] is None:
            continue
        bundles = L.sell_bundles(state, player, other)
        if other == sym:
            # The sales follow the emergency rules: the bankrupt corporation's presidency
            # cannot be handed over by a sale.
            bundles = [b for b in bundles if keeps_presidency(state, sym, player, b[0])]
        if bundles:
            best = max(bundles, key=lambda b: b[1])
            cash = state["cash"][player]
            R.sell_shares(state, player, best[0], best[1])
            sold.append((other, best[1], state["cash"][player] - cash))
    return sold


def _bankrupt(state: State, sym: str) -> None:

    if not can_go_bankrupt(state, sym):
        raise RuleError(msg("rhl18.err.no_bankruptcy", corp=sym))
    corp = state["corps"][sym]
    player = corp["president"]
    bankruptcy_sales(state, sym)
    contribution = state["cash"][player]
    # 2. Everything else goes to the pool without price moves; a corporation left without
    #    a president enters receivership.
    for other in sorted(data.CORP_ORDER):
        oc = state["corps"][other]
        if oc["price"] is None:
            continue
        mine = R.certs_of(state, other, player)
        if not mine:
            continue
        for cert in mine:
            R.give(state, cert, R.POOL)
        if oc["president"] == player:
            _after_dump(state, other, player)
    # 3. Companies close, cash goes to the bank, the player is out.
    for comp in state["companies"].values():
        if comp["owner"] == player:
            comp["closed"] = True
            comp["owner"] = None
    R.pay(state, player, "bank", state["cash"][player])
    state["bankrupt"][player] = True
    # 4. A corporation now in receivership is handed the cheapest train on a bank loan.
    if corp["receivership"]:
        _receivership_train(state, sym, contribution)


def _after_dump(state: State, sym: str, player: int) -> None:
    corp = state["corps"][sym]
    pres_cert = f"{sym}_0"
    best, best_units = None, 1
    for p in R._order_after(state, player):
        if state["bankrupt"][p]:
            continue
        u = R.held_units(state, sym, p)
        if u > best_units:
            best, best_units = p, u
    if best is None:
        corp["president"] = None
        corp["receivership"] = True
        return
    if state["certs"][pres_cert] == R.POOL:
        for c in R._swap_certs(state, sym, best):
            R.give(state, c, R.POOL)
        R.give(state, pres_cert, best)
    corp["president"] = best


def _receivership_train(state: State, sym: str, contribution: int) -> None:
    corp = state["corps"][sym]
    tid = F.cheapest_depot(state)
    if tid is None:
        return
    remaining = corp["cash"]
    price = F.train_price(tid) - remaining - contribution
    if remaining > 0:
        R.pay(state, sym, "bank", remaining)
    if tid in state["discarded"]:
        state["discarded"].remove(tid)
    else:
        state["depot"].remove(tid)
    corp["trains"].append(tid)
    _after_depot_buy(state, tid)
    R.pay(state, sym, "bank", price + 100)
    _check_discards(state)
