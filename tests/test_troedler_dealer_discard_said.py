"""The two-player dealer who takes a pile first is told how to put one away: "… on the
discard pile (use discard-pile)." named the move without the pile's number it needs, and a
bare "discard-pile" is refused.

And a refused Trödler move is quoted in the form its reader types: the engine's last word on
a move legal() does not list ("'{move}' is not a legal move now") quoted its English
notation, so a German player read "'discard-pile 2' ist gerade kein erlaubter Zug." though
they type "stapel-abwerfen 2". The engine stays English; the bot says the move."""

from __future__ import annotations

from discord_standin import Member, running_bot
from discord_standin.table import open_table, row_of, seat_users

from bot.i18n import english_move
from engine.troedler import phase2
from engine.troedler.game import Troedler

GAME = Troedler()


async def _dealer_takes(tmp_path, monkeypatch, locale: str, typed: str) -> str:
    async with running_bot(tmp_path, monkeypatch, seed=4) as bot:
        channel = bot.stand_in.channel
        people = [Member(bot, "Anna", locale=locale), Member(bot, "Bert", locale=locale)]
        await open_table(bot, "troedler", people, language=locale[:2])
        row = await row_of(bot, channel)
        state = GAME.load(row.state)
        assert state["dealer_discard"], "two players: the dealer puts a pile away first"
        user = (await seat_users(bot, row.id))[state["dealer"]]
        dealer = next(m for m in people if m.id == user)
        record = await dealer.command("play", channel, move=typed)
        assert (await row_of(bot, channel)).version == row.version
        [said] = [m.text for m in record.private]
        return said


async def test_the_dealer_is_told_to_type_discard_pile_with_a_number(tmp_path, monkeypatch):
    said = await _dealer_takes(tmp_path, monkeypatch, "en-US", "take-pile 1")
    assert "type discard-pile N, N being the pile's number (1, 2, 3)." in said, said


async def test_a_german_dealer_is_told_the_german_form_with_a_number(tmp_path, monkeypatch):
    said = await _dealer_takes(tmp_path, monkeypatch, "de", "stapel-nehmen 1")
    assert "Tippe stapel-abwerfen N, N ist die Nummer des Stapels (1, 2, 3)." in said, said
    assert english_move("troedler", "stapel-abwerfen 2") == "discard-pile 2"


async def _refusal(tmp_path, monkeypatch, locale: str) -> str:
    # Every pile move a rule check lets through, so legal() alone refuses it: the fallback
    # that catches what a check misses.
    monkeypatch.setattr(phase2, "check", lambda state, seat, action: None)
    typed = "stapel-nehmen 2" if locale == "de" else "take-pile 2"
    return await _dealer_takes(tmp_path, monkeypatch, locale, typed)


async def test_a_german_player_reads_the_refused_move_as_they_type_it(tmp_path, monkeypatch):
    said = await _refusal(tmp_path, monkeypatch, "de")
    assert "„stapel-nehmen 2“ ist gerade kein erlaubter Zug." in said, said
    assert "take-pile" not in said, said


async def test_an_english_player_reads_the_notation(tmp_path, monkeypatch):
    said = await _refusal(tmp_path, monkeypatch, "en-US")
    assert "'take-pile 2' is not a legal move now." in said, said
