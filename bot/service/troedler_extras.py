"""Trödler's additions to the front doors: the hand-limit discard as one select menu.

When a turn ends with more than four cards in hand, the player discards down to four, feed
kept (R37), and each combination of cards is one legal move: dropping 3 of 7 cards is 35
moves. Fifteen buttons showed a few of them and the rest had to be typed by card number on
a phone; even ten buttons of three card numbers each read poorly. A select menu lists each
card once; picking the cards to drop makes the move. It is offered whenever two or more cards
go and there is a choice.

A move's label ends with its typed form, in a German list the German one ("Per Fähre nach
Achnacroy · fahre fähre achnacroy"): the words a player may type. A choice (autocomplete, a
button) is fitted to 100 characters in its reader's language by the engine
(engine.troedler.notation.reader_label); a list (/game hand, the turn DM) has no such limit
and always shows the typed form, so that every move there teaches how to type it.

Lists (the turn DM, /game hand, the terminal) show that discard as one entry too: each
combination as an entry read as a wall, "Abwerfen: #5 …, #23 …, #51 Bergpfad; Abwerfen: #5
…, #23 …, #55 Bergpfad; … (und 17 weitere …)".

/game hand says where the player's cart stands, the routes leaving it and their goods: on a
phone the board's small village names and route colours were hard to read, and a review's
newcomer had to guess which route cards could move them at all.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import t, typed_label, typed_move
from bot.service.extras import Extras, Pick
from bot.service.move_lists import LISTED
from engine.core import Action, Game, State
from engine.text import DEFAULT, language, msg, say
from engine.troedler.data import (
    ROUTE_KINDS,
    VILLAGE_NAMES,
    card_text,
    goods_text,
    neighbours,
    route_name,
)
from engine.troedler.notation import listed_label, reader_label


class TroedlerExtras(Extras):
    def picker(self, game: Game, state: State, seat: int, moves: list[Action], room: int, *,
               lang: str = DEFAULT) -> Pick | None:
        if not moves or any(move.get("type") != "discard" for move in moves):
            return None
        count = len(moves[0]["cards"])
        # A button per combination names two or three cards each, and ten such buttons
        # are hard to tell apart on a phone; a menu lists each card once. One card to
        # drop, or a single way to drop them, stays as buttons.
        if len(moves) <= room and (count == 1 or len(moves) == 1):
            return None
        cards = _droppable(moves)
        return Pick(t("extras.troedler.pick_discard", lang, count=count), "discard", count,
                    tuple((say(card_text(card), lang), str(card)) for card in cards))

    def list_labels(self, game: Game, state: State, moves: list[Action], *,
                    lang: str = DEFAULT) -> list[str] | None:
        """Each move's label, its wording that says most, with its typed form in the
        reader's words ("Zug beenden · ende") whatever its length: a list entry is no
        100-character choice, and one without the typed form ("Kraftfutter als …" next to
        "Per … · fahre …") showed nothing to type. Said here too for a list without a table
        to say it. A discard of two or more cards with a choice (a menu where buttons are)
        is one entry for all its moves."""
        if _menu_discard(moves):
            entry = say(msg("cli.play.typed_example",
                            label=msg("troedler.label.discard_choice",
                                      count=len(moves[0]["cards"]),
                                      cards=[card_text(card) for card in _droppable(moves)]),
                            move=typed_move(game.key, game.format(state, moves[0]), lang)),
                        lang)
            return [entry] * len(moves[:LISTED])
        return [say(typed_label(game.key, listed_label(state, move), game.format(state, move),
                                lang), lang)
                for move in moves[:LISTED]]

    def reader_label(self, game: Game, state: State, action: Action, *,
                     lang: str = DEFAULT) -> Any:
        """The label fitted to a choice in ``lang`` (the engine measures it with that
        reader's typed form): an English choice kept its typed move only where the German
        one fitted too."""
        return typed_label(game.key, reader_label(state, action, lang),
                           game.format(state, action), lang)

    def holdings(self, game: Game, state: State, seat: int, *,
                 lang: str = DEFAULT) -> list[str]:
        # only the public view: carts, villages and collections lie open on the table
        view = game.view(state, None)
        me = next(p for p in view["players"] if p["seat"] == seat)
        here = me["cart"]
        lang = language(lang)
        lines = [msg("extras.troedler.cart", village=VILLAGE_NAMES[here],
                     goods=goods_text(view["villages"][here])),
                 msg("extras.troedler.routes", village=VILLAGE_NAMES[here],
                     routes=_routes(here, lang)),
                 msg("extras.troedler.goods", goods=goods_text(me["goods"]))]
        return [say(line, lang) for line in lines]


def _routes(village: str, lang: str) -> str:
    """"bridge to Ruthven; ferry to Achnacroy, Glenmore": one entry per kind, in the data's
    order of kinds, its villages by name (a comma joins them, so a semicolon the kinds)."""
    ways: dict[str, list[str]] = {}
    for kind, to in neighbours(village):
        ways.setdefault(kind, []).append(VILLAGE_NAMES[to])
    return "; ".join(say(msg("extras.troedler.route", kind=route_name(kind),
                             villages=sorted(ways[kind])), lang)
                     for kind in ROUTE_KINDS if kind in ways)


def _menu_discard(moves: list[Action]) -> bool:
    """Whether ``moves`` are the hand-limit discard of two or more cards, with a choice."""
    return len(moves) > 1 and all(move.get("type") == "discard" for move in moves) \
        and len(moves[0]["cards"]) > 1


def _droppable(moves: list[Action]) -> list[int]:
    return sorted({card for move in moves for card in move["cards"]})


EXTRAS = TroedlerExtras()
