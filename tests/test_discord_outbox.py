"""A channel post Discord will not take, after every retry, is kept (in the store) and goes
out in order before the channel's next post or at the outbox tick: before, the move's post
and the next player's ping were lost, and only the mover was told (a review found it with
30 injected 503s on a Rhein table)."""

from __future__ import annotations

import random

import pytest
from discord_standin import Member, running_bot
from discord_standin.server import DiscordError, StandIn
from discord_standin.table import Played, open_table, play_turn, row_of, seat_users, to_move
from test_dm_quiet_channel_gone import its_end_told

from bot.discord.delivery import Delivery
from bot.replies import Attachment, Audience, Reply
from bot.store import open_store

LOST = {"en": "as soon as Discord takes posts again",
        "de": "sobald Discord wieder Beiträge annimmt"}


def no_waiting(bot) -> None:
    async def nosleep(_seconds: float) -> None:
        return None
    bot.client.delivery.policy.sleep = nosleep


async def a_move_whose_posts_fail(bot, lang: str):
    """Rhein with Anna, Bert and an AI: two moves, then one while every channel post of the
    games channel fails with 503. Returns (the next player, the channel's post count before,
    the version after the lost move)."""
    fake = bot.stand_in
    locale = "de" if lang == "de" else "en-US"
    people = [Member(bot, "Anna", locale=locale), Member(bot, "Bert", locale=locale)]
    await open_table(bot, "rhein", people, bots=1, language=lang)
    rng, played = random.Random(2), Played()
    for _ in range(2):
        await play_turn(bot, await to_move(bot, people), fake.channel, rng, played)
    before = len(fake.posts())
    fake.inject("POST", rf"channels/{fake.channel}/messages$", 503, times=30)
    record = await play_turn(bot, await to_move(bot, people), fake.channel, rng, played)
    fake.injections.clear()
    assert len(fake.posts()) == before  # nothing reached the channel
    assert LOST[lang] in "\n".join(m.text for m in record.private)
    assert await bot.client.store.kept_channels() == [fake.channel]
    version = (await row_of(bot, fake.channel)).version
    return await to_move(bot, people), before, version, (rng, played)


def prompt_index(posts, member: Member) -> int:
    """Where in ``posts`` the first one naming ``member`` (their turn prompt) is."""
    return next(i for i, m in enumerate(posts) if f"<@{member.id}>" in m.text)


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_kept_posts_go_out_before_the_next_move(tmp_path, monkeypatch, lang):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        no_waiting(bot)
        fake = bot.stand_in
        nxt, before, version, (rng, played) = await a_move_whose_posts_fail(bot, lang)
        await play_turn(bot, nxt, fake.channel, rng, played)  # typed: no prompt to press
        posts = fake.posts()[before:]
        kept = prompt_index(posts, nxt)
        later = [i for i, m in enumerate(posts) if any(
            c.split(":")[2] == str(version + 1) for c in m.custom_ids if c.startswith("rb:"))]
        assert later and all(i > kept for i in later)  # the channel reads in order
        # (the kept prompt's buttons are taken off as the newer prompt comes)
        assert not [c for c in posts[kept].custom_ids if c.startswith("rb:")]
        assert await bot.client.store.kept_channels() == []


async def test_the_tick_sends_kept_posts_and_a_restart_keeps_them(tmp_path, monkeypatch):
    """Nobody posts in the channel again (the lost post was the next player's ping): the
    outbox tick sends it, from the store, so a process that never saw it fail does too."""
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        no_waiting(bot)
        fake = bot.stand_in
        nxt, before, version, _ = await a_move_whose_posts_fail(bot, "en")
        restarted = Delivery(bot.client)
        restarted.outbox = bot.client.store
        assert await restarted.flush_kept() == 0
        posts = fake.posts()[before:]
        prompt = posts[prompt_index(posts, nxt)]  # the next player's prompt, buttons live
        assert {c.split(":")[2] for c in prompt.custom_ids if c.startswith("rb:")} == \
            {str(version)}
        assert await bot.client.store.kept_channels() == []


