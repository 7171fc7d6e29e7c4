"""The log line of one 18Rhl move, as players read it in the channel: what was bought or
sold, from where and for how much, which tile went where, what each train earned and what a
dividend paid a share ("BME runs a 4-train for 240M: B15-B13-C10-D9-D11-D13 + Montan").

A line needs facts only the position before the move holds (the terrain a tile paid for,
where a share came from, the revenue a dividend shares out): :func:`facts` takes them before
the rules process the move, :func:`describe` words the move once they have accepted it, so
a malformed move is refused, never misread."""

from __future__ import annotations

import marshal
import math
import re
from typing import Any

from engine.rhl18 import flow as F
from engine.rhl18 import notation as N
from engine.rhl18 import operating as O
from engine.rhl18 import routes as RT
from engine.rhl18 import rules as R
from engine.rhl18 import words as W
from engine.rhl18.notation import cost_of as cost
from engine.rhl18.snapshot import active_step
from engine.text import Msg, msg, player

PASSES = {"Track": "rhl18.log.pass_track", "Token": "rhl18.log.pass_token",
          "SpecialToken": "rhl18.log.pass_token", "BuyTrain": "rhl18.log.pass_trains"}
# The line a move for a corporation in receivership opens with ("RhE (in receivership)").
RECEIVERSHIP = "rhl18.log.in_receivership"

State = dict[str, Any]


def facts(state: State, action: dict) -> dict[str, Any]:
    """What the line will need from the position before ``action``. The rules have not
    checked the move's details yet; one that names no such hex, certificate or train is
    refused by them next, with the rule's reason, so here it only yields no facts."""
    try:
        return _facts(state, action)
    except (KeyError, IndexError, TypeError, ValueError):
        return {}


def _facts(state: State, action: dict) -> dict[str, Any]:
    kind = action["type"]
    if kind == "bid":
        # a bid on the cheapest private outside an auction buys it at once (labels._bid)
        rnd = state["round"]
        return {"outright": action["company"] == rnd["companies"][0]
                and not rnd["auctioning"]}
    if kind in ("lay_tile", "place_token"):
        return {"cost": cost(state, action)}
    if kind == "buy_shares":
        cert = action["shares"][0]
        return {"cost": cost(state, action),
                "source": "pool" if state["certs"].get(cert) == R.POOL else "ipo"}
    if kind == "sell_shares":
        # in an operating round only a president raising money for the corporation's
        # forced train buy sells (operating._emergency_sell)
        return {"gain": N.sale_gain(state, action), "for": F.current_corp(state)}
    if kind == "dividend":
        corp = state["corps"].get(action["entity"], {})
        return {"revenue": state["round"].get("t", {}).get("revenue") or 0,
                "receivership": bool(corp.get("receivership"))}
    if kind == "buy_train":
        seller = next((sym for sym, corp in state["corps"].items()
                       if action["train"] in corp["trains"]), None)
        corp = state["corps"][action["entity"]]
        # a depot train the corporation cannot pay alone: its president adds the rest
        # (operating._president_contributes), which the line says
        short = int(action["price"]) - corp["cash"] if seller is None else 0
        return {"seller": seller, "cash": corp["cash"], "added": max(short, 0),
                "president": corp["president"]}
    if kind == "bankrupt":
        sym = action["entity"]
        # the rules' own sales, on a copy: the president's shares sold before the rest go
        # to the pool, which the line lists (the channel said the price moves alone)
        work = marshal.loads(marshal.dumps(state))
        return {"forced": F.must_buy(state, sym),
                "president": state["corps"][sym]["president"],
                "sales": O.bankruptcy_sales(work, sym)}
    if kind == "pass":
        return {"step": active_step(state)}
    if kind == "run_routes":  # a broken route (RouteError) is refused by the rules next
        return {"routes": ran_routes(state, action)}
    return {}


def ran_routes(state: State, action: dict) -> list[dict]:
    """The routes a run action runs, each with its revenue and its stops as the map names
    them. A typed run names only trains and stops, so it is valued here on the board before
    it, as the rules value it: its line said "runs for 0M: 2-train D9-0-E8-1-E8-0"."""
    routes = action.get("routes") or []
    if all("revenue" in r for r in routes):
        return [dict(r) for r in routes]
    from engine.rhl18 import legal as L

    results = RT.validate_routes(state["board"], action["entity"], routes, L.route_context(state))
    return [{"train": r.train, "stops": r.stops, "connections": r.connections,
             "revenue": r.revenue, "revenue_str": r.text} for r in results]


