"""A new 18Rhl phase says what it changes, in the channel, through the real discord.py
client. A veteran's review read only "Phase 3 begins: train limit 4." where phase 3 also
brings green tiles and a second operating round per set. The line after it names, from the
phase and train data, the tile colours now laid, trains that rust or go on sale, the
operating rounds per set and the capital of later floats."""

from __future__ import annotations

from discord_standin import Member, running_bot
from discord_standin.table import open_table, row_of, seat_users

import engine
from engine import ai
from engine.rhl18 import data
from engine.text import say


async def test_phase_three_says_green_tiles_and_two_operating_rounds(tmp_path,
                                                                   monkeypatch) -> None:
    game = engine.get_game("18rhl")
    async with running_bot(tmp_path, monkeypatch, seed=7) as bot:
        members = [Member(bot, n, locale="de" if n == "Cora" else "en-US")
                   for n in ["Anna", "Bert", "Cora", "Dirk"]]
        await open_table(bot, "18rhl", members)
        for step in range(400):
            row = await row_of(bot, bot.stand_in.channel)
            state = game.load(row.state)
            if state["phase"] != "2":
                break
            seat = game.active(state)[0]
            users = await seat_users(bot, row.id)
            member = next(m for m in members if m.id == users[seat])
            move = ai.choose(game, state, seat, "normal", step)
            await member.command("play", bot.stand_in.channel, move=game.format(state, move))
        assert state["phase"] == "3"
        posts = " ".join(m.text for m in bot.stand_in.posts(bot.stand_in.channel))
        assert "Phase 3 begins: train limit 4." in posts
        said = "Phase 3 also brings: green tiles may be laid; 2 operating rounds per set, " \
            "from the next set; the privates KEO, Tjt and ATB may now use their abilities."
        assert said in posts, posts[-2000:]
        # the figures are the data's: phase 3's colours and operating rounds
        from engine.rhl18.log import phase_changes

        three = next(p for p in data.phases() if p["name"] == "3")
        assert "green" in three["tiles"] and three["operating_rounds"] == 2
        assert [say(c, "de") for c in phase_changes("2", "3")] == [
            "grüne Plättchen dürfen gelegt werden", "2 Betriebsrunden je Satz, ab dem nächsten Satz",
            "die Privatbahnen KEO, Tjt und ATB dürfen jetzt ihre Fähigkeiten nutzen"]


def test_every_phase_names_its_changes() -> None:
    from engine.rhl18.log import phase_changes

    said = {b: "; ".join(say(c, "en") for c in phase_changes(a, b))
            for a, b in [("2", "3"), ("3", "4"), ("4", "5"), ("5", "6"), ("6", "8")]}
    assert said["4"] == "2-trains rust"
    assert said["5"].startswith("brown tiles may be laid; 6-trains are on sale; 3 operating")
    assert "full capital" in said["5"]
    assert said["6"] == "3-trains rust; 8-trains are on sale"
    assert said["8"] == "gray tiles may be laid; 4-trains rust"
