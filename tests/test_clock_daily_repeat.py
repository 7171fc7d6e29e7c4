"""The daily repeat of a run-out move clock links to the notice with the buttons and pings
less: a reviewer's stalled table pinged all three members every day for days, pointing to
"the buttons of the first notice above" with no link, the stalled player pinged in the
channel beside their reminder DMs."""

from __future__ import annotations

from tests.service_pebbles import ctx
from tests.test_clock_expiry_post import stalled
from tests.test_pace_service import HOUR, world  # noqa: F401 (the fixture)


async def test_the_repeat_links_the_first_notice_and_pings_the_deciders_every_third_day(
        world):  # noqa: F811
    service, reminders, clock, box = world
    posted = []

    async def post_channel(channel_id, reply):  # as Discord: the posted message's id
        posted.append(reply)
        return 7000 + len(posted)

    reminders.post_channel = post_channel
    start = await stalled(service, reminders, clock, box)
    [first] = posted
    # the run-out pings the deciders; the stalled player, named, has their DMs
    assert first.buttons and first.pings == (2, 3) and "<@1>" in first.text
    for day in range(2, 7):  # (it ran out 24 h after start)
        clock.now = start + (24 * day + 0.2) * HOUR
        await reminders.run_due()
    repeats = posted[1:]
    assert len(repeats) == 5 and not any(r.buttons for r in repeats)
    for repeat in repeats:
        assert "https://discord.com/channels/1/500/7001" in repeat.text, repeat.text
        assert all(f"<@{user}>" in repeat.text for user in (1, 2, 3))  # named, all
        assert 1 not in repeat.pings  # the stalled player has their DMs
    # days 2..6 of the run-out (the notice day 1): the deciders again on day 4
    assert [r.pings for r in repeats] == [(), (), (2, 3), (), ()]
    # the link still leads to buttons that decide
    replies = await service.press(ctx(2), first.buttons[0].custom_id)
    assert "lets an AI play" in replies[0].text
