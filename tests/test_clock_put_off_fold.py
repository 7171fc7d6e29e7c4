"""A move clock warning put off by quiet hours says the next warning too when that is due
within two hours after it; the last call still comes on its own."""

from __future__ import annotations

from tests.test_clock_quiet_hours import MIDNIGHT, hour_of, quiet_table, run_until
from tests.test_pace_service import HOUR, world  # noqa: F401 (fixture)


async def test_a_warning_put_off_to_the_morning_says_the_next_one(world):  # noqa: F811
    service, reminders, clock, box = world
    await quiet_table(service, clock, 14)  # 24 h: 50 % at 02:00, 75 % at 08:00, 90 % 11:36
    said = await run_until(reminders, clock, box, 1, MIDNIGHT + 38 * HOUR)
    warnings = [(round(hour_of(at), 2), text) for at, text in said if "move clock" in text]
    assert [at for at, _ in warnings] == [7, 11.67], warnings
    assert "About 7 h left" in warnings[0][1], warnings
    assert "Last call" in warnings[1][1], warnings


async def test_the_last_call_still_comes_on_its_own(world):  # noqa: F811
    service, reminders, clock, box = world
    await quiet_table(service, clock, 10)  # 50 % at 22:00 -> 07:00; 75 % at 04:00 -> 07:00
    said = await run_until(reminders, clock, box, 1, MIDNIGHT + 36 * HOUR)
    warnings = [(round(hour_of(at), 2), text) for at, text in said if "move clock" in text]
    assert [at for at, _ in warnings] == [7, 7.67], warnings
    assert "Last call" in warnings[1][1], warnings
