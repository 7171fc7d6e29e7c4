"""Rheinländer (Reiner Knizia, 1999) for 3-5 players: the game object and its turn machine.

State (plain JSON data)::

    board         key of the board (``"house"``: the house-made board.json)
    players       3-5; seats 0.. are the colours of COLOURS
    realms        {realm space: {"kind": castle|church|city, "value": 2-4 for cities}}
    knights       {space: seat}, castle knights on their realm space included
    bastions      {space: seat who placed it} (neutral on the board)
    dukes         [{"owner", "anchor", "figure"}]: anchor = a space of the duchy (E9)
    supply, bastions_left, hands, coins, payments   per seat (hands/coins/payments hidden)
    deck, discard cards (0 is the shuffle card); archbishop: seat or None
    current, step ("start" | "after" | "over"), bastion_placed, turn
    end_triggered, ended_by, final (scores once over), reveals, reshuffles

A turn: optional bastion, then one knight action (``play``/``reinforce``/``convert``, or
``discard`` when none is possible), its settlement, then an optional bastion (or ``done``)
if none was placed yet, then the draw.
"""

from __future__ import annotations

from typing import Any

from engine.core import Game, RuleError, Standing, State, new_rng, rng_below, rng_shuffle
from engine.rheinlaender import cards, checks, placement
from engine.rheinlaender.board import Board, get_board
from engine.rheinlaender.churches import bishops
from engine.rheinlaender.duchies import duchies
from engine.rheinlaender.notation import format_action, label, parse_action
from engine.rheinlaender.scoring import final_scores, points_on_board, standings
from engine.rheinlaender.settlement import settle
from engine.rheinlaender.topics import TOPICS
from engine.rheinlaender.words import NAMES, joined, place
from engine.text import Msg, msg

Action = dict[str, Any]
COLOURS = ["Orange", "Blue", "Green", "Yellow", "Purple"]
KNIGHTS = {3: 25, 4: 20, 5: 17}
BASTIONS = 3


