"""A move clock running out on a game whose saved position no longer loads (a new engine
release) rebuilds it from the move log and says so in the channel, once, as a command's
answer does. The run-out post had rebuilt it and dropped the notice; so had the last call
before it, which only asks what the post will offer."""

from __future__ import annotations

import pytest

from tests.service_pebbles import Pebbles, ctx
from tests.test_pace_service import HOUR, paced_game, world  # noqa: F401 (the fixture)

REBUILT = "rebuilt it from the move log"


class Newer(Pebbles):
    state_format = 2  # the state layout changed since the snapshot was saved


@pytest.mark.parametrize("before_last_call", [True, False])
async def test_a_run_out_clock_says_its_rebuild_once(world, before_last_call):  # noqa: F811
    service, reminders, clock, box = world
    await paced_game(service)
    await service.play(ctx(2), "ready")  # U1 stalls: their 24 h clock runs
    start = clock.now
    if before_last_call:
        service.games = {**service.games, "pebbles": Newer()}
    for hours in (12.1, 18.1, 21.7):  # the warnings, the last call asking about a skip
        clock.now = start + hours * HOUR
        await reminders.run_due()
    assert any("Last call" in text for user, text in box.dms if user == 1)
    service.games = {**service.games, "pebbles": Newer()}
    version = (await service.store.latest_game(500)).version
    assert box.posts == []

    clock.now = start + 24.1 * HOUR
    await reminders.run_due()
    notice, post = [reply for _, reply in box.posts]
    assert REBUILT in notice.text and not notice.buttons
    assert post.buttons and "<@1>" in post.text and REBUILT not in post.text
    row = await service.store.latest_game(500)
    assert row.version > version and row.state_format == 2  # rebuilt, and stored

    clock.now = start + 48.2 * HOUR  # the daily repeat: the game loads, nothing to say
    await reminders.run_due()
    assert [REBUILT in reply.text for _, reply in box.posts] == [True, False, False]
    replies = await service.press(ctx(2), post.buttons[0].custom_id)
    assert "lets an AI play" in replies[0].text


async def test_a_run_out_post_lost_after_its_notice_comes_back_with_buttons(world):  # noqa: F811
    """The rebuild's notice went out and the post with the buttons did not: the next day's
    post is still the one with buttons (the notice is not the post)."""
    service, reminders, clock, box = world
    await paced_game(service)
    await service.play(ctx(2), "ready")
    start = clock.now
    service.games = {**service.games, "pebbles": Newer()}
    posted = reminders.post_channel

    async def buttons_refused(channel_id, reply):
        if reply.buttons:
            raise RuntimeError("Discord is away")
        await posted(channel_id, reply)

    reminders.post_channel = buttons_refused
    clock.now = start + 24.1 * HOUR
    await reminders.run_due()
    [(_, notice)] = box.posts
    assert REBUILT in notice.text
    reminders.post_channel = posted
    clock.now = start + 48.2 * HOUR
    await reminders.run_due()
    [_, (_, post)] = box.posts
    assert post.buttons and REBUILT not in post.text
