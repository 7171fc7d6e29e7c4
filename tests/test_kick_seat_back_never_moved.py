"""A player whose seat went to an AI before she ever moved gets it back by name, and is told
it is hers: "/game kick player:Carla replacement:Carla" refused "That user has no seat at
this table" (her seat was found by her moves alone), and Carla given her seat back was DMed
"You now play **Bot 1**'s seat (blue)", as if it were a stranger's."""

from __future__ import annotations

from discord_standin import Member, running_bot

from tests.test_kick_ai_seat_back import seats


async def test_a_seat_taken_before_its_player_moved_goes_back_to_her(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert")
        carla = Member(bot, "Carla", locale="de")
        await anna.command("game new", game="rhein")
        await bert.command("game join")
        await carla.command("game join")
        assert not (await anna.command("game start", order="joined")).errors
        carla_seat = next(s for s, row in (await seats(bot)).items()
                          if row.user_id == carla.id)
        kicked = await anna.command("game kick", player=carla.id)
        assert not kicked.errors and (await seats(bot))[carla_seat].is_ai
        before = len(bot.stand_in.dms(carla.id))
        back = await anna.command("game kick", player=carla.id, replacement=carla.id)
        assert not back.errors and back.visible_posts, [m.text for m in back.private]
        now = (await seats(bot))[carla_seat]
        assert not now.is_ai and now.user_id == carla.id
        # (the embeds' texts: a DM's content is its lock-screen line)
        dms = [m.embed_text.split("\n", 1)[-1] for m in bot.stand_in.dms(carla.id)[before:]]
        assert any(text.startswith("Du hast deinen Platz (") and " zurück" in text
                   for text in dms), dms
        assert not any("Du spielst jetzt den Platz" in text for text in dms), dms
