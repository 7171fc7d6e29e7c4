"""Whom a run-out move clock's notice pings: the deciders on the notice's day and every
third day after (days 1, 4, 7), and the stalled player only where the channel is their
notice. A reviewer's stalled table was pinged on run-out days 1, 2, 5, 8 (the repeat's
count began at the first repeat), and the notice pinged the stalled player beside the
reminder DMs they already had."""

from __future__ import annotations

from bot.store import Settings
from tests.test_clock_expiry_post import stalled
from tests.test_pace_service import HOUR, world  # noqa: F401 (the fixture)


async def run_out_posts(service, reminders, clock, box, days):
    posted = []

    async def post_channel(channel_id, reply):
        posted.append(reply)
        return 7000 + len(posted)

    reminders.post_channel = post_channel
    start = await stalled(service, reminders, clock, box)
    for day in range(2, days + 1):
        clock.now = start + (24 * day + 0.2) * HOUR
        await reminders.run_due()
    return posted


async def test_the_deciders_are_pinged_on_days_one_four_and_seven(world):  # noqa: F811
    posted = await run_out_posts(*world, days=8)
    assert len(posted) == 8
    pinged = [day for day, post in enumerate(posted, 1) if 2 in (post.pings or ())]
    assert pinged == [1, 4, 7]
    assert not any(1 in (post.pings or ()) for post in posted)  # they have their DMs


async def test_a_stalled_player_without_reminders_is_pinged_by_the_notice(
        world):  # noqa: F811
    service, reminders, clock, box = world
    await service.store.save_settings(Settings(user_id=1, remind_on=False), clock())
    posted = await run_out_posts(service, reminders, clock, box, days=2)
    assert set(posted[0].pings) == {1, 2, 3}
    assert 1 in posted[1].pings and 2 not in posted[1].pings
