"""Which knight actions and bastions are legal, and why others are not (rulings B, C, D, J, L).

Everything legal is listed here; the game's ``legal()`` is built from these functions and
``_apply`` accepts only what they list, asking ``explain`` for the reason otherwise.
"""

from __future__ import annotations

from typing import Any

from engine.rheinlaender.board import Board

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
    knights = state["knights"]
    targets = []
    for space in board.land_spaces():
        if occupied(state, space):
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
    return [s for s in board.land_spaces() if not occupied(state, s)]


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


def may_place_bastion(state: State, board: Board, seat: int) -> bool:
    return (state["bastions_left"][seat] > 0 and not state["bastion_placed"]
            and bool(bastion_targets(state, board)))


def explain(state: State, board: Board, seat: int, action: Action, names: list[str]) -> str:
    """The rule a move breaks, as a sentence for the player."""
    if state["step"] == "over":
        return "The game is over."
    if seat != state["current"]:
        return f"It is {names[state['current']]}'s turn, not yours."
    kind = action.get("type")
    handler = _EXPLAIN.get(kind)
    if handler is None:
        return "That is not a Rheinländer move: play, reinforce, convert, discard, bastion or done."
    return handler(state, board, seat, action)


def _card_problem(state: State, seat: int, action: Action) -> str | None:
    if state["step"] == "after":
        return ("You have already made this turn's knight action: place a bastion "
                "or say done.")
    card = action.get("card")
    if card not in state["hands"][seat]:
        return f"You do not hold card {card}."
    return None


def _explain_play(state: State, board: Board, seat: int, action: Action) -> str:
    problem = _card_problem(state, seat, action)
    if problem:
        return problem
    card, space = action["card"], action.get("space")
    if space not in board.spaces or card not in board.spaces[space]["areas"]:
        return f"Card {card} places a knight only in area {card}."
    if occupied(state, space):
        return f"{board.name(space)} is already occupied: each space holds one piece."
    if board.kind(space) == "river":
        return (f"The river space of {card} takes a knight only when every land space "
                f"of area {card} is occupied.")
    return "That placement is not allowed."


def _explain_reinforce(state: State, board: Board, seat: int, action: Action) -> str:
    problem = _card_problem(state, seat, action)
    if problem:
        return problem
    space = action.get("space")
    if space not in board.spaces:
        return "There is no such space."
    if not board.is_land(space):
        return "A reinforcement goes on a free land space, never on the river."
    if occupied(state, space):
        return f"{board.name(space)} is already occupied."
    knights = state["knights"]
    colours = {knights[n] for n in board.neighbours[space] if n in knights}
    if seat not in colours:
        return "A reinforcement must border one of your own knights."
    if colours - {seat}:
        return "A reinforcement may not border an opponent's knight."
    return "You have no knight left to place."


def _explain_convert(state: State, board: Board, seat: int, action: Action) -> str:
    problem = _card_problem(state, seat, action)
    if problem:
        return problem
    if state["archbishop"] != seat:
        return "Only the holder of the archbishop may convert knights."
    card, space = action["card"], action.get("space")
    if space in state["bastions"]:
        return "Bastions cannot be converted."
    if space not in board.spaces or card not in board.spaces[space]["areas"]:
        return f"Card {card} converts only a knight in area {card}; castle knights never."
    if space not in state["knights"]:
        return f"There is no knight on {board.name(space)} to convert."
    return "You cannot convert your own knight."


def _explain_discard(state: State, board: Board, seat: int, action: Action) -> str:
    problem = _card_problem(state, seat, action)
    if problem:
        return problem
    return ("You may discard without placing a knight only when no card allows any knight "
            "placement, reinforcement or conversion.")


def _explain_bastion(state: State, board: Board, seat: int, action: Action) -> str:
    space = action.get("space")
    if state["bastions_left"][seat] <= 0:
        return "You have placed all three of your bastions."
    if state["bastion_placed"]:
        return "Only one bastion may be placed per turn."
    if space not in board.spaces or not board.is_land(space):
        return "A bastion goes on a free land space, never on the river or a realm."
    return f"{board.name(space)} is already occupied."


def _explain_done(state: State, board: Board, seat: int, action: Action) -> str:
    return "First play a card and place your knight; done only ends the turn after that."


_EXPLAIN = {
    "play": _explain_play,
    "reinforce": _explain_reinforce,
    "convert": _explain_convert,
    "discard": _explain_discard,
    "bastion": _explain_bastion,
    "done": _explain_done,
}