def describe(state: State, action: dict, known: dict[str, Any],
             names: dict[Any, Any] | None = None) -> Msg:
    """The line for ``action``, just applied to ``state``; ``known`` is :func:`facts` of
    the position before it."""
    who = action["entity"]
    if isinstance(who, int):
        who = (names or {}).get(state["ids"][who]) or player(who)
    kind = action["type"]
    if kind == "run_routes":
        return _runs(who, known.get("routes", action.get("routes", [])))
    if kind == "buy_train" and state["round"].get("offer"):
        offer = state["round"]["offer"]
        return msg("rhl18.log.offers", who=who, seller=offer["seller"],
                   train=W.a_train(offer["train"]), price=offer["price"])
    if kind == "buy_train" and known.get("added") and known.get("president") is not None:
        return msg("rhl18.log.buys_train_helped", who=who, train=W.a_train(action["train"]),
                   price=action["price"], cash=known["cash"], added=known["added"],
                   president=_player(state, known["president"], names))
    if kind == "buy_train":
        return _bought_train(who, known.get("seller"), action["train"], action["price"])
    if kind == "bankrupt":
        return _bankrupt(state, who, known, names)
    if kind == "accept":
        # The seller's president's move: the trade's line alone ("GVE buys a 2-train from
        # RhE") read, under the one who accepted, as their own purchase
        return msg("rhl18.log.accepts", who=who, buyer=action["buyer"],
                   train=W.a_train(action["train"]), price=action["price"])
    if kind == "decline":
        return msg("rhl18.log.declines", who=who, buyer=action["buyer"],
                   train=W.a_train(action["train"]), price=action["price"])
    if kind == "dividend" and action["kind"] in ("payout", "withhold"):
        return _dividend(who, action["kind"], known)
    if kind in ("buy_shares", "sell_shares"):
        sym = action["shares"][0].rsplit("_", 1)[0]
        percent = sum(R.units(c) for c in action["shares"]) * 10
        if kind == "sell_shares" and known.get("for"):
            # opens with the corporation: the channel drops a line's leading mover name
            # after their corporation's lines, and a bare "sells 20% of CME" read as ADR's
            return msg("rhl18.log.sells_for_train", who=who, corp=known["for"],
                       percent=action.get("percent", percent), shares=sym,
                       price=known.get("gain", 0))
        if kind == "sell_shares":
            return msg("rhl18.log.sells", who=who, percent=action.get("percent", percent),
                       corp=sym, price=known.get("gain", 0))
        return msg("rhl18.log.buys", who=who, percent=percent, corp=sym,
                   source=msg(f"rhl18_labels.source.{known.get('source', 'ipo')}"),
                   price=known.get("cost", 0))
    if kind == "lay_tile":
        tile = action["tile"].rsplit("-", 1)[0]
        if known.get("cost"):
            return msg("rhl18.log.lays_cost", who=who, tile=tile, hex=action["hex"],
                       cost=known["cost"])
        return msg("rhl18.log.lays", who=who, tile=tile, hex=action["hex"])
    if kind == "place_token":
        where = N.token_place(state, action)
        if known.get("cost"):
            return msg("rhl18.log.token_cost", who=who, city=where, cost=known["cost"])
        return msg("rhl18.log.token", who=who, city=where)
    if kind == "bid" and known.get("outright") and \
            state["companies"][action["company"]]["owner"] == action["entity"]:
        # "Anna bids 20M on PWB; Anna gets private PWB" read as an auction of one bid
        return msg("rhl18.log.buys_private", who=who, company=action["company"],
                   price=action["price"])
    simple = {
        "bid": lambda: msg("rhl18.log.bids", who=who, price=action["price"],
                           company=action["company"]),
        "par": lambda: msg("rhl18.log.pars", who=who, corp=action["corporation"],
                           price=R.price_of(action["share_price"])),
        # "GVE passes" read alike for track, station and trains: the step says which
        "pass": lambda: msg(PASSES.get(known.get("step") or "", "rhl18.log.pass"), who=who),
        "discard_train": lambda: msg("rhl18.log.discard", who=who,
                                     train=W.a_train(str(action.get("train")))),
    }
    if kind in simple:
        return simple[kind]()
    return msg("rhl18.log.other", who=who, k=W.kind(kind))


def answered(offer: Any, answer: Any) -> Msg | None:
    """An offer's line and the first line of its answer as one ("GVE offers CME 114M for a
    4-train; CME accepts"), where the answer is to that offer; else None. Apart, the accept
    read as a second purchase of the train (its line is the trade's), and the answer as
    another player's turn."""
    if getattr(offer, "key", None) != "rhl18.log.offers":
        return None
    asked, key = offer.params, getattr(answer, "key", None)
    said = answer.params if key in ANSWERS else {}
    deal = (asked["who"], asked["seller"], str(asked["train"]), asked["price"])
    # an acceptance stored before it had a line of its own is the trade's line
    if key == "rhl18.log.buys_train_from" and \
            (said["who"], said["seller"], str(said["train"]), said["price"]) == deal:
        return msg("rhl18.log.offer_accepted", offer=offer, seller=asked["seller"])
    if key in ANSWERS and key != "rhl18.log.buys_train_from" and \
            (said["buyer"], said["who"], str(said["train"]), said["price"]) == deal:
        outcome = "accepted" if key == "rhl18.log.accepts" else "declined"
        return msg(f"rhl18.log.offer_{outcome}", offer=offer, seller=asked["seller"])
    return None


