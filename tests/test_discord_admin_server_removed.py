"""The bot removed from a server (kicked, banned, the server deleted) ends its games there
as a deleted channel does. An admin review found them left active with their reminders
queued: turn DMs kept linking to channels no player could reach the bot in, and no command
there could end them."""

from __future__ import annotations

from discord_standin import Member, running_bot
from discord_standin.server import GUILD_ID
from discord_standin.table import open_table, row_of
from test_dm_quiet_channel_gone import its_end_told


async def test_the_bot_removed_from_the_server_ends_its_games_there(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert", locale="de")
        carl = Member(bot, "Carl")
        await open_table(bot, "rhein", [anna, bert])
        lobby = fake.add_channel("lobby")
        await carl.command("game new", lobby, game="troedler")
        game, table = await row_of(bot, fake.channel), await row_of(bot, lobby)
        assert await bot.client.store.reminders(game.id)
        dms = {m.id: len(fake.dms(m.id)) for m in (anna, bert, carl)}

        await bot.handled(await fake.dispatch("GUILD_DELETE", {"id": str(GUILD_ID)}))

        for row in (game, table):
            assert (await bot.client.store.game(row.id)).status == "abandoned"
            await its_end_told(bot, row.id)  # (sent by the reminder task's next pass)
        assert [m.text for m in fake.dms(anna.id)[dms[anna.id]:]] == [
            "I was removed from the server of your game of **Rhein: River Trade**, so the "
            "game has ended without a result."]
        assert [m.text for m in fake.dms(bert.id)[dms[bert.id]:]] == [
            "Ich wurde vom Server deiner Partie **Rhein: River Trade** entfernt, darum ist "
            "die Partie ohne Ergebnis beendet."]
        assert [m.text for m in fake.dms(carl.id)[dms[carl.id]:]] == [
            "I was removed from the server of your table for **Die Trödler aus den "
            "Highlands**, so the table is closed."]


async def test_a_server_outage_ends_nothing(tmp_path, monkeypatch):
    """Discord sends the same event, marked unavailable, when a server is out for a while."""
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert")
        await open_table(bot, "rhein", [anna, bert])
        dms = len(fake.dms(anna.id))

        await bot.handled(await fake.dispatch("GUILD_DELETE", {"id": str(GUILD_ID),
                                                               "unavailable": True}))

        assert (await row_of(bot, fake.channel)).status == "active"
        # turn DMs may come meanwhile: none says the game ended
        assert not [m for m in fake.dms(anna.id)[dms:] if "removed" in m.text], fake.dms(anna.id)
