"""The 18Rhl game behind the engine contract (setup / active / legal / apply / view ...)."""

from __future__ import annotations

import marshal
from typing import Any

from engine.core import Game, Option, RuleError, Standing, rank_standings
from engine.rhl18 import flow as F
from engine.rhl18 import legal as L
from engine.rhl18 import log as LOG
from engine.rhl18 import notation as N
from engine.rhl18 import rules as R
from engine.rhl18 import snapshot as S

State = dict[str, Any]

TOPICS = {
    "overview": "18Rhl: Rhineland, an 18xx for 3-6 players. Buy privates in a waterfall "
                "auction, then alternate stock rounds and sets of operating rounds. The game "
                "ends after the operating-round set in which the bank breaks; the richest "
                "player (cash plus share value) wins.",
    "auction": "Only the cheapest private can be bought outright; bid on others at +5. When a "
               "private with several bids comes up, its bidders auction it. If all pass, the "
               "first private gets 5M cheaper (or, once sold, the privates pay out).",
    "stock": "On your turn sell any shares (of corporations that have operated), then buy one "
             "certificate or par a corporation, or pass. Shares cost the current price. You "
             "cannot buy back a corporation you sold this round.",
    "operating": "Each corporation: lay or upgrade one tile, place a token, run trains, pay "
                 "out or withhold, buy trains. Pay-outs at or above the share price move it "
                 "right; withholding moves it left.",
    "components": "All numbers (market, trains, tiles, privates) are those of the published "
                  "game as implemented by 18xx.games; no component value is house-made. "
                  "House rulings for situations the reference leaves open: the game ends "
                  "if every player is bankrupt, and a corporation in receivership that "
                  "cannot afford a forced train may pass.",
    "notation": "bid nlk 125 · par rhe 80 · buy gve ipo (or pool; add 20 for a 20% "
                "certificate) · sell dee 2 (certificates; 'pres' / 'half-pres' when the "
                "president's certificate goes) · lay 9 F11 1 · szl lay 9 F11 1 · token K6 "
                "(token F9.1 for a second city) · run auto · run 2-0: I10-0 K6; 3-1: ... (a hex "
                "with several stops needs its part, e.g. I10-0) · run none · "
                "payout · withhold · buy-train 3 depot · buy-train 2-3 from dee 150 · "
                "discard 3-1 · bankrupt · pass",
}


class Rhl18Game(Game):
    key = "18rhl"
    title = "18Rhl: Rhineland"
    min_players = 3
    max_players = 6
    options = (
        Option("optional_2_train", "bool", False, "Add a 7th 2-train."),
        Option("lower_starting_capital", "bool", False,
               "Lower starting cash (500/375/300/250)."),
        Option("promotion_tiles", "bool", False,
               "Gray promotion tiles Essen, 949, 950 and 932V (instead of 932)."),
        Option("ratingen_variant", "bool", False,
               "Angertalbahn replaces PWB; Ratingen tiles 1910/1911 and +30 bonus."),
    )
    topics = TOPICS

    def __init__(self) -> None:
        self._legal_cache: dict[tuple[bytes, int], list[dict]] = {}

    def setup(self, num_players: int, options: dict[str, Any] | None, seed: int) -> State:
        self.check_players(num_players)
        opts = self.normalise_options(options)
        state = R.new_game(list(range(1, num_players + 1)), opts, seed)
        F.settle(state)
        return state

    def apply(self, state: State, seat: int, action: dict) -> list[str]:
        # Atomic like the base class, but the copy is a marshal round trip: the state is
        # plain JSON-like data, and this is several times faster than copy.deepcopy.
        work = marshal.loads(marshal.dumps(state))
        lines = self._apply(work, seat, action)
        state.clear()
        state.update(work)
        return lines

    def active(self, state: State) -> list[int]:
        if state["finished"]:
            return []
        rnd = state["round"]
        if rnd["type"] == "Auction":
            return [R.auction_current(state)]
        if rnd["type"] == "Stock":
            return [F.sr_current(state)]
        sym = rnd["discard"][0] if rnd["discard"] else F.current_corp(state)
        if sym is None:
            return []
        pres = state["corps"][sym]["president"]
        if pres is None or state["corps"][sym]["receivership"]:
            # A corporation in receivership is run by the market: any player may make its
            # (few, mechanical) moves.
            return sorted(R.active_players(state))
        return [pres]

    def legal(self, state: State, seat: int) -> list[dict]:
        if seat not in self.active(state):
            return []
        # Autocomplete asks again and again for the same position: remember the last few.
        key = (marshal.dumps(state), seat)
        found = self._legal_cache.get(key)
        if found is None:
            found = L.moves(state, seat)
            if len(self._legal_cache) > 32:
                self._legal_cache.clear()
            self._legal_cache[key] = found
        return marshal.loads(marshal.dumps(found))

    def _apply(self, state: State, seat: int, action: dict) -> list[str]:
        if seat not in self.active(state):
            raise RuleError("It is not your turn.")
        if not L.allowed(state, seat, action):
            raise RuleError(L.why_not(state, seat, action))
        names = _names(state)
        line = N.describe(state, action, names)
        before = S.snapshot(state)
        F.process(state, action)
        return [line, *LOG.events(before, S.snapshot(state), names)]

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        snap = S.snapshot(state)
        snap["board"] = marshal.loads(marshal.dumps(state["board"]))
        snap["coal_hexes"] = [state["coal"]]
        snap["steel_hexes"] = [state["steel"]]
        snap["er_links"] = len(state["links"])
        snap["market"] = {"cells": {c: list(v) for c, v in state["market"].items() if v}}
        snap["round"] = self.phase(state).split(" · ", 1)[1]
        snap["cert_limit"] = R.cert_limit(state)
        names = state.get("names") or [f"Player {i + 1}" for i in range(len(state["ids"]))]
        for player in snap["players"]:
            seat = state["ids"].index(player["id"])
            player["name"] = names[seat]
            player["certs"] = R.cert_count(state, seat)
            player["cert_limit"] = R.cert_limit(state)
        by_id = {pid: names[i] for i, pid in enumerate(state["ids"])}
        for corp in snap["corporations"]:
            corp["president"] = by_id.get(corp["president"], corp["president"])
        snap["depot"] = {"available": snap["depot_available"],
                         "remaining": len(snap["depot_remaining"])}
        rnd = state["round"]
        routes = rnd.get("t", {}).get("routes") if rnd["type"] == "Operating" else None
        if routes and all("stops" in r for r in routes):
            snap["routes"] = routes
        return snap

    def phase(self, state: State) -> str:
        rnd = state["round"]
        if rnd["type"] == "Operating":
            label = f"OR {state['turn']}.{rnd['num']}"
        elif rnd["type"] == "Stock":
            label = f"SR {state['turn']}"
        else:
            label = "Auction"
        return f"Phase {state['phase']} · {label}"

    def result(self, state: State) -> list[Standing] | None:
        if not state["finished"]:
            return None
        scores = {s: (R.player_value(state, s),) for s in range(len(state["ids"]))}
        return rank_standings(scores)

    def format(self, state: State, action: dict) -> str:
        return N.format_action(state, action)

    def parse(self, state: State, seat: int, text: str) -> dict:
        return N.parse(state, seat, text)

    def label(self, state: State, action: dict) -> str:
        return N.label(state, action)[:100]


def _names(state: State) -> dict[Any, str]:
    """Display names by player id (for log lines)."""
    names = state.get("names") or [f"Player {i + 1}" for i in range(len(state["ids"]))]
    return dict(zip(state["ids"], names, strict=True))


GAME = Rhl18Game()
