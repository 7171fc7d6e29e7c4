"""Legal moves per seat (the single source of truth for the contract's ``legal``)."""

from __future__ import annotations

from typing import Any

from engine.rhl18 import data
from engine.rhl18 import rules as R
from engine.rhl18 import words as W
from engine.text import Msg, msg

State = dict[str, Any]


def sr_moves(state: State, seat: int, check_only: bool = False) -> list[dict]:
    """Stock-round moves of the player on turn (without the pass, which is always there)."""
    rnd = state["round"]
    out: list[dict] = []
    sold = rnd["sold"].get(str(seat), [])
    limit_ok = R.cert_count(state, seat) < R.cert_limit(state)
    cash = state["cash"][seat]
    if not rnd["turn_bought"]:
        for sym in data.CORP_ORDER:
            corp = state["corps"][sym]
            if not corp["ipoed"] or sym in sold or not limit_ok:
                continue
            price = R.price_of(corp["price"])
            for cert in _buyable(state, sym, any_check=check_only):
                if R.units(cert) * price <= cash:
                    out.append({"type": "buy_shares", "entity": seat, "shares": [cert],
                                "percent": R.units(cert) * 10})
                    if check_only:
                        return out
        if limit_ok:
            for sym in data.CORP_ORDER:
                corp = state["corps"][sym]
                if corp["ipoed"] or sym == "RhE":
                    continue
                for cell in sorted(data.market()["pars"], key=R.price_of, reverse=True):
                    if 2 * R.price_of(cell) <= cash:
                        out.append({"type": "par", "entity": seat, "corporation": sym,
                                    "share_price": cell})
                        if check_only:
                            return out
        for sym in data.CORP_ORDER:
            for bundle in sell_bundles(state, seat, sym):
                out.append(sell_action(seat, bundle))
                if check_only:
                    return out
    return out


def _buyable(state: State, sym: str, any_check: bool = False) -> list[str]:
    """One certificate of each kind (treasury/pool, 10%/20%) a player may buy.

    ``any_check``: the reference engine's "can buy anything?" test (which decides the
    automatic pass) ignores KEG's 20%-only rule, so it does too."""
    corp = state["corps"][sym]
    out = []
    for holder in (R.T, R.POOL):
        seen = set()
        for cert in R.certs_of(state, sym, holder):
            if cert == f"{sym}_0" and holder != R.POOL:
                continue
            u = R.units(cert)
            if sym == "KEG" and not corp["floated"] and u != 2 and not any_check:
                continue
            if u not in seen:
                seen.add(u)
                out.append(cert)
    return out


def sell_bundles(state: State, seat: int, sym: str) -> list[tuple[list[str], int]]:
    """Bundles (certificates, percent) the player may sell: ordinary certificates in order,
    and, when another player could take over, bundles with the president's certificate,
    whole or half (a partial president's bundle, as the reference engine offers)."""
    corp = state["corps"][sym]
    if not corp["operated"]:
        return []
    mine = [c for c in R.certs_of(state, sym, seat) if c != f"{sym}_0"]
    room = 5 - R.held_units(state, sym, R.POOL)
    out: list[tuple[list[str], int]] = []
    chosen: list[str] = []
    total = 0
    for cert in mine:
        if total + R.units(cert) > room:
            continue
        chosen = chosen + [cert]
        total += R.units(cert)
        out.append((list(chosen), total * 10))
    pres = f"{sym}_0"
    others = [p for p in range(len(state["ids"])) if p != seat]
    if state["certs"].get(pres) == seat and any(
            R.held_units(state, sym, p) >= 2 for p in others):
        chosen, total = [pres], R.units(pres)
        for extra in [None, *mine]:
            if extra is not None:
                chosen = chosen + [extra]
                total += R.units(extra)
            if total - 1 <= room:
                out.append((list(chosen), (total - 1) * 10))
            if total <= room:
                out.append((list(chosen), total * 10))
    return out


def sell_action(seat: int, bundle: tuple[list[str], int]) -> dict:
    return {"type": "sell_shares", "entity": seat, "shares": bundle[0], "percent": bundle[1]}


# --- all moves -----------------------------------------------------------------------------

FLEXIBLE = ("bid", "lay_tile", "run_routes", "buy_train", "place_token", "sell_shares",
            "buy_shares")


def moves(state: State, seat: int) -> list[dict]:
    rnd = state["round"]
    if rnd["type"] == "Auction":
        return auction_moves(state, seat)
    if rnd["type"] == "Stock":
        return sr_moves(state, seat) + [{"type": "pass", "entity": seat}]
    return or_moves(state, seat)


