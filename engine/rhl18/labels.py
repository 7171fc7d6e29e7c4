"""Move labels for autocomplete and buttons: what a move does, in words of the reader's
language, followed by its notation (``Bid 20M for PWB · bid pwb 20``), so a newcomer reads
the move and an 18xx player still sees the notation they can type."""

from __future__ import annotations

import marshal
from typing import Any

from engine.rhl18 import data
from engine.rhl18 import move_line as ML
from engine.rhl18 import notation as N
from engine.rhl18 import operating as O
from engine.rhl18 import rules as R
from engine.rhl18 import words as W
from engine.text import Msg, has, msg, say

State = dict[str, Any]

LIMIT = 100  # Discord's limit for an autocomplete name
BUTTON = 80  # Discord's limit for a button's label


def describe(state: State, action: dict) -> Msg:
    """The label of a legal move; a move kind without words of its own keeps the plain
    notation label."""
    if action["type"] in ("accept", "decline"):
        return N.label(state, action)
    notation = N.format_action(state, action)
    what = _what(state, action, notation)
    if what is None:
        return N.label(state, action)
    label = msg("rhl18_labels.with_notation", what=what, mv=notation)
    return label if len(label) <= LIMIT else what


def _what(state: State, action: dict, notation: str) -> Msg | None:
    kind = action["type"]
    if kind == "bid":
        return _bid(state, action)
    if kind == "par":
        amount = N.cost_of(state, action)
        corp = action["corporation"]
        return msg("rhl18_labels.par" if amount else "rhl18_labels.par_free",
                   corp=corp, price=R.price_of(action["share_price"]), cost=amount,
                   float=data.corporations()[corp]["float_percent"])
    if kind == "buy_shares":
        sym = action["shares"][0].rsplit("_", 1)[0]
        source = "pool" if " pool" in notation else "ipo"
        percent = sum(R.units(c) for c in action["shares"]) * 10
        return msg("rhl18_labels.buy_shares", percent=percent, corp=sym,
                   source=msg(f"rhl18_labels.source.{source}"), cost=N.cost_of(state, action))
    if kind == "sell_shares":
        sym = action["shares"][0].rsplit("_", 1)[0]
        heir = N.sale_heir(state, action)
        if heir is not None:  # the sale hands the corporation over: the log said it unwarned
            return msg("rhl18_labels.sell_shares_heir", percent=action["percent"], corp=sym,
                       gain=N.sale_gain(state, action), who=N.seat_name(state, heir))
        return msg("rhl18_labels.sell_shares", percent=action["percent"], corp=sym,
                   gain=N.sale_gain(state, action))
    if kind == "lay_tile":
        amount = N.cost_of(state, action)
        name = action["tile"].rsplit("-", 1)[0]
        key = "rhl18_labels.lay_cost" if amount else "rhl18_labels.lay"
        return msg(key, tile=name, hex=action["hex"], rotation=action["rotation"], cost=amount)
    if kind == "place_token":
        amount = N.cost_of(state, action)
        key = "rhl18_labels.token_cost" if amount else "rhl18_labels.token"
        return msg(key, where=N.token_place(state, action), cost=amount)
    if kind == "run_routes":
        total = sum(r.get("revenue", 0) for r in action.get("routes", []))
        if not action.get("routes"):  # no train to run: "Run the routes for 0M" read as a choice
            return msg("rhl18_labels.run_none")
        return msg("rhl18_labels.run", amount=total)
    if kind == "dividend" and action["kind"] in ("payout", "withhold"):
        return dividend_effect(state, action["entity"], action["kind"])
    if kind == "buy_train":
        return _train(state, action)
    if kind == "discard_train":
        return msg("rhl18_labels.discard", name=W.train_kind(action["train"]))
    if kind == "pass" and state["round"].get("step") == "Track":
        # this pass skips only the tile lay (the token, run and train steps follow); "Pass"
        # read as ending the corporation's turn
        return msg("rhl18_labels.pass_track")
    if kind in ("bankrupt", "pass"):
        return msg(f"rhl18_labels.{kind}")
    return None


def dividend_effect(state: State, sym: str, kind: str, revenue: int | None = None) -> Msg:
    """Paying out or withholding with what it does: the revenue, a share's part and the share
    price's move ("Pay out 50M (5M a share; price 80 → 90)"). "Pay the revenue out to the
    shareholders" left a player to work out both from the market's rules. The move is made
    by the rules' own dividend on a copy (``revenue``: a run's, before it is made)."""
    trial = marshal.loads(marshal.dumps(state))
    if revenue is not None:
        trial["round"]["t"]["revenue"] = revenue
    earned = trial["round"]["t"]["revenue"] or 0
    O.dividend(trial, sym, kind)
    old = R.price_of(state["corps"][sym]["price"])
    new = R.price_of(trial["corps"][sym]["price"])
    price = msg("rhl18_labels.price_stays", old=old) if new == old else \
        msg("rhl18_labels.price_moves", old=old, new=new)
    if kind == "payout" and not state["corps"][sym]["receivership"]:
        return msg("rhl18_labels.payout_effect", revenue=earned, share=ML.share_of(earned),
                   price=price)
    return msg("rhl18_labels.withhold_effect", revenue=earned, price=price)


