"""The move notation (parse and format are inverse) and the labels for autocomplete.

Grammar (case-insensitive; ``<where>`` is left, right, river or island)::

    play <card> <where>                  card <card> for its number: knight in area <card>
    reinforce <card> onto <area> <where> card <card> as reinforcement ("onto" may be left out)
    convert <card> <where>               archbishop: replace an opponent's knight in area <card>
    discard <card>                       only when no knight action is possible (ruling L3)
    bastion <area> <where>               before the card or after the knight action
    done                                 end the turn without (another) bastion

Examples: ``play 17 left``, ``play 17 river``, ``reinforce 5 onto 22 right``,
``convert 17 right``, ``bastion 22 right``, ``play 10 island``.
"""

from __future__ import annotations

from typing import Any

from engine.core import RuleError, clip_word, is_plain_number
from engine.rheinlaender.board import Board
from engine.rheinlaender.words import bank_place, realm
from engine.text import Msg, msg

Action = dict[str, Any]
WHERE = ("left", "right", "river", "island")


def _help() -> Msg:
    return msg("rheinlaender.notation.help")


def format_action(board: Board, action: Action) -> str:
    kind = action["type"]
    if kind == "done":
        return "done"
    if kind == "discard":
        return f"discard {action['card']}"
    if kind in ("play", "convert"):
        return f"{kind} {action['card']} {_where_in_area(board, action['space'], action['card'])}"
    number, where = board.where(action["space"])
    if kind == "bastion":
        return f"bastion {number} {where}"
    return f"reinforce {action['card']} onto {number} {where}"


def _where_in_area(board: Board, space: str, number: int) -> str:
    return board.where(space)[1] if number in board.spaces[space]["areas"] else "?"


def parse_action(board: Board, text: str) -> Action:
    words = text.lower().replace(",", " ").split()
    if not words:
        raise RuleError(_help())
    verb, rest = words[0], words[1:]
    if verb == "done" and not rest:
        return {"type": "done"}
    if verb == "discard" and len(rest) == 1:
        return {"type": "discard", "card": _number(rest[0])}
    if verb in ("play", "convert") and len(rest) == 2:
        card = _number(rest[0])
        return {"type": verb, "card": card, "space": _space(board, card, rest[1])}
    if verb == "bastion" and len(rest) == 2:
        return {"type": "bastion", "space": _space(board, _number(rest[0]), rest[1])}
    if verb == "reinforce":
        if len(rest) == 4 and rest[1] == "onto":
            rest = [rest[0]] + rest[2:]
        if len(rest) == 3:
            return {"type": "reinforce", "card": _number(rest[0]),
                    "space": _space(board, _number(rest[1]), rest[2])}
        raise RuleError(msg("rheinlaender.notation.reinforce_form"))
    # opens as Rhein's and Trödler's do, so an unread move reads as refused, not as a lesson
    raise RuleError(msg("rheinlaender.notation.unreadable", help=_help()))


def _number(word: str) -> int:
    if not is_plain_number(word) or not 1 <= int(word) <= 54:
        raise RuleError(msg("rheinlaender.notation.number", word=repr(clip_word(word)),
                            help=_help()))
    return int(word)


def _space(board: Board, number: int, where: str) -> str:
    if where not in WHERE:
        raise RuleError(msg("rheinlaender.notation.where", word=repr(clip_word(where))))
    space = board.space_for(number, where)
    if space is None:
        raise RuleError(_no_space(number, where))
    return space


def _no_space(number: int, where: str) -> Msg:
    if where == "left":
        return msg("rheinlaender.notation.no_left", number=number)
    if where == "right":
        return msg("rheinlaender.notation.no_right", number=number)
    if where == "river":
        return msg("rheinlaender.notation.no_river", number=number)
    return msg("rheinlaender.notation.no_island", number=number)


def label(board: Board, state: dict[str, Any], action: Action, names: list[Any]) -> Msg:
    """A short human description for autocomplete and buttons (at most 100 characters)."""
    kind = action["type"]
    if kind == "done":
        return msg("rheinlaender.label.done")
    if kind == "discard":
        return msg("rheinlaender.label.discard", card=action["card"])
    space = action["space"]
    where = bank_place(board, space)
    if kind == "bastion":
        # what a bastion does, said where it is offered: a newcomer's first list held a
        # dozen bastions and nothing said what one was for
        return msg("rheinlaender.label.bastion", place=where,
                   count=state["bastions_left"][state["current"]])
    card = action.get("card")
    if kind == "convert":
        return msg("rheinlaender.label.convert", card=card, name=names[state["knights"][space]],
                   place=where)
    hint = _hint(board, state, space, names)
    if kind == "play":
        if hint is None:
            return msg("rheinlaender.label.play", card=card, place=where)
        return msg("rheinlaender.label.play_hint", card=card, place=where, hint=hint)
    if hint is None:
        return msg("rheinlaender.label.reinforce", card=card, place=where)
    return msg("rheinlaender.label.reinforce_hint", card=card, place=where, hint=hint)


def _hint(board: Board, state: dict[str, Any], space: str, names: list[Any]) -> Msg | None:
    """What the space borders: its realms, then whose knights are next to it."""
    realms = [realm(state["realms"][r]) for r in board.realms_of[space] if r in state["realms"]]
    neighbours = _neighbours(board, state, space, names)
    if realms and neighbours:
        return msg("rheinlaender.hint.both", realms=realms, names=neighbours)
    if realms:
        return msg("rheinlaender.hint.realms", realms=realms)
    if neighbours:
        return msg("rheinlaender.hint.names", names=neighbours)
    return None


def _neighbours(board: Board, state: dict[str, Any], space: str, names: list[Any]) -> Any:
    """Whose knights border ``space``, the others by colour and the mover's own as "your
    knights": a label is read by the player about to move, and Green reading "next to
    Green" did not see that Green was them."""
    knights = state["knights"]
    owners = [knights[n] for n in board.neighbours[space] if n in knights]
    own = owners.count(state["current"])
    others = [names[s] for s in sorted(set(owners) - {state["current"]})]
    if not own:
        return others
    if not others:
        return msg("rheinlaender.hint.yours", count=own)
    return msg("rheinlaender.hint.others_and_yours", names=others, count=own)
