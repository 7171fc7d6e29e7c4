"""The colour the lobby names for a player is the colour they play. Rheinländer's lobby said
"**Anna** … spielt Orange" and "**Bot 1** (KI, leicht) spielt mit als Blau", and the start
gave Anna green: a game whose colour goes with the seat (Rhein, Rheinländer, Trödler) hands
a default colour out by the start's seat order, so its lobby names no default colour; a
picked colour, and every colour of 18Rhl, is kept."""

from __future__ import annotations

import re

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import row_of

from bot.i18n import colour_name
from render.common import PLAYER_COLOURS

COLOURS = ["orange", "sky", "green", "blue", "yellow", "purple", "brown", *PLAYER_COLOURS]


def named(text: str, name: str, lang: str) -> set[str]:
    """The colours a lobby text names next to ``name``'s seat."""
    found: set[str] = set()
    for line in re.split(r"\n|, (?=\d\. )", text):
        if f"**{name}**" not in line and f"- {name} " not in line and \
                not line.startswith(f"- {name}"):
            continue
        found |= {c for c in COLOURS
                  if re.search(rf"\b{re.escape(colour_name(c, lang))}\b", line, re.I)}
    return found


@pytest.mark.parametrize(("game", "lang"), [
    ("rheinlaender", "de"), ("troedler", "en"), ("rhein", "en"), ("18rhl", "de"),
    ("rheinlaender", "en"), ("troedler", "de"),
])
async def test_the_lobby_colour_is_the_colour_played(tmp_path, monkeypatch, game, lang):
    for seed in (1, 2, 3):  # some draw of the seat order moves a default colour
        (tmp_path / str(seed)).mkdir()
        async with running_bot(tmp_path / str(seed), monkeypatch, seed=seed) as bot:
            channel = bot.stand_in.channel
            anna = Member(bot, "Anna", locale=lang)
            bert = Member(bot, "Bert", locale=lang)
            cara = Member(bot, "Cara", locale=lang)
            said = [await anna.command("game new", channel, game=game, language=lang),
                    await bert.command("game join", channel),
                    await anna.command("game add-bot", channel, level="easy")]
            if game != "18rhl":  # its lobby has no fourth seat to pick here
                said.append(await cara.command("game join", channel,
                                               colour=colour_name("green", lang)))
            status = await anna.command("game status", channel)
            lobby = [m.text for r in said for m in r.visible_posts] + \
                [m.text for m in status.private]
            await anna.command("game start", channel, order="random")
            row = await row_of(bot, channel)
            seats = [s for s in await bot.client.store.seats(row.id) if s.seat is not None]
            for seat in seats:
                promised = set().union(*(named(text, seat.name, lang) for text in lobby))
                assert promised <= {seat.colour.lower()}, (seat.name, seat.colour, lobby)
                if seat.name == "Cara":  # a picked colour is named and kept
                    assert promised == {"green"}, lobby
