"""Trödler's move lists in a German table: each move's label ended with its English
notation ("Stapel 1 nehmen: oben #50 Kraftfutter, 3 darunter · take-pile 1", "Zug beenden
· end"), which Rhein's and Rheinländer's German lists never show; English lists keep it."""

from __future__ import annotations

from bot.service.base import _expected
from tests.issue10_helpers import lctx
from tests.service_pebbles import started_table


async def _table(tmp_path):
    service, store, game, _ = await started_table(tmp_path / "de.sqlite3", "troedler", 5,
                                                  players=4, lang="de")
    state = game.load((await store.latest_game(500)).state)
    return service, store, game, state, game.active(state)[0]


async def test_the_german_hand_lists_moves_without_their_english_notation(tmp_path):
    service, store, game, state, seat = await _table(tmp_path)
    [hand] = await service.hand(lctx(seat + 1, "de"))
    listed = hand.text.split("Deine Spielzüge", 1)[1]
    assert "Stapel 1 nehmen: oben" in listed
    for move in game.legal(state, seat):
        assert f"· {game.format(state, move)}" not in listed, listed
    await store.close()


async def test_the_german_turn_dm_lists_moves_without_their_english_notation(tmp_path):
    service, store, game, state, seat = await _table(tmp_path)
    table, _ = await service._table(lctx(seat + 1, "de"), ("active",))
    for listed in (_expected(game, state, seat, "de"),
                   _expected(game, state, seat, "de", table)):
        assert listed.startswith("Du kannst: Stapel 1 nehmen: oben"), listed
        assert "take-pile" not in listed, listed
    await store.close()


async def test_english_lists_keep_the_notation_an_english_player_may_type(tmp_path):
    service, store, game, state, seat = await _table(tmp_path)
    assert "· take-pile 1" in _expected(game, state, seat, "en")
    [hand] = await service.hand(lctx(seat + 1, "en"))
    assert "· take-pile 1" in hand.text
    await store.close()
