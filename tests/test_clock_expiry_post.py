"""A run-out move clock's channel post mentions the players who decide; its daily
repeat leaves one set of buttons (the first post's), unless that post never went out."""

from __future__ import annotations

from tests.issue10_helpers import state_of
from tests.service_pebbles import ctx
from tests.test_pace_service import HOUR, paced_game, world  # noqa: F401 (the fixture)


async def stalled(service, reminders, clock, box, key="pebbles"):
    """Three players; U2 and U3 are ready, U1 is not: U1's 24 h clock runs out."""
    await service.new(ctx(1), key, pace="24h")
    for user in (2, 3):
        await service.join(ctx(user))
    await service.start(ctx(1), order="joined")
    for user in (2, 3):
        await service.play(ctx(user), "ready")
    start = clock.now
    clock.now = start + 24.1 * HOUR
    await reminders.run_due()
    return start


async def test_the_run_out_post_mentions_the_players_who_decide(world):  # noqa: F811
    service, reminders, clock, box = world
    start = await stalled(service, reminders, clock, box)
    [(_, post)] = box.posts
    assert post.buttons and "<@1>" in post.text
    assert "<@2>" in post.text and "<@3>" in post.text and post.pings == (2, 3)
    # a day later: the reminder comes back, pinging the same players, without buttons
    clock.now = start + 48.2 * HOUR
    await reminders.run_due()
    [_, (_, again)] = box.posts
    assert not again.buttons
    assert all(f"<@{user}>" in again.text for user in (1, 2, 3)) and "further up" in again.text
    # the first post's buttons still decide
    replies = await service.press(ctx(2), post.buttons[0].custom_id)
    assert "lets an AI play" in replies[0].text
    assert (await state_of(service))[0]["ready"] == [True, True, True]


async def test_a_run_out_post_that_did_not_go_out_comes_back_with_buttons(world):  # noqa: F811
    service, reminders, clock, box = world
    posted = box.post_channel

    async def refused(channel_id, reply):
        raise RuntimeError("Discord is away")

    box.post_channel = refused
    reminders.post_channel = refused
    start = await stalled(service, reminders, clock, box)
    reminders.post_channel = posted
    clock.now = start + 48.2 * HOUR
    await reminders.run_due()
    [(_, post)] = box.posts
    assert post.buttons and "<@2>" in post.text


async def test_one_german_decider_is_addressed_as_du(world):  # noqa: F811
    """"<@Anna>: ihr könnt wählen" spoke to one player in the plural."""
    service, reminders, clock, box = world
    await service.new(ctx(1), "pebbles", pace="24h", lang="de")
    await service.join(ctx(2))
    await service.start(ctx(1), order="joined")
    await service.play(ctx(2), "ready")
    start = clock.now
    clock.now = start + 24.1 * HOUR
    await reminders.run_due()
    [(_, post)] = box.posts
    assert "<@2>: du kannst wählen:" in post.text, post.text
    clock.now = start + 48.2 * HOUR
    await reminders.run_due()
    [_, (_, again)] = box.posts
    assert "<@2>: entscheide mit" in again.text, again.text
