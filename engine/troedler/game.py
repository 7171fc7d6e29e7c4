"""The Game object for Die Trödler aus den Highlands (engine key ``troedler``)."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Game, Option, RuleError, Standing, State
from engine.text import Msg, from_json, msg
from engine.troedler import checks, notation, phase2, phase3, scoring, turn_end, views
from engine.troedler.data import START_COLOURS, START_VILLAGES
from engine.troedler.help import TOPICS
from engine.troedler.setup import new_game

_PHASE3 = ("move", "feed-route", "take", "extra", "feed-extra", "feed-replace", "deliver", "end")


class Troedler(Game):
    key = "troedler"
    # the choice list's words (Discord translates "choice.<title>"), said in each reader's
    # language wherever a text names the game
    title = msg("choice.Die Trödler aus den Highlands")
    min_players = 2
    max_players = 4
    options = (
        Option("open_piles", "bool", False, msg("troedler.option.open_piles")),
        Option("open_counts", "bool", False, msg("troedler.option.open_counts")),
        Option("first_dealer", "choice", "last_joined", msg("troedler.option.first_dealer"),
               ("last_joined", "random")),
    )
    topics = TOPICS
    # Seat i drives the cart of the i-th start village (setup.start_villages): its colour.
    seat_colours = tuple(START_COLOURS[village] for village in START_VILLAGES)
    seat_name_key = "troedler.player.{colour}"
    # whose turn begins: the prompt under the post names and pings them, so the channel's
    # "Bert ist am Zug." said it twice (the log keeps it)
    heading_keys = frozenset({"troedler.log.turn"})
    record_keys = frozenset({"troedler.log.deal", "troedler.log.deal_pile",
                             "troedler.log.deal_short"})
    # (.line and .out: the standings of games logged before their counted words agreed)
    result_keys = frozenset({"troedler.result.standing", "troedler.result.standing_out",
                             "troedler.result.line", "troedler.result.out"})

    def setup(self, num_players: int, options: dict[str, Any] | None, seed: int) -> State:
        self.check_players(num_players)
        state = new_game(num_players, self.normalise_options(options), seed)
        turn_end.start_round(state)
        return state

    def active(self, state: State) -> list[int]:
        stage = state["stage"]
        if stage == "take":
            return phase2.active(state)
        if stage in ("play", "limit"):
            return [state["current"]]
        return []

    def legal(self, state: State, seat: int) -> list[Action]:
        stage = state["stage"]
        if stage == "take":
            return phase2.legal(state, seat)
        if stage == "play":
            return phase3.legal(state, seat)
        if stage == "limit":
            return turn_end.limit_legal(state, seat)
        return []

    def _apply(self, state: State, seat: int, action: Action) -> list[str]:
        kind = action.get("type") if isinstance(action, dict) else None
        stage = state["stage"]
        if stage == "over":
            raise RuleError(msg("troedler.error.over"))
        if stage == "take":
            if kind not in ("take-pile", "discard-pile"):
                raise RuleError(msg("troedler.error.taking_piles"))
            phase2.check(state, seat, action)
            self._guard(state, seat, action)
        elif stage == "limit":
            if kind != "discard":
                raise RuleError(msg("troedler.error.hand_limit"))
            turn_end.limit_check(state, seat, action)
            self._guard(state, seat, action)
        else:
            if kind == "discard":  # "Now cards are played" left the player guessing why
                raise RuleError(msg("troedler.error.discard_at_limit"))
            if kind not in _PHASE3:
                raise RuleError(msg("troedler.error.playing_cards"))
            phase3.check(state, seat, action)
            self._guard(state, seat, action)
        return self.carry_out(state, seat, action)

    def carry_out(self, state: State, seat: int, action: Action,
                  say: bool = True) -> list[str]:
        """``_apply`` without its checks, for a move ``legal()`` listed: the AI's searches
        play thousands of moves they took from ``legal()``, and the checks recompute it.
        ``say=False``: the same state, no log lines (a new round's deal still keeps its
        lines in the state, R12.2)."""
        stage = state["stage"]
        if stage == "take":
            return phase2.apply(state, seat, action, say) + turn_end.after_pile(state, say)
        if stage == "limit":
            return turn_end.limit_apply(state, seat, action, say)
        kind = action["type"]
        if kind == "end":
            return turn_end.end_turn(state, seat, say)
        lines = phase3.HANDLERS[kind](state, seat, action, say)
        if phase3.turn_is_spent(state, seat):
            lines += turn_end.end_turn(state, seat, say)
        return lines

    def _guard(self, state: State, seat: int, action: Action) -> None:
        # legal() is the single source of truth; the checks above give the reason.
        if self.find_legal(state, seat, action) is None:
            raise RuleError(msg("troedler.error.not_legal", move=notation.typed_action(action)))

    def names_hidden(self, state: State, seat: int, action: Action) -> bool:
        # A dealer pile's label names its top card and how many lie under it (all of it with
        # open_piles), as every view shows them (R12): a button for it may stand in the
        # channel, and the taker skips asking for their hand to find it there.
        return action.get("type") not in ("take-pile", "discard-pile")

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        view = views.public_view(state, self.phase(state))
        if seat is not None and 0 <= seat < state["n"]:
            view["you"] = views.private_part(state, seat)
            view["legal"] = [self.format(state, a) for a in self.legal(state, seat)]
        return view

    def check_invariants(self, state: State) -> list[str]:
        return checks.invariants(state)

    def hidden_items(self, state: State) -> dict[int, list]:
        return checks.hidden_items(state)

    def opening_log(self, state: State) -> list:
        # The first deal happens in set-up; it is posted in full once, like every deal (R12.2).
        return from_json(state["deal_log"]) if state["round"] == 1 else []

    def secret_items(self, state: State) -> list:
        return checks.secret_items(state)

    def phase(self, state: State) -> Msg:
        # Never hints at a reached end before the round is over (R42).
        stage = state["stage"]
        if stage == "over":
            return msg("troedler.phase.over")
        if stage == "take":
            return msg("troedler.phase.take", round=state["round"])
        return msg("troedler.phase.play", round=state["round"])

    def result(self, state: State) -> list[Standing] | None:
        return scoring.standings(state) if state["stage"] == "over" else None

    def score_note(self, state: State, standing: Standing) -> Msg:
        key = "troedler.note.out" if standing.detail["total_damage"] else "troedler.note.score"
        detail = dict(standing.detail)  # "5 from 1 requests": counted words agree
        detail["requests"] = msg("troedler.note.requests", count=detail["requests"])
        detail["goods"] = msg("troedler.note.goods", count=detail["goods"])
        detail["points"] = msg("troedler.result.points", count=standing.score)
        return msg(key, **detail)

    def unscored(self, standing: Standing) -> bool:
        """True for the seat a total damage put out of the scoring (R46): its place is
        after all others, and it has points it would have had, no score."""
        return bool(standing.detail.get("total_damage"))

    def format(self, state: State, action: Action) -> str:
        return notation.format_action(action)

    def parse(self, state: State, seat: int, text: str) -> Action:
        return notation.parse_text(state, seat, text)

    def label(self, state: State, action: Action) -> Msg:
        return notation.label(state, action)
