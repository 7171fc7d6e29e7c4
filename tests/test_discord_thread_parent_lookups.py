"""Deleting a text channel ends the games in its threads without a Discord lookup per game.

discord.py drops auto-archived threads from its cache, and on CHANNEL_DELETE reports only
the cached threads of the channel. The bot looked up on Discord, one request each, every
live game of the server in a channel it did not cache, to learn whether it had gone with
the deleted channel. The channel each game's thread belongs to is now on record (from the
command that opened the game, and as Discord archives the thread); only a game older than
that record is still looked up, once, and its parent recorded then."""

from __future__ import annotations

import re

from discord_standin import Member, running_bot
from discord_standin.server import GUILD_ID
from discord_standin.table import open_table, row_of

ELSEWHERE = 4  # archived threads of another channel, each with a live game


async def archive(bot, thread: int) -> None:
    """A day without moves: Discord auto-archives the thread (THREAD_UPDATE)."""
    fake = bot.stand_in
    fake.channels[thread]["thread_metadata"]["archived"] = True
    await bot.handled(await fake.dispatch("THREAD_UPDATE", fake.channels[thread]))
    assert bot.client.get_channel(thread) is None  # discord.py forgot it


async def a_game_in_a_thread(bot, parent: int, member: Member, game: str = "rhein") -> int:
    thread = await bot.stand_in.add_thread(parent, game, member.id)
    await open_table(bot, game, [member], bots=1, channel=thread)
    return thread


async def forget_parent(bot, thread: int) -> None:
    """As for a game that began before the bot kept threads' parents."""
    store = bot.client.store
    async with store._tx() as tx:
        await tx.fetch("DELETE FROM thread_parents WHERE channel_id = ?", (thread,))
    bot.client.gone._recorded.discard(thread)


def lookups(bot, since: int) -> list[str]:
    return [r.path for r in bot.stand_in.requests[since:]
            if r.method == "GET" and re.fullmatch(r"channels/\d+", r.path)]


async def status(bot, thread: int) -> str:
    return (await row_of(bot, thread)).status


async def tables(bot, people: list[Member]) -> tuple[int, int, list[int], list[int]]:
    """A channel to delete with two archived game threads, and another channel with
    ``ELSEWHERE`` + 1 archived game threads; (doomed, other, their threads)."""
    fake = bot.stand_in
    doomed = fake.add_channel("games")
    await fake.dispatch("CHANNEL_CREATE", fake.channels[doomed])
    other = fake.add_channel("more-games")
    await fake.dispatch("CHANNEL_CREATE", fake.channels[other])
    under = [await a_game_in_a_thread(bot, doomed, people[0], "troedler"),
             await a_game_in_a_thread(bot, doomed, people[1])]
    elsewhere = [await a_game_in_a_thread(bot, other, people[2 + n])
                 for n in range(ELSEWHERE + 1)]
    for thread in (*under, *elsewhere):
        await archive(bot, thread)
    return doomed, other, under, elsewhere


def members(bot) -> list[Member]:
    return [Member(bot, name) for name in ("Anna", "Bert", "Cora", "Dora", "Emil", "Finn",
                                           "Gina")]


async def test_deleting_a_channel_asks_discord_about_no_game_whose_parent_is_known(
        tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        doomed, other, under, elsewhere = await tables(bot, members(bot))
        since = len(fake.requests)

        await bot.handled(await fake.delete_channel(doomed))

        assert lookups(bot, since) == []
        for thread in under:
            assert await status(bot, thread) == "abandoned"
        for thread in elsewhere:
            assert await status(bot, thread) == "active"

        since = len(fake.requests)
        await bot.handled(await fake.delete_channel(other))

        assert lookups(bot, since) == []
        for thread in elsewhere:
            assert await status(bot, thread) == "abandoned"


async def test_a_game_older_than_the_record_is_looked_up_once_and_its_parent_kept(
        tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        doomed, other, under, elsewhere = await tables(bot, members(bot))
        await forget_parent(bot, under[1])     # gone with the channel: Discord says 404
        await forget_parent(bot, elsewhere[0])  # still there: its parent is recorded
        since = len(fake.requests)

        await bot.handled(await fake.delete_channel(doomed))

        assert sorted(lookups(bot, since)) == sorted(f"channels/{c}"
                                                     for c in (under[1], elsewhere[0]))
        for thread in under:
            assert await status(bot, thread) == "abandoned"
        for thread in elsewhere:
            assert await status(bot, thread) == "active"
        parents = dict(await bot.client.store.live_channel_parents(GUILD_ID))
        assert parents == {thread: other for thread in elsewhere}

        since = len(fake.requests)
        await bot.handled(await fake.delete_channel(other))

        assert lookups(bot, since) == []
        for thread in elsewhere:
            assert await status(bot, thread) == "abandoned"
