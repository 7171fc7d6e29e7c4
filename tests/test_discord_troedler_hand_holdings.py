"""Through the Discord stand-in: Trödler's /game hand says where the caller's cart stands (and
the goods lying there), the routes leaving that village by kind, and the caller's goods. A
review's newcomer, on a phone, could not read from the board which route cards would move
their cart at all; /game hand listed only cards and counts."""

from __future__ import annotations

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import open_table, row_of, seat_users

import engine
from engine.troedler.data import VILLAGE_NAMES, neighbours

HEAD = {"en": ("Your cart: {v} (there: nothing)", "Routes from {v}: ", "Your goods: nothing"),
        "de": ("Dein Wagen: {v} (dort: nichts)", "Wege ab {v}: ", "Deine Waren: nichts")}
KIND = {"en": {"bridge": "bridge to", "ferry": "ferry to", "moor": "moor path to",
               "trail": "mountain trail to"},
        "de": {"bridge": "Brücke nach", "ferry": "Fähre nach", "moor": "Moorweg nach",
               "trail": "Bergpfad nach"}}


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_game_hand_says_where_my_cart_is_and_where_it_can_go(tmp_path, monkeypatch,
                                                                     lang: str) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        anna = Member(bot, "Anna", "de" if lang == "de" else "en-US")
        await open_table(bot, "troedler", [anna], bots=2, language=lang)
        row = await row_of(bot, bot.stand_in.channel)
        seat = next(s for s, user in (await seat_users(bot, row.id)).items() if user == anna.id)
        state = engine.GAMES["troedler"].load(row.state)
        here = state["carts"][seat]  # a start village: it holds no goods, nor does Anna yet
        [hand] = (await anna.command("game hand")).private
        cart, routes, goods = HEAD[lang]
        lines = hand.text.splitlines()
        assert cart.format(v=VILLAGE_NAMES[here]) in lines, hand.text
        assert goods in lines, hand.text
        [said] = [line for line in lines if line.startswith(routes.format(v=VILLAGE_NAMES[here]))]
        for kind, to in neighbours(here):
            entry = next(part for part in said.split(": ", 1)[1].split("; ")
                         if part.startswith(KIND[lang][kind] + " "))
            assert VILLAGE_NAMES[to] in entry, said
