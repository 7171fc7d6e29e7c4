"""Rhein: River Trade (Canetta & Niccolini, 2016) for 2-5 players: ``GAME``.

>>> state = GAME.setup(3, {}, seed=1)
>>> str(GAME.phase(state))
'Round 1/10 · Phase 1: Take Orders'
"""

from __future__ import annotations

from typing import Any

from engine.core import Action, Game, Option, RuleError, Standing, State, rank_standings
from engine.rhein import checks, data, flow, notation, rules, words
from engine.rhein.state import alive, colour, in_game, spec, turn_order
from engine.rhein.topics import TOPICS
from engine.rhein.words import phase_name, player
from engine.text import Msg, msg


class Rhein(Game):
    key = "rhein"
    # the choice list's words (Discord translates "choice.<title>"), said in each reader's
    # language wherever a text names the game
    title = msg("choice.Rhein: River Trade")
    min_players = 2
    max_players = 5
    options = (
        Option("under_pressure", "bool", False, msg("rhein.option.under_pressure")),
        Option("relax", "bool", False, msg("rhein.option.relax")),
    )
    topics = TOPICS
    seat_colours = data.COLOURS  # the pieces: green, yellow, blue, purple, brown
    seat_name_key = "rhein.player.{colour}"
    result_keys = frozenset({"rhein.log.final"})
    alert_keys = frozenset({"rhein.log.bankrupt"})  # R51: the player leaves the game
    # A phase beginning in the middle of a move's lines; its ``phase`` is the phase as
    # ``phase()`` says it, under which the channel heads the lines after it.
    heading_keys = frozenset({"rhein.log.phase"})

    def setup(self, num_players: int, options: dict[str, Any] | None, seed: int) -> State:
        self.check_players(num_players)
        chosen = self.normalise_options(options)
        if chosen["under_pressure"] and chosen["relax"]:
            # R18: one variant shortens the deadline the other removes.
            raise RuleError(msg("rhein.setup.both_variants"))
        state = flow.setup_state(num_players, chosen, seed)
        rules.settle(state, [])
        return state

    def active(self, state: State) -> list[int]:
        seat = flow.current_seat(state)
        return [] if seat is None else [seat]

    def legal(self, state: State, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def _apply(self, state: State, seat: int, action: Action) -> list[str]:
        return rules.perform(state, seat, action)

    def play_legal(self, state: State, seat: int, action: Action) -> list[str]:
        """``_apply`` for a move from ``legal(state, seat)``, without checking it again."""
        return rules.perform_legal(state, seat, action)

    def turn_key(self, state: State) -> list[Any]:
        """Which turn is being played. When a move ends its player's turn by itself and
        the same player holds the next one, the key changes: the bot then says so, and
        refuses a ``done`` typed for the turn that already ended (issue 15)."""
        return flow.turn_of(state)

    def step_name(self, state: State) -> Msg:
        """The step being played, as refusals name it ("Phase 4 (Move and Unload), the
        red Train stops in Bonn")."""
        return rules.describe_step(state)

    def check_invariants(self, state: State) -> list[str]:
        return checks.invariants(state)

    def hidden_items(self, state: State) -> dict[int, list]:
        return checks.hidden_items(state)

    def secret_items(self, state: State) -> list:
        return checks.secret_items(state)

    def names_hidden(self, state: State, seat: int, action: Action) -> bool:
        # A seat's only secret is its face-down fulfilled orders, and only a re-take
        # (R14) names one of them; every other move names open cards and places.
        return action.get("type") == "retake"

    def phase(self, state: State) -> Msg:
        if state["step"] == "over":
            return msg("rhein.phase.over", round=state["round"])
        return words.phase_title(state)

    def result(self, state: State) -> list[Standing] | None:
        if state["step"] != "over":
            return None
        return standings(state)

    def score_note(self, state: State, standing: Standing) -> Msg:
        detail = standing.detail
        if "bankrupt_round" in detail:
            return msg("rhein.note.bankrupt", round=detail["bankrupt_round"])
        # every line says its score's parts alike, the deductions it has after the Capital:
        # only lines with a deduction gave the Capital, and "58 · 4 orders fulfilled" read
        # as if the orders made the score
        parts = msg("rhein.note.capital", amount=detail["capital"])
        for part in ("penalties", "aboard", "mortgages"):
            if detail[part]:
                parts = msg(f"rhein.note.{part}", before=parts, amount=detail[part])
        return msg("rhein.note.score", parts=parts, count=detail["fulfilled"])

    def format(self, state: State, action: Action) -> str:
        return notation.format_move(action)

    def merged_line(self, first: Any, second: Any) -> Msg | None:
        return words.merged_line(first, second)

    def parse(self, state: State, seat: int, text: str) -> Action:
        action = notation.parse_move(text, in_game(state))
        if action["type"] == "pass" and state["step"] != "auction":
            return {"type": "done"}  # "pass" reads naturally for "take nothing"
        return action

    def label(self, state: State, action: Action) -> Msg:
        return notation.label_move(state, action)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return build_view(state, seat)


def standings(state: State) -> list[Standing]:
    """R56: Capital, then fulfilled orders, then shared; R53: bankrupt players below."""
    keys: dict[int, tuple] = {}
    for seat in range(state["n"]):
        if state["out"][seat] is None:
            final = state["final"][str(seat)]
            keys[seat] = (1, final["score"], final["fulfilled"])
        else:
            keys[seat] = (0, state["out"][seat], 0)
    ranked = rank_standings(keys)
    result = []
    for item in ranked:
        final = state["final"].get(str(item.seat))
        if final is None:
            detail = {"bankrupt_round": state["out"][item.seat]}
            score = 0
        else:
            detail = dict(final)
            score = final["score"]
        result.append(Standing(seat=item.seat, score=score, rank=item.rank, detail=detail))
    return result


def _player_view(state: State, seat: int, viewer: int | None) -> dict[str, Any]:
    trucks = {letter: dict(state["trucks"][seat][letter]) for letter in data.TRUCK_LETTERS}
    lying = {str(c): n for c, n in enumerate(state["lying"][seat]) if n}
    entry = {
        "seat": seat,
        "colour": colour(seat),
        "name": player(seat),
        "capital": state["capital"][seat],
        "stamp": state["stamp"][seat],
        "bankrupt_round": state["out"][seat],
        "warehouse": state["warehouse"][seat],
        "lying": lying,
        "trucks": trucks,
        "orders": [dict(order, **card_dict(order["card"])) for order in state["orders"][seat]],
        "fulfilled_count": len(state["fulfilled"][seat]),
    }
    if viewer == seat and state["fulfilled"][seat]:
        # R58: fulfilled cards lie face down; only their owner sees them (needed for R14).
        # Each carries its wording, which /game hand shows for a private card.
        entry["fulfilled"] = [dict(card_dict(card_id), text=notation.card_words(card_id))
                              for card_id in state["fulfilled"][seat]]
    return entry


def card_dict(card_id: int) -> dict[str, Any]:
    the_card = data.CARD_BY_ID[card_id]
    return {"card": card_id, "city": the_card.city,
            "options": [list(option) for option in the_card.options],
            "time": the_card.time, "penalty": the_card.penalty}


def build_view(state: State, seat: int | None) -> dict[str, Any]:
    """Everything is public but the deck, the set-up discards and face-down cards (R58)."""
    current = flow.current_seat(state)
    transports = []
    for key in in_game(state):  # initiative order, whatever the dict's key order
        item, what = state["transports"][key], spec(key)
        transports.append({
            "key": key, "name": what.name, "kind": what.kind, "pos": item["pos"],
            "load": list(item["load"]), "markers": sorted(item["markers"]),
            # the seat that reserved each marked stop (city number as text -> seat)
            "reserved_by": {city: seat for city, seat in item.get("reserved_by", {}).items()
                            if int(city) in item["markers"]},
            "initiative": what.initiative, "cost": what.cost, "speed": what.speed,
            "stops": what.stops, "min_load": what.min_load, "capacity": what.capacity,
            "marker_count": what.markers,
        })
    view: dict[str, Any] = {
        "game": "rhein",
        "round": state["round"],
        "rounds": state["rounds"],
        "phase": state["phase"],
        "phase_name": phase_name(state["phase"]),
        "step": state["step"],
        "options": dict(state["options"]),
        "active": [] if current is None else [current],
        "turn_order": turn_order(state),
        "cities": [{"number": c.number, "name": c.name, "services": sorted(c.services)}
                   for c in data.CITIES],
        "transports": transports,
        "players": [_player_view(state, s, seat) for s in range(state["n"])],
        "orders_list": [card_dict(card_id) for card_id in state["list"]],
        "deck_count": len(state["deck"]),
        "auction": state["auction"],
        "take_pass": state["pass"],
        "stop": state["stop"],
        "fulfil_city": state["city"],
        "final": state["final"],
        "alive": alive(state),
    }
    return view


GAME = Rhein()
