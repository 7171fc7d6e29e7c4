"""A seat handed on is told by DM to the member who lost it and to the member now seated;
both DMs went at once, whatever the hour: a move clock that ran out in its player's night
(the others pressed "Replace") told them at 03:00 that their seat was gone, and a runner
in another time zone seating a member woke them with the seat's hand. In the reader's
/remind quiet hours each now waits for their end (unless they asked for the seat)."""

from __future__ import annotations

from contextlib import asynccontextmanager
from datetime import UTC, datetime

from discord_standin import Member, running_bot
from discord_standin.clock import clock_from_the_start, install_clock, reminders_settle
from discord_standin.table import open_table, row_of, seat_users

NOON = datetime(2026, 3, 2, 12, 0, tzinfo=UTC).timestamp()
QUIET = {"from": 10, "to": 14, "tz": "UTC"}  # noon is in the middle of their night
LOST = "handed your seat"
SEATED = "You now play **"


def said(fake, member, words: str) -> list:
    return [m for m in fake.dms(member.id) if words in m.text]


@asynccontextmanager
async def quiet_table(tmp_path, monkeypatch):
    """Rheinländer of Anna (runs it) and Bert with an AI seat; Bert and Cara (not seated)
    keep quiet hours 10-14 UTC; the fake clock at 09:00, everyone awake. Yields (bot, the
    clock, anna, bert, cara)."""
    clock = clock_from_the_start(monkeypatch, NOON - 3 * 3600)
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        install_clock(bot, clock)
        anna, bert, cara = Member(bot, "Anna"), Member(bot, "Bert"), Member(bot, "Cara")
        await open_table(bot, "rheinlaender", [anna, bert], bots=1, language="en")
        for member in (bert, cara):
            await member.command("remind quiet", **QUIET)
        await reminders_settle(bot, clock)
        yield bot, clock, anna, bert, cara


async def test_a_seat_lost_in_quiet_hours_is_told_when_they_end(tmp_path, monkeypatch):
    async with quiet_table(tmp_path, monkeypatch) as (bot, clock, anna, bert, _):
        fake = bot.stand_in
        clock.now = NOON
        kicked = await anna.command("game kick", player=str(bert.id))
        assert kicked.visible_posts  # the channel says it at once
        await reminders_settle(bot, clock)
        assert said(fake, bert, LOST) == []
        clock.now = NOON + 2 * 3600 + 60  # 14:01: his quiet hours are over
        await reminders_settle(bot, clock)
        [dm] = said(fake, bert, LOST)
        # as it would have been at once: the lock screen's line, then the embed
        assert dm.content.startswith("Your seat in Rheinländer (#games) is now played by")
        assert dm.embed_text.startswith("Your seat\n**Anna** handed your seat"), dm.text
        clock.now += 86400
        await reminders_settle(bot, clock)
        assert len(said(fake, bert, LOST)) == 1
        assert await bot.client.store.reminders((await row_of(bot, fake.channel)).id,
                                                user_id=bert.id) == []


async def test_a_seat_lost_while_awake_is_told_at_once(tmp_path, monkeypatch):
    async with quiet_table(tmp_path, monkeypatch) as (bot, clock, anna, bert, _):
        fake = bot.stand_in
        await anna.command("game kick", player=str(bert.id))  # 09:00
        assert len(said(fake, bert, LOST)) == 1


async def test_a_seat_given_in_quiet_hours_is_told_when_they_end(tmp_path, monkeypatch):
    async with quiet_table(tmp_path, monkeypatch) as (bot, clock, anna, bert, cara):
        fake = bot.stand_in
        clock.now = NOON
        kicked = await anna.command("game kick", player=str(bert.id),
                                    replacement=str(cara.id))
        game = await row_of(bot, fake.channel)
        assert cara.id in (await seat_users(bot, game.id)).values()
        assert not any(cara.id in post.pinged for post in kicked.visible_posts)
        await reminders_settle(bot, clock)
        assert said(fake, cara, SEATED) == [] and fake.notices(cara.id) == []
        clock.now = NOON + 2 * 3600 + 60
        await reminders_settle(bot, clock)
        [dm] = said(fake, cara, SEATED)
        assert "**Bert**'s seat" in dm.text, dm.text
        assert fake.notices(cara.id) == [dm]  # one push: the seat's DM (its turn, if on)
        assert len(said(fake, bert, LOST)) == 1  # his own, held as well


async def test_a_member_seating_themselves_in_quiet_hours_gets_the_seat_at_once(
        tmp_path, monkeypatch):
    async with quiet_table(tmp_path, monkeypatch) as (bot, clock, _, _, cara):
        fake = bot.stand_in
        clock.now = NOON
        cara.manage = True
        await cara.command("game kick", seat="Bot 1", replacement=str(cara.id))
        assert len(said(fake, cara, "seat")) >= 1, [m.text for m in fake.dms(cara.id)]
