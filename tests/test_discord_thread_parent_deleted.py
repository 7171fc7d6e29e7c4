"""A game in a thread Discord auto-archived ends when the thread's parent channel is deleted.

discord.py drops archived threads from its cache, and on CHANNEL_DELETE reports as deleted
only the cached threads of that channel; Discord sends no THREAD_DELETE for them. The game
stayed active: its reminders queued, its turn DMs linking to a thread nobody could open."""

from __future__ import annotations

from discord_standin import Member, running_bot
from discord_standin.table import open_table, row_of
from test_dm_quiet_channel_gone import its_end_told

TROEDLER = "Die Trödler aus den Highlands"


async def archive(bot, thread: int) -> None:
    """A day without moves: Discord auto-archives the thread (THREAD_UPDATE)."""
    fake = bot.stand_in
    fake.channels[thread]["thread_metadata"]["archived"] = True
    await bot.handled(await fake.dispatch("THREAD_UPDATE", fake.channels[thread]))
    assert bot.client.get_channel(thread) is None  # discord.py forgot it


async def test_an_archived_threads_game_ends_with_its_parent_channel(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        anna, bert, cora = Member(bot, "Anna"), Member(bot, "Bert"), Member(bot, "Cora")
        parent = fake.add_channel("games")
        await fake.dispatch("CHANNEL_CREATE", fake.channels[parent])
        thread = await fake.add_thread(parent, "troedler", anna.id)
        await open_table(bot, "troedler", [anna, bert], channel=thread)
        # an archived thread of another channel, whose game plays on
        elsewhere = await fake.add_thread(fake.channel, "rhein", cora.id)
        await open_table(bot, "rhein", [cora], bots=1, channel=elsewhere)
        game = await row_of(bot, thread)
        assert game.status == "active"
        for archived in (thread, elsewhere):
            await archive(bot, archived)
        dms = {m.id: len(fake.dms(m.id)) for m in (anna, bert, cora)}

        await bot.handled(await fake.delete_channel(parent))

        row = await bot.client.store.game(game.id)
        assert row.status == "abandoned"
        await its_end_told(bot, game.id)  # (sent by the reminder task's next pass)
        for member in (anna, bert):
            [told] = fake.dms(member.id)[dms[member.id]:]
            assert told.text.startswith(f"The channel of your game of **{TROEDLER}**")
        assert (await row_of(bot, elsewhere)).status == "active"
        assert fake.dms(cora.id)[dms[cora.id]:] == []