def _bid(state: State, action: dict) -> Msg:
    """A bid names the private, what it brings and what it pays (a bare "Tjt" told a
    newcomer nothing, and "Bid 125M for NLK (pays you 25M …)" hid the free GVE share). A
    bid on the cheapest private outside an auction buys it at once: "Bid 20M" read as an
    offer others could top. The revenue is paid every operating round ("pays 5M" read as
    once). A button holds 80 characters: where they do not fit, the name goes first, then
    where an ability lays its tile, then abilities after the first; the revenue stays."""
    company = action["company"]
    revenue = data.companies()[company]["revenue"]
    rnd = state["round"]
    buy = company == rnd["companies"][0] and not rnd["auctioning"]
    args = {"price": action["price"], "company": company, "name": W.private_name(company)}
    named = msg("rhl18_labels.buy_private" if buy else "rhl18_labels.bid", **args)
    bare = msg("rhl18_labels.buy_private_bare" if buy else "rhl18_labels.bid_bare", **args)
    pays = msg("rhl18_labels.note.pays", revenue=revenue) if revenue else \
        msg("rhl18_labels.note.no_income")
    short = private_notes(company, short=True)
    tiers = [(named, private_notes(company)), (bare, private_notes(company)), (bare, short),
             (bare, short[:1]), (bare, [])]
    for base, notes in tiers:
        label = msg("rhl18_labels.private_noted", base=base, notes=_joined(notes),
                    pays=pays) if notes else msg("rhl18_labels.private_paid", base=base,
                                                 pays=pays)
        if max(len(say(label, lang)) for lang in ("en", "de")) <= BUTTON:
            return label
    return bare


def private_notes(company: str, short: bool = False) -> list[Msg]:
    """What a private brings its owner, in a few words each, from its abilities in the game
    data ("+10% of GVE free", "blocks E14"); abilities with nothing for the owner (a close
    on par, a display-only block) say nothing. ``short`` leaves out where a tile goes."""
    notes: list[Msg] = []
    for ability in data.companies()[company]["abilities"]:
        kind = ability["type"]
        if kind == "shares":
            notes += [_share_note(cert) for cert in ability["shares"]]
        elif kind == "blocks_hexes":
            notes.append(msg("rhl18_labels.note.blocks", hexes="/".join(ability["hexes"])))
        elif kind in ("tile_lay", "teleport"):
            notes.append(_tile_note(kind, ability["hexes"], short))
    return notes


def _share_note(cert: str) -> Msg:
    """A certificate a private brings: the president's one makes its buyer president."""
    corp, index = cert.rsplit("_", 1)
    if index == "0":
        return msg("rhl18_labels.note.president", corp=corp)
    return msg("rhl18_labels.note.share", percent=R.units(cert) * 10, corp=corp)


def _tile_note(kind: str, hexes: list[str], short: bool) -> Msg:
    """A tile an ability lays, with where: up to three hexes by name, more by the terrain
    they share ("an extra free mountain tile"); ``short`` or neither: without where."""
    key = f"rhl18_labels.note.{kind}"
    if short:
        return msg(key)
    if len(hexes) <= 3:
        return msg(f"{key}_at", where="/".join(hexes))
    common = set.intersection(*({terrain for part in data.hexes()[hex_id]["parts"]
                                 if part["type"] == "upgrade"
                                 for terrain in part.get("terrains", [])} for hex_id in hexes))
    on = f"{key}_on.{common.pop()}" if len(common) == 1 else ""
    return msg(on) if on and has(on) else msg(key)


def _joined(notes: list[Msg]) -> Msg:
    out = notes[0]
    for note in notes[1:]:
        out = msg("rhl18_labels.notes_and", a=out, b=note)
    return out


def _train(state: State, action: dict) -> Msg:
    train = action["train"]
    for sym, corp in state["corps"].items():
        if train in corp["trains"]:
            # "Buy" read as a purchase where the press only made an offer the other
            # president could (and an AI often did) decline
            key = "rhl18_labels.train_offer" if O.is_offer(state, action["entity"], sym) \
                else "rhl18_labels.train_from"
            return msg(key, name=W.train_kind(train), seller=sym, price=action["price"])
    return msg("rhl18_labels.train_depot", name=W.train_kind(train), price=action["price"])