def auction_moves(state: State, seat: int) -> list[dict]:
    rnd = state["round"]
    if rnd["pending_par"]:
        return [{"type": "par", "entity": seat, "corporation": "RhE", "share_price": c}
                for c in data.market()["rhe_pars"]]
    out = []
    companies = [rnd["auctioning"]] if rnd["auctioning"] else rnd["companies"]
    for comp in companies:
        price = R.company_min_bid(state, comp)
        if price <= state["cash"][seat] - R.committed(state, seat, exclude=comp):
            out.append({"type": "bid", "entity": seat, "company": comp, "price": price})
    out.append({"type": "pass", "entity": seat})
    return out


def or_moves(state: State, seat: int) -> list[dict]:
    from engine.rhl18 import flow as F

    rnd = state["round"]
    if rnd.get("offer"):
        from engine.rhl18 import operating as O

        return O.offer_answers(state)
    if rnd["discard"]:
        sym = rnd["discard"][0]
        return [{"type": "discard_train", "entity": sym, "train": t}
                for t in state["corps"][sym]["trains"]]
    sym = F.current_corp(state)
    step = rnd["step"]
    out: list[dict] = []
    if step == "SpecialToken":
        hex_id = rnd["t"]["special_city_hex"]
        cell = state["board"][hex_id]
        tok = F.next_token(state, sym)
        price = 0 if rnd["t"]["teleported"] == "KEO" or tok is None else tok["price"]
        can_pay = tok is not None and state["corps"][sym]["cash"] >= price
        for i in range(len(cell["tokens"])):
            if can_pay and F._free_slot(cell, i, sym):
                out.append({"type": "place_token", "entity": sym,
                            "city": bd_city(state, hex_id, i)})
        return out + [{"type": "pass", "entity": sym}]
    if step == "Track":
        out += lay_moves(state, sym)
        out += company_moves(state, sym, seat)
        return out + [{"type": "pass", "entity": sym}]
    if step == "Token":
        for hex_id, i in F.token_spots(state, sym):
            out.append({"type": "place_token", "entity": sym, "city": bd_city(state, hex_id, i)})
        return out + company_moves(state, sym, seat) + [{"type": "pass", "entity": sym}]
    if step == "Route":
        return [auto_run(state, sym)] + company_moves(state, sym, seat)
    if step == "Dividend":
        return [{"type": "dividend", "entity": sym, "kind": k} for k in ("payout", "withhold")]
    if step == "BuyTrain":
        return train_moves(state, sym, seat)
    return out


def bd_city(state: State, hex_id: str, i: int) -> str:
    from engine.rhl18 import board as bd

    return bd.city_id(state["board"], hex_id, i)


def free_tile_id(state: State, name: str, used: set[str] | None = None) -> str | None:
    if used is None:
        used = {cell["id"] for cell in state["board"].values()}
    for i in range(data.tile_counts(state["options"]).get(name, 0)):
        if f"{name}-{i}" not in used:
            return f"{name}-{i}"
    return None


def lay_moves(state: State, sym: str) -> list[dict]:
    try:
        from engine.rhl18 import tiles as TL
    except ImportError:  # the map side is not there: no tile lays offered
        return []
    used = {cell["id"] for cell in state["board"].values()}
    names = [n for n in data.tile_counts(state["options"]) if free_tile_id(state, n, used)
             and n != "935"]
    allowed_colors = set(R.phase_info(state)["tiles"])
    names = [n for n in names if data.tiles()[n]["color"] in allowed_colors]
    out = []
    try:
        lays = TL.legal_lays(state["board"], sym, state["phase"], names, state["options"])
    except Exception:  # noqa: BLE001 - a map-side failure must not block the game
        return []
    cash = state["corps"][sym]["cash"]
    lays = _with_node_rotations(state, sym, lays, TL)
    for hex_id, name, rot in lays:
        if (hex_id == "E14" or hex_id == "E12") and _blocked_for(state, sym, hex_id):
            continue
        cost = _cost(state, hex_id)
        if cost > cash:
            continue
        out.append({"type": "lay_tile", "entity": sym, "hex": hex_id,
                    "tile": free_tile_id(state, name, used), "rotation": rot})
    return out


def _with_node_rotations(state: State, sym: str, lays: list, TL: Any) -> list:
    """The map side lists one rotation per track shape; for tiles with two or more stops the
    stops can sit differently at rotations of the same shape, so those are added too."""
    from engine.rhl18 import board as bd
    from engine.rhl18 import routes as RT

    out = list(lays)
    seen = set(lays)
    options = [k for k, v in state["options"].items() if v]
    network = None
    for hex_id, name in sorted({(h, n) for h, n, _ in lays}):
        if hex_id in data.RHINE_METROPOLES or len(bd.nodes_of(name)) < 2:
            continue
        for rot in range(6):
            if (hex_id, name, rot) in seen:
                continue
            network = network or RT.network(state["board"], sym)
            if TL.upgrade_reason(state["board"], hex_id, name, rot, state["phase"], options,
                                 corp=sym, network=network) is None:
                seen.add((hex_id, name, rot))
                out.append((hex_id, name, rot))
    return out


