"""A private reply Discord will not take through the interaction goes by DM, or leaves a
short word where "thinking..." was: before, discord.py's five tries inside each of the
bot's five kept /game hand "thinking..." up for two minutes, then the placeholder was
deleted and the hand shown nowhere (a review found it with 25 injected 503s)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import open_table, to_move

from bot.i18n import t


@pytest.fixture(autouse=True)
def backoff_without_waiting(monkeypatch):
    """discord.py waits 1, 3, 5, 7 and 9 s between its five tries of a webhook answered
    5xx: 25 s of idle worker per round, which this test's point (how many tries, what the
    player is left with) does not depend on. Its webhook module alone sleeps 0 s; every
    try and every other wait is as it was."""
    import discord.webhook.async_ as webhooks

    async def no_wait(delay: float, result=None):
        return await asyncio.sleep(0, result)

    monkeypatch.setattr(webhooks, "asyncio", SimpleNamespace(**{**vars(asyncio),
                                                                "sleep": no_wait}))


async def a_hand_while_followups_fail(bot, closed: bool):
    fake = bot.stand_in
    people = [Member(bot, "Anna", locale="de"), Member(bot, "Bert", locale="de")]
    await open_table(bot, "troedler", people, bots=0, language="de")
    player = await to_move(bot, people)
    if closed:
        fake.closed_dms.add(player.id)
    dms = len(fake.dms(player.id))
    # two of discord.py's five-try rounds: the old code retried its way through them
    fake.inject("POST", r"webhooks/", 503, times=10)
    record = await player.command("game hand")
    fake.injections.clear()
    webhook_posts = [e for e in record.errors if e[0] == 503]
    return player, record, fake.dms(player.id)[dms:], webhook_posts


async def test_the_hand_goes_by_dm_after_one_round_of_retries(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        player, record, new_dms, failed = await a_hand_while_followups_fail(bot, closed=False)
        assert len(failed) <= 5  # bounded: discord.py's own tries, none of ours around them
        assert not [m for m in record.private if not m.deleted]  # nothing left on screen
        again = await player.command("game hand")  # Discord takes followups again
        # the hand came once by DM (a turn DM the reminders send during the retries, on a
        # loaded machine, is another DM)
        hand = "\n".join(m.text for m in again.private)
        assert [m.text for m in new_dms].count(hand) == 1, [m.text for m in new_dms]


async def test_with_dms_closed_the_placeholder_says_the_answer_was_lost(tmp_path,
                                                                          monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        player, record, new_dms, failed = await a_hand_while_followups_fail(bot, closed=True)
        assert not new_dms
        assert record.original is not None and not record.original.deleted
        assert record.original.text == t("dlv.reply_lost", "de")
