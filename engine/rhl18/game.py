"""The 18Rhl game behind the engine contract (setup / active / legal / apply / view ...)."""

from __future__ import annotations

import marshal
from typing import Any

from engine.core import Game, Option, RuleError, Standing, rank_standings
from engine.rhl18 import board as bd
from engine.rhl18 import data, labels
from engine.rhl18 import flow as F
from engine.rhl18 import legal as L
from engine.rhl18 import log as LOG
from engine.rhl18 import move_line as ML
from engine.rhl18 import notation as N
from engine.rhl18 import rules as R
from engine.rhl18 import snapshot as S
from engine.rhl18 import words as W
from engine.text import Msg, msg, player

State = dict[str, Any]

# The option, and the state's flag, of a game that makes a player's pass when it is their
# only legal move (Rhl18Game._forced_passes).
AUTO_PASS = "auto_pass"
TOPIC_NAMES = ("overview", "auction", "stock", "floating", "operating", "routes", "trains",
               "privates", "end", "glossary", "components", "notation")


def privates_topic() -> Msg:
    """The privates in companies.json's order, each with its numbers, hexes and tiles from
    that file and its ability in the catalogue's words (``rhl18.private.ability.<sym>``), so a
    value or a hex is never typed twice."""
    more: Msg | str = ""
    # built from the last private up: a list would be said comma-joined, a line each reads better
    for sym, company in reversed(data.companies().items()):
        abilities = company.get("abilities", [])
        hexes = next((a["hexes"] for a in abilities if a.get("hexes")), [])
        tiles = next((a["tiles"] for a in abilities if a.get("tiles")), [])
        more = msg("rhl18.private.entry", sym=sym,
                   name=W.private_name(sym),
                   value=company["value"], revenue=company["revenue"],
                   ability=msg(f"rhl18.private.ability.{sym}", hexes=hexes, tiles=tiles),
                   more=more)
    return msg("rhl18.topic.privates", privates=more)


def stock_topic() -> Msg:
    """The stock round, with the certificate limit and the starting cash per player count
    from game.json ("20/15/12/10 with 3/4/5/6 players")."""
    settings = data.game()

    def per_count(table: dict[str, int]) -> str:
        return "/".join(str(table[n]) for n in sorted(table, key=int))

    return msg("rhl18.topic.stock", players="/".join(sorted(settings["certificate_limit"],
                                                            key=int)),
               limits=per_count(settings["certificate_limit"]),
               cash=per_count(settings["starting_cash"]),
               lower=per_count(settings["starting_cash_lower_starting_capital_option"]))


# The /rules texts: "rhl18.topic.<name>", shown as "rhl18.topic_name.<name>".
MADE = {"privates": privates_topic, "stock": stock_topic}
TOPICS = {name: MADE[name]() if name in MADE else msg(f"rhl18.topic.{name}")
          for name in TOPIC_NAMES}


