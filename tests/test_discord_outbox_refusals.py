"""Kept channel posts that Discord refuses on the outbox tick, or whose progress the store
fails to record, are neither lost nor posted twice.

A 403 (a moderator took the bot's Send Messages away during the outage) dropped the kept
post for good, and each kept post after it too: the move and the next player's ping never
reached the channel, and nobody was told. A store error while a flush recorded what it sent
escaped as a bare exception: the new post was neither sent nor kept, and the kept post that
did go out stayed in the outbox, to be posted a second time by a later tick."""

from __future__ import annotations

import sqlite3

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import open_table

from bot.replies import Audience, DeliveryFailed, Reply

MOVE, PING = "Anna moves.", "<@2> your turn"


def no_waiting(bot) -> None:
    async def nosleep(_seconds: float) -> None:
        return None
    bot.client.delivery.policy.sleep = nosleep


def messages(fake) -> str:
    return rf"channels/{fake.channel}/messages$"


async def keep_two(bot) -> None:
    """The move and the next player's ping, kept during an outage."""
    fake, delivery = bot.stand_in, bot.client.delivery
    fake.inject("POST", messages(fake), 503, times=10)
    for text in (MOVE, PING):
        assert await delivery.post_channel(fake.channel, Reply(text, Audience.CHANNEL)) is None
    fake.injections.clear()
    assert await bot.client.store.kept_channels() == [fake.channel]


@pytest.mark.parametrize("code", [50013, 50001])
async def test_a_403_on_the_tick_keeps_every_post_until_the_permission_is_back(
        tmp_path, monkeypatch, code):
    async with running_bot(tmp_path, monkeypatch) as bot:
        no_waiting(bot)
        fake, delivery = bot.stand_in, bot.client.delivery
        await keep_two(bot)
        fake.inject("POST", messages(fake), 403, code=code, message="Missing Permissions",
                    times=5)
        assert await delivery.flush_kept() == 1  # still waiting, in order
        assert await delivery.post_channel(fake.channel, Reply("Bert moves.", Audience.CHANNEL)) \
            is None  # a newer post waits behind them
        fake.injections.clear()  # the permission is back
        assert await delivery.flush_kept() == 0
        assert [m.text for m in fake.posts()] == [MOVE, PING, "Bert moves."]
        assert await bot.client.store.kept_channels() == []


async def test_a_post_discord_can_never_take_is_dropped_and_the_next_goes_out(
        tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch) as bot:
        no_waiting(bot)
        fake, delivery = bot.stand_in, bot.client.delivery
        await keep_two(bot)
        fake.inject("POST", messages(fake), 400, code=50035, message="Invalid Form Body")
        assert await delivery.flush_kept() == 0
        assert [m.text for m in fake.posts()] == [PING]
        assert await bot.client.store.kept_channels() == []


async def test_a_move_behind_posts_refused_403_tells_the_mover_what_is_missing(
        tmp_path, monkeypatch):
    """The move's post waits behind the refused ones (it must not overtake them); the mover
    reads the missing-permission notice, which a moderator can act on, not 'Discord would
    not take my post'."""
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        no_waiting(bot)
        fake = bot.stand_in
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert")
        await open_table(bot, "rhein", [anna, bert], bots=1)
        await keep_two(bot)
        before = len(fake.posts())
        fake.inject("POST", messages(fake), 403, code=50013, message="Missing Permissions",
                    times=50)
        text = "\n".join(m.text for m in (await anna.command("game board")).private)
        assert "missing a permission" in text, text
        fake.injections.clear()
        assert await bot.client.delivery.flush_kept() == 0
        assert [m.text for m in fake.posts()[before:before + 2]] == [MOVE, PING]


class FailingStore:
    """The store as the outbox, whose next ``fail`` calls of the named methods fail (SQLite
    busy past its timeout; asyncpg's dropped connection is no ConnectionError either)."""

    def __init__(self, store, *names: str) -> None:
        self.store, self.names, self.fail = store, names, 0

    def __getattr__(self, name):
        method = getattr(self.store, name)
        if name not in self.names:
            return method

        async def failing(*args, **kwargs):
            if self.fail:
                self.fail -= 1
                raise sqlite3.OperationalError("database is locked")
            return await method(*args, **kwargs)
        return failing


async def test_a_store_hiccup_mid_flush_neither_loses_nor_doubles_a_post(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch) as bot:
        no_waiting(bot)
        fake, delivery = bot.stand_in, bot.client.delivery
        outbox = delivery.outbox = FailingStore(bot.client.store, "drop_kept_post")
        fake.inject("POST", messages(fake), 503, times=5)
        await delivery.post_channel(fake.channel, Reply("first", Audience.CHANNEL))
        assert fake.posts() == []
        outbox.fail = 1
        # 'first' goes out, its row stays: 'second' is kept behind it
        assert await delivery.post_channel(fake.channel, Reply("second", Audience.CHANNEL)) \
            is None
        assert [m.text for m in fake.posts()] == ["first"]
        fake.clock.advance(600)  # Discord's nonce memory (5 min) is over
        assert await delivery.flush_kept() == 0
        assert [m.text for m in fake.posts()] == ["first", "second"]
        assert await bot.client.store.kept_channels() == []


async def test_a_long_kept_post_whose_progress_was_not_recorded_sends_only_the_rest(
        tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch) as bot:
        no_waiting(bot)
        fake, delivery = bot.stand_in, bot.client.delivery
        outbox = delivery.outbox = FailingStore(bot.client.store, "note_kept_progress")
        long = "\n".join(f"line {i} " + "x" * 60 for i in range(60))  # three messages
        fake.inject("POST", messages(fake), 503, times=5)
        await delivery.post_channel(fake.channel, Reply(long, Audience.CHANNEL))
        outbox.fail = 1
        assert await delivery.flush_kept() == 1  # the first message went out, then it stopped
        assert len(fake.posts()) == 1
        fake.clock.advance(600)
        assert await delivery.flush_kept() == 0
        assert "\n".join(m.text for m in fake.posts()) == long


async def test_a_store_that_is_away_fails_the_post_as_delivery_failed(tmp_path, monkeypatch):
    """Neither recorded nor kept: the callers (reminders, the interaction) handle a
    DeliveryFailed; a bare database error went past them."""
    async with running_bot(tmp_path, monkeypatch) as bot:
        no_waiting(bot)
        fake, delivery = bot.stand_in, bot.client.delivery
        outbox = delivery.outbox = FailingStore(bot.client.store, "drop_kept_post",
                                                "keep_post", "release_kept_posts")
        fake.inject("POST", messages(fake), 503, times=5)
        await delivery.post_channel(fake.channel, Reply("first", Audience.CHANNEL))
        outbox.fail = 10
        with pytest.raises(DeliveryFailed):
            await delivery.post_channel(fake.channel, Reply("second", Audience.CHANNEL))
        assert [m.text for m in fake.posts()] == ["first"]
