"""A move clock warning and a turn reminder falling together are one DM."""

from __future__ import annotations

from tests.service_pebbles import ctx
from tests.test_pace_service import HOUR, paced_game, world  # noqa: F401 (the fixture)


async def dms_to(box, user):
    return [text for who, text in box.dms if who == user]


async def test_a_clock_warning_and_a_turn_reminder_together_are_one_dm(world):  # noqa: F811
    service, reminders, clock, box = world
    await paced_game(service, pace="24h")
    await service.play(ctx(2), "ready")  # U1 waits: turn DMs every 12 h, clock 24 h
    start = clock.now
    await reminders.run_due()
    assert len(await dms_to(box, 1)) == 1  # the turn DM
    for hours in (12.0, 12.0 + 1 / 3600):  # the half-time warning; the reminder a second on
        clock.now = start + hours * HOUR
        await reminders.run_due()
    texts = await dms_to(box, 1)
    assert len(texts) == 2 and "About 12 h left" in texts[1]
    clock.now = start + 18.1 * HOUR  # the next warning comes as before
    await reminders.run_due()
    assert len(await dms_to(box, 1)) == 3


async def test_with_a_48_hour_clock_no_two_dms_fall_together(world):  # noqa: F811
    service, reminders, clock, box = world
    await paced_game(service, pace="48h")
    await service.play(ctx(2), "ready")
    start = clock.now
    for step in range(0, 47 * 4):
        clock.now = start + step * HOUR / 4
        await reminders.run_due()
    # turn DMs at 0 and 12 h; the warnings at 24 h and 36 h stand for those reminders;
    # the last call at 43.2 h
    assert len(await dms_to(box, 1)) == 5


async def test_the_run_out_post_stands_for_the_turn_reminder_due_with_it(world):  # noqa: F811
    """At 24 h the run-out post pinged the player in the channel and the 12-hourly turn
    reminder DM'd them at the same moment."""
    service, reminders, clock, box = world
    await paced_game(service, pace="24h")
    await service.play(ctx(2), "ready")
    start = clock.now
    for step in range(0, 24 * 4 + 2):
        clock.now = start + step * HOUR / 4
        await reminders.run_due()
    assert any("<@1>" in post.text for _, post in box.posts)  # the run-out post pinged U1
    dms = await dms_to(box, 1)
    assert not any(text.startswith("Reminder") for text in dms[1:]), dms


async def test_a_clock_warning_that_fails_leaves_the_turn_reminder_to_go(world):  # noqa: F811
    """The warning was marked sent even when its DM failed, and the reminder due with it
    then counted as said: the player got neither."""
    service, reminders, clock, box = world
    await paced_game(service, pace="24h")
    await service.play(ctx(2), "ready")
    start = clock.now
    await reminders.run_due()
    sent = reminders.send_dm

    async def warnings_fail(user_id, reply):
        if "left" in reply.text:  # the clock warning ("About 12 h left …")
            raise RuntimeError("Discord is away")
        await sent(user_id, reply)

    reminders.send_dm = warnings_fail
    for hours in (12.0, 12.0 + 1 / 3600, 12.0 + 2 / 3600):
        clock.now = start + hours * HOUR
        await reminders.run_due()
    texts = await dms_to(box, 1)
    assert len(texts) == 2 and "still your turn" in texts[1], texts