class Rheinlaender(Game):
    key = "rheinlaender"
    # the choice list's words (Discord translates "choice.<title>"), said in each reader's
    # language wherever a text names the game
    title = msg("choice.Rheinländer")
    min_players = 3
    max_players = 5
    options = ()
    seat_colours = tuple(COLOURS)
    # An AI declining a bastion it may place ends almost every turn: its summary leaves
    # that out (a player's own line and the log keep it: the player chose so)
    summary_quiet_keys = frozenset({"rheinlaender.log.done"})
    seat_name_key = "rheinlaender.colour.{colour}"
    topics = TOPICS
    result_keys = frozenset({"rheinlaender.log.win_one", "rheinlaender.log.win_shared"})

    # -- setup ------------------------------------------------------------------------
    def setup(self, num_players: int, options: dict[str, Any] | None, seed: int) -> State:
        self.check_players(num_players)
        self.normalise_options(options)
        board = get_board("house")
        state = self.empty_state(num_players, "house", seed)
        state["realms"] = deal_realms(board, state["rng"])
        cards.deal(state)
        state["current"] = rng_below(state["rng"], num_players)
        return state

    @staticmethod
    def empty_state(num_players: int, board_key: str, seed: int) -> State:
        """A board with no pieces and empty hands (scenario tests start from this)."""
        return {
            "board": board_key, "players": num_players, "rng": new_rng(seed),
            "realms": {}, "knights": {}, "bastions": {}, "dukes": [],
            "supply": [KNIGHTS[num_players]] * num_players,
            "bastions_left": [BASTIONS] * num_players,
            "hands": [[] for _ in range(num_players)], "deck": cards.new_deck(), "discard": [],
            "coins": [0] * num_players, "payments": [[] for _ in range(num_players)],
            "archbishop": None, "current": 0, "step": "start", "bastion_placed": False,
            "turn": 1, "end_triggered": False, "ended_by": None, "final": None,
            "reveals": 0, "reshuffles": 0,
        }

    # -- whose move, which moves ------------------------------------------------------------
    def active(self, state: State) -> list[int]:
        return [] if state["step"] == "over" else [state["current"]]

    def legal(self, state: State, seat: int) -> list[Action]:
        if state["step"] == "over" or seat != state["current"]:
            return []
        board = _board(state)
        bastions = []
        if placement.may_place_bastion(state, board, seat):
            bastions = [{"type": "bastion", "space": s}
                        for s in placement.bastion_targets(state, board)]
        if state["step"] == "after":
            return bastions + [{"type": "done"}]
        knight = placement.knight_actions(state, board, seat)
        if not knight:  # L3: only when no card allows any knight action
            knight = [{"type": "discard", "card": c} for c in sorted(state["hands"][seat])]
        else:  # L4: a bastion before the knight action must leave one
            bastions = placement.leaving_a_knight_action(state, board, seat, bastions, knight)
        return knight + bastions

    # -- moves ------------------------------------------------------------------------
    def _apply(self, state: State, seat: int, action: Action) -> list[str]:
        board = _board(state)
        if not isinstance(action, dict) or self.find_legal(state, seat, action) is None:
            raise RuleError(placement.explain(state, board, seat, action
                                              if isinstance(action, dict) else {}, NAMES))
        return self.play_legal(state, seat, action)

    def play_legal(self, state: State, seat: int, action: Action) -> list[str]:
        """``_apply`` for a move taken from ``legal(state, seat)``: the AI's look-ahead tries
        every legal move, and checking each against a second ``legal()`` doubled its cost."""
        board = _board(state)
        name = NAMES[seat]
        kind = action["type"]
        if kind == "bastion":
            return self._bastion(state, board, seat, action["space"])
        if kind == "done":
            return [msg("rheinlaender.log.done", name=name), *self._end_turn(state, board, seat)]
        was_ending = state["end_triggered"]
        card = action["card"]
        state["hands"][seat].remove(card)
        state["discard"].append(card)
        if kind == "discard":
            lines = [msg("rheinlaender.log.discard", name=name, card=card)]
        else:
            lines = [_describe(board, name, action)]
            lines += settle(state, board, seat, action["space"], kind == "convert", NAMES)
        if state["end_triggered"] and not was_ending:
            lines.append(msg("rheinlaender.log.last_knight", name=NAMES[state["ended_by"]]))
        return lines + self._after_knight(state, board, seat)

    def _bastion(self, state: State, board: Board, seat: int, space: str) -> list[str]:
        state["bastions"][space] = seat
        state["bastions_left"][seat] -= 1
        state["bastion_placed"] = True
        lines = [msg("rheinlaender.log.bastion", name=NAMES[seat], place=place(board, space))]
        if state["step"] == "after":
            lines += self._end_turn(state, board, seat)
        return lines

    def _after_knight(self, state: State, board: Board, seat: int) -> list[str]:
        if placement.may_place_bastion(state, board, seat):
            state["step"] = "after"
            return []
        return self._end_turn(state, board, seat)

    def _end_turn(self, state: State, board: Board, seat: int) -> list[str]:
        if state["end_triggered"]:  # M2: no draw, no further turns
            state["step"] = "over"
            state["final"] = final_scores(state, board)
            state["reveals"] += 1  # coins and hands are shown to everyone now (M6)
            best = max(row["total"] for row in state["final"])
            winners = [NAMES[row["seat"]] for row in state["final"] if row["total"] == best]
            if len(winners) == 1:
                return [msg("rheinlaender.log.win_one", name=winners[0], points=best)]
            return [msg("rheinlaender.log.win_shared", names=joined(winners), points=best)]
        lines = cards.draw(state, seat)
        state["hands"][seat].sort()
        state["current"] = (seat + 1) % state["players"]
        state["step"] = "start"
        state["bastion_placed"] = False
        state["turn"] += 1
        return lines

    # -- what players see -------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        board = _board(state)
        over = state["step"] == "over"
        tally = bishops(state, board)
        players = []
        for s in range(state["players"]):
            entry = {
                "seat": s, "colour": COLOURS[s], "knights_left": state["supply"][s],
                "bastions_left": state["bastions_left"][s], "cards": len(state["hands"][s]),
                "dukes": sum(1 for d in state["dukes"] if d["owner"] == s),
                "bishops": tally[s], "archbishop": state["archbishop"] == s,
                "board_points": points_on_board(state, board, s),
            }
            if over:  # everything is revealed at the end (M6)
                entry["coins"] = state["coins"][s]
                entry["payments"] = list(state["payments"][s])
                entry["hand"] = sorted(state["hands"][s])
            players.append(entry)
        result = {
            "game": self.key, "board": state["board"], "phase": self.phase(state),
            "players": players, "current": state["current"],
            "step": state["step"], "turn": state["turn"],
            "realms": {k: dict(v) for k, v in state["realms"].items()},
            "knights": dict(state["knights"]),
            "bastions": sorted(state["bastions"], key=board.order.__getitem__),
            "duchies": duchies(state, board), "archbishop": state["archbishop"],
            "deck": len(state["deck"]), "discard": list(state["discard"]),
            "end_triggered": state["end_triggered"], "final": state["final"] if over else None,
        }
        if seat is not None and 0 <= seat < state["players"]:  # the seat's own secrets
            result["hand"] = sorted(state["hands"][seat])
            result["coins"] = state["coins"][seat]
            result["payments"] = [dict(p, text=_payment_text(board, p))
                                  for p in state["payments"][seat]]
        return result

    def check_invariants(self, state: State) -> list[str]:
        return checks.invariants(state, KNIGHTS[state["players"]], BASTIONS)

    def hidden_items(self, state: State) -> dict[int, list]:
        return checks.hidden_items(state)

    def secret_items(self, state: State) -> list:
        return checks.secret_items(state)

    def board_round(self, state: State) -> int:
        return (state["turn"] - 1) // state["players"]  # a round: every seat's turn once

    def phase(self, state: State) -> Msg:
        if state["step"] == "over":
            return msg("rheinlaender.phase.over")
        name = NAMES[state["current"]]
        if state["end_triggered"]:
            return msg("rheinlaender.phase.last_turn", turn=state["turn"], name=name)
        return msg("rheinlaender.phase.turn", turn=state["turn"], name=name)

    def result(self, state: State) -> list[Standing] | None:
        if state["step"] != "over":
            return None
        return standings(state["final"])

    def score_note(self, state: State, standing: Standing) -> Msg:
        detail = standing.detail
        duchies = detail["duchies"]
        return msg("rheinlaender.note.score" if detail["archbishop"] else
                   "rheinlaender.note.score_plain", count=len(duchies),
                   duchies=sum(d["points"] for d in duchies), archbishop=detail["archbishop"],
                   coins=msg("rheinlaender.note.coins", count=detail["coins"]))

    # -- notation ---------------------------------------------------------------------
    def format(self, state: State, action: Action) -> str:
        return format_action(_board(state), action)

    def parse(self, state: State, seat: int, text: str) -> Action:
        return parse_action(_board(state), text)

    def label(self, state: State, action: Action) -> Msg:
        return label(_board(state), state, action, NAMES)


