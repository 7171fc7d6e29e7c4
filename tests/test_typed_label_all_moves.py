"""A move's label typed as a list shows it plays that move, however far down the list it
stands. Only the first 300 legal moves were matched, and an 18Rhl track step offers several
hundred (503 here): the label of a lay past the 300th was refused with the notation help."""

from __future__ import annotations

from functools import cache

from bot.service.base import Table
from bot.service.move_lists import LISTED
from bot.service.moves import _labelled
from bot.store import GameRow
from engine.rhl18 import importer as I
from engine.rhl18.game import GAME

TRACE = "tests/fixtures/18rhl/18Rhl_game_end_bank.json.gz"
AT = 34  # a corporation's track step: 503 legal moves


@cache
def _position() -> dict:
    for index, (state, _) in enumerate(I.replay_iter(I.load_json(TRACE))):
        if index == AT:
            return state
    raise AssertionError(AT)


def _table(language: str) -> tuple[Table, int]:
    state = _position()
    seat = GAME.active(state)[0]
    row = GameRow(id=1, guild_id=1, channel_id=1, game_key="18rhl", options={}, seed=1,
                  status="active", min_players=3, max_players=3, creator_id=1, state=None,
                  state_format=1, version=7, phase="", active_seats=[seat], created_at=0.0,
                  updated_at=0.0, language=language)
    return Table(row, GAME, [], state), seat


def _past_the_list(table: Table, seat: int) -> list:
    moves = GAME.legal(table.state, seat)
    assert len(moves) > LISTED + 100
    return moves[LISTED:]


def test_a_typed_label_past_the_300th_move_plays_it() -> None:
    table, seat = _table("en")
    for move in _past_the_list(table, seat)[::40]:
        label = table.label(table.state, move, "en")
        assert _labelled(table, seat, label) == move, label
        words = label.rpartition(" · ")[0]  # the label without its typed form
        found = _labelled(table, seat, words.upper())
        assert found in (move, None), words  # None only where another move reads the same


def test_a_german_label_past_the_300th_move_plays_it() -> None:
    table, seat = _table("de")
    move = _past_the_list(table, seat)[-1]
    label = table.label(table.state, move, "de")
    assert _labelled(table, seat, f"  {label}. ") == move, label


def test_a_label_no_move_has_is_still_nothing() -> None:
    table, seat = _table("en")
    assert _labelled(table, seat, "Lay tile 9 on Z99") is None
