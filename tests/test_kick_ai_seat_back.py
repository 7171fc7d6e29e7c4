"""A player whose seat went to an AI can get it back, and is told how: through the stand-in.

Carla's seat went to an AI; /game join told her "Whoever runs the table can give you a seat
with /game kick (replace)", and Anna's /game kick player:Carla replacement:Carla answered
"That user has no seat at this table": the player option takes a member, and an AI seat has
none. Now /game kick names a seat with seat: (autocompleted, AI seats first), the member
whose seat an AI took over names that seat, and the join refusal names the way. The player
who loses a seat (kicked, or handed to an AI or another member) is told by DM, in their
language, who did it, to whom, and how to come back; one who leaves is not."""

from __future__ import annotations

import random

from discord_standin import Member, running_bot
from discord_standin.table import Played, play_turn, row_of, seat_users


async def three_at_rhein(bot, carla_locale: str = "en-US"):
    anna, bert = Member(bot, "Anna"), Member(bot, "Bert")
    carla = Member(bot, "Carla", locale=carla_locale)
    await anna.command("game new", game="rhein")
    await bert.command("game join")
    await carla.command("game join")
    started = await anna.command("game start", order="joined")
    assert not started.errors
    # moves until Carla has made one: her seat's moves say she played it
    by_id = {m.id: m for m in (anna, bert, carla)}
    channel, rng = bot.stand_in.channel, random.Random(5)
    for _ in range(30):
        row = await row_of(bot, channel)
        actions = await bot.client.store.actions(row.id)
        if any(a.user_id == carla.id for a in actions):
            return anna, bert, carla
        users = await seat_users(bot, row.id)
        await play_turn(bot, by_id[users[row.active_seats[0]]], channel, rng, Played())
    raise AssertionError("Carla never moved")


async def seats(bot):
    row = await row_of(bot, bot.stand_in.channel)
    return {s.seat: s for s in await bot.client.store.seats(row.id)}


async def test_an_ai_seat_goes_back_to_its_player(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        anna, bert, carla = await three_at_rhein(bot)
        carla_seat = next(s for s, row in (await seats(bot)).items() if row.user_id == carla.id)
        before = len(bot.stand_in.dms(carla.id))
        kicked = await anna.command("game kick", player=carla.id)
        assert not kicked.errors
        bot_seat = (await seats(bot))[carla_seat]
        assert bot_seat.is_ai
        # Carla is told, by DM, who handed her seat on, to whom, and how to come back
        [dm] = [m.text for m in bot.stand_in.dms(carla.id)[before:] if "seat" in m.text]
        assert "**Anna** handed your seat (" in dm and f"to **{bot_seat.name}**, an AI seat" in dm
        assert "ask **Anna**, who runs the table" in dm
        assert f"/game kick seat:{bot_seat.name} replacement:(you)" in dm
        # her join is refused with the way that works, naming her old seat
        joined = await carla.command("game join")
        refusal = joined.private[0].text
        assert f"AI seat **{bot_seat.name}**: /game kick seat:{bot_seat.name}" in refusal
        # the seat option lists the seats, the AI seat first
        choices = await anna.autocomplete("game kick", "seat", "")
        assert choices[0]["name"].startswith(bot_seat.name) and "[AI]" in choices[0]["name"]
        # what Anna tried: the player whose seat an AI took over names that seat
        back = await anna.command("game kick", player=carla.id, replacement=carla.id)
        assert not back.errors and back.visible_posts, [m.text for m in back.private]
        assert f"**{bot_seat.name}**" in back.visible_posts[0].text
        assert f"<@{carla.id}>" in back.visible_posts[0].text
        now = (await seats(bot))[carla_seat]
        assert not now.is_ai and now.user_id == carla.id
        assert any("You have your seat (" in m.text for m in bot.stand_in.dms(carla.id))


async def test_a_member_takes_an_ai_seat_named_by_seat(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        anna, bert, carla = await three_at_rhein(bot)
        dave = Member(bot, "Dave")
        await carla.command("game leave")  # she leaves herself: no DM telling her so
        assert not any("handed your seat" in m.text for m in bot.stand_in.dms(carla.id))
        choices = await anna.autocomplete("game kick", "seat", "bot")
        value = choices[0]["value"]
        # an AI seat cannot be given to another AI
        again = await anna.command("game kick", seat=value)
        assert "is an AI seat already" in again.private[0].text
        wrong = await anna.command("game kick", seat="nobody")
        assert "No seat here is called 'nobody'" in wrong.private[0].text
        taken = await anna.command("game kick", seat=value, replacement=dave.id)
        assert not taken.errors and taken.visible_posts
        assert any(s.user_id == dave.id and not s.is_ai for s in (await seats(bot)).values())


async def test_a_member_replaced_by_another_is_told_in_their_language(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        anna, bert, carla = await three_at_rhein(bot, carla_locale="de")
        dave = Member(bot, "Dave")
        mod = Member(bot, "Mod", manage=True)
        await carla.command("game hand")  # the bot learns her client's language
        before = len(bot.stand_in.dms(carla.id))
        await mod.command("game kick", player=carla.id, replacement=dave.id)
        [dm] = [m.embeds[0]["description"] for m in bot.stand_in.dms(carla.id)[before:]
                if "Platz" in m.text]
        assert dm.startswith("**Mod** hat deinen Platz (") and "an **Dave** gegeben." in dm
        assert "bitte **Anna** (führt den Tisch) um einen Platz (/spiel entfernen)" in dm