ANSWERS = ("rhl18.log.accepts", "rhl18.log.declines", "rhl18.log.buys_train_from")


def _player(state: State, seat: int, names: dict[Any, Any] | None) -> Any:
    return (names or {}).get(state["ids"][seat]) or player(seat)


def _bankrupt(state: State, corp: Any, known: dict[str, Any],
              names: dict[Any, Any] | None) -> Msg:
    """The president goes bankrupt (their own line follows: "ADR: bankrupt" read as the
    corporation's bankruptcy), forced by a train the corporation cannot pay or declared
    with nothing forcing it (it read as forced after the confirmation said nothing did),
    and the president's sales the rules made first."""
    if known.get("president") is None:
        return msg("rhl18.log.declares_bankrupt", corp=corp)
    president = _player(state, known["president"], names)
    line = msg("rhl18.log.declares_bankrupt" if known.get("forced", True)
               else "rhl18.log.declares_bankrupt_unforced", corp=corp, who=president)
    sales = [msg("rhl18.log.sells", who=president, percent=percent, corp=other,
                 price=gain) for other, percent, gain in known.get("sales", [])]
    return joined([line, *sales])


def _bought_train(who: Any, seller: Any, train: str, price: int) -> Msg:
    if seller is None:
        return msg("rhl18.log.buys_train", who=who, train=W.a_train(train), price=price)
    return msg("rhl18.log.buys_train_from", who=who, seller=seller, train=W.a_train(train),
               price=price)


def _dividend(who: Any, kind: str, known: dict[str, Any]) -> Msg:
    revenue = known.get("revenue", 0)
    if kind == "withhold" or known.get("receivership"):
        return msg("rhl18.log.withhold", who=who, revenue=revenue)
    return msg("rhl18.log.payout", who=who, revenue=revenue, share=share_of(revenue))


def share_of(revenue: int) -> int:
    """A 10% share's part of a pay-out, rounded up as the rules pay it (operating.dividend)."""
    return math.ceil(revenue / 10)


def _runs(who: Any, routes: list[dict]) -> Msg:
    if not routes:
        return msg("rhl18.log.runs_none", who=who)
    total = sum(int(r.get("revenue", 0)) for r in routes)
    if len(routes) == 1:
        return msg("rhl18.log.runs_one", who=who, train=W.train_name(routes[0]["train"]),
                   revenue=total, route=route_text(routes[0]))
    return msg("rhl18.log.runs", who=who, revenue=total, routes=joined(train_runs(routes)))


def train_runs(routes: list[dict]) -> list[Msg]:
    """Each train's part of a run: the train as players name it (two of a kind by their
    order, "2-train (1)"), its stops and bonuses, and what it earns. The log line says this
    in full, so the routes picture after a run need not say the run a second time."""
    names = RT.run_train_names([r["train"] for r in routes])
    return [msg("rhl18.log.run_train", t=name, r=route_text(r), v=int(r.get("revenue", 0)))
            for name, r in zip(names, routes, strict=True)]


def joined(items: list[Msg]) -> Msg:
    """Texts joined with "; " (a list placeholder would join them with ", ")."""
    out = items[0]
    for item in items[1:]:
        out = msg("rhl18.log.semicolon", a=out, b=item)
    return out


# The bonus parts of a route's text (routes._bonuses, and 18xx.games records the same).
_BONUSES = (
    (re.compile(r"Montan \(=\+(\d+)M\)"), "rhl18.bonus.montan"),
    (re.compile(r"Montanx2 \(=\+(\d+)M\)"), "rhl18.bonus.montan2"),
    (re.compile(r"1 link \(=\+(\d+)M\)"), "rhl18.bonus.link"),
    (re.compile(r"(\d+) links \(=\+(\d+)M\)"), "rhl18.bonus.links"),
    (re.compile(r"Iron Rhine \(=\+(\d+)M\)"), "rhl18.bonus.iron_rhine"),
    (re.compile(r"Ratingen \(=\+(\d+)M\)"), "rhl18.bonus.ratingen"),
    (re.compile(r"RGE \(=\+(\d+)M\)"), "rhl18.bonus.rge"),
    (re.compile(r"RGEx2 \(=\+(\d+)M\)"), "rhl18.bonus.rge2"),
)


def route_text(route: dict) -> Msg:
    """A run route in words: its stops (hex notation) and each bonus as a catalogue text."""
    text = route.get("revenue_str") or "-".join(route.get("stops", []))
    path, *bonuses = str(text).split(" + ")
    out = msg("rhl18.log.route", hx=path)
    for part in bonuses:
        out = msg("rhl18.log.route_bonus", r=out, b=_bonus(part))
    return out


def _bonus(part: str) -> Msg:
    for pattern, key in _BONUSES:
        found = pattern.fullmatch(part)
        if found:
            numbers = [int(g) for g in found.groups()]
            if len(numbers) == 2:
                return msg(key, n=numbers[0], amt=numbers[1])
            return msg(key, amt=numbers[0])
    return msg("rhl18.kind.other", txt=part)  # a bonus we do not know: as recorded