class Rhl18Game(Game):
    key = "18rhl"
    text_key = "rhl18"
    # the choice list's words (Discord translates "choice.<title>"), said in each reader's
    # language wherever a text names the game
    title = msg("choice.18Rhl: Rhineland")
    min_players = 3
    max_players = 6
    options = (
        Option("optional_2_train", "bool", False, msg("rhl18.option.optional_2_train")),
        Option("lower_starting_capital", "bool", False,
               msg("rhl18.option.lower_starting_capital")),
        Option("promotion_tiles", "bool", False, msg("rhl18.option.promotion_tiles")),
        Option("ratingen_variant", "bool", False, msg("rhl18.option.ratingen_variant")),
        # On for a new table (the lobby stores its options with their defaults). A table
        # stored before it existed has no such key: see ``setup``.
        Option(AUTO_PASS, "bool", True, msg("rhl18.option.auto_pass")),
    )
    topics = TOPICS
    heading_keys = frozenset({"rhl18.log.stock_round", "rhl18.log.operating_round",
                              "rhl18.log.auction"})
    # a new phase changes the train limit and rusts trains, and a broken bank sets the
    # game's end: said mid-line after an AI seat's train buy, they were missed
    record_keys = frozenset({"rhl18.log.phase", "rhl18.log.phase_brings", "rhl18.log.rust", "rhl18.log.bank_broken",
                             "rhl18.log.bank_broken_next_set"})
    # a bankrupt player leaves the game: said mid-line it was missed, and the AI seats'
    # play after it filled nine posts
    alert_keys = frozenset({"rhl18.log.bankrupt"})
    # a pass made for a player or corporation (forced_line), and a player the stock round
    # passes over: said after the mover's move, they read as the mover's
    aside_keys = frozenset({*(f"rhl18.log.forced_{word}" for word in (
        "bid", "raise", "shares", "track", "token", "special_token", "trains")),
        "rhl18.log.sr_skipped"})
    # the result post ranks every player; the log's one line of scores would say it twice
    result_keys = frozenset({"rhl18.log.game_over"})
    # the game operates a corporation in receivership: an AI seat's move for it was read as
    # that seat's corporation
    mover_keys = frozenset({ML.RECEIVERSHIP})
    score_unit = "M"

    def __init__(self) -> None:
        self._legal_cache: dict[tuple[bytes, int], list[dict]] = {}

    def setup(self, num_players: int, options: dict[str, Any] | None, seed: int) -> State:
        self.check_players(num_players)
        # A game without the key in its options (every table stored before forced passes
        # were made for the players, and a bare setup) plays as it did: those games are
        # rebuilt from their options and seed by replaying their moves, which hold every
        # forced pass as typed, and a pass made for them would shift each one to a later
        # step. Imports replay recorded games (explicit passes too) without ``setup``.
        opts = self.normalise_options({AUTO_PASS: False, **(options or {})})
        auto = opts.pop(AUTO_PASS)
        state = R.new_game(list(range(1, num_players + 1)), opts, seed)
        if auto:
            state[AUTO_PASS] = True
        F.settle(state)
        # Nothing to say here: the opening auction offers its first player a bid at once
        # (every starting purse exceeds the first private's price).
        self._forced_passes(state)
        return state

    def load(self, text: str) -> State:
        # A snapshot's key order is not kept (the dump sorts keys): restore the map's and
        # the charters' order the rules walk the board, companies and corporations in.
        return R.in_data_order(super().load(text))

    def active(self, state: State) -> list[int]:
        if state["finished"]:
            return []
        rnd = state["round"]
        if rnd["type"] == "Auction":
            return [R.auction_current(state)]
        if rnd["type"] == "Stock":
            return [F.sr_current(state)]
        if rnd.get("offer"):
            # Only the selling corporation's president may answer an offer for its train.
            return [state["corps"][rnd["offer"]["seller"]]["president"]]
        sym = rnd["discard"][0] if rnd["discard"] else F.current_corp(state)
        if sym is None:
            return []
        if _operated(state) is not None:
            # A corporation in receivership is run by the market: any player may make its
            # (few, mechanical) moves.
            return sorted(R.active_players(state))
        return [state["corps"][sym]["president"]]

    def acting_for(self, state: State, action: Any) -> str | None:
        entity = action.get("entity") if isinstance(action, dict) else None
        return entity if isinstance(entity, str) and entity in data.corporations() else None

    def asking_seat(self, state: State) -> int | None:
        offer = state["round"].get("offer")
        return state["corps"][offer["buyer"]]["president"] if offer else None

    def merged_line(self, first: Any, second: Any) -> Msg | None:
        return ML.answered(first, second)

    def legal(self, state: State, seat: int) -> list[dict]:
        if seat not in self.active(state):
            return []
        return self._moves(state, seat)

    def _moves(self, state: State, seat: int) -> list[dict]:
        """``legal.moves`` (a fresh copy): for ``legal``, and for ``parse``, which matches
        the typed move against the seat's moves, active or not."""
        # Autocomplete asks again and again for the same position: remember the last few.
        # Version 2 writes no back-references, whose use follows the objects' reference
        # counts: with them, the state ``apply`` asked about (for a forced pass) and the
        # same state handed back to the caller had different keys.
        key = (marshal.dumps(state, 2), seat)
        found = self._legal_cache.get(key)
        if found is None:
            found = L.moves(state, seat)
            if len(self._legal_cache) > 32:
                self._legal_cache.clear()
            self._legal_cache[key] = found
        return marshal.loads(marshal.dumps(found))

    def _apply(self, state: State, seat: int, action: dict) -> list[Msg]:
        if seat not in self.active(state):
            offer = state["round"].get("offer")
            if offer:
                raise RuleError(msg("rhl18.err.offer_waits", seller=offer["seller"],
                                    buyer=offer["buyer"], train=W.train_name(offer["train"])))
            raise RuleError(msg("rhl18.err.not_your_turn"))
        if not L.allowed(state, seat, action):
            raise RuleError(L.why_not(state, seat, action))
        return play_logged(state, action) + self._forced_passes(state)

    def play_quietly(self, state: State, action: dict) -> None:
        """Process a legal ``action`` and the passes the game then makes for its players,
        leaving ``state`` as ``_apply`` does, without the log lines: the AI weighs its
        moves by the state each leads to, and the lines (two snapshots of the whole game
        a move) cost more than the move itself."""
        F.process(state, action)
        for _ in range(10_000):
            action = self._forced_pass(state)
            if action is None:
                return
            F.process(state, action)
        raise RuntimeError("forced passes did not end")

    def _forced_passes(self, state: State) -> list[Msg]:
        """In a game that passes for its players (``state["auto_pass"]``), make each pass
        that is the only legal move, as long as one is, each said with why ("DEE has
        nowhere to lay track and passes"): the player would come back a day later to press
        it. The pass is processed as the player's would be, so a replay of the stored moves
        makes the same passes again."""
        lines: list[Msg] = []
        for _ in range(10_000):
            action = self._forced_pass(state)
            if action is None:
                return lines
            line = forced_line(state, action)
            lines += [line, *_processed(state, action, _names(state))]
        raise RuntimeError("forced passes did not end")

    def _forced_pass(self, state: State) -> dict | None:
        """The pass every active seat has as its only legal move, else None. ``legal``
        decides (cached, as the seat's prompt asks it next); it is asked only in steps
        that offer a pass at all."""
        if not state.get(AUTO_PASS) or state["finished"]:
            return None
        seats = self.active(state)
        if not seats or any("pass" not in L.step_kinds(state, s) for s in seats):
            return None
        offered = [self.legal(state, s) for s in seats]
        if all(len(moves) == 1 and moves[0]["type"] == "pass" for moves in offered):
            return offered[0][0]
        return None

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        snap = S.snapshot(state)
        snap["board"] = marshal.loads(marshal.dumps(state["board"]))
        for cell in snap["board"].values():
            # Pictures mark one home slot a city; a merged city (Köln brown) shows its first.
            cell["reserved"] = [(r[0] if isinstance(r, list) else r) for r in cell["reserved"]]
        snap["coal_hexes"] = [state["coal"]]
        snap["steel_hexes"] = [state["steel"]]
        snap["er_links"] = len(state["links"])
        snap["market"] = {"cells": {c: list(v) for c, v in state["market"].items() if v}}
        snap["round"] = _round_label(state)
        snap["cert_limit"] = R.cert_limit(state)
        names = _seat_names(state)
        for entry in snap["players"]:
            seat = state["ids"].index(entry["id"])
            entry["seat"] = seat  # pictures name players by seat (the table's names)
            entry["name"] = names[seat]
            entry["certs"] = R.cert_count(state, seat)
            entry["cert_limit"] = R.cert_limit(state)
        by_id = {pid: names[i] for i, pid in enumerate(state["ids"])}
        for corp in snap["corporations"]:
            corp["president_seat"] = state["corps"][corp["id"]]["president"]
            corp["president"] = by_id.get(corp["president"], corp["president"])
        snap["depot"] = {"available": snap["depot_available"],
                         "remaining": len(snap["depot_remaining"])}
        rnd = state["round"]
        routes = rnd.get("t", {}).get("routes") if rnd["type"] == "Operating" else None
        if routes and all("stops" in r for r in routes):
            snap["routes"] = routes
        corp = snap["current_entity"]
        # the rules force the purchase: the task says so, not "Buy trains, or pass"
        snap["must_buy"] = snap["active_step"] == "BuyTrain" and isinstance(corp, str) and \
            F.must_buy(state, corp)
        if snap["must_buy"]:
            snap["train_sellers"] = _train_sellers(state, corp)
            # nothing left to sell: "must raise 60M more by selling shares first" was said
            # where the president's one legal move was going bankrupt
            seat = state["corps"][corp]["president"]
            snap["must_buy_bankrupt"] = seat is not None and \
                {m["type"] for m in self.legal(state, seat)} == {"bankrupt"}
        if rnd["type"] == "Operating":
            # the order the rules fixed at the round's start: shown nowhere, a player could
            # not tell whose turn came next
            snap["operating_order"] = {"order": list(rnd["order"]), "index": rnd["index"]}
        snap["lay_hexes"] = self._lay_hexes(state)
        snap["offer"] = _offer_view(state, names)
        snap["priority"] = _priority_deal(state)
        snap["end_reason"] = state["end_reason"]
        if rnd["type"] == "Auction":
            snap["auction"] = _auction_view(state)
        return snap

    def _lay_hexes(self, state: State) -> list[str]:
        """The hexes where the operating corporation (or a private company of its
        president's) may lay a tile in its track step, from :meth:`legal`: the turn card
        names them, where the lay menu offers them (public: the board and the corporation
        decide them)."""
        seats = self.active(state)
        if not seats or S.active_step(state) != "Track":
            return []
        return sorted({m["hex"] for m in self.legal(state, seats[0])
                       if m.get("type") == "lay_tile"})

    def check_invariants(self, state: State) -> list[str]:
        """Money is conserved (an open offer moves none), and an open offer is one the
        rules allow: the seller holds the train, the buyer can pay, two presidents."""
        problems = []
        total = state["bank"] + sum(state["cash"]) + sum(
            c["cash"] for c in state["corps"].values())
        if total != data.game()["bank_cash"]:
            problems.append(f"money is {total}, not {data.game()['bank_cash']}")
        offer = state["round"].get("offer")
        if offer:
            buyer, seller = state["corps"][offer["buyer"]], state["corps"][offer["seller"]]
            if offer["train"] not in seller["trains"]:
                problems.append(f"offer for {offer['train']}, which {offer['seller']} lacks")
            if not 1 <= offer["price"] <= buyer["cash"]:
                problems.append(f"offer of {offer['price']} beyond {offer['buyer']}'s cash")
            if buyer["president"] == seller["president"]:
                problems.append("an offer between corporations with one president")
            if F.current_corp(state) != offer["buyer"] or state["round"]["step"] != "BuyTrain":
                problems.append("an offer outside the buyer's train step")
        return problems + _home_slots_kept(state)

    def phase(self, state: State) -> Msg:
        return msg("rhl18.phase", phase=state["phase"], round=_round_label(state))

    def result(self, state: State) -> list[Standing] | None:
        if not state["finished"]:
            return None
        scores = {s: (R.player_value(state, s),) for s in range(len(state["ids"]))}
        return rank_standings(scores)

    def score_note(self, state: State, standing: Standing) -> Msg:
        if state["bankrupt"][standing.seat]:
            return msg("rhl18.note.bankrupt")
        cash = state["cash"][standing.seat]
        return msg("rhl18.note.score", cash=cash, shares=standing.score - cash)

    def format(self, state: State, action: dict) -> str:
        return N.format_action(state, action)

    def parse(self, state: State, seat: int, text: str) -> dict:
        return N.parse(state, seat, text, self._moves)

    def label(self, state: State, action: dict) -> Msg:
        text = labels.describe(state, action)
        # A label past Discord's 100 characters (a long manual run) is cut the same way in
        # every language.
        return text if len(text) <= 100 else msg("rhl18.label.plain", mv=str(text)[:100])


