"""A seat's colour is named in the channel's texts as the turn card names it. German texts
said "**Bert** spielt mit als gelb" and "Bert (gelb)" where the pictures say "Bert (Gelb)"
(a colour naming a seat is a noun in German); 18Rhl's English join said "joins as sky" for
the card's "Sky blue"."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import row_of

import render  # noqa: F401  (registers the turn card's catalogue)
from bot.i18n import colour_name
from bot.service.base import Table
from engine.text import catalogue
from render.common import PLAYER_COLOURS


def on_card(colour: str, lang: str) -> str:
    return catalogue(lang)[f"render.card.colour.{colour}"]


@pytest.mark.parametrize("colour", list(PLAYER_COLOURS))
def test_texts_name_a_colour_as_the_card_does(colour):
    assert colour_name(colour, "de") == on_card(colour, "de")
    # English texts say colours in lower case mid-sentence ("joins as orange")
    assert colour_name(colour, "en") == on_card(colour, "en").lower()


@pytest.mark.parametrize(("game", "lang", "joins", "pick"), [
    # Rhein's colour goes with the seat: only a picked one is named in the lobby
    ("rhein", "de", "**Bert** spielt als {colour} mit", "Gelb"),
    ("18rhl", "en", "**Bert** joins as {colour}", None),
])
async def test_the_join_post_names_the_colour_of_the_card(tmp_path, monkeypatch, game, lang,
                                                          joins, pick):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        channel = bot.stand_in.channel
        anna, bert = Member(bot, "Anna", locale=lang), Member(bot, "Bert", locale=lang)
        await anna.command("game new", channel, game=game, language=lang)
        record = await bert.command("game join", channel, **({"colour": pick} if pick else {}))
        row = await row_of(bot, channel)
        colour = next(s.colour for s in await bot.client.store.seats(row.id)
                      if s.user_id == bert.id)
        said = on_card(colour, lang) if lang == "de" else on_card(colour, "en").lower()
        assert any(joins.format(colour=said) in m.text for m in record.visible_posts), \
            [m.text for m in record.visible_posts]


def test_a_line_opening_with_the_rules_name_of_the_colour_is_the_movers():
    """Trödler's rules call the sky seat "Sky", the texts "sky blue": the line still leads
    with the mover once, "**Bot 2** (sky blue) plays card 22", not "…: Sky plays card 22"."""
    seats = [SimpleNamespace(seat=0, name="Bot 2", colour="sky"),
             SimpleNamespace(seat=1, name="Anna", colour="orange")]
    for lang, said, credited in [
            ("en", "Sky plays card 22.", "**Bot 2** (sky blue) plays card 22."),
            ("de", "Himmelblau spielt Karte 22.", "**Bot 2** (Himmelblau) spielt Karte 22.")]:
        table = Table(row=SimpleNamespace(language=lang), game=None,  # type: ignore[arg-type]
                      seats=seats)
        assert table.credited(0, said) == credited
