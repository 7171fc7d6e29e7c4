"""A channel post Discord will not take, after every retry, is kept (in the store) and goes
out in order before the channel's next post or at the outbox tick: before, the move's post
and the next player's ping were lost, and only the mover was told (a review found it with
30 injected 503s on a Rhein table)."""

from __future__ import annotations

import random

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import Played, open_table, play_turn, row_of, seat_users

from bot.discord.delivery import Delivery
from bot.replies import Audience, Reply

LOST = {"en": "as soon as Discord takes posts again",
        "de": "sobald Discord wieder Beiträge annimmt"}


def no_waiting(bot) -> None:
    async def nosleep(_seconds: float) -> None:
        return None
    bot.client.delivery.policy.sleep = nosleep


async def to_move(bot, people: list[Member]) -> Member:
    row = await row_of(bot, bot.stand_in.channel)
    users = await seat_users(bot, row.id)
    waiting = {users[seat] for seat in row.active_seats}
    return next(p for p in people if p.id in waiting)


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
