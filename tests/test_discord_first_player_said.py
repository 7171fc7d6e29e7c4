"""Through the Discord stand-in: Rheinländer's rules have a player chosen to begin (the
rulebook: "Choose a player to begin the game"; the engine draws one by lot), so the seat to
move first need not be seat 1. The start post said "Seat order: 1. **Cora** (orange), …
4. **Bot 1** (yellow). To move: **Bot 1** (yellow)." with no word of why, which read as a
fault; it now says the first player was drawn and play goes on in seat order, in the
table's language. A game whose seat 1 begins by its rules keeps the plain line."""

from __future__ import annotations

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import open_table, row_of

from bot.i18n import colour_name
from engine import GAMES

WHY = {"en": ("To move: **{name}** ({colour}), drawn by lot (the rules have a starting "
              "player chosen); play then goes on in seat order."),
       "de": ("Am Zug: **{name}** ({colour}), ausgelost (nach den Regeln wird ein "
              "Startspieler bestimmt); danach geht es in Sitzreihenfolge weiter.")}


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_the_start_post_says_why_a_drawn_seat_moves_first(tmp_path, monkeypatch,
                                                                lang: str) -> None:
    for seed in range(3, 12):
        (tmp_path / str(seed)).mkdir()
        async with running_bot(tmp_path / str(seed), monkeypatch, seed=seed) as bot:
            await open_table(bot, "rheinlaender", [Member(bot, "Cora")], bots=2,
                             language=lang)
            row = await row_of(bot, bot.stand_in.channel)
            # the seat drawn to begin (the AI seats have moved on since)
            first = GAMES["rheinlaender"].setup(3, dict(row.options), row.seed)["current"]
            if first == 0:
                continue  # seat 1 drawn: the order shown alone would not puzzle anyone
            seats = {s.seat: s for s in await bot.client.store.seats(row.id)}
            [start] = [m.text for m in bot.stand_in.posts() if "Sitzreihenfolge" in m.text
                       or "Seat order" in m.text]
            colour = colour_name(seats[first].colour, lang)
            assert WHY[lang].format(name=seats[first].name, colour=colour) in start, start
            return
    raise AssertionError("no seed drew a seat other than seat 1 to begin")


async def test_a_game_whose_seat_1_begins_keeps_the_plain_line(tmp_path, monkeypatch) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        await open_table(bot, "rhein", [Member(bot, "Cora")], bots=2, language="en")
        [start] = [m.text for m in bot.stand_in.posts() if "Seat order" in m.text]
        assert "drawn by lot" not in start and "To move: **" in start, start
