"""/game kick's seat names speak the reader's language on a table of another: English Anna
on a German table was offered "Bot 1 (Gelb) [KI]" and refused "No seat here is called
'Bot 1'. The seats: Anna (Grün), …". The value she picks, and a colour typed in either
language, still names the seat."""

from __future__ import annotations

from discord_standin import Member, running_bot

from tests.test_kick_ai_seat_back import seats


async def test_an_english_member_reads_the_seats_of_a_german_table_in_english(
        tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert", locale="de")
        carla, dave = Member(bot, "Carla", locale="de"), Member(bot, "Dave")
        await anna.command("game new", game="rhein", language="de")
        await bert.command("game join")
        await carla.command("game join")
        assert not (await anna.command("game start", order="joined")).errors
        await anna.command("game kick", player=carla.id)
        bot_seat = next(s for s in (await seats(bot)).values() if s.is_ai)
        choices = await anna.autocomplete("game kick", "seat", "")
        assert choices[0]["name"].startswith(bot_seat.name) and "[AI]" in choices[0]["name"]
        assert "[KI]" not in choices[0]["name"]
        wrong = await anna.command("game kick", seat="nobody")
        refusal = wrong.private[0].text
        assert "No seat here is called 'nobody'" in refusal
        assert all(f"{s.name} ({s.colour})" in refusal for s in (await seats(bot)).values()
                   if s.colour in ("green", "blue", "red", "yellow")), refusal
        # the English label she was offered names the seat, and so does its German colour
        taken = await anna.command("game kick", seat=choices[0]["value"],
                                   replacement=dave.id)
        assert not taken.errors and taken.visible_posts, [m.text for m in taken.private]
        assert (await seats(bot))[bot_seat.seat].user_id == dave.id
