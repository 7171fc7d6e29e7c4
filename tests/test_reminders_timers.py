"""Turn reminders: due times, repeats, quiet hours, closed DMs, idle games, restarts."""

from __future__ import annotations

import asyncio
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.replies import Audience, DeliveryFailed
from bot.service.reminders import IDLE_DAYS, Reminders, TurnInfo, next_allowed
from bot.store import Settings, Store
from tests.service_pebbles import ctx, open_service

HOUR = 3600.0
# Monday 2026-06-01 10:00 in Berlin (08:00 UTC)
T0 = datetime(2026, 6, 1, 10, 0, tzinfo=ZoneInfo("Europe/Berlin")).timestamp()


class Clock:
    def __init__(self, now: float = T0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class Outbox:
    """A fake transport: records DMs and channel posts; DMs fail for ``closed`` users."""

    def __init__(self) -> None:
        self.dms: list[tuple[int, str]] = []
        self.posts: list[tuple[int, str]] = []
        self.closed: set[int] = set()
        self.flaky = 0

    async def send_dm(self, user_id, reply):
        assert reply.audience is Audience.DM
        if user_id in self.closed:
            raise DeliveryFailed("Cannot send messages to this user", closed_dms=True)
        if self.flaky:
            self.flaky -= 1
            raise DeliveryFailed("503", retryable=True)
        self.dms.append((user_id, reply.text))

    async def post_channel(self, channel_id, reply):
        self.posts.append((channel_id, reply.text))


async def _setup(tmp_path, name="r.sqlite3", clock=None, game_key="pebbles"):
    clock = clock or Clock()
    store = await Store.open(str(tmp_path / name))
    box = Outbox()
    reminders = Reminders(store, box.send_dm, box.post_channel, clock)
    row = await store.create_game(guild_id=1, channel_id=500, game_key=game_key, options={},
                                  seed=1, creator_id=1, min_players=2, max_players=4,
                                  now=clock())
    await store.start_game(row.id, row.version, [], _active(), clock())
    return store, box, reminders, clock, row.id


def _active():
    from bot.store import Snapshot

    return Snapshot(state="{}", phase="Round 1", status="active", active_seats=[0])


def _info(game_id, waiting, live=True):
    return TurnInfo(game_id=game_id, guild_id=1, channel_id=500, title="Pebbles",
                    phase="Round 1", live=live, waiting=waiting)


async def test_dm_when_a_seat_becomes_active_then_every_twelve_hours(tmp_path):
    store, box, reminders, clock, game = await _setup(tmp_path)
    await reminders.game_changed(_info(game, {7: "Take stones."}))
    assert await reminders.run_due() == 1
    assert len(box.dms) == 1 and box.dms[0][0] == 7
    text = box.dms[0][1]
    assert "It is your turn in **Pebbles** (Round 1)" in text and "Take stones." in text
    assert "https://discord.com/channels/1/500" in text
    clock.now += 11.9 * HOUR
    assert await reminders.run_due() == 0
    clock.now += 0.2 * HOUR
    await reminders.run_due()
    assert len(box.dms) == 2 and "still your turn" in box.dms[1][1]
    # Still waiting after another move elsewhere: no extra DM, the schedule is kept.
    await reminders.game_changed(_info(game, {7: "Take stones."}))
    assert await reminders.run_due() == 0
    # They moved: their reminder goes.
    await reminders.game_changed(_info(game, {8: "Your go."}))
    assert [r.user_id for r in await store.reminders(game) if r.kind == "turn"] == [8]
    await store.close()


async def test_every_and_off_settings(tmp_path):
    store, box, reminders, clock, game = await _setup(tmp_path)
    await reminders.game_changed(_info(game, {7: ""}))
    await reminders.run_due()
    settings = Settings(user_id=7, every_hours=3)
    await store.save_settings(settings, clock())
    await reminders.settings_changed(settings)
    clock.now += 3 * HOUR
    await reminders.run_due()
    assert len(box.dms) == 2
    off = Settings(user_id=7, remind_on=False)
    await store.save_settings(off, clock())
    await reminders.settings_changed(off)
    assert await store.reminders(user_id=7) == []
    await reminders.game_changed(_info(game, {9: ""}))
    # Off: the turn prompt's ping is their notice; their row only records that they were
    # told (so later prompts of the turn do not ping again) and never sends a DM.
    await reminders.game_changed(_info(game, {7: ""}))
    [marker] = await store.reminders(user_id=7)
    assert marker.due_at > clock.now + IDLE_DAYS * 86400
    sent = len(box.dms)
    clock.now += 7 * 24 * HOUR
    await reminders.run_due()
    assert len(box.dms) == sent
    await store.close()


def test_quiet_hours_move_a_reminder_to_their_end_in_the_users_zone():
    berlin = ZoneInfo("Europe/Berlin")
    settings = Settings(user_id=1, quiet_from=22, quiet_to=7, tz="Europe/Berlin")
    late = datetime(2026, 6, 1, 23, 30, tzinfo=berlin).timestamp()
    assert next_allowed(settings, late) == datetime(2026, 6, 2, 7, 0, tzinfo=berlin).timestamp()
    early = datetime(2026, 6, 2, 3, 0, tzinfo=berlin).timestamp()
    assert next_allowed(settings, early) == datetime(2026, 6, 2, 7, tzinfo=berlin).timestamp()
    day = datetime(2026, 6, 2, 12, 0, tzinfo=berlin).timestamp()
    assert next_allowed(settings, day) == day
    tokyo = Settings(user_id=1, quiet_from=1, quiet_to=9, tz="Asia/Tokyo")
    # 10:00 Berlin is 17:00 in Tokyo: not quiet there
    assert next_allowed(tokyo, T0) == T0


async def test_a_reminder_due_in_quiet_hours_waits_for_morning(tmp_path):
    store, box, reminders, clock, game = await _setup(tmp_path)
    await store.save_settings(Settings(user_id=7, quiet_from=9, quiet_to=12,
                                       tz="Europe/Berlin"), clock())
    await reminders.game_changed(_info(game, {7: ""}))  # 10:00 Berlin: quiet
    assert await reminders.run_due() == 0 and box.dms == []
    clock.now += 2 * HOUR
    await reminders.run_due()
    assert len(box.dms) == 1
    await store.close()


async def test_closed_dms_give_one_mention_in_the_channel(tmp_path):
    store, box, reminders, clock, game = await _setup(tmp_path)
    box.closed.add(7)
    await reminders.game_changed(_info(game, {7: "You can: play ruby."}))
    await reminders.run_due()
    assert box.dms == [] and len(box.posts) == 1
    assert box.posts[0][0] == 500 and "<@7>" in box.posts[0][1]
    assert "ruby" not in box.posts[0][1]  # the DM's private part stays out of the channel
    clock.now += 48 * HOUR
    await reminders.run_due()
    assert len(box.posts) == 1  # only once
    await store.close()


async def test_a_transient_failure_is_retried(tmp_path):
    store, box, reminders, clock, game = await _setup(tmp_path)
    box.flaky = 1
    await reminders.game_changed(_info(game, {7: ""}))
    await reminders.run_due()
    assert box.dms == []
    clock.now += 301
    await reminders.run_due()
    assert len(box.dms) == 1 and "It is your turn" in box.dms[0][1]
    await store.close()


async def test_an_idle_game_gets_a_notice_and_reminders_stop(tmp_path):
    store, box, reminders, clock, game = await _setup(tmp_path)
    await reminders.game_changed(_info(game, {7: ""}))
    for _ in range(28):
        clock.now += 12 * HOUR
        await reminders.run_due()
    notices = [text for _, text in box.posts if "idle for 14 days" in text]
    assert len(notices) == 1
    assert await store.reminders(game) == []
    sent = len(box.dms)
    clock.now += 100 * HOUR
    await reminders.run_due()
    assert len(box.dms) == sent
    await store.close()


async def test_reminders_survive_a_restart(tmp_path):
    clock = Clock()
    store, box, reminders, _, game = await _setup(tmp_path, clock=clock)
    await reminders.game_changed(_info(game, {7: ""}))
    await reminders.run_due()
    await store.close()
    store = await Store.open(str(tmp_path / "r.sqlite3"))
    box = Outbox()
    reminders = Reminders(store, box.send_dm, box.post_channel, clock)
    clock.now += 12 * HOUR
    await reminders.run_due()
    assert [user for user, _ in box.dms] == [7]
    await store.close()


async def test_the_task_wakes_for_a_sooner_reminder(tmp_path):
    import time

    store, box, reminders, _, game = await _setup(tmp_path, clock=Clock(time.time()))
    reminders.clock = time.time
    reminders.start()
    await asyncio.sleep(0.05)  # the task sleeps: nothing is due
    assert box.dms == []
    await reminders.game_changed(_info(game, {7: ""}))
    for _ in range(100):
        if box.dms:
            break
        await asyncio.sleep(0.02)
    await reminders.stop()
    assert [user for user, _ in box.dms] == [7]
    await store.close()


async def test_service_moves_drive_the_reminders(tmp_path):
    clock = Clock()
    box = Outbox()
    service, _ = await open_service(tmp_path / "s.sqlite3", clock=clock)
    service.reminders = Reminders(service.store, box.send_dm, box.post_channel, clock)
    await service.new(ctx(1), "pebbles")
    await service.join(ctx(2))
    await service.start(ctx(1), order="joined")
    await service.reminders.run_due()
    assert sorted(user for user, _ in box.dms) == [1, 2]  # both must say ready
    await service.play(ctx(1), "ready")
    await service.play(ctx(2), "ready")
    await service.reminders.run_due()
    assert [user for user, _ in box.dms[2:]] == [1]
    # "Take 1", "Take 2", "Take 3" read as one choice, so the DM names all five moves
    assert "You can: Take 1–3; Play garnet (worth 2); Play amber (worth 2)." in \
        box.dms[-1][1], box.dms[-1][1]
    reply = await service.remind(ctx(1), every_hours=2, quiet_from=22, quiet_to=6,
                                 tz="Europe/Berlin")
    assert "every 2 h;" in reply[0].text and reply[0].audience is Audience.EPHEMERAL
    clock.now += 2 * HOUR
    await service.reminders.run_due()
    assert [user for user, _ in box.dms[3:]] == [1]
    assert "Reminders can come" in (await service.remind(ctx(1), every_hours=0))[0].text
    assert "time zone" in (await service.remind(ctx(1), tz="Mars/Olympus"))[0].text
    await service.remind(ctx(1), on=False)
    assert await service.store.reminders(user_id=1) == []
    await service.remind(ctx(1), on=True)
    assert len(await service.store.reminders(user_id=1)) == 1
    await service.abandon(ctx(1))
    # the turn reminders go; the other player is told of the abandon once ('ended')
    assert [(r.kind, r.user_id) for r in await service.store.reminders()] == [("ended", 2)]
    await service.store.close()


@pytest.mark.parametrize("bad", [{"quiet_from": 5}, {"quiet_from": 30, "quiet_to": 2}])
async def test_bad_quiet_hours_are_refused(tmp_path, bad):
    service, _ = await open_service(tmp_path / "q.sqlite3")
    reply = await service.remind(ctx(1), **bad)
    assert reply[0].audience is Audience.EPHEMERAL and "Quiet hours" in reply[0].text
    await service.store.close()


async def test_stop_ends_the_loop_when_a_wake_comes_with_it(tmp_path):
    """A move that wakes the reminders as the bot stops. Two clean-clone test runs stalled
    in a stand-in test's teardown, stop() waiting for a reminders task that was cancelling
    yet asleep in asyncio.wait_for (Python 3.11's wait_for can lose a cancel that meets its
    finished wait). The loop now waits under asyncio.timeout. This guard did not make the
    old loop stall here: the race needs the full suite's timing."""
    store = await Store.open(str(tmp_path / "stop.sqlite3"))
    box = Outbox()
    reminders = Reminders(store, box.send_dm, box.post_channel)
    try:
        for _ in range(20):  # the race is the same every time: the wake and the cancel
            reminders.start()
            await asyncio.sleep(0.02)  # the loop waits for its next due time
            reminders.wake()
            async with asyncio.timeout(5):  # no task of its own: stop() cancels at once
                await reminders.stop()
    finally:
        await store.close()