def _train_sellers(state: State, sym: str) -> list[str]:
    """The corporations whose trains ``sym`` may buy now with its treasury (from legal()): a
    forced purchase's prompt named only the bank's train and the president's money."""
    seat = state["corps"][sym]["president"]
    moves = L.train_moves(state, sym, seat if seat is not None else -1)
    trains = {m["train"] for m in moves if m["type"] == "buy_train"}
    return [other for other in data.CORP_ORDER if other != sym
            and trains & set(state["corps"][other]["trains"])]


def play_logged(state: State, action: dict) -> list[Msg]:
    """Process one (already allowed) action and return its log lines: the move itself and
    the automatic events it caused (tests walk recorded games through it too)."""
    names = _names(state)
    known = ML.facts(state, action)
    operated = _operated(state)
    events = _processed(state, action, names)
    line = ML.describe(state, action, known, names)
    if line.key == "rhl18.log.buys_private":  # the line says who got it
        events = [e for e in events if e.key != "rhl18.log.gets_private"
                  or e.params.get("company") != action["company"]]
    # the move is the corporation's, whichever player made it (Game.mover_keys)
    opening = [msg(ML.RECEIVERSHIP, who=operated)] if operated is not None else []
    return [*opening, line, *events]


def _processed(state: State, action: dict, names: dict[Any, Any]) -> list[Msg]:
    """Process ``action``; the automatic events it caused, as log lines."""
    before, passed = S.snapshot(state), _stock_passes(state)
    F.process(state, action)
    events = LOG.events(before, S.snapshot(state), names, action)
    events += [msg("rhl18.log.sr_skipped", who=names.get(state["ids"][seat]))
               for seat in _passed_over(state, passed) if seat != action.get("entity")]
    if action["type"] == "place_token":
        # The move's own line already says where the token went.
        events = [e for e in events if e.key != "rhl18.log.has_token"
                  or e.params.get("corp") != action["entity"]]
    return events


