"""Readable log lines for one move: the move itself plus the automatic events it caused
(found by comparing the public snapshot before and after). Each line is a catalogue text."""

from __future__ import annotations

from typing import Any

from engine.rhl18 import data
from engine.rhl18 import words as W
from engine.text import Msg, has, msg

Snapshot = dict[str, Any]


def _price(cell: str) -> int:
    return int(cell.split(",")[0])


def _name(names: dict[Any, Any], pid: Any) -> Any:
    return names.get(pid, str(pid))


def events(before: Snapshot, after: Snapshot, names: dict[Any, Any],
           action: dict | None = None) -> list[Msg]:
    """The automatic events between two snapshots around ``action``."""
    lines: list[Msg] = []
    lines += _company_events(before, after, names)
    lines += _corporation_events(before, after, names, _skipped_dividend(before, action),
                                 action)
    if after["phase"] != before["phase"]:
        limit = next(p["train_limit"] for p in data.phases() if p["name"] == after["phase"])
        lines.append(msg("rhl18.log.phase", phase=after["phase"], limit=limit))
        brings = phase_changes(before["phase"], after["phase"])
        if brings:
            lines.append(msg("rhl18.log.phase_brings", phase=after["phase"],
                             changes=_semicolons(brings)))
    if after["bank_broken"] and not before["bank_broken"]:
        lines.append(_bank_broken(before))
    for pid in (p["id"] for p in after["players"]):
        was = next(p for p in before["players"] if p["id"] == pid)
        now = next(p for p in after["players"] if p["id"] == pid)
        if now["bankrupt"] and not was["bankrupt"]:
            lines.append(msg("rhl18.log.bankrupt", who=_name(names, pid)))
    if (after["round"], after["round_num"], after["turn"]) != (
            before["round"], before["round_num"], before["turn"]):
        lines.append(_round_line(after))
    if after["finished"] and not before["finished"]:
        scores = [msg("rhl18.log.score", who=_name(names, p["id"]), val=p["value"])
                  for p in sorted(after["players"], key=lambda p: -p["value"])]
        lines.append(msg("rhl18.log.game_over", scores=scores))
    return lines


def phase_changes(old: str, new: str) -> list[Msg]:
    """What a new phase changes besides the train limit, from the phase and train data: tile
    colours now laid, trains that rust or go on sale, the operating rounds of a set, the
    capital of corporations floating from now, and the rules the phase data ``announce``s.
    "Phase 3 begins: train limit 4." said none of it (a veteran's review)."""
    phases = {p["name"]: p for p in data.phases()}
    was, now = phases[old], phases[new]
    out = [msg("rhl18.log.phase_tiles", colour=msg(f"rhl18.colour.{colour}"))
           for colour in now["tiles"] if colour not in was["tiles"]]
    out += [msg("rhl18.log.phase_rusts", name=t["name"]) for t in data.trains()
            if t["rusts_on"] == new]
    out += [msg("rhl18.log.phase_on_sale", name=t["name"]) for t in data.trains()
            if t["available_on"] == new]
    if now["operating_rounds"] != was["operating_rounds"]:
        out.append(msg("rhl18.log.phase_ors", count=now["operating_rounds"]))
    for status in now["status"]:
        if status not in was["status"] and has(f"rhl18.log.phase_status.{status}"):
            out.append(msg(f"rhl18.log.phase_status.{status}"))
    # rules the fields above do not show (phase 5's off-board values, Montan bonus and
    # Osterath tile were left unsaid), named by the phase data
    out += [msg(f"rhl18.log.phase_effect.{key}") for key in now.get("announce", [])]
    return out


def _semicolons(items: list[Msg]) -> Msg:
    out = items[0]
    for item in items[1:]:
        out = msg("rhl18.log.semicolon", a=out, b=item)
    return out


def _bank_broken(before: Snapshot) -> Msg:
    """The game ends once a set of operating rounds ends with the bank broken: the set under
    way if it broke in one, else the set that follows this stock round (or auction)."""
    if before["round"] == "Operating":
        return msg("rhl18.log.bank_broken")
    return msg("rhl18.log.bank_broken_next_set")


def _round_line(snap: Snapshot) -> Msg:
    if snap["round"] == "Stock":
        return msg("rhl18.log.stock_round", turn=snap["turn"])
    if snap["round"] == "Operating":
        return msg("rhl18.log.operating_round", turn=snap["turn"], num=snap["round_num"],
                   of=snap["operating_rounds"])
    return msg("rhl18.log.auction")


def _company_events(before: Snapshot, after: Snapshot, names: dict[Any, Any]) -> list[Msg]:
    lines = []
    old = {c["id"]: c for c in before["companies"]}
    for comp in after["companies"]:
        was = old[comp["id"]]
        if comp["owner"] is not None and was["owner"] is None and not comp["closed"]:
            lines.append(msg("rhl18.log.gets_private", who=_name(names, comp["owner"]),
                             company=comp["id"]))
            lines += _brought(after, comp["id"], names)
        if comp["closed"] and not was["closed"]:
            lines.append(msg("rhl18.log.private_closes", company=comp["id"]))
    return lines


