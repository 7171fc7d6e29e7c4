"""Which knight actions and bastions are legal, and why others are not (rulings B, C, D, J, L).

Everything legal is listed here; the game's ``legal()`` is built from these functions and
``_apply`` accepts only what they list, asking ``explain`` for the reason otherwise.
"""

from __future__ import annotations

from typing import Any

from engine.rheinlaender.board import Board
from engine.rheinlaender.words import place
from engine.text import Msg, msg

State = dict[str, Any]
Action = dict[str, Any]


def occupied(state: State, space: str) -> bool:
    return space in state["knights"] or space in state["bastions"]


def number_targets(state: State, board: Board, number: int) -> list[str]:
    """Spaces card ``number`` offers for a number placement (B1-B4, A7): free land spaces of
    the area, and its river space only once every land space is occupied."""
    free_land = [s for s in board.area_land.get(number, ()) if not occupied(state, s)]
    if free_land:
        return free_land
    return [s for s in board.area_river.get(number, ()) if not occupied(state, s)]


def reinforcement_targets(state: State, board: Board, seat: int) -> list[str]:
    """Free land spaces next to one of ``seat``'s knights and next to no opponent's (C2-C5)."""
    knights, bastions = state["knights"], state["bastions"]
    targets = []
    for space in board.land:
        if space in knights or space in bastions:
            continue
        colours = {knights[n] for n in board.neighbours[space] if n in knights}
        if colours == {seat}:
            targets.append(space)
    return targets


def conversion_targets(state: State, board: Board, seat: int, number: int) -> list[str]:
    """Opponents' knights on the spaces of area ``number`` (J1); only for the archbishop."""
    if state["archbishop"] != seat:
        return []
    return [s for s in board.area_spaces(number)
            if s in state["knights"] and state["knights"][s] != seat]


def bastion_targets(state: State, board: Board) -> list[str]:
    """Free land spaces, banks or islands (D1)."""
    knights, bastions = state["knights"], state["bastions"]
    return [s for s in board.land if s not in knights and s not in bastions]


def knight_actions(state: State, board: Board, seat: int) -> list[Action]:
    """Every knight action ``seat`` could make now: number placements, conversions and
    reinforcements, card by card (L2: one of them is compulsory)."""
    if state["supply"][seat] <= 0:
        return []
    actions: list[Action] = []
    reinforce = reinforcement_targets(state, board, seat)
    for card in sorted(state["hands"][seat]):
        actions += [{"type": "play", "card": card, "space": s}
                    for s in number_targets(state, board, card)]
        actions += [{"type": "convert", "card": card, "space": s}
                    for s in conversion_targets(state, board, seat, card)]
        actions += [{"type": "reinforce", "card": card, "space": s} for s in reinforce]
    return actions


def takes_the_last_knight_action(state: State, board: Board, seat: int, space: str,
                                 knight: list[Action] | None = None) -> bool:
    """L4: would a bastion on ``space`` before the knight action leave ``seat`` with no knight
    action, where there was one (``knight``: the actions now, if known)?

    A bastion only occupies ``space``, so every knight action on another space survives it;
    only when all of them use ``space`` is the turn tried with the bastion in place (it may
    open the area's river space, B2)."""
    knight = knight_actions(state, board, seat) if knight is None else knight
    if not knight or any(action["space"] != space for action in knight):
        return False
    trial = dict(state, bastions={**state["bastions"], space: seat})
    return not knight_actions(trial, board, seat)


def leaving_a_knight_action(state: State, board: Board, seat: int, bastions: list[Action],
                            knight: list[Action]) -> list[Action]:
    """The bastion moves that keep a knight action for the turn (L4); the turn's kind (L3 or
    not) was decided by ``knight``, the knight actions at its start."""
    spaces = {action["space"] for action in knight}
    if len(spaces) != 1:  # no single space holds every knight action
        return bastions
    return [b for b in bastions
            if not takes_the_last_knight_action(state, board, seat, b["space"], knight)]


def may_place_bastion(state: State, board: Board, seat: int) -> bool:
    if state["bastions_left"][seat] <= 0 or state["bastion_placed"]:
        return False
    knights, bastions = state["knights"], state["bastions"]
    return any(s not in knights and s not in bastions for s in board.land)


