"""A move whose lines hold a record (a deal, a new phase) ends its entry on the turn card and
in a turn DM's news: a German Trödler review read "**Anna** … beendet den Zug · legt Stapel 3
… auf den Ablagestapel" above "Runde 2: Anna bildet 3 Trödelstapel …", the next round's pile
taken before the deal that made it, as Anna's two moves in a row were one entry."""

from __future__ import annotations

from types import SimpleNamespace

import engine
from bot.service.base import Table
from bot.service.pictures import card_entries
from engine.text import msg


def _rows(*lines: list) -> list:
    return [SimpleNamespace(seat=0, lines=list(said)) for said in lines]


def test_a_move_with_a_record_ends_its_entry() -> None:
    table = Table(SimpleNamespace(language="en", game_key="troedler"),  # type: ignore[arg-type]
                  engine.get_game("troedler"), [])
    ends = msg("troedler.log.ends_turn", name="Anna")
    deal = msg("troedler.log.deal", name="Anna", round=2, count=3)
    takes = msg("troedler.log.takes_pile", name="Anna", pile="pile 1")
    rows = _rows([ends, deal], [takes], [takes])
    closing = [table.has_record(row.lines) for row in rows]
    assert closing == [True, False, False]
    assert card_entries(rows, [0, 0, 0], closing) == [[0], [1, 2]]
    # without a record, one mover's moves in a row stay one entry, as before
    assert card_entries(rows, [0, 0, 0]) == [[0, 1, 2]]
    assert card_entries(rows, [0, 1, 1], closing) == [[0], [1, 2]]
