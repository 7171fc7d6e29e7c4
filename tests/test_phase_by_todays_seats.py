"""/mygames and /game status name the phase by today's seats, through the Discord stand-in:
they read the phase stored with the position, named when it was saved, so after Cora took
Bert's seat (a kick with a replacement, no move since) both said "Turn 1: Bert" until the
next move. A listing of many games reads each game's snapshot, never its log; one whose
snapshot no longer loads is replayed for the listing alone, its rebuild and notice left to
the next command in its channel."""

from __future__ import annotations

import random

from discord_standin import Member, running_bot
from discord_standin.table import Played, open_table, play_turn, row_of, seat_users
from test_runner_rebuilt_undo import REBUILT


async def test_mygames_and_status_name_the_member_who_took_the_seat(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        anna, bert, cora = Member(bot, "Anna"), Member(bot, "Bert"), Member(bot, "Cora")
        channel, played = bot.stand_in.channel, Played()
        await open_table(bot, "rheinlaender", [anna, bert], bots=1, played=played)
        rng = random.Random(7)
        for _ in range(30):  # Anna's moves (the AI seat's follow in them) up to Bert's turn
            row = await row_of(bot, channel)
            users = await seat_users(bot, row.id)
            if users[row.active_seats[0]] == bert.id:
                break
            await play_turn(bot, anna, channel, rng, played)
        stored = (await row_of(bot, channel)).phase
        assert str(stored).endswith(": Bert"), stored  # the phase stored names him
        turn = str(stored).split(":")[0]  # "Turn 1"
        kicked = await anna.command("game kick", player=bert.id, replacement=cora.id)
        assert kicked.errors == [] and kicked.visible_posts
        assert (await row_of(bot, channel)).phase == stored  # no move since

        status = (await anna.command("game status")).private[0].text
        assert f"active, {turn}: Cora" in status and "Bert" not in status, status
        theirs = (await anna.command("mygames")).private[0].text
        assert f"{turn}: Cora, Cora to act" in theirs and "Bert" not in theirs, theirs

        # a new engine release: the snapshot no longer loads
        game = bot.client.adapter.service.games["rheinlaender"]
        monkeypatch.setattr(game, "state_format", getattr(game, "state_format", 1) + 1,
                            raising=False)
        version, posts = (await row_of(bot, channel)).version, len(bot.stand_in.posts())
        mine = await cora.command("mygames")
        assert "It is your turn in:" in mine.private[0].text
        assert f"{turn}: Cora" in mine.private[0].text, mine.private[0].text
        assert (await row_of(bot, channel)).version == version  # nothing stored
        assert len(bot.stand_in.posts()) == posts and not mine.visible_posts
        looked = await anna.command("game status")
        assert [m.text for m in looked.visible_posts if REBUILT in m.text], \
            [m.text for m in looked.visible_posts]
