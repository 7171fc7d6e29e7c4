"""A thread's moderators may end a dead game in it. An admin review found a member with
Manage Threads, who may lock and delete the thread, refused /game abandon of the game in
it: only Manage Channels counted. In a channel Manage Threads alone still does not."""

from __future__ import annotations

from discord_standin import Member, running_bot
from discord_standin.table import open_table, row_of

MANAGE_THREADS = 1 << 34
# view channel, send messages, read history, use application commands, send in threads
PLAIN = (1 << 10) | (1 << 11) | (1 << 16) | (1 << 31) | (1 << 38)


def with_thread_rights(fake, monkeypatch, member: Member) -> None:
    real = fake._member

    def member_data(user_id: int, manage: bool) -> dict:
        data = real(user_id, manage)
        if user_id == member.id:
            data["permissions"] = str(PLAIN | MANAGE_THREADS)
        return data

    monkeypatch.setattr(fake, "_member", member_data)


async def test_a_thread_moderator_ends_the_game_in_a_thread(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert")
        thread = await fake.add_thread(fake.channel, "rhein game", anna.id)
        await open_table(bot, "rhein", [anna, bert], channel=thread)
        tmod = Member(bot, "ThreadMod")
        with_thread_rights(fake, monkeypatch, tmod)

        ended = await tmod.command("game abandon", thread)

        assert (await row_of(bot, thread)).status == "abandoned"
        assert any("ThreadMod" in m.text and "abandon" in m.text.lower()
                   for m in ended.visible_posts), [m.text for m in ended.visible_posts]


async def test_manage_threads_alone_moderates_no_channel(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert")
        await open_table(bot, "rhein", [anna, bert])
        tmod = Member(bot, "ThreadMod")
        with_thread_rights(fake, monkeypatch, tmod)

        refused = await tmod.command("game abandon")

        assert not refused.visible_posts
        assert [m.text for m in refused.private] == [
            "Only **Anna**, who runs this table, or someone with Manage Channels can abandon the "
            "game."]
        assert (await row_of(bot, fake.channel)).status == "active"
