"""18Rhl's operating order in a turn prompt and its picture's alt text, through the real
discord.py client. A blind player's screen reader read "Operating order: DEE ✓ · CME ✓ ·
GVE ▶ · RhE" as "check mark ... black right-pointing triangle"; it now says it in words a
reader speaks and a sighted player reads as fast: "done DEE, CME; now GVE; next RhE"."""

from __future__ import annotations

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import open_table, row_of, seat_users

import engine
from engine import ai

TITLE = {"en": "Operating order: ", "de": "Betriebsreihenfolge: "}
WORDS = {"en": ("done", "now", "next"), "de": ("fertig", "jetzt", "danach")}


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_the_operating_order_is_said_in_words(tmp_path, monkeypatch, lang: str) -> None:
    game = engine.get_game("18rhl")
    async with running_bot(tmp_path, monkeypatch, seed=7) as bot:
        members = [Member(bot, n, locale="de" if lang == "de" else "en-US")
                   for n in ["Anna", "Bert", "Cora"]]
        await open_table(bot, "18rhl", members, language=lang)
        order: dict = {}
        for step in range(400):
            row = await row_of(bot, bot.stand_in.channel)
            state = game.load(row.state)
            rnd = state["round"]
            if rnd["type"] == "Operating" and rnd["index"] >= 1 and len(rnd["order"]) > 2 \
                    and rnd["index"] < len(rnd["order"]) - 1:
                order = {"order": list(rnd["order"]), "index": rnd["index"]}
                break
            seat = game.active(state)[0]
            users = await seat_users(bot, row.id)
            member = next(m for m in members if m.id == users[seat])
            move = ai.choose(game, state, seat, "normal", step)
            await member.command("play", bot.stand_in.channel, move=game.format(state, move))
        assert order, "no operating round with one corporation done and one to come"
        done, now, after = WORDS[lang]
        syms, index = order["order"], order["index"]
        said = (f"{TITLE[lang]}{done} {', '.join(syms[:index])}; {now} {syms[index]}; "
                f"{after} {', '.join(syms[index + 1:])}")
        posts = bot.stand_in.posts(bot.stand_in.channel)
        prompts = [m.text for m in posts if TITLE[lang] in m.text]
        assert prompts and said in prompts[-1], prompts[-1:]
        alts = [d for m in posts for d in m.descriptions if d and TITLE[lang] in d]
        assert alts and said in alts[-1], alts[-1:]
        for text in prompts + alts:
            assert not {"✓", "▶"} & set(text), text