def _cost(state: State, hex_id: str) -> int:
    from engine.rhl18 import board as bd

    name = state["board"][hex_id]["tile"]
    return sum(p.get("cost", 0) for p in bd.parts_of(name) if p["type"] == "upgrade")


def _blocked_for(state: State, sym: str, hex_id: str) -> bool:
    for comp_sym, blocked in (("PWB", "E14"), ("ATB", "E12")):
        comp = state["companies"].get(comp_sym)
        if comp and not comp["closed"] and not comp["used"] and hex_id == blocked \
                and comp["owner"] != state["corps"][sym]["president"]:
            return True
    return hex_id == "E12" and state["options"].get("ratingen_variant") and \
        state["phase"] == "2"


def company_moves(state: State, sym: str, seat: int) -> list[dict]:
    """Private-company lays offered to the owner (Szl, KEO, Tjt, ATB)."""
    t = state["round"]["t"]
    corp = state["corps"][sym]
    if t["tokened"] or t["bought"] or corp["receivership"] or corp["president"] != seat:
        return []
    out = []
    for comp, info in state["companies"].items():
        if info["owner"] != seat or info["closed"] or info["used"]:
            continue
        if comp == "KEO" and state["phase"] in ("3", "4"):
            tid = free_tile_id(state, "935")
            if tid:
                out.append({"type": "lay_tile", "entity": "KEO", "hex": "E8", "tile": tid,
                            "rotation": 1})
        if comp in ("Szl", "ATB") and not (comp == "ATB" and state["phase"] == "2"):
            out += _ability_lays(state, sym, comp)
        if comp == "Tjt" and state["phase"] != "2":
            for hex_id in data.RHINE_METROPOLES:
                if _color(state, hex_id) != "yellow":
                    continue
                label = {"D9": ("X925", "X926"), "F9": ("X921", "X922"),
                         "I10": ("X923", "X924")}[hex_id]
                for name in label:
                    tid = free_tile_id(state, name)
                    if tid:
                        out.append({"type": "lay_tile", "entity": "Tjt", "hex": hex_id,
                                    "tile": tid, "rotation": 0})
    return out


def _ability_lays(state: State, sym: str, comp: str) -> list[dict]:
    """Free lays of Seilzuganlage (mountain hexes) or Angertalbahn (E12)."""
    try:
        from engine.rhl18 import tiles as TL
    except ImportError:
        return []
    ability = next(a for a in data.companies()[comp]["abilities"] if a["type"] == "tile_lay")
    if comp == "ATB":
        from engine.rhl18 import routes as RT

        if not RT.connected_edges(state["board"], sym).get("E12"):
            return []  # Angertalbahn's lay needs a connection to E12
    used = {cell["id"] for cell in state["board"].values()}
    names = [n for n in ability["tiles"] if free_tile_id(state, n, used)]
    try:
        lays = TL.legal_lays(state["board"], sym, state["phase"], names, state["options"],
                             special=True, hexes=ability["hexes"])
    except Exception:  # noqa: BLE001 - a map-side failure must not block the game
        return []
    return [{"type": "lay_tile", "entity": comp, "hex": h, "tile": free_tile_id(state, n, used),
             "rotation": r} for h, n, r in lays]


def _color(state: State, hex_id: str) -> str:
    from engine.rhl18 import board as bd

    return bd.color_of(state["board"], hex_id)


def auto_run(state: State, sym: str) -> dict:
    routes = best_routes(state, sym)
    return {"type": "run_routes", "entity": sym, "routes": routes}


def best_routes(state: State, sym: str) -> list[dict]:
    from engine.rhl18 import routes as RT

    corp = state["corps"][sym]
    try:
        results = RT.best_routes(state["board"], sym, corp["trains"], route_context(state))
    except Exception:  # noqa: BLE001 - no route found counts as no revenue
        return []
    return [{"train": r.train, "stops": r.stops, "connections": r.connections,
             "revenue": r.revenue, "revenue_str": r.text} for r in results]


def route_context(state: State) -> Any:
    from engine.rhl18 import routes as RT

    return RT.RouteContext(
        phase=state["phase"], coal_hexes=frozenset([state["coal"]]),
        steel_hexes=frozenset([state["steel"]]), er_links=len(state["links"]),
        options=frozenset(k for k, v in state["options"].items() if v))