async def test_posts_outside_an_interaction_are_kept_too(tmp_path, monkeypatch):
    """The reminders' channel posts (a closed-DM player's mention, the idle notice, a move
    clock's run-out) were only logged when they failed."""
    async with running_bot(tmp_path, monkeypatch) as bot:
        no_waiting(bot)
        fake = bot.stand_in
        delivery = bot.client.delivery
        fake.inject("POST", rf"channels/{fake.channel}/messages$", 503, times=10)
        assert await delivery.post_channel(fake.channel, Reply("first", Audience.CHANNEL)) is None
        assert await delivery.post_channel(fake.channel, Reply("second", Audience.CHANNEL)) \
            is None  # behind the first, not tried before it
        fake.injections.clear()
        assert isinstance(await delivery.post_channel(fake.channel,
                                                      Reply("third", Audience.CHANNEL)), int)
        assert [m.text for m in fake.posts()] == ["first", "second", "third"]


async def test_a_board_kept_for_later_saves_no_action(tmp_path, monkeypatch):
    """/game board changed nothing: its notice does not say "Your action was saved"."""
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        no_waiting(bot)
        fake = bot.stand_in
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert")
        await open_table(bot, "rhein", [anna, bert], bots=1)
        before = len(fake.posts())
        fake.inject("POST", rf"channels/{fake.channel}/messages$", 503, times=30)
        text = "\n".join(m.text for m in (await anna.command("game board")).private)
        fake.injections.clear()
        assert "will post it in the channel" in text and "action was saved" not in text
        assert await bot.client.delivery.flush_kept() == 0
        assert len(fake.posts()) > before  # the board went out after all


# --- a post of several messages, one of which fails ------------------------------------------

LONG = "\n".join(f"line {i} " + "x" * 60 for i in range(60))  # 3 messages, then the picture
PICTURE = Attachment("board.png", b"\x89PNG fake", description="Board: alt")


class Flaky:
    """The stand-in's channel posts: the next ``passing`` go through, then ``failing`` are
    answered 503 (``landing``: after Discord made the message, as when only its answer is
    lost)."""

    def __init__(self, fake: StandIn) -> None:
        self.fake, self.original = fake, fake._channel_message
        self.passing = self.failing = 0
        self.landing = False
        fake._channel_message = self

    def set(self, passing: int = 0, failing: int = 0, landing: bool = False) -> None:
        self.passing, self.failing, self.landing = passing, failing, landing

    async def __call__(self, request, channel):
        if self.passing > 0:
            self.passing -= 1
            return await self.original(request, channel)
        if self.failing > 0:
            self.failing -= 1
            if self.landing:
                await self.original(request, channel)
            raise DiscordError(503, 0, "injected")
        return await self.original(request, channel)


def read_once(posts, text: str) -> None:
    """``posts`` are ``text`` once, in order, the picture (with its alt text) on the last."""
    assert "\n".join(m.text for m in posts) == text
    assert [[name for name, _ in m.files] for m in posts] == [[]] * (len(posts) - 1) + \
        [["board.png"]]
    assert posts[-1].descriptions == ["Board: alt"]


async def test_a_long_post_keeps_only_its_messages_that_did_not_go_out(tmp_path, monkeypatch):
    """The first of a long post's messages went out, the rest failed for good: the outbox
    kept the whole post, and its tick sent the first message again (a review saw 'line 0'
    twice). Minutes later, Discord's nonce no longer tells a retry from a new message."""
    async with running_bot(tmp_path, monkeypatch) as bot:
        no_waiting(bot)
        fake, delivery = bot.stand_in, bot.client.delivery
        flaky = Flaky(fake)
        flaky.set(passing=1, failing=200)
        reply = Reply(LONG, Audience.CHANNEL, files=[PICTURE])
        assert await delivery.post_channel(fake.channel, reply) is None
        assert len(fake.posts()) == 1
        flaky.set()
        fake.clock.advance(600)
        assert await delivery.flush_kept() == 0
        read_once(fake.posts(), LONG)


