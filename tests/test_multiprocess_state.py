"""State that two bot processes on one database must not keep apart in memory."""

from __future__ import annotations

from unittest.mock import AsyncMock

from test_discord_fakes import FakeChannel, forbidden

from bot.discord.app import RheinbotClient, lease_owner
from bot.replies import Audience, DeliveryFailed, Reply
from bot.store import is_postgres
from tests.service_pebbles import ctx

USER = 7


async def _process(target: str) -> tuple[RheinbotClient, FakeChannel]:
    client = RheinbotClient(start_services=False, db_path=target)
    dm = FakeChannel(555)
    client.create_dm = AsyncMock(return_value=dm)
    await client.open_services()
    return client, dm


async def test_dms_closed_in_one_process_reopen_when_the_user_changes_remind_in_another(
        store_target):
    (a, a_dm), (b, _) = await _process(store_target), await _process(store_target)
    try:
        a_dm.failures = [forbidden(50007)]
        reply = Reply("Your turn", Audience.DM, user_id=USER)
        for _ in range(2):
            try:
                await a.delivery.send_dm(USER, reply)
            except DeliveryFailed as failure:
                assert failure.closed_dms
        assert a_dm.attempts == 1  # known closed: no second request bound to fail
        assert (await b.store.settings(USER)).dms_closed  # every process knows it now
        # They open their DMs and say so with /remind, in a guild on the other process.
        await b.adapter.service.remind(ctx(USER), on=True)
        await a.delivery.send_dm(USER, reply)
        assert [post.content for post in a_dm.posts] == ["Your turn"]
    finally:
        for client in (a, b):
            await client.close_services()


async def test_on_postgresql_the_reminders_poll_for_other_processes_rows(store_target):
    client, _ = await _process(store_target)
    try:
        polls = 30.0 if is_postgres(store_target) else 3600.0
        assert client.reminders.poll_seconds == polls
    finally:
        await client.close_services()


def test_each_lease_names_its_process_and_shards():
    first, second = lease_owner([2, 3]), lease_owner([2, 3])
    assert ":shards 2,3:" in first and first != second  # unique per start
    assert ":shards all:" in lease_owner(None)