def explain(state: State, board: Board, seat: int, action: Action, names: list[Any]) -> Msg:
    """The rule a move breaks, as a sentence for the player (built only on a refusal)."""
    if state["step"] == "over":
        return msg("rheinlaender.refuse.over")
    if seat != state["current"]:
        return msg("rheinlaender.refuse.not_your_turn", name=names[state["current"]])
    kind = action.get("type")
    handler = _EXPLAIN.get(kind) if isinstance(kind, str) else None
    if handler is None:
        return msg("rheinlaender.refuse.unknown")
    return handler(state, board, seat, action)


def _card_problem(state: State, seat: int, action: Action) -> Msg | None:
    if state["step"] == "after":
        return msg("rheinlaender.refuse.knight_done")
    card = action.get("card")
    if card not in state["hands"][seat]:
        return msg("rheinlaender.refuse.no_card", card=card)
    return None


def _explain_play(state: State, board: Board, seat: int, action: Action) -> Msg:
    problem = _card_problem(state, seat, action)
    if problem:
        return problem
    card, space = action["card"], action.get("space")
    if space not in board.spaces or card not in board.spaces[space]["areas"] \
            or board.kind(space) == "realm":
        return msg("rheinlaender.refuse.wrong_area", card=card)
    if occupied(state, space):
        return msg("rheinlaender.refuse.occupied_one", place=place(board, space))
    # a free land space of the area is always listed: a seat never lacks the knight, as the
    # game ends in the turn a supply empties (ruling M1, checks.invariants)
    return msg("rheinlaender.refuse.river_last", card=card)


def _explain_reinforce(state: State, board: Board, seat: int, action: Action) -> Msg:
    problem = _card_problem(state, seat, action)
    if problem:
        return problem
    space = action.get("space")
    if space not in board.spaces:
        return msg("rheinlaender.refuse.no_space")
    if not board.is_land(space):
        return msg("rheinlaender.refuse.reinforce_river")
    if occupied(state, space):
        return msg("rheinlaender.refuse.occupied", place=place(board, space))
    knights = state["knights"]
    colours = {knights[n] for n in board.neighbours[space] if n in knights}
    if seat not in colours:
        return msg("rheinlaender.refuse.reinforce_own")
    # bordering only the mover's knights it is listed (a knight is never lacking, M1)
    return msg("rheinlaender.refuse.reinforce_opponent")


def _explain_convert(state: State, board: Board, seat: int, action: Action) -> Msg:
    problem = _card_problem(state, seat, action)
    if problem:
        return problem
    if state["archbishop"] != seat:
        return msg("rheinlaender.refuse.not_archbishop")
    card, space = action["card"], action.get("space")
    if space in state["bastions"]:
        return msg("rheinlaender.refuse.convert_bastion")
    if space not in board.spaces or card not in board.spaces[space]["areas"] \
            or board.kind(space) == "realm":
        return msg("rheinlaender.refuse.convert_area", card=card)
    if space not in state["knights"]:
        return msg("rheinlaender.refuse.convert_empty", place=place(board, space))
    # an opponent's knight there is listed (a knight is never lacking, M1)
    return msg("rheinlaender.refuse.convert_own")


def _explain_discard(state: State, board: Board, seat: int, action: Action) -> Msg:
    problem = _card_problem(state, seat, action)
    if problem:
        return problem
    return msg("rheinlaender.refuse.discard")


def _explain_bastion(state: State, board: Board, seat: int, action: Action) -> Msg:
    space = action.get("space")
    if state["bastions_left"][seat] <= 0:
        return msg("rheinlaender.refuse.bastions_used")
    if state["bastion_placed"]:
        return msg("rheinlaender.refuse.one_bastion")
    if space not in board.spaces or not board.is_land(space):
        return msg("rheinlaender.refuse.bastion_land")
    if not occupied(state, space) and state["step"] == "start" and \
            takes_the_last_knight_action(state, board, seat, space):
        return msg("rheinlaender.refuse.bastion_last_knight", place=place(board, space))
    return msg("rheinlaender.refuse.occupied", place=place(board, space))


def _explain_done(state: State, board: Board, seat: int, action: Action) -> Msg:
    return msg("rheinlaender.refuse.done_first")


_EXPLAIN = {
    "play": _explain_play,
    "reinforce": _explain_reinforce,
    "convert": _explain_convert,
    "discard": _explain_discard,
    "bastion": _explain_bastion,
    "done": _explain_done,
}
