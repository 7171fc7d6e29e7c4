"""The words Rhein speaks in: catalogue texts (``engine/locales/<lang>/rhein.json``).

Transports are named in the grammatical slot a sentence needs, because German inflects the
article and the colour ("der rote Zug", "den roten Zug", "dem roten Zug"); English says
"the red Train" in every slot but the sentence start. Player names are the seat colours,
said in the reader's language. City names are proper names and stay as printed.

Refusals found while ``legal()`` filters candidates are ``engine.text.Reason`` values,
worded into a ``Msg`` only when a player is told: legal() tests hundreds of candidates per
call and most are refused, so it must not format a sentence for each.
"""

from __future__ import annotations

import functools
from typing import Any

from engine.rhein import data
from engine.text import Msg, Reason, has, msg, reason, to_json

# Grammatical slots of a transport's name: "subject" starts a sentence, "nom" is a subject
# inside one, "acc"/"dat" the objects German needs, "empty" the subject "The empty red Train".
CASES = ("subject", "nom", "acc", "dat", "empty")


# The steps whose "done" has its own label and log line (rhein.label.done.<step>,
# rhein.log.done.<step>); others say "Done".
DONE_STEPS = ("take", "load", "reserve", "stop", "trucks", "fulfil")


# Names are worded once: a Msg is immutable, and the hard AI's playouts log every move.
@functools.cache
def player(seat: int) -> Msg:
    """A seat's name: its colour ("Green", "Grün")."""
    return msg(f"rhein.player.{data.COLOURS[seat]}")


@functools.cache
def transport(key: str, case: str) -> Msg:
    return msg(f"rhein.transport.{case}.{key}")


@functools.cache
def typed_name(key: str) -> Msg:
    """A transport as a player may type it in a move: the notation's ``red-ship`` in English,
    ``rotes Schiff`` in German (the bot reads both)."""
    return msg(f"rhein.transport.typed.{key}")


def transport_why(key: str, case: str) -> Reason:
    return reason(f"rhein.transport.{case}.{key}")


def vehicle(key: str, case: str) -> Msg:
    """A shared transport or one of the player's trucks ("truck A", "den Lkw A")."""
    if key in data.TRUCK_LETTERS:
        return msg(f"rhein.truck.{case}", letter=key.upper())
    return transport(key, case)


def city(number: int) -> Msg | str:
    """A city in the reader's language where its name differs (German "Straßburg"), else the
    rules' own name."""
    key = f"rhein.city.{number}"
    return msg(key) if has(key) else data.CITY_BY_NUMBER[number].name


def joined(items: list[Any]) -> Any:
    """``a, b and c``; a single item as it is."""
    if len(items) == 1:
        return items[0]
    return msg("rhein.and", first=list(items[:-1]), last=items[-1])


def parts(text: Any) -> list[Any]:
    """The items :func:`joined` made ``text`` of."""
    if isinstance(text, Msg) and text.key == "rhein.and":
        return [*text.params["first"], text.params["last"]]
    return [text]


@functools.cache
def phase_name(number: int) -> Msg:
    return msg(f"rhein.phase_name.{number}")


def phase_title(state: dict) -> Msg:
    """The phase being played, as the channel's headings name it: "Round 5/7 · Phase 3:
    Reserve Stops"."""
    return _phase_title(state["round"], state["rounds"], state["phase"])


# A game has at most a few dozen phases and the playouts log each one's start: bounded, as
# the number of rounds comes from the table's options.
@functools.lru_cache(maxsize=512)
def _phase_title(round_number: int, rounds: int, phase: int) -> Msg:
    return msg("rhein.phase.round", round=round_number, rounds=rounds, phase=phase,
               name=phase_name(phase))


@functools.cache
def done_line(step: str, seat: int) -> Msg:
    """A seat's ``done`` as the log says it: which step it ends ("Anna is done loading")."""
    return msg(f"rhein.log.done.{step}" if step in DONE_STEPS else "rhein.log.done",
               player=player(seat))


# Log lines of moves a player repeats with a count, said as one when one seat's moves follow
# each other onto (or off) the same transport or truck, or into the same city: tapping
# "Load 1" thirteen times read as thirteen loads, and five unloads as five lines.
COUNTED = ("rhein.log.load", "rhein.log.load_truck", "rhein.log.unload")


def merged_line(first: Any, second: Any) -> Msg | None:
    """``first`` and ``second`` as one line when they load the same seat's containers onto
    the same transport or truck, or unload them in the same city, the counts added; else
    None."""
    key = getattr(first, "key", None)
    if key not in COUNTED or getattr(second, "key", None) != key:
        return None
    rest = {name: value for name, value in first.params.items() if name != "count"}
    if _uncounted(first) != _uncounted(second):
        return None
    return msg(key, **rest, count=first.params["count"] + second.params["count"])


def _uncounted(line: Msg) -> dict[str, Any]:
    return {name: to_json(value) for name, value in line.params.items() if name != "count"}
