"""A move typed into the wrong game's channel is pointed to the game it belongs to, through
the Discord stand-in. Bert typed his Trödler move "discard-pile 1" into the Rhein channel and
read "Das verstehe ich nicht: 'discard-pile 1'. Spielzüge sehen so aus: take 17, bid 17 4,
…", Rhein's notation help of 400 characters; an empty move got the same wall."""

from __future__ import annotations

from discord_standin import Member, running_bot
from discord_standin.table import row_of, seat_users


async def test_a_move_of_the_members_other_game_names_its_channel(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        rhein = bot.stand_in.channel
        troedler = bot.stand_in.add_channel("troedler")
        bert = Member(bot, "Bert", locale="de")
        carla = Member(bot, "Carla")
        await bert.command("game new", rhein, game="rhein")
        await bert.command("game add-bot", rhein, level="easy")
        await bert.command("game start", rhein, order="joined")
        row = await row_of(bot, rhein)
        assert (await seat_users(bot, row.id))[row.active_seats[0]] == bert.id
        await carla.command("game new", troedler, game="troedler")
        await bert.command("game join", troedler)
        await carla.command("game start", troedler, order="joined")
        posts = len(bot.stand_in.posts(rhein))

        typed = await bert.command("play", rhein, move="discard-pile 1")
        [answer] = [p.text for p in typed.private]
        assert answer == ("Hier läuft **Rhein: River Trade**; dein Spiel **Die Trödler aus den "
                          f"Highlands** ist in <#{troedler}>."), answer
        german = await bert.command("play", rhein, move="stapel-abwerfen 2")
        assert [p.text for p in german.private] == [answer]

        empty = await bert.command("play", rhein, move=" ")
        [hint] = [p.text for p in empty.private]
        assert hint.startswith("Schreibe deinen Spielzug hinter /zug zug:") and len(hint) < 140

        # a move of neither game is still told how this one's moves look
        junk = await bert.command("play", rhein, move="xyzzy")
        assert "take 17" in junk.private[0].text
        assert len(bot.stand_in.posts(rhein)) == posts  # all of it to Bert alone
        assert all(p.ephemeral for p in typed.private + empty.private)
