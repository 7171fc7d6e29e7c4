"""18Rhl's board as text: each player's cash, shares and private companies; each corporation
with its president, share price, treasury, trains, stations (tokens) by hex, shares in the
treasury and the pool; the private companies' owners; the tiles laid, by hex. All of it lies
open on an 18xx table."""

from __future__ import annotations

from typing import Any

from engine.rhl18 import data
from engine.rhl18.words import private_name
from engine.text import say as said
from render.board_text import say, who
from render.rhl18_facts import seat_of_id
from render.rhl18_market import _percent, corporations, price_text


def lines(view: dict, lang: str) -> list[str]:
    out = [say(lang, "rhl.bank", bank=view.get("bank", 0), phase=view.get("phase", "-"),
               trains=_for_sale(view, lang))]
    out += [_player(view, player, lang) for player in view.get("players") or []]
    out += [_corporation(view, entry, lang) for entry in corporations(view)
            if not entry.get("closed")]
    tiles = [_tile(laid) for laid in view.get("laid_tiles") or []]
    if tiles:
        out.append(say(lang, "rhl.tiles", count=len(tiles), tiles="; ".join(tiles)))
    return out


def _player(view: dict, player: dict[str, Any], lang: str) -> str:
    seat = player.get("seat")
    name = who(view, seat, lang) if seat is not None else str(player.get("name"))
    if player.get("bankrupt"):
        return say(lang, "rhl.player_bankrupt", who=name)
    shares = [f"{sym} {_percent(view, sym, certs)}%"
              for sym, certs in (player.get("shares") or {}).items() if certs]
    privates = [said(private_name(c), lang) for c in player.get("companies") or []]
    return say(lang, "rhl.player", who=name, cash=player.get("cash", 0),
               shares=", ".join(shares) or "–", privates=", ".join(privates) or "–",
               value=player.get("value", 0))


def _corporation(view: dict, entry: dict[str, Any], lang: str) -> str:
    sym = entry["sym"]
    if not entry.get("ipoed", entry.get("share_price") is not None):
        return say(lang, "rhl.corp_unstarted", sym=sym)
    if entry.get("president") == "pool":
        president = say(lang, "rhl.receivership")
    else:
        seat = entry.get("president_seat")
        if seat is None:
            seat = seat_of_id(view, entry.get("president"))
        president = who(view, seat, lang) if seat is not None else "–"
    tokens = [str(t).rsplit("@", 1)[1] for t in entry.get("tokens") or [] if "@" in str(t)]
    unused = sum(1 for t in entry.get("tokens") or [] if str(t).startswith("unused"))
    return say(lang, "rhl.corp", sym=sym, president=president,
               price=price_text(entry.get("share_price")), cash=entry.get("cash", 0),
               trains=_trains(entry.get("trains") or [], lang),
               tokens=", ".join(tokens) or "–", unused=unused,
               treasury=_percent(view, sym, entry.get("treasury_or_ipo_shares") or []),
               pool=_percent(view, sym, entry.get("pool_shares") or []))


def _for_sale(view: dict, lang: str) -> str:
    """"3-trains (5 left)": the kinds the bank sells now, as /game hand names trains, and how
    many of each the depot and the pool hold. "trains for sale: 3" read as a count."""
    left = [str(t).split("-")[0] for t in
            [*(view.get("depot_remaining") or []), *(view.get("discarded") or [])]]
    kinds = dict.fromkeys(str(t).split("-")[0] for t in view.get("depot_available") or [])
    return ", ".join(say(lang, "rhl.for_sale", kind=kind, count=max(1, left.count(kind)))
                     for kind in kinds) or say(lang, "rhl.no_trains")


def _trains(trains: list[str], lang: str) -> str:
    kinds = [str(train).split("-")[0] for train in trains]
    return ", ".join(kinds) or say(lang, "rhl.no_trains")


def _tile(laid: list[Any]) -> str:
    """"F9 Köln: 921": the hex, its name where it has one, the tile's number."""
    hex_id, tile = str(laid[0]), str(laid[1]).split("-")[0]
    name = (data.hexes().get(hex_id) or {}).get("location_name")
    return f"{hex_id} {name}: {tile}" if name else f"{hex_id}: {tile}"
