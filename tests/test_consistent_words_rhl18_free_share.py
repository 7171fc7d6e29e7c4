"""Through the Discord stand-in: /game hand says where NLK's free GVE share came from, in the
log's words ("gets 10% of GVE free with private NLK").

After buying NLK the log said so, but /game hand showed "Shares: GVE 10%" beside
"Privates: NLK" with no word of the link. The note comes from the private's ``shares``
ability in the game data, and is said while the seat owns the private and holds the
certificate it brought: once NLK closes the state keeps no buyer, and that certificate can
pass through the pool or a presidency swap to a player who paid for it."""

from __future__ import annotations

import pytest
from discord_standin import running_bot

from bot.service.rhl18_holdings import holdings
from engine import get_game
from engine.rhl18 import data
from tests.test_rhl18_learner_privates import anna_at_nlk

GAME = get_game("18rhl")
FREE = {"en": "Shares: GVE 10% (free with private NLK)",
        "de": "Aktien: GVE 10 % (gratis mit der Privatbahn NLK)"}


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_hand_says_the_gve_share_came_free_with_nlk(tmp_path, monkeypatch,
                                                          lang: str) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        anna = await anna_at_nlk(bot, "en-US" if lang == "en" else "de")
        played = await anna.command("play", move="bid nlk 120")
        assert played.errors == []
        [hand] = (await anna.command("game hand")).private
        assert FREE[lang] in hand.text.split("\n"), hand.text


def _with_nlk() -> tuple[dict, int]:
    state = GAME.setup(3, {}, 1)
    for text in ("bid pwb 20", "bid keo 30", "bid szl 50", "bid tjt 80", "bid nlk 120"):
        seat = GAME.active(state)[0]
        GAME.apply(state, seat, GAME.parse(state, seat, text))
    seat = state["companies"]["NLK"]["owner"]
    assert state["certs"]["GVE_1"] == seat
    return state, seat


def _shares(state: dict, seat: int, lang: str = "en") -> str:
    return next(line for line in holdings(GAME, state, seat, lang)
                if line.startswith(("Shares", "Aktien")))


def test_more_of_the_corporation_says_how_much_came_free() -> None:
    state, seat = _with_nlk()
    state["certs"]["GVE_2"] = seat
    assert _shares(state, seat) == "Shares: GVE 20% (10% of it free with private NLK)"
    assert _shares(state, seat, "de") == \
        "Aktien: GVE 20 % (davon 10 % gratis mit der Privatbahn NLK)"
    state["certs"]["GVE_0"] = seat
    state["corps"]["GVE"]["president"] = seat
    assert _shares(state, seat) == \
        "Shares: GVE 40% (president; 10% of it free with private NLK)"


def test_no_note_once_nlk_closed_or_for_another_holder() -> None:
    state, seat = _with_nlk()
    state["companies"]["NLK"].update(closed=True, owner=None)  # the first 5-train
    assert _shares(state, seat) == "Shares: GVE 10%"
    state, seat = _with_nlk()
    other = (seat + 1) % 3
    state["certs"]["GVE_1"] = other  # through the pool: the buyer paid for it
    assert _shares(state, other) == "Shares: GVE 10%"


def test_the_note_follows_the_game_data(monkeypatch) -> None:
    state, seat = _with_nlk()
    monkeypatch.setattr(data, "private_certs", lambda: {"NLK": ()})
    assert _shares(state, seat) == "Shares: GVE 10%"