def _stock_passes(state: State) -> tuple[int, list[int]] | None:
    """The stock round's turn number and the seats passed in it; None outside one."""
    rnd = state["round"]
    return (state["turn"], list(rnd["passed"])) if rnd["type"] == "Stock" else None


def _passed_over(state: State, before: tuple[int, list[int]] | None) -> list[int]:
    """The seats passed in this stock round since ``before`` (:func:`_stock_passes` before
    a move): the rules pass over a player who can do nothing (``flow.settle``), and unsaid,
    that player's turn seemed lost."""
    now = _stock_passes(state)
    if now is None:
        return []
    earlier = before[1] if before is not None and before[0] == now[0] else []
    return [seat for seat in now[1] if seat not in earlier]


# Why a pass was the only move, by the step it passes ("rhl18.log.forced_<word>"): every
# step that offers a pass (legal.step_kinds).
FORCED = {"WaterfallAuction": "bid", "BuySellParShares": "shares", "Track": "track",
          "Token": "token", "BuyTrain": "trains"}


def forced_line(state: State, action: dict) -> Msg:
    """The line of a pass made for its player, the only move left (before it is made):
    the step and why. No choice was the player's, so none is said as made: the corporation,
    or in the auction and the stock round the player, "can" do nothing else."""
    who = action["entity"]
    if isinstance(who, int):
        who = _names(state).get(state["ids"][who])
    rnd, step = state["round"], S.active_step(state)
    if step == "WaterfallAuction" and rnd["auctioning"]:
        return msg("rhl18.log.forced_raise", who=who, company=rnd["auctioning"])
    if step == "SpecialToken":
        return msg("rhl18.log.forced_special_token", who=who,
                   hex=rnd["t"]["special_city_hex"])
    return msg(f"rhl18.log.forced_{FORCED[step or '']}", who=who)


