"""/game status on a paced table says the move clock of the player to act: the time left, or
that it ran out and the others decide. During a run-out clock a reviewer's status read
"Carla (Blau) (am Zug) … Bisherige Züge: 0." and nothing of the clock."""

from __future__ import annotations

from dataclasses import replace

from tests.service_pebbles import ctx
from tests.test_clock_expiry_post import stalled
from tests.test_pace_service import HOUR, world  # noqa: F401 (the fixture)


async def test_status_says_the_clock_of_the_player_to_act(world):  # noqa: F811
    service, reminders, clock, box = world
    start = await stalled(service, reminders, clock, box)  # U1's 24 h clock ran out
    [status] = await service.status(ctx(2))
    assert status.text.splitlines()[-1] == ("Move clock (24 h): **U1**'s time has run out; the "
                                            "other players decide with the buttons of its "
                                            "notice in the channel."), status.text
    german = (await service.status(replace(ctx(3), locale="de")))[0].text
    assert german.splitlines()[-1].startswith("Zugzeit (24 Std.): Die Zeit von **U1** ist ab")
    # U1 takes a step: the clock starts afresh
    clock.now = start + 25 * HOUR
    await service.play(ctx(1), "ready")
    clock.now = start + 35 * HOUR
    [status] = await service.status(ctx(1))
    waiting = [line for line in status.text.splitlines() if line.startswith("Move clock")]
    assert len(waiting) == 1 and waiting[0].endswith("has about 14 h left."), status.text


async def test_a_table_without_a_clock_says_none(world):  # noqa: F811
    service, _, _, _ = world
    await service.new(ctx(1), "pebbles")
    await service.join(ctx(2))
    await service.start(ctx(1), order="joined")
    [status] = await service.status(ctx(1))
    assert "clock" not in status.text