def _brought(after: Snapshot, company: str, names: dict[Any, Any]) -> list[Msg]:
    """The shares a private brought its new owner (NLK's 10% of GVE, from its ``shares``
    ability in the game data): "Lena buys NLK for 120M" left a newcomer wondering where the
    GVE share in their hand came from. A president's certificate (RhE's, on its par) is said
    by the president line."""
    pid = next(c["owner"] for c in after["companies"] if c["id"] == company)
    held = next(p["shares"] for p in after["players"] if p["id"] == pid)
    lines = []
    for cert in data.private_certs()[company]:
        corp, index = cert.rsplit("_", 1)
        if index != "0" and cert in held.get(corp, ()):
            lines.append(msg("rhl18.log.private_share", who=_name(names, pid), company=company,
                             percent=data.corporations()[corp]["shares"][int(index)], corp=corp))
    return lines


# The moves at or after a corporation's dividend step: none carries it past a dividend.
# A president's sale for a forced train comes after it: its price fell from the sale, and
# "GVE has no revenue: nothing to pay out" gave a wrong reason.
AFTER_DIVIDEND = ("dividend", "bankrupt", "sell_shares", "buy_train", "accept", "decline",
                  "discard_train")
# A move whose own line says the train a corporation got (move_line.describe).
TRAIN_MOVES = ("buy_train", "accept")


def _skipped_dividend(before: Snapshot, action: dict | None) -> tuple[str, int] | None:
    """The operating corporation and its revenue when ``action`` moves it past a dividend
    the rules choose alone: it earned nothing, or (in receivership) it must withhold."""
    if action is None or before["round"] != "Operating" or action["type"] in AFTER_DIVIDEND:
        return None
    revenue = sum(int(r.get("revenue", 0)) for r in action.get("routes", [])) \
        if action["type"] == "run_routes" else 0
    return before["current_entity"], revenue


def _corporation_events(before: Snapshot, after: Snapshot, names: dict[Any, Any],
                        skipped: tuple[str, int] | None, action: dict | None) -> list[Msg]:
    lines, tokens = [], []
    owned = {t for c in before["corporations"] for t in c["trains"]}
    old = {c["id"]: c for c in before["corporations"]}
    for corp in after["corporations"]:
        was, sym = old[corp["id"]], corp["id"]
        if corp["floated"] and not was["floated"]:
            lines.append(msg("rhl18.log.floats", corp=sym))
        if skipped and skipped[0] == sym and was["share_price"] and corp["share_price"] \
                and _price(corp["share_price"]) < _price(was["share_price"]):
            # Say why the price fell, or it falls after a tile lay with no reason given.
            lines.append(msg("rhl18.log.withhold", who=sym, revenue=skipped[1])
                         if skipped[1] else msg("rhl18.log.no_revenue", corp=sym))
        if corp["share_price"] != was["share_price"] and was["share_price"]:
            from_price = _price(was["share_price"])
            lines.append(msg("rhl18.log.price_moves", corp=sym, old=from_price,
                             new=_price(corp["share_price"])) if corp["share_price"] else
                         msg("rhl18.log.price_cleared", corp=sym, old=from_price))
        if corp["president"] != was["president"] and corp["president"] is not None:
            # "the market (receivership) becomes president of ADR" hid what happened
            lines.append(msg("rhl18.log.receivership", corp=sym) if corp["president"] == "pool"
                         else msg("rhl18.log.president", who=_name(names, corp["president"]),
                                  corp=sym))
        gone = [t for t in was["trains"] if t not in corp["trains"]
                and not any(t in c["trains"] for c in after["corporations"])
                and t not in after["discarded"]]
        if gone:
            lines.append(msg("rhl18.log.rust", corp=sym, trains=_trains(gone)))
        if action is None or action["type"] not in TRAIN_MOVES:
            # a corporation entering receivership on a bankruptcy gets the cheapest train on
            # a bank loan (operating._receivership_train): its treasury went below zero unsaid
            for train in (t for t in corp["trains"] if t not in owned):
                lines.append(msg("rhl18.log.loan_train", corp=sym, train=W.a_train(train),
                                 cash=corp["cash"]))
        had = {t.split("@")[1] for t in was["tokens"] if "@" in t}
        placed = [t for t in corp["tokens"] if "@" in t and t.split("@")[1] not in had]
        # after every corporation's money and price lines: another corporation's home
        # station sat inside a dividend's lines ("CCE pays out …; KEG has a token in D7;
        # CCE's share price …")
        tokens += [msg("rhl18.log.has_token", corp=sym, hex=t.split("@")[1]) for t in placed]
    return lines + tokens


def _trains(trains: list[str]) -> list[Msg]:
    """Trains as one names them in a list, alike ones counted: "two 2-trains, 3-train"."""
    kinds: dict[str, int] = {}
    for train in trains:
        kinds[W.train_kind(train)] = kinds.get(W.train_kind(train), 0) + 1
    return [msg("rhl18.log.train_name", name=kind) if count == 1 else
            msg("rhl18.log.trains_of_kind", count=count, name=kind,
                n=msg(f"rhl18.log.number.{count}") if has(f"rhl18.log.number.{count}")
                else str(count))
            for kind, count in kinds.items()]
