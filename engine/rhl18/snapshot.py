"""Our state in the shape of the reference engine's per-action traces (for parity tests)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.rhl18 import board as bd
from engine.rhl18 import data
from engine.rhl18 import flow as F
from engine.rhl18 import rules as R

State = dict[str, Any]

ROUND_NAMES = {"Auction": "Auction", "Stock": "Stock", "Operating": "Operating"}


def snapshot(state: State) -> dict:
    ids = state["ids"]
    rnd = state["round"]
    # One pass over the certificates: holder -> corporation -> certificates.
    held: dict[Any, dict[str, list[str]]] = {}
    for cert, holder in state["certs"].items():
        held.setdefault(holder, {}).setdefault(cert.rsplit("_", 1)[0], []).append(cert)
    players = []
    for seat in state["order"]:
        shares = held.get(seat, {})
        players.append({
            "id": ids[seat], "cash": state["cash"][seat], "bankrupt": state["bankrupt"][seat],
            "companies": [c for c, v in state["companies"].items()
                          if v["owner"] == seat and not v["closed"]],
            "shares": {k: sorted(v, key=_cert_key) for k, v in shares.items()},
            "value": R.player_value(state, seat),
        })
    corps = []
    for sym in data.CORP_ORDER:
        c = state["corps"][sym]
        corps.append({
            "id": sym, "cash": c["cash"], "share_price": c["price"], "par_price": c["par"],
            "ipoed": c["ipoed"], "floated": c["floated"], "capitalization": c["cap"],
            "president": "pool" if c["receivership"] else (
                ids[c["president"]] if c["president"] is not None else None),
            "treasury_or_ipo_shares": sorted(held.get(R.T, {}).get(sym, []), key=_cert_key),
            "pool_shares": sorted(held.get(R.POOL, {}).get(sym, []), key=_cert_key),
            "trains": list(c["trains"]),
            "tokens": [F.token_label(state, sym, t) for t in c["tokens"]],
            "operated": c["operated"], "closed": c["closed"],
        })
    laid = []
    for hex_id in data.hex_order():
        cell = state["board"][hex_id]
        if not bd.is_preprinted(cell["tile"]):
            laid.append([hex_id, cell["id"], cell["rotation"]])
    return {
        "turn": state["turn"], "round": ROUND_NAMES[rnd["type"]],
        "round_num": rnd.get("num", 1), "phase": state["phase"],
        "operating_rounds": state["ors"], "finished": state["finished"],
        "bank": state["bank"], "bank_broken": state["bank_broken"],
        "players": players, "player_order": [ids[s] for s in state["order"]],
        "corporations": corps,
        "companies": [{"id": c, "owner": ids[v["owner"]] if v["owner"] is not None else None,
                       "closed": v["closed"]} for c, v in state["companies"].items()],
        "depot_available": F.depot_available(state),
        "depot_remaining": list(state["depot"]),
        "discarded": list(state["discarded"]),
        "laid_tiles": laid,
        "current_entity": current_entity(state),
        "active_step": active_step(state),
    }


@lru_cache(maxsize=1024)  # the sort key of every certificate, twice a move
def _cert_key(cert: str) -> int:
    return int(cert.rsplit("_", 1)[1])


def current_entity(state: State) -> Any:
    rnd = state["round"]
    ids = state["ids"]
    if state["finished"]:
        return None
    if rnd["type"] == "Auction":
        return ids[R.auction_current(state)]
    if rnd["type"] == "Stock":
        return ids[F.sr_current(state)]
    if rnd["discard"]:
        return rnd["discard"][0]
    return F.current_corp(state)


def active_step(state: State) -> str | None:
    rnd = state["round"]
    if state["finished"]:
        return None
    if rnd["type"] == "Auction":
        return "CompanyPendingPar" if rnd["pending_par"] else "WaterfallAuction"
    if rnd["type"] == "Stock":
        return "BuySellParShares"
    if rnd["discard"]:
        return "DiscardTrain"
    return rnd["step"]


def diff(ours: Any, ref: Any, path: str = "") -> str | None:
    """The first differing field between two snapshots, as a readable path, or None."""
    if isinstance(ref, dict) and isinstance(ours, dict):
        for key in ref:
            if key not in ours:
                return f"{path}.{key}: missing (ref {ref[key]!r})"
            found = diff(ours[key], ref[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(ref, list) and isinstance(ours, list):
        if len(ref) != len(ours):
            return f"{path}: ours {ours!r} != ref {ref!r}"
        for i, (a, b) in enumerate(zip(ours, ref, strict=True)):
            label = b.get("id", i) if isinstance(b, dict) else i
            found = diff(a, b, f"{path}[{label}]")
            if found:
                return found
        return None
    if ours != ref:
        return f"{path}: ours {ours!r} != ref {ref!r}"
    return None


def normalise(snap: dict) -> dict:
    """Order-insensitive parts of the traces sorted (certificate and train lists)."""
    out = dict(snap)
    out["corporations"] = [
        dict(c, trains=sorted(c["trains"]),
             pool_shares=sorted(c["pool_shares"], key=_cert_key),
             treasury_or_ipo_shares=sorted(c["treasury_or_ipo_shares"], key=_cert_key))
        for c in snap["corporations"]]
    out["players"] = [dict(p, shares={k: sorted(v, key=_cert_key)
                                      for k, v in p["shares"].items()},
                           companies=sorted(p["companies"]))
                      for p in snap["players"]]
    out["discarded"] = sorted(snap["discarded"])
    out["depot_available"] = sorted(snap["depot_available"])
    return out