async def test_a_kept_post_half_sent_by_a_tick_sends_only_the_rest_after_a_restart(
        tmp_path, monkeypatch):
    """A tick sends a kept post's first message, then Discord refuses the next: the store
    says how far it got, so the next tick (here another process's, ten minutes on) sends
    only the rest."""
    async with running_bot(tmp_path, monkeypatch) as bot:
        no_waiting(bot)
        fake, delivery = bot.stand_in, bot.client.delivery
        flaky = Flaky(fake)
        text = "second long\n" + LONG
        flaky.set(failing=200)
        await delivery.post_channel(fake.channel, Reply(text, Audience.CHANNEL, files=[PICTURE]))
        assert fake.posts() == []
        flaky.set(passing=1, failing=200)
        assert await delivery.flush_kept() == 1
        assert len(fake.posts()) == 1
        flaky.set()
        fake.clock.advance(600)
        restarted = Delivery(bot.client)
        restarted.outbox = bot.client.store
        assert await restarted.flush_kept() == 0
        read_once(fake.posts(), text)


async def test_a_kept_message_that_did_arrive_is_not_posted_twice(tmp_path, monkeypatch):
    """Discord made the message, but every answer was lost (503): the outbox sends it again
    with the nonce it had, and Discord (enforce_nonce) answers with the one it made."""
    async with running_bot(tmp_path, monkeypatch) as bot:
        no_waiting(bot)
        fake, delivery = bot.stand_in, bot.client.delivery
        flaky = Flaky(fake)
        flaky.set(failing=delivery.policy.attempts, landing=True)
        await delivery.post_channel(fake.channel, Reply("Anna moved.", Audience.CHANNEL))
        assert [m.text for m in fake.posts()] == ["Anna moved."]
        assert await bot.client.store.kept_channels() == [fake.channel]
        assert await delivery.flush_kept() == 0
        assert [m.text for m in fake.posts()] == ["Anna moved."]


# --- a channel deleted while its posts wait ------------------------------------------------

async def test_a_channel_deleted_while_its_posts_wait_ends_its_game(tmp_path, monkeypatch):
    """The channel went while the bot was away, its move's posts waiting: the tick's 404
    Unknown Channel ends the game as a deleted channel does (its players are told), and
    drops the posts. It only dropped them ('refused, given up'), the game left active."""
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        no_waiting(bot)
        fake = bot.stand_in
        await a_move_whose_posts_fail(bot, "en")
        game = await row_of(bot, fake.channel)
        humans = [user for user in (await seat_users(bot, game.id)).values() if user]
        assert len(humans) == 2
        dms = {user: len(fake.dms(user)) for user in humans}
        del fake.channels[fake.channel]  # gone, and no CHANNEL_DELETE said so

        assert await bot.client.delivery.flush_kept() == 0

        assert (await bot.client.store.game(game.id)).status == "abandoned"
        await its_end_told(bot, game.id)  # (sent by the reminder task's next pass)
        assert await bot.client.store.kept_channels() == []
        for user in humans:
            [told] = fake.dms(user)[dms[user]:]
            assert told.text.startswith("The channel of your game of **Rhein: River Trade**")


# --- the store's side, on both backends ---------------------------------------------------

async def test_the_outbox_keeps_how_far_a_post_got(store_target):
    store = await open_store(store_target)
    try:
        first = await store.keep_post(7, "{}", 10.0, sent_parts=1)
        second = await store.keep_post(7, "{}", 11.0)
        other = await store.keep_post(8, "{}", 12.0)
        await store.note_kept_progress(second, 2)
        assert await store.claim_kept_posts(7, "me", 20.0, 60.0) == [
            (first, "{}", 10.0, 1), (second, "{}", 11.0, 2)]
        await store.drop_channel_posts(7)
        assert await store.kept_channels() == [8]
        assert [row[0] for row in await store.claim_kept_posts(8, "me", 20.0, 60.0)] == [other]
    finally:
        await store.close()
