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


async def quiet_table(service, clock, start_hour: float) -> None:
    clock.now = MIDNIGHT + start_hour * HOUR
    await service.remind(ctx(1), quiet_from=22, quiet_to=7, tz="UTC")
    await paced_game(service, pace="24h")
    await service.play(ctx(2), "ready")  # U1 waits: a 24 h move clock


async def test_a_warning_due_at_night_comes_when_the_quiet_hours_end(world):  # noqa: F811
    service, reminders, clock, box = world
    await quiet_table(service, clock, 14)  # half time at 02:00
    said = await run_until(reminders, clock, box, 1, MIDNIGHT + 36 * HOUR)
    warnings = [(hour_of(at), text) for at, text in said if "move clock" in text]
    assert not [w for w in warnings if w[0] >= 22 or w[0] < 7], warnings
    assert warnings[0][0] == 7 and "About 7 h left" in warnings[0][1], warnings


async def test_a_warning_the_night_would_outlast_comes_before_it(world):  # noqa: F811
    service, reminders, clock, box = world
    await quiet_table(service, clock, 5)  # 18 h at 23:00 and 21.6 h at 02:36, out at 05:00
    said = await run_until(reminders, clock, box, 1, MIDNIGHT + 28 * HOUR)
    warnings = [(hour_of(at), text) for at, text in said if "move clock" in text]
    assert [w[0] for w in warnings] == [17, 21.75], warnings
    assert "Last call" in warnings[1][1], warnings


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
