"""The client's real services (store, service, reminders) wired to the Discord delivery:
a turn DM goes out by DM, and a player with closed DMs (50007) gets one channel mention."""

from __future__ import annotations

from unittest.mock import AsyncMock, MagicMock

import pytest
from test_discord_fakes import (
    CHANNEL,
    TALLY,
    FakeChannel,
    forbidden,
    make_adapter,
    make_interaction,
    no_sleep_policy,
)

from bot.discord.app import RheinbotClient
from bot.discord.delivery import Delivery
from bot.service import Ctx, TablesService
from bot.service.reminders import Reminders
from bot.store import Store


async def test_start_up_opens_store_service_and_reminders(tmp_path) -> None:
    client = RheinbotClient(db_path=str(tmp_path / "live.sqlite3"))
    client.add_dynamic_items = MagicMock()
    await client.setup_hook()
    try:
        assert isinstance(client.adapter.service, TablesService)
        assert client.reminders.send_dm == client.delivery.send_dm
        # the delivery's, ending the game of a channel Discord says is gone
        assert client.reminders.post_channel.__wrapped__ == client.delivery.post_channel
        assert client.reminders._task is not None and not client.reminders._task.done()
    finally:
        await client.close_services()
    assert client.reminders._task is None
    assert (tmp_path / "live.sqlite3").exists()


class Discord:
    """A fake client: DMs per user (Bert's are closed) and the game channel."""

    def __init__(self) -> None:
        self.channel = FakeChannel()
        self.dms = {1: FakeChannel(901), 2: FakeChannel(902)}
        self.dms[2].failures = [forbidden(50007)]
        self.client = MagicMock()
        self.client.get_channel = MagicMock(return_value=self.channel)
        self.client.create_dm = AsyncMock(side_effect=lambda user: self.dms[user.id])


@pytest.fixture
async def wired(tmp_path):
    store = await Store.open(str(tmp_path / "remind.sqlite3"))
    discord = Discord()
    delivery = Delivery(discord.client, no_sleep_policy()[0])
    now = [1_700_000_000.0]
    reminders = Reminders(store, send_dm=delivery.send_dm, post_channel=delivery.post_channel,
                          clock=lambda: now[0])
    service = TablesService(store, games={"tally": TALLY}, render=lambda k, v: b"PNG",
                            clock=lambda: now[0], reminders=reminders, seed_source=lambda: 3)
    adapter, commands, _ = make_adapter(service, ctx_type=Ctx)
    yield discord, reminders, commands, now
    await store.close()


async def test_turn_dm_and_the_closed_dm_fallback(wired) -> None:
    discord, reminders, commands, now = wired

    def member(user_id, name):
        return make_interaction(user_id=user_id, name=name, channel=discord.channel)

    await commands["game new"].callback(member(1, "Anna"), game="tally")
    await commands["game join"].callback(member(2, "Bert"))
    await commands["game start"].callback(member(1, "Anna"), order="joined")
    await reminders.run_due()
    [dm] = discord.dms[1].posts
    assert dm.embed.title == "Your turn" and f"<#{CHANNEL}>" in dm.embed.description

    await commands["play"].callback(member(1, "Anna"), move="add 1")
    posts = len(discord.channel.posts)
    await reminders.run_due()
    # Bert's DMs are closed: the delivery raised DeliveryFailed(closed_dms=True) and the
    # reminders fell back to one mention in the game channel.
    assert discord.dms[2].posts == []
    [mention] = discord.channel.posts[posts:]
    assert mention.text.startswith("<@2>, it is your turn") and "could not DM you" in mention.text

    now[0] += 13 * 3600
    await reminders.run_due()
    assert len(discord.channel.posts) == posts + 1  # one mention, not one every 12 hours