def _operated(state: State) -> str | None:
    """The corporation whose move it is when the game operates it (in receivership, or left
    without a president), else None; the answer to an offer is its seller's president's."""
    rnd = state["round"]
    if rnd["type"] != "Operating" or rnd.get("offer"):
        return None
    sym = rnd["discard"][0] if rnd["discard"] else F.current_corp(state)
    if sym is None:
        return None
    corp = state["corps"][sym]
    return sym if corp["president"] is None or corp["receivership"] else None


def _offer_view(state: State, names: list[Any]) -> dict[str, Any] | None:
    """The open offer for a train (public): who offers what, and who must answer it."""
    offer = state["round"].get("offer")
    if not offer:
        return None
    seat = state["corps"][offer["seller"]]["president"]
    return dict(offer, answering=names[seat], answering_seat=seat,
                text=msg("rhl18.offer.open", who=names[seat],
                         **dict(offer, train=W.train_name(offer["train"]))))


def _priority_deal(state: State) -> int | None:
    """The seat that would start the next stock round if the current round ended now: the
    richest player (18Rhl), on a tie the one after the last to act; fixed once the stock
    round has ended."""
    rnd = state["round"]
    if state["finished"] or not R.active_players(state):
        return None
    if rnd["type"] == "Operating":
        return state["order"][0]
    work = {"order": list(state["order"]), "cash": state["cash"],
            "bankrupt": state["bankrupt"]}
    R.reorder_players(work, rnd["index"])
    return work["order"][0]


