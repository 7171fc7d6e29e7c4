"""The move clock's last-call DM promises a skip only where the others will get one."""

from __future__ import annotations

from tests.service_pebbles import ctx
from tests.test_pace_service import HOUR, paced_game, world  # noqa: F401 (the fixture)


async def test_the_last_call_promises_a_skip_only_where_there_is_one(world):  # noqa: F811
    service, reminders, clock, box = world
    await paced_game(service, "pebbles")
    await service.play(ctx(2), "ready")  # U1 stalls before being ready: no pass there
    start = clock.now
    for hours in (12.1, 18.1, 21.7):
        clock.now = start + hours * HOUR
        await reminders.run_due()
    last = [text for who, text in box.dms if who == 1 and "Last call" in text]
    assert last and "skip" not in last[-1] and "replace you" in last[-1]


async def test_the_last_call_names_the_skip_where_a_pass_is_legal(world):  # noqa: F811
    service, reminders, clock, box = world
    await paced_game(service, "passpebbles", pace="24h")
    await service.play(ctx(1), "ready")
    await service.play(ctx(2), "ready")  # U1 to take, or to pass
    start = clock.now
    for hours in (12.1, 18.1, 21.7):
        clock.now = start + hours * HOUR
        await reminders.run_due()
    last = [text for who, text in box.dms if who == 1 and "Last call" in text]
    assert last and "skip it" in last[-1]
