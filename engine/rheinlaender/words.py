"""The words texts are made of: seats by colour, spaces, realms and lists joined with "and".

Every one is a catalogue text (``engine.text.Msg``), so a log line, a label or a refusal that
names a player, a space or a realm can be said in any language. The notation (``17 left``)
stays English; these are only the words players read.
"""

from __future__ import annotations

from typing import Any

from engine.rheinlaender.board import Board
from engine.text import Msg, msg

# Seat 0.. in the order of game.COLOURS; built once, a Msg is immutable.
NAMES: list[Msg] = [
    msg("rheinlaender.colour.orange"),
    msg("rheinlaender.colour.blue"),
    msg("rheinlaender.colour.green"),
    msg("rheinlaender.colour.yellow"),
    msg("rheinlaender.colour.purple"),
]


def both(first: Any, second: Any) -> Msg:
    """``first and second``."""
    return msg("rheinlaender.and", first=first, second=second)


def joined(items: list[Any]) -> Any:
    """``a and b and c``: pairs folded from the left, a single item as it is."""
    text = items[0]
    for item in items[1:]:
        text = both(text, item)
    return text


def place(board: Board, space: str) -> Msg:
    """A space as the log and the refusals name it: ``17 left``, ``island 10/11``, a realm
    space ``47/48 left`` (every text names a realm so: :func:`_realm_place`)."""
    # Worded once per space: a Msg is immutable, and the AI's look-ahead logs every knight
    # it tries (tens of thousands a game), each line naming its space.
    found = board.places.get(space)
    if found is None:
        found = board.places[space] = _place(board, space)
    return found


def _place(board: Board, space: str) -> Msg:
    if board.kind(space) == "realm":
        return _realm_place(board, space)
    number, where = board.where(space)
    if where == "left":
        return msg("rheinlaender.space.left", n=number)
    if where == "right":
        return msg("rheinlaender.space.right", n=number)
    if where == "river":
        return msg("rheinlaender.space.river", n=number)
    first, second = board.spaces[space]["areas"]
    return msg("rheinlaender.space.island", first=first, second=second)


def _realm_place(board: Board, space: str) -> Msg:
    """A realm space by both land spaces it borders, ``47/48 left``: a castle named by the
    knight's space in the log and by its other neighbour in /game hand read as two castles."""
    first, second = sorted(board.spaces[b]["areas"][0] for b in board.spaces[space]["borders"])
    bank = "realm_left" if board.spaces[space]["bank"] == "L" else "realm_right"
    return msg(f"rheinlaender.space.{bank}", first=first, second=second)


def bank_place(board: Board, space: str) -> Msg:
    """A space as the move labels name it: ``17 left bank``, ``17 river``, ``island 10/11``."""
    number, where = board.where(space)
    if where == "left":
        return msg("rheinlaender.space.left_bank", n=number)
    if where == "right":
        return msg("rheinlaender.space.right_bank", n=number)
    return place(board, space)


def realm(marker: dict[str, Any]) -> Msg:
    """A realm marker: ``castle``, ``church`` or ``city 3``."""
    if marker["kind"] == "city":
        return msg("rheinlaender.realm.city", value=marker["value"])
    if marker["kind"] == "castle":
        return msg("rheinlaender.realm.castle")
    return msg("rheinlaender.realm.church")
