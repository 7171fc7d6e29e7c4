"""One notice per turn (issue 15): a DM at once, after N hours or only in the digest; a player
with closed DMs is pinged by the turn prompt and never DMed again until they change /remind;
other failures are retried a bounded number of times, then given up with a log line."""

from __future__ import annotations

import logging
from dataclasses import replace

from bot.service.reminders import MAX_FAILURES, pinged_in_channel, retry_delay
from bot.store import Settings
from tests.test_reminders_timers import HOUR, _info, _setup


class Counting:
    """Counts DM attempts per user, whatever the outbox does with them."""

    def __init__(self, send) -> None:
        self.send = send
        self.attempts: dict[int, int] = {}

    async def __call__(self, user_id, reply) -> None:
        self.attempts[user_id] = self.attempts.get(user_id, 0) + 1
        await self.send(user_id, reply)


async def test_a_refused_dm_is_remembered_and_the_prompt_pings_instead(tmp_path) -> None:
    store, box, reminders, clock, game = await _setup(tmp_path)
    counting = Counting(box.send_dm)
    reminders.send_dm = counting
    box.closed.add(7)
    assert await reminders.pings(game, [7]) == ()  # not known yet: a DM is tried first
    await reminders.game_changed(_info(game, {7: "Take stones."}))
    await reminders.run_due()
    assert counting.attempts == {7: 1} and len(box.posts) == 1 and "<@7>" in box.posts[0][1]
    assert (await store.settings(7)).dms_closed
    for _ in range(10):  # ten more turns: each prompt pings, no DM is attempted again
        await reminders.game_changed(_info(game, {8: ""}))
        assert await reminders.pings(game, [7]) == (7,)
        await reminders.game_changed(_info(game, {7: ""}))
        # a later prompt of the same turn does not ping again
        assert await reminders.pings(game, [7]) == ()
        await reminders.run_due()
    assert counting.attempts == {7: 1} and len(box.posts) == 1
    # After N hours still waiting: one mention (not a DM), then nothing more.
    clock.now += 12.1 * HOUR
    await reminders.run_due()
    clock.now += 24 * HOUR
    await reminders.run_due()
    assert counting.attempts == {7: 1} and len(box.posts) == 2
    await store.close()


async def test_changing_remind_forgets_closed_dms(tmp_path) -> None:
    store, box, reminders, clock, game = await _setup(tmp_path)
    forgotten: list[int] = []
    reminders.forget_closed = forgotten.append
    closed = Settings(user_id=7, dms_closed=True)
    await store.save_settings(closed, clock())
    assert pinged_in_channel(closed)
    await reminders.settings_changed(replace(closed, dms_closed=False))
    assert forgotten == [7]
    await store.close()


async def test_notice_after_n_hours(tmp_path) -> None:
    store, box, reminders, clock, game = await _setup(tmp_path)
    await store.save_settings(Settings(user_id=7, delay_hours=5), clock())
    assert await reminders.pings(game, [7]) == ()
    await reminders.game_changed(_info(game, {7: ""}))
    clock.now += 4.9 * HOUR
    await reminders.run_due()
    assert box.dms == []
    clock.now += 0.2 * HOUR
    await reminders.run_due()
    assert len(box.dms) == 1
    await store.close()


async def test_digest_only_sends_no_turn_dm_and_no_ping(tmp_path) -> None:
    store, box, reminders, clock, game = await _setup(tmp_path)
    await store.save_settings(Settings(user_id=7, digest=True), clock())
    assert await reminders.pings(game, [7]) == ()
    await reminders.game_changed(_info(game, {7: ""}))
    await reminders.run_due()
    assert box.dms == [] and box.posts == []
    assert [r.kind for r in await store.reminders(game) if r.user_id == 7] == []
    await store.close()


async def test_other_failures_are_retried_a_few_times_then_given_up(tmp_path, caplog) -> None:
    store, box, reminders, clock, game = await _setup(tmp_path)
    counting = Counting(box.send_dm)
    reminders.send_dm = counting
    box.flaky = 10_000  # the DM never gets through
    await reminders.game_changed(_info(game, {7: ""}))
    waits = []
    with caplog.at_level(logging.WARNING, logger="bot.service.reminders"):
        for _ in range(MAX_FAILURES):
            await reminders.run_due()
            due = min(r.due_at for r in await store.reminders(game) if r.kind == "turn")
            waits.append(due - clock.now)
            clock.now = due
    assert counting.attempts == {7: MAX_FAILURES}
    assert waits[:-1] == [retry_delay(n) for n in range(1, MAX_FAILURES)]
    assert waits[0] < waits[1] < waits[2]
    # Given up: a log line, and nothing until the next regular reminder 12 hours on.
    assert any("giving up" in r.getMessage() for r in caplog.records)
    assert waits[-1] == 12 * HOUR
    await store.close()


def test_a_prompt_names_everyone_but_pings_only_its_pings() -> None:
    from bot.discord.delivery import coalesce, reply_parts
    from bot.replies import Reply

    move = Reply("Anna: take 17")
    prompt = Reply("<@5> <@6>: your turn", pings=(6,))
    [joined] = coalesce([move, prompt])
    assert joined.pings == (6,)
    mentions = reply_parts(joined)[0].kwargs(channel=True)["allowed_mentions"]
    assert [user.id for user in mentions.users] == [6] and not mentions.everyone
    # Two texts that mention people under different rules stay two messages.
    assert len(coalesce([Reply("<@5> may undo"), prompt])) == 2
    default = reply_parts(Reply("<@5> wins"))[0].kwargs(channel=True)["allowed_mentions"]
    assert [user.id for user in default.users] == [5]