def _board(state: State) -> Board:
    return get_board(state["board"])


def deal_realms(board: Board, rng: dict[str, int]) -> dict[str, dict[str, Any]]:
    """Shuffle the 26 realm markers and lay one face up on each realm space (O2)."""
    markers_data = board.data["markers"]
    markers: list[dict[str, Any]] = [{"kind": "castle"}] * markers_data["castle"]
    markers += [{"kind": "church"}] * markers_data["church"]
    markers += [{"kind": "city", "value": v} for v in markers_data["city_values"]]
    rng_shuffle(rng, markers)
    return {space: dict(marker) for space, marker in zip(board.realm_spaces, markers, strict=True)}


def _describe(board: Board, name: Msg, action: Action) -> Msg:
    where, card = place(board, action["space"]), action["card"]
    if action["type"] == "play":
        return msg("rheinlaender.log.play", name=name, card=card, place=where)
    if action["type"] == "reinforce":
        return msg("rheinlaender.log.reinforce", name=name, card=card, place=where)
    return msg("rheinlaender.log.convert", name=name, card=card, place=where)


def _payment_text(board: Board, payment: dict[str, Any]) -> Msg:
    """A duke's payment as its owner reads it in /game hand: the turn, the coins and the
    duchy, the duchy named in the reader's language (payments store its notation name)."""
    words = payment["duchy"].split()
    number, where = (int(words[1].split("/")[0]), "island") if words[0] == "island" else \
        (int(words[0]), words[1])
    space = board.space_for(number, where)
    duchy = place(board, space) if space else payment["duchy"]
    return msg("rheinlaender.payment", turn=payment["turn"], count=payment["amount"],
               duchy=duchy)

