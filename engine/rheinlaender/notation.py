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

from engine.core import RuleError, is_plain_number
from engine.rheinlaender.board import Board

Action = dict[str, Any]
WHERE = ("left", "right", "river", "island")
HELP = ("Write a move like: play 17 left, play 17 river, reinforce 5 onto 22 right, "
        "convert 17 right, bastion 22 right, discard 14, done.")
BANK_WORDS = {"left": "left bank", "right": "right bank", "river": "river", "island": "island"}


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
        raise RuleError(HELP)
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
        raise RuleError("A reinforcement names the card and the space: reinforce <card> onto "
                        "<area> <left|right|island>, e.g. reinforce 5 onto 17 left.")
    raise RuleError(HELP)


def _number(word: str) -> int:
    if not is_plain_number(word) or not 1 <= int(word) <= 54:
        raise RuleError(f"{word!r} is not a card or area number (1 to 54). {HELP}")
    return int(word)


def _space(board: Board, number: int, where: str) -> str:
    if where not in WHERE:
        raise RuleError(f"{where!r} is not a place: say left, right, river or island.")
    space = board.space_for(number, where)
    if space is None:
        raise RuleError(f"Area {number} has no {BANK_WORDS[where]} space.")
    return space


def label(board: Board, state: dict[str, Any], action: Action, names: list[str]) -> str:
    """A short human description for autocomplete and buttons (at most 100 characters)."""
    kind = action["type"]
    if kind == "done":
        return "End the turn without a bastion"
    if kind == "discard":
        return f"Discard card {action['card']} (no knight can be placed)"
    space = action["space"]
    place = _place_words(board, space)
    hints = _realm_hints(board, state, space) + _neighbour_hints(board, state, space, names)
    if kind == "play":
        text = f"Card {action['card']}: knight on {place}{hints}"
    elif kind == "reinforce":
        text = f"Card {action['card']} as reinforcement: knight on {place}{hints}"
    elif kind == "convert":
        victim = names[state["knights"][space]]
        text = f"Card {action['card']}: convert {victim}'s knight on {place}"
    else:
        text = f"Bastion on {place}"
    return text[:100]


def _place_words(board: Board, space: str) -> str:
    number, where = board.where(space)
    if where == "island":
        return board.name(space)
    return f"{number} {BANK_WORDS[where]}"


def _neighbour_hints(board: Board, state: dict[str, Any], space: str, names: list[str]) -> str:
    seats = sorted({state["knights"][n] for n in board.neighbours[space] if n in state["knights"]})
    return f" next to {', '.join(names[s] for s in seats)}" if seats else ""


def _realm_hints(board: Board, state: dict[str, Any], space: str) -> str:
    words = []
    for realm in board.realms_of[space]:
        marker = state["realms"].get(realm)
        if marker:
            words.append(f"city {marker['value']}" if marker["kind"] == "city" else marker["kind"])
    return f" (by {', '.join(words)})" if words else ""
