"""Trödler's additions to the front doors: the hand-limit discard as one select menu.

When a turn ends with more than four cards in hand, the player discards down to four, feed
kept (R37), and each combination of cards is one legal move: dropping 3 of 7 cards is 35
moves. Fifteen buttons showed a few of them and the rest had to be typed by card number on
a phone. A select menu lists each card once; picking the cards to drop makes the move.
"""

from __future__ import annotations

from bot.i18n import t
from bot.service.extras import Extras, Pick
from engine.core import Action, Game, State
from engine.text import DEFAULT, say
from engine.troedler.data import card_text


class TroedlerExtras(Extras):
    def picker(self, game: Game, state: State, seat: int, moves: list[Action], room: int, *,
               lang: str = DEFAULT) -> Pick | None:
        if len(moves) <= room or any(move.get("type") != "discard" for move in moves):
            return None
        cards = sorted({card for move in moves for card in move["cards"]})
        count = len(moves[0]["cards"])
        return Pick(t("extras.troedler.pick_discard", lang, count=count), "discard", count,
                    tuple((say(card_text(card), lang), str(card)) for card in cards))


EXTRAS = TroedlerExtras()