def _auction_view(state: State) -> dict[str, Any]:
    """The open auction: companies still for sale in order, each one's bids (seat, price)
    and the lowest bid it takes now."""
    rnd = state["round"]
    return {"companies": list(rnd["companies"]), "auctioning": rnd["auctioning"],
            "bids": {c: [list(b) for b in bids] for c, bids in rnd["bids"].items()},
            "min_bid": {c: R.company_min_bid(state, c) for c in rnd["companies"]},
            "pending_par": [list(p) for p in rnd["pending_par"]]}


def _home_slots_kept(state: State) -> list[str]:
    """Every reservation still has an empty slot in its city: a home token to come always
    finds its place (a merged Köln that dropped CME's reservation let KEG take its slot, and
    CME's first turn could not start)."""
    problems = []
    for hex_id, cell in state["board"].items():
        for i, slots in enumerate(cell["tokens"]):
            waiting = bd.reservations(cell["reserved"], i)
            if len(waiting) > slots.count(None):
                problems.append(f"{hex_id} city {i} keeps {waiting} but has "
                                f"{slots.count(None)} free slot(s)")
    for sym, corp in state["corps"].items():
        if corp["tokens"][0]["city"] is not None:
            continue
        home = data.corporations()[sym]["home"]
        for hex_id in home if isinstance(home, list) else [home]:
            if bd.reserved_city(state["board"][hex_id]["reserved"], sym) is None:
                problems.append(f"{sym}'s home slot in {hex_id} is no longer kept")
    return problems


def _round_label(state: State) -> Msg:
    """The round: "OR 2.1", "SR 3" or "Auction" (in German "BR 2.1", "AR 3", ...)."""
    rnd = state["round"]
    if rnd["type"] == "Operating":
        return msg("rhl18.round.operating", turn=state["turn"], num=rnd["num"])
    if rnd["type"] == "Stock":
        return msg("rhl18.round.stock", turn=state["turn"])
    return msg("rhl18.round.auction")


def _seat_names(state: State) -> list[Any]:
    """Display names by seat: the players' names, or "Player 2" (a catalogue text)."""
    return state.get("names") or [player(i) for i in range(len(state["ids"]))]


class _Names(dict):
    """Display names by player id (for log lines). Without given names a player is
    "Player 2", a catalogue text made only when a line names that player."""

    def __init__(self, state: State) -> None:
        super().__init__(zip(state["ids"], state.get("names") or [], strict=False))
        self.ids = list(state["ids"])

    def get(self, pid: Any, default: Any = None) -> Any:
        if pid in self:
            return self[pid]
        if pid in self.ids:
            return player(self.ids.index(pid))
        return default


def _names(state: State) -> dict[Any, Any]:
    return _Names(state)


GAME = Rhl18Game()
