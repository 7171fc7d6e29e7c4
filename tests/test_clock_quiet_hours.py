"""Move clock warnings keep their player's quiet hours, and a turn reminder an hour before a
warning waits for it (one DM, not two)."""

from __future__ import annotations

from datetime import UTC, datetime

from tests.service_pebbles import ctx
from tests.test_pace_service import HOUR, clock_dms, paced_game, world  # noqa: F401 (fixture)

MIDNIGHT = datetime(2026, 6, 1, tzinfo=UTC).timestamp()


def hour_of(when: float) -> float:
    local = datetime.fromtimestamp(when, UTC)
    return local.hour + local.minute / 60


async def run_until(reminders, clock, box, user, end: float) -> list[tuple[float, str]]:
    """Every DM to ``user`` with the time it went out, a pass every 5 minutes."""
    seen, said = len(box.dms), []
    while clock.now < end:
        clock.now += 300
        await reminders.run_due()
        said += [(clock.now, text) for who, text in box.dms[seen:] if who == user]
        seen = len(box.dms)
    return said


async def test_a_reminder_an_hour_before_a_warning_waits_for_it(world):  # noqa: F811
    service, reminders, clock, box = world
    clock.now = MIDNIGHT + 8 * HOUR
    await service.remind(ctx(1), every_hours=11)
    await paced_game(service, pace="24h")
    await service.play(ctx(2), "ready")  # the turn DM now, a reminder at 11 h, warning 12 h
    await reminders.run_due()
    said = await run_until(reminders, clock, box, 1, MIDNIGHT + 20.5 * HOUR)
    assert len(said) == 1, said
    assert hour_of(said[0][0]) == 20 and "About 12 h left" in said[0][1], said
    assert len(clock_dms(box, 1)) == 1
