"""Readable log lines for one move: the move itself plus the automatic events it caused
(found by comparing the public snapshot before and after)."""

from __future__ import annotations

from typing import Any

from engine.rhl18 import data

Snapshot = dict[str, Any]


def _price(cell: str | None) -> str:
    return f"{cell.split(',')[0]}M" if cell else "-"


def events(before: Snapshot, after: Snapshot, names: dict[Any, str]) -> list[str]:
    lines: list[str] = []
    lines += _company_events(before, after, names)
    lines += _corporation_events(before, after, names)
    if after["phase"] != before["phase"]:
        limit = next(p["train_limit"] for p in data.phases() if p["name"] == after["phase"])
        lines.append(f"-- Phase {after['phase']} (train limit {limit}) --")
    if after["bank_broken"] and not before["bank_broken"]:
        lines.append("-- The bank has broken: the game ends after this set of operating "
                     "rounds --")
    for pid in (p["id"] for p in after["players"]):
        was = next(p for p in before["players"] if p["id"] == pid)
        now = next(p for p in after["players"] if p["id"] == pid)
        if now["bankrupt"] and not was["bankrupt"]:
            lines.append(f"-- {names.get(pid, pid)} goes bankrupt --")
    if (after["round"], after["round_num"], after["turn"]) != (
            before["round"], before["round_num"], before["turn"]):
        lines.append(_round_line(after))
    if after["finished"] and not before["finished"]:
        scores = ", ".join(f"{names.get(p['id'], p['id'])} {p['value']}M"
                           for p in sorted(after["players"], key=lambda p: -p["value"]))
        lines.append(f"-- Game over: {scores} --")
    return lines


def _round_line(snap: Snapshot) -> str:
    if snap["round"] == "Stock":
        return f"-- Stock Round {snap['turn']} --"
    if snap["round"] == "Operating":
        return (f"-- Operating Round {snap['turn']}.{snap['round_num']} "
                f"(of {snap['operating_rounds']}) --")
    return "-- Auction --"


def _company_events(before: Snapshot, after: Snapshot, names: dict[Any, str]) -> list[str]:
    lines = []
    old = {c["id"]: c for c in before["companies"]}
    for comp in after["companies"]:
        was = old[comp["id"]]
        if comp["owner"] is not None and was["owner"] is None and not comp["closed"]:
            lines.append(f"{names.get(comp['owner'], comp['owner'])} gets private "
                         f"{comp['id']}")
        if comp["closed"] and not was["closed"]:
            lines.append(f"Private {comp['id']} closes")
    return lines


def _corporation_events(before: Snapshot, after: Snapshot, names: dict[Any, str]
                        ) -> list[str]:
    lines = []
    old = {c["id"]: c for c in before["corporations"]}
    for corp in after["corporations"]:
        was, sym = old[corp["id"]], corp["id"]
        if corp["floated"] and not was["floated"]:
            lines.append(f"{sym} floats")
        if corp["share_price"] != was["share_price"] and was["share_price"]:
            lines.append(f"{sym}'s share price moves from {_price(was['share_price'])} to "
                         f"{_price(corp['share_price'])}")
        if corp["president"] != was["president"] and corp["president"] is not None:
            who = "the market (receivership)" if corp["president"] == "pool" else \
                names.get(corp["president"], corp["president"])
            lines.append(f"{who} becomes president of {sym}")
        gone = [t for t in was["trains"] if t not in corp["trains"]
                and not any(t in c["trains"] for c in after["corporations"])
                and t not in after["discarded"]]
        if gone:
            lines.append(f"{sym}'s trains rust: {', '.join(gone)}")
        had = {t.split("@")[1] for t in was["tokens"] if "@" in t}
        placed = [t for t in corp["tokens"] if "@" in t and t.split("@")[1] not in had]
        for token in placed:
            lines.append(f"{sym} has a token in {token.split('@')[1]}")
    return lines