def offer_refusal(state: State, sym: str, owner: str, tid: str, price: int) -> Msg | None:
    """Why ``sym`` may not offer ``price`` for ``owner``'s train ``tid``, or None when it may:
    any price from 1M to its treasury, above an offer the seller's president declined this
    turn (a declined offer is not repeated at the same or a lower price). The one rule the
    engine's buy, its listed moves and the typed offers the bot completes all ask."""
    cash = state["corps"][sym]["cash"]
    if not 1 <= price <= cash:
        return msg("rhl18.err.train_price_range", corp=sym, cash=cash)
    refused = state["round"]["t"].get("declined", {}).get(tid)
    if refused is not None and price <= refused:
        return msg("rhl18.err.offer_declined", seller=owner, train=tid, price=refused)
    return None


def train_moves(state: State, sym: str, seat: int) -> list[dict]:
    from engine.rhl18 import flow as F

    corp = state["corps"][sym]
    out: list[dict] = []
    must = F.must_buy(state, sym) and F.depot_available(state)
    pres_cash = state["cash"][corp["president"]] if corp["president"] is not None else 0
    cheapest = min((F.train_price(t) for t in F.depot_available(state)), default=0)
    for tid in F.depot_available(state):
        price = F.train_price(tid)
        if price <= corp["cash"] or (must and price == cheapest
                                     and price <= corp["cash"] + pres_cash):
            out.append({"type": "buy_train", "entity": sym, "train": tid, "price": price})
    if corp["cash"] >= 1 and not corp["receivership"] and not state["round"]["t"]["ebuy_sold"]:
        for owner, tid in F.other_trains(state, sym):
            price = min(corp["cash"], F.train_price(tid))
            if offer_refusal(state, sym, owner, tid, price) is None:
                out.append({"type": "buy_train", "entity": sym, "train": tid,
                            "price": price})
    if must and cheapest > corp["cash"] + pres_cash and corp["president"] == seat:
        out += [sell_action(seat, b) for b in emergency_bundles(state, sym, seat)]
    if not must or corp["receivership"]:
        # A corporation in receivership has no president to pay for a forced train.
        out.append({"type": "pass", "entity": sym})
    from engine.rhl18 import operating as O

    if corp["president"] == seat and O.can_go_bankrupt(state, sym):
        out.append({"type": "bankrupt", "entity": sym})
    return out


def emergency_bundles(state: State, sym: str, seat: int) -> list[tuple[list[str], int]]:
    """Sales a president may make to pay for a forced train: never handing ``sym`` to
    another player, and never more than needed (a bundle one unit smaller would not do)."""
    from engine.rhl18 import flow as F
    from engine.rhl18 import operating as O

    corp = state["corps"][sym]
    cheapest = min((F.train_price(t) for t in F.depot_available(state)), default=0)
    # As the reference measures it: the train price less the corporation's own cash.
    gap = cheapest - corp["cash"]
    out = []
    for other in data.CORP_ORDER:
        price = R.price_of(state["corps"][other]["price"])
        for bundle in sell_bundles(state, seat, other):
            if other == sym and not O.keeps_presidency(state, sym, seat, bundle[0]):
                continue
            # Too much if the bundle less one share would already cover the gap.
            if bundle[1] // 10 * price - price >= gap:
                continue
            out.append(bundle)
    return out


def step_kinds(state: State, seat: int) -> set[str]:
    """The kinds of move the seat may make now (cheap: no tile or route enumeration)."""
    from engine.rhl18 import flow as F

    rnd = state["round"]
    if rnd["type"] == "Auction":
        return {"par"} if rnd["pending_par"] else {"bid", "pass"}
    if rnd["type"] == "Stock":
        return {"buy_shares", "sell_shares", "par", "pass"}
    if rnd.get("offer"):
        return {"accept", "decline"}
    if rnd["discard"]:
        return {"discard_train"}
    step = rnd["step"]
    kinds = {"SpecialToken": {"place_token", "pass"}, "Track": {"lay_tile", "pass"},
             "Token": {"place_token", "pass", "lay_tile"}, "Route": {"run_routes", "lay_tile"},
             "Dividend": {"dividend"},
             "BuyTrain": {"buy_train", "pass", "sell_shares", "bankrupt"}}.get(step, set())
    sym = F.current_corp(state)
    if sym is not None and state["corps"][sym]["president"] != seat:
        kinds = kinds - {"sell_shares"}
    return kinds


def allowed(state: State, seat: int, action: dict) -> bool:
    """A move of a kind the current step offers. Its details (amounts, tiles, routes,
    certificates) are then checked by the rules themselves, which name the rule broken."""
    return action.get("type") in step_kinds(state, seat)


def why_not(state: State, seat: int, action: dict) -> Msg:
    kinds = sorted({m["type"] for m in moves(state, seat)}, key=lambda k: k.replace("_", " "))
    return msg("rhl18.err.not_now", kinds=[W.kind(k) for k in kinds])
