"""The DM that tells a player their game ended because its channel (or thread, or the bot's
place on the server) is gone waits for the end of their /remind quiet hours, as the DM of a
finished game's end does, and a crash before it goes loses it not. It was sent from the
Discord event at once: a moderator tidying channels at 03:00 their time buzzed the phone of
every player of every game in them, and a process that died in between told nobody."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime

from discord_standin import Member, running_bot
from discord_standin.clock import clock_from_the_start, install_clock, reminders_settle
from discord_standin.table import open_table, row_of
from test_discord_standin_failures import reminders_done

from bot.discord.delivery import Delivery

NOON = datetime(2026, 3, 2, 12, 0, tzinfo=UTC).timestamp()
QUIET = {"from": 10, "to": 14, "tz": "UTC"}  # noon is in the middle of their night
DELETED = "was deleted, so the game has ended"


async def its_end_told(bot, game_id: int) -> None:
    """A game ended by its channel's going: of its reminders only the DMs of that end are
    left, which the reminder task sends on its next pass; waited for here, each sent."""
    store = bot.client.store
    assert {row.kind for row in await store.reminders(game_id)} <= {"ended"}
    await reminders_done(bot)
    assert all(row.sent for row in await store.reminders(game_id))


def told(fake, member, words: str = DELETED) -> list[str]:
    return [m.text for m in fake.dms(member.id) if words in m.text]


async def test_a_channel_deleted_in_quiet_hours_is_told_when_they_end(tmp_path,
                                                                     monkeypatch) -> None:
    clock = clock_from_the_start(monkeypatch, NOON - 3 * 3600)  # 09:00, both awake
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        install_clock(bot, clock)
        fake = bot.stand_in
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert", locale="de")
        channel = fake.add_channel("troedler")
        await fake.dispatch("CHANNEL_CREATE", fake.channels[channel])
        await open_table(bot, "troedler", [anna, bert], channel=channel, language="en")
        await anna.command("remind quiet", channel, **QUIET)
        await reminders_settle(bot, clock)
        game = await row_of(bot, channel)
        clock.now = NOON  # Anna sleeps, Bert does not

        await bot.handled(await fake.delete_channel(channel))
        await reminders_settle(bot, clock)

        assert (await bot.client.store.game(game.id)).status == "abandoned"
        assert told(fake, anna) == []
        assert told(fake, bert, "wurde gelöscht") == [
            "Der Kanal deiner Partie **Die Trödler aus den Highlands** wurde gelöscht, darum "
            "ist die Partie ohne Ergebnis beendet."]
        clock.now = NOON + 1.5 * 3600  # 13:30: still her night
        await reminders_settle(bot, clock)
        assert told(fake, anna) == []
        clock.now = NOON + 2 * 3600 + 60  # 14:01: her quiet hours are over
        await reminders_settle(bot, clock)
        assert told(fake, anna) == [
            "The channel of your game of **Die Trödler aus den Highlands** was deleted, so "
            "the game has ended without a result."]
        clock.now += 86400  # said once
        await reminders_settle(bot, clock)
        assert len(told(fake, anna)) == 1 and len(told(fake, bert, "wurde gelöscht")) == 1


async def test_a_channel_gone_dm_lost_in_a_crash_goes_after_the_restart(tmp_path,
                                                                        monkeypatch) -> None:
    """The process dies as it sends the DMs of a game its deleted channel ended: they are
    rows in the store, and the next start sends them (from the event, they were lost)."""
    send_dm = Delivery.send_dm

    async def die_telling(self, user_id, reply, *args, **kwargs):
        if DELETED in reply.text:  # the game is abandoned: the process dies here
            asyncio.current_task().cancel()
            await asyncio.sleep(0)
        return await send_dm(self, user_id, reply, *args, **kwargs)
    monkeypatch.setattr(Delivery, "send_dm", die_telling)
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert")
        await open_table(bot, "rhein", [anna, bert], language="en")
        game = await row_of(bot, fake.channel)
        ids = [anna.id, bert.id]
        await bot.handled(await fake.delete_channel(fake.channel))
        await asyncio.sleep(0.2)
        assert (await bot.client.store.game(game.id)).status == "abandoned"
        assert not told(fake, anna) and not told(fake, bert)
    monkeypatch.undo()
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        # (the players, known again to this stand-in: a DM to a user it did not know yet
        # failed, and is tried again a few minutes on)
        assert [Member(bot, name).id for name in ("Anna", "Bert")] == ids
        clock = install_clock(bot, time.time())
        for _ in range(2):
            clock.now += 600
            await reminders_settle(bot, clock)
        await its_end_told(bot, game.id)
        assert [len([m for m in fake.dms(user) if DELETED in m.text]) for user in ids] == [1, 1]
