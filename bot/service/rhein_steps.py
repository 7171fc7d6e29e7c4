"""Rhein's step menu for loading: the transport (or truck) first, then how many containers.

A load turn offers up to ten loads onto each of several transports, 70-odd moves: the five
channel buttons held the first one or two, and in 5 of 6 load turns of a review's games the
load wanted was on none of them nor in /play's first 25. Two picks reach each of them now.
Every option is a ``legal()`` load; the engine decides the move.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.i18n import language
from bot.service.extras import Pick
from bot.service.steps import LIMIT
from engine.core import Action, Game, State
from engine.rhein.words import vehicle
from engine.text import DEFAULT, msg, say

STEP = "load"  # a step's value: "load <transport>", which the notation reads as no move


def _loads(moves: list[Action]) -> dict[str, list[Action]]:
    found: dict[str, list[Action]] = {}
    for move in moves:
        if move.get("type") == "load":
            found.setdefault(move["transport"], []).append(move)
    return found


def step_menu(moves: list[Action], lang: str = DEFAULT) -> Pick | None:
    """One option per transport a load can go onto, with how many it takes."""
    loads = _loads(moves)
    if not loads:
        return None
    lang = language(lang)
    options = [(say(msg("extras.rhein.step_onto", vehicle=vehicle(key, "acc"),
                        low=min(m["n"] for m in found), high=max(m["n"] for m in found)),
                    lang), f"{STEP} {key}") for key, found in loads.items()]
    # a dozen transports and trucks at most: one menu holds them
    return Pick(say(msg("extras.rhein.step_menu"), lang), "", 1, tuple(options[:LIMIT]))


def next_step(game: Game, state: State, seat: int, value: str, lang: str = DEFAULT,
              label: Callable[[Action, str], str] | None = None
              ) -> tuple[str, list[tuple[str, str]]] | None:
    """The loads onto the transport ``value`` names, by number, as the game labels them
    (``label`` adds to a label what the buttons add: the order a load fills)."""
    words = value.split()
    if len(words) != 2 or words[0] != STEP:
        return None
    found = _loads(game.legal(state, seat))
    loads = sorted(found.get(words[1], []), key=lambda m: m["n"])
    if not loads:
        return None
    lang = language(lang)
    return (say(msg("extras.rhein.step_count", vehicle=vehicle(words[1], "acc")), lang),
            [(_words(game, state, m, lang, label), game.format(state, m)) for m in loads])


def _words(game: Game, state: State, move: Action, lang: str,
           label: Callable[[Action, str], str] | None) -> str:
    said = say(game.label(state, move), lang)
    return label(move, said) if label is not None else said
