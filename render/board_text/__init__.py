"""The board as text: what ``/game board text:True`` tells its asker alone, for a player who
cannot see the picture (a screen reader) or cannot read it (a phone's small print).

The alt text says the phase, whose turn it is, the standings and what changed, within
Discord's 1,024 characters; it cannot say where everything stands. This says the whole
position, game by game (``rhein``, ``rheinlaender``, ``troedler``, ``rhl18``), from the
public view alone (``game.view(state, None)`` with the service's ``seats``), so it names
nothing the picture could not show: no hand, no face-down coin or order.

It comes as pages within Discord's 2,000 characters of a message, cut between lines: the
service sends each page as a message of its own.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable

from engine import text as texts
from engine.core import pages
from render.alt_text import _result_line, _who, plain, to_move
from render.player_names import plain_view

texts.register("render.locales")

PAGE = 1900  # Discord allows 2,000 characters a message; room for the delivery's marks
GAMES = {"rhein": "rhein", "rheinlaender": "rheinlaender", "troedler": "troedler",
         "18rhl": "rhl18", "rhl18": "rhl18"}


def say(lang: str, key: str, **values: object) -> str:
    return texts.render(f"render.board_text.{key}", values, lang)


def describe(game_key: str, view: dict, lang: str, *, title: str, phase: str,
             acting: list[int], over: bool = False,
             result: list[str] | None = None) -> list[str]:
    """The board of ``game_key`` as pages of text in ``lang``: a head (the game, its phase,
    who is to move, or a finished game's ``result`` as its result post says it) and the
    game's own lines."""
    view = plain_view(view)
    head = say(lang, "head", title=plain(title), phase=plain(phase))
    if over and result:
        # the winner beside the head, then a line per seat as the result post has them
        said = [_seats_as_below(view, _result_line(line), lang) for line in result
                if _result_line(line)]
        lines: list[str] = [f"{head} {said[0]}", *said[1:]]
    else:
        lines = [f"{head} " + (texts.render("render.alt.over", {}, lang) if over
                               else to_move(game_key, view, lang, acting))]
    lines += _describer(game_key)(view, lang)
    return pages(lines, PAGE)


def _seats_as_below(view: dict, line: str, lang: str) -> str:
    """A result post's line with its seats named as the board's lines below name them: the
    post's "Bot 2 (orange)" over "Bot 2 (Orange): 44 points" read as two spellings."""
    for entry in view.get("seats") or []:
        seat = entry.get("seat")
        if seat is None or not entry.get("name"):
            continue
        named = who(view, seat, lang)
        line = re.sub(re.escape(named), lambda _, named=named: named, line, flags=re.IGNORECASE)
    return line


def who(view: dict, seat: int, lang: str) -> str:
    """A seat as the alt text says it: "Anna (Orange)"."""
    return _who(view, seat, lang)


def _describer(game_key: str) -> Callable[[dict, str], list[str]]:
    module = importlib.import_module(f"render.board_text.{GAMES[game_key]}")
    return module.lines


