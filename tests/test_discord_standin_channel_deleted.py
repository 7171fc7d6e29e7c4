"""A game whose channel or thread is deleted ends, through the Discord stand-in. A reviewer
deleted the thread of a Trödler game: the game stayed active, its reminders queued, its turn
DMs linked to the dead thread until the 14-day idle stop, /mygames listed it, and /game
abandon, which works only in the game's own channel, could not end it."""

from __future__ import annotations

import discord
import pytest
from discord_standin import Member, running_bot
from discord_standin.server import BOT_ID
from discord_standin.table import open_table, row_of
from test_dm_quiet_channel_gone import its_end_told

from bot.replies import Audience, DeliveryFailed, Reply

TROEDLER = "Die Trödler aus den Highlands"


async def test_a_deleted_thread_ends_its_game_and_tells_its_players(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert", locale="de")
        thread = await fake.add_thread(fake.channel, "troedler", anna.id)
        await open_table(bot, "troedler", [anna, bert], channel=thread)
        second = fake.add_channel("second")
        await fake.dispatch("CHANNEL_CREATE", fake.channels[second])
        await open_table(bot, "rhein", [bert, anna], bots=1, channel=second,
                         language="en")
        game = await row_of(bot, thread)
        assert await bot.client.store.reminders(game.id)
        dms = {m.id: len(fake.dms(m.id)) for m in (anna, bert)}

        await bot.handled(await fake.delete_channel(thread))

        row = await bot.client.store.game(game.id)
        assert row.status == "abandoned"  # its record stays: moves and seats are kept
        # its turn reminders are gone; the reminder task tells its players, on its next pass
        await its_end_told(bot, game.id)
        # turn DMs of the other table may arrive meanwhile: count the ones about the deletion
        assert _told(fake, anna, dms, "was deleted") == [
            f"The channel of your game of **{TROEDLER}** was deleted, so the game has ended "
            "without a result."]
        assert _told(fake, bert, dms, "wurde gelöscht") == [
            f"Der Kanal deiner Partie **{TROEDLER}** wurde gelöscht, darum ist die Partie "
            "ohne Ergebnis beendet."]
        for member in (anna, bert):
            [listed] = (await member.command("mygames", second)).private
            assert TROEDLER not in listed.text and str(thread) not in listed.text
            assert "Rhein: River Trade" in listed.text
        # the other game plays on, and the deleted thread's game is told once
        assert (await row_of(bot, second)).status == "active"
        await bot.handled(await fake.dispatch("THREAD_DELETE", {
            "id": str(thread), "guild_id": str(fake.channels[second]["guild_id"]),
            "parent_id": str(fake.channel), "type": 11}))
        assert len(_told(fake, anna, dms, "was deleted")) == 1


def _told(fake, member, before: dict[int, int], words: str) -> list[str]:
    return [m.text for m in fake.dms(member.id)[before[member.id]:] if words in m.text]


async def test_a_deleted_channel_ends_its_game_and_its_threads_games(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        anna, bert, cora = Member(bot, "Anna"), Member(bot, "Bert"), Member(bot, "Cora")
        channel = fake.add_channel("rhein")
        await fake.dispatch("CHANNEL_CREATE", fake.channels[channel])
        thread = await fake.add_thread(channel, "troedler", anna.id)
        await open_table(bot, "rhein", [anna], bots=1, channel=channel)
        await open_table(bot, "troedler", [bert, cora], channel=thread)
        await cora.command("game new", fake.channel, game="rhein")  # a lobby elsewhere
        dms = {m.id: len(fake.dms(m.id)) for m in (anna, bert, cora)}

        await bot.handled(await fake.delete_channel(channel))

        for where in (channel, thread):
            assert (await row_of(bot, where)).status == "abandoned"
            await its_end_told(bot, (await row_of(bot, where)).id)
        assert (await row_of(bot, fake.channel)).status == "lobby"
        assert _told(fake, anna, dms, "was deleted") == [
            "The channel of your game of **Rhein: River Trade** was deleted, so the game "
            "has ended without a result."]
        for member in (bert, cora):
            [told] = _told(fake, member, dms, "was deleted")
            assert told.startswith(f"The channel of your game of **{TROEDLER}**")


async def test_a_deleted_lobby_closes_and_says_so(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        anna = Member(bot, "Anna", locale="de")
        channel = fake.add_channel("lobby")
        await fake.dispatch("CHANNEL_CREATE", fake.channels[channel])
        await anna.command("game new", channel, game="troedler")

        await bot.handled(await fake.delete_channel(channel))

        assert (await row_of(bot, channel)).status == "abandoned"
        await its_end_told(bot, (await row_of(bot, channel)).id)
        assert [m.text for m in fake.dms(anna.id)] == [
            f"Der Kanal deines Tisches für **{TROEDLER}** wurde gelöscht, darum ist der Tisch "
            "geschlossen."]


async def test_a_post_to_a_channel_discord_no_longer_knows_ends_its_game(tmp_path,
                                                                         monkeypatch):
    """A channel deleted while the bot was away (no event reached it): the next post there,
    a reminder's, gets 404 Unknown Channel."""
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert")
        await open_table(bot, "troedler", [anna, bert])
        dms = {m.id: len(fake.dms(m.id)) for m in (anna, bert)}
        del fake.channels[fake.channel]  # gone, and no CHANNEL_DELETE said so

        with pytest.raises(DeliveryFailed):
            await bot.client.reminders.post_channel(
                fake.channel, Reply("Still your turn", Audience.CHANNEL))

        game = await row_of(bot, fake.channel)
        assert game.status == "abandoned"
        await its_end_told(bot, game.id)
        # each told once that the game ended (a turn DM the reminders send meanwhile, on a
        # loaded machine, is not this test's to count)
        ended = [[m for m in fake.dms(member.id)[dms[member.id]:] if "was deleted" in m.text]
                 for member in (anna, bert)]
        assert [len(told) for told in ended] == [1, 1], ended


async def test_the_stand_in_deletes_a_channel_with_its_threads_as_discord_does(tmp_path,
                                                                              monkeypatch):
    async with running_bot(tmp_path, monkeypatch) as bot:
        fake, client = bot.stand_in, bot.client
        parent = fake.add_channel("parent")
        await fake.dispatch("CHANNEL_CREATE", fake.channels[parent])
        thread = await fake.add_thread(parent, "talk", BOT_ID)
        lone = await fake.add_thread(fake.channel, "lone", BOT_ID)
        await bot.handled(fake.sequence)
        assert all(client.get_channel(c) is not None for c in (parent, thread, lone))

        await bot.handled(await fake.delete_channel(lone))
        assert client.get_channel(lone) is None and lone not in fake.channels
        await bot.handled(await fake.delete_channel(parent))
        assert client.get_channel(parent) is None and client.get_channel(thread) is None
        assert thread not in fake.channels
        with pytest.raises(discord.NotFound) as gone:
            await client.get_partial_messageable(thread).send("hello")
        assert gone.value.code == 10003
