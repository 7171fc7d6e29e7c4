"""/game rematch through the Discord adapter: a public thread off the channel, the table there."""

from __future__ import annotations

import dataclasses
from unittest.mock import AsyncMock, MagicMock

import discord
from test_discord_fakes import FakeChannel, make_adapter, make_interaction

from bot.service import Ctx
from tests.issue10_helpers import play_out, seated_game
from tests.service_pebbles import GAMES

CH = 500


async def test_rematch_opens_a_public_thread_and_seats_the_table_there(svc):
    await seated_game(svc, 2, channel=CH)
    await play_out(svc, CH)
    thread = FakeChannel(9001)
    channel = FakeChannel(CH)
    channel.create_thread = AsyncMock(return_value=thread)
    client = MagicMock()
    client.get_channel = MagicMock(side_effect=lambda cid: thread if cid == 9001 else channel)
    adapter, commands, _ = make_adapter(svc, games=GAMES, client=client, ctx_type=Ctx)
    interaction = make_interaction(user_id=2, name="U2", channel=channel)
    await commands["game rematch"].callback(interaction)
    kwargs = channel.create_thread.await_args.kwargs
    assert kwargs["type"] is discord.ChannelType.public_thread
    assert "Pebbles" in kwargs["name"]
    assert len(thread.posts) == 2 and "<@1>" in (thread.posts[1].content or "")
    assert any("<#9001>" in post.text for post in channel.posts)
    row = await svc.store.live_game(9001)
    assert row is not None and row.status == "lobby" and row.creator_id == 2


async def test_rematch_refusal_opens_no_thread(svc):
    await seated_game(svc, 2, channel=CH)  # still being played
    channel = FakeChannel(CH)
    channel.create_thread = AsyncMock()
    adapter, commands, _ = make_adapter(svc, games=GAMES, client=MagicMock(), ctx_type=Ctx)
    interaction = make_interaction(user_id=1, channel=channel)
    await commands["game rematch"].callback(interaction)
    channel.create_thread.assert_not_awaited()
    assert any("finished game" in post.text for post in interaction.followup.posts)


async def test_a_rematch_refused_once_its_thread_is_open_deletes_the_thread(svc):
    """Another rematch opened between the check and the table (two players asking at once):
    the refused one left an empty thread behind."""
    await seated_game(svc, 2, channel=CH)
    await play_out(svc, CH)
    thread = FakeChannel(9002)
    thread.delete = AsyncMock()
    channel = FakeChannel(CH)
    channel.create_thread = AsyncMock(return_value=thread)
    adapter, commands, _ = make_adapter(svc, games=GAMES, client=MagicMock(), ctx_type=Ctx)
    prepare = svc.prepare_rematch

    async def prepared_then_beaten(ctx):  # the check passes; then the other rematch opens
        plan = await prepare(ctx)
        await svc.rematch(dataclasses.replace(ctx, channel_id=9001), plan[0])
        return plan

    svc.prepare_rematch = prepared_then_beaten
    await commands["game rematch"].callback(make_interaction(user_id=2, channel=channel))
    thread.delete.assert_awaited_once()
    assert await svc.store.live_game(9002) is None and await svc.store.live_game(9001)
