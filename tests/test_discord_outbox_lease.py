"""One process at a time posts a channel's kept posts, and a restart does not hold them back.

The outbox lease (OUTBOX_LEASE) was taken once per flush and never renewed: a send that
hung past it let another process take the rows over and post them, and the first, when its
request went on, posted them a second time, after newer posts. And a process that died
mid-flush left its lease to a random owner name, so its restart kept every new post of that
channel back (the mover read "Discord would not take my post") until the lease ran out."""

from __future__ import annotations

import asyncio

from discord_standin import running_bot

from bot.discord.delivery import OUTBOX_LEASE, OUTBOX_SEND_CAP, Delivery, reply_to_json
from bot.replies import Audience, Reply
from bot.store import open_store

MOVE, PING, NEXT = "Anna moves.", "<@2>, your turn.", "Bert moves."


def process(bot, clock: float, owner: str) -> Delivery:
    """Another process's delivery on the same store, its clock at ``clock``."""
    delivery = Delivery(bot.client)
    delivery.outbox = bot.client.store
    delivery.outbox_owner = owner
    delivery.clock = lambda: clock

    async def nosleep(_seconds: float) -> None:
        return None
    delivery.policy.sleep = nosleep
    return delivery


async def keep_two(bot, delivery: Delivery) -> None:
    fake = bot.stand_in
    fake.inject("POST", rf"channels/{fake.channel}/messages$", 503, times=10)
    for text in (MOVE, PING):
        await delivery.post_channel(fake.channel, Reply(text, Audience.CHANNEL))
    fake.injections.clear()


class Hook:
    """``delivery._send_part`` with ``before`` awaited before its next call and ``after``
    after it (each once). (In the delivery, not the stand-in: both deliveries share one
    discord.py HTTP client, whose per-route lock would hold one behind the other.)"""

    def __init__(self, delivery: Delivery) -> None:
        self.original = delivery._send_part
        self.before = self.after = None
        delivery._send_part = self

    async def __call__(self, *args, **kwargs):
        before, self.before = self.before, None
        if before is not None:
            await before()
        sent = await self.original(*args, **kwargs)
        after, self.after = self.after, None
        if after is not None:
            await after()
        return sent


def test_a_send_is_given_up_before_the_lease_runs_out():
    assert OUTBOX_SEND_CAP < OUTBOX_LEASE


async def test_a_hung_send_is_given_up_before_another_process_takes_the_posts_over(
        tmp_path, monkeypatch):
    """A's first send hangs (a stalled connection: Discord never saw it); B, after A's lease,
    posts the kept posts and a newer one. A's send is given up within its cap (made short
    here), so it never goes on to post them again, minutes later, after B's."""
    async with running_bot(tmp_path, monkeypatch) as bot:
        fake, t0 = bot.stand_in, 1_000_000.0
        a = process(bot, t0, "delivery:a")
        b = process(bot, t0 + OUTBOX_LEASE + 1, "delivery:b")
        a.kept_send_cap = 0.5
        await keep_two(bot, a)
        entered, release = asyncio.Event(), asyncio.Event()

        async def hang() -> None:
            entered.set()
            await release.wait()
        Hook(a).before = hang
        a_tick = asyncio.create_task(a.flush_kept())
        await entered.wait()
        assert await b.flush_kept() == 0
        await b.post_channel(fake.channel, Reply(NEXT, Audience.CHANNEL))
        fake.clock.advance(360)  # Discord forgets the nonces
        asyncio.get_running_loop().call_later(2.0, release.set)  # the connection goes on
        await a_tick
        await asyncio.sleep(0)
        assert [m.text for m in fake.posts()] == [MOVE, PING, NEXT]
        assert await bot.client.store.kept_channels() == []


async def test_a_process_that_lost_its_lease_stops_before_the_next_post(tmp_path,
                                                                         monkeypatch):
    """Between A's first kept post and its second, B took the rows over and posted both:
    A renews its lease before each message, finds it gone, and stops."""
    async with running_bot(tmp_path, monkeypatch) as bot:
        fake, t0 = bot.stand_in, 1_000_000.0
        a = process(bot, t0, "delivery:a")
        b = process(bot, t0 + OUTBOX_LEASE + 1, "delivery:b")
        await keep_two(bot, a)

        async def taken_over() -> None:
            assert await b.flush_kept() == 0
            fake.clock.advance(360)
        Hook(a).after = taken_over
        await a.flush_kept()
        assert [m.text for m in fake.posts()] == [MOVE, PING]
        assert await bot.client.store.kept_channels() == []


async def test_a_restart_sends_at_once_what_its_crashed_predecessor_held(tmp_path,
                                                                          monkeypatch):
    async with running_bot(tmp_path, monkeypatch) as bot:
        fake, client = bot.stand_in, bot.client
        store = client.store
        now = client.delivery.clock()
        await store.keep_post(fake.channel,  # a post kept before the crash
                              reply_to_json(Reply(MOVE, Audience.CHANNEL)), now)
        crashed = client.delivery.outbox_prefix + "dead0000"
        assert await store.claim_kept_posts(fake.channel, crashed, now, OUTBOX_LEASE)
        # another shard set's lease is not this run's to free
        await store.keep_post(fake.channel + 1, reply_to_json(Reply(PING, Audience.CHANNEL)),
                              now)
        assert await store.claim_kept_posts(fake.channel + 1, "delivery:shards 1:x", now,
                                            OUTBOX_LEASE)
        await client.close_services()  # the restart: services open anew on the same file
        await client.open_services()
        assert isinstance(await client.delivery.post_channel(
            fake.channel, Reply(NEXT, Audience.CHANNEL)), int)
        assert [m.text for m in fake.posts()] == [MOVE, NEXT]
        assert await client.store.claim_kept_posts(fake.channel + 1, "other", now + 1,
                                                   OUTBOX_LEASE) == []


async def test_the_outbox_lease_is_renewed_only_by_its_holder(store_target):
    store = await open_store(store_target)
    try:
        first = await store.keep_post(7, "{}", 10.0)
        second = await store.keep_post(7, "{}", 11.0)
        assert len(await store.claim_kept_posts(7, "a", 20.0, 60.0)) == 2
        assert await store.renew_kept_posts(7, "a", 70.0, 60.0) == [first, second]
        assert await store.claim_kept_posts(7, "b", 100.0, 60.0) == []  # renewed to 130
        assert len(await store.claim_kept_posts(7, "b", 131.0, 60.0)) == 2
        assert await store.renew_kept_posts(7, "a", 132.0, 60.0) == []
        assert await store.renew_kept_posts(7, "b", 132.0, 60.0) == [first, second]
        # a restart of b's shards frees b's; a name with LIKE's wildcards is no pattern
        assert await store.release_stale_kept_posts("b_", "b_new") == 0
        assert await store.release_stale_kept_posts("", "b") == 0
        assert await store.release_stale_kept_posts("b", "b2") == 2
        assert len(await store.claim_kept_posts(7, "c", 133.0, 60.0)) == 2
    finally:
        await store.close()
