"""Trödler's /game hand said "Damage: 3" after two feed cards, and nothing said that half the
goods, rounded up, count as damage too (R45; only /rules topic:scoring did). It now says the
sum as the scoring counts it: "Damage: 3 (2 special feed in your value pile + 1 for your 2
goods: half of them, rounded up)", in English and German."""

from __future__ import annotations

import random

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import Played, open_table, play_turn, row_of, seat_users

from engine import get_game

HEAD = {"en": "Damage: ", "de": "Schaden: "}
GOODS = {"en": "for your {count} goods", "de": "für deine {count} Waren"}


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_the_hand_says_how_the_damage_is_counted(tmp_path, monkeypatch, lang: str):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        locale = "de" if lang == "de" else "en-US"
        anna, bert = Member(bot, "Anna", locale), Member(bot, "Bert", locale)
        played = Played()
        await open_table(bot, "troedler", [anna, bert], bots=1, played=played, language=lang)
        by_id = {anna.id: anna, bert.id: bert}
        rng, game = random.Random(5), get_game("troedler")
        for _ in range(60):
            row = await row_of(bot, fake.channel)
            state = game.load(row.state)
            users = await seat_users(bot, row.id)
            seat = next(s for s, user in users.items() if user == anna.id)
            if len(state["collections"][seat]) >= 2:
                break
            waiting = [by_id[users[s]] for s in row.active_seats if users.get(s) in by_id]
            await play_turn(bot, waiting[0], fake.channel, rng, played)
        goods = len(state["collections"][seat])
        assert goods >= 2
        hand = "\n".join(m.content for m in (await anna.command("game hand",
                                                                 fake.channel)).private)
        line = next(x for x in hand.splitlines() if x.startswith(HEAD[lang]))
        view = game.view(state, seat)["you"]
        damage, feed = view["value_feed"] + (goods + 1) // 2, view["value_feed"]
        assert line.startswith(f"{HEAD[lang]}{damage} ({feed} "), line
        assert GOODS[lang].format(count=goods) in line, line
