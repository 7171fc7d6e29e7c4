"""A step of a player's own turn shows they are there: it puts off their "still your turn"
reminder and starts their move clock afresh. A reviewer's Bert made a Rhein load every 6
hours on a 24 h table and got "about 12 h left", "6 h", the last call and a channel post
that his clock had run out, with buttons for Anna to take his turn over."""

from __future__ import annotations

import pytest

from tests.issue10_helpers import state_of
from tests.service_pebbles import Pebbles, ctx
from tests.test_pace_service import HOUR, reminded


class StepPebbles(Pebbles):
    """Pebbles with a long turn: polishing a stone is a step that never ends it."""

    key = "steppebbles"

    def legal(self, state, seat):
        moves = super().legal(state, seat)
        if moves and all(state["ready"]):
            moves.append({"type": "polish"})
        return moves

    def _apply(self, state, seat, action):
        if action.get("type") == "polish":
            if self.find_legal(state, seat, action) is None:
                raise self._refusal()
            return [f"Seat {seat} polishes a stone."]
        return super()._apply(state, seat, action)

    def _refusal(self):
        from engine.core import RuleError

        return RuleError("It is not your turn in Pebbles.")

    def format(self, state, action):
        return "polish" if action["type"] == "polish" else super().format(state, action)

    def parse(self, state, seat, text):
        return {"type": "polish"} if text.strip().lower() == "polish" else \
            super().parse(state, seat, text)


@pytest.fixture
async def world(tmp_path):
    async with reminded(tmp_path / "steps.sqlite3", {"steppebbles": StepPebbles()}) as made:
        yield made


async def _u1_on_turn(service, reminders, pace=None):
    await service.new(ctx(1), "steppebbles", **({"pace": pace} if pace else {}))
    await service.join(ctx(2))
    await service.start(ctx(1), order="joined")
    await service.play(ctx(2), "ready")
    await service.play(ctx(1), "ready")  # U1 (seat 0) is on turn
    await reminders.run_due()


def _clock_dms(box):
    return [text for user, text in box.dms if user == 1 and "move clock" in text]


async def test_a_player_stepping_every_6_hours_is_not_run_out_of_time(world):
    service, reminders, clock, box = world
    await _u1_on_turn(service, reminders, pace="24h")
    start = clock.now
    for step in range(1, 9):  # two days of a long turn, a step every 6 hours
        clock.now = start + step * 6 * HOUR
        await reminders.run_due()
        await service.play(ctx(1), "polish")
    assert _clock_dms(box) == [] and box.posts == []
    # silent from the last step on: the clock runs from that step
    last = clock.now
    clock.now = last + 11.9 * HOUR
    await reminders.run_due()
    assert _clock_dms(box) == []
    clock.now = last + 12.1 * HOUR
    await reminders.run_due()
    assert len(_clock_dms(box)) == 1 and "About 12 h" in _clock_dms(box)[0]
    clock.now = last + 24.1 * HOUR
    await reminders.run_due()
    [(_, post)] = box.posts
    assert "run out" in post.text
    # back, they step: the run-out is over and its buttons no longer take the turn away
    await service.play(ctx(1), "polish")
    refused = await service.press(ctx(2), post.buttons[0].custom_id)
    assert "not run out" in refused[0].text
    assert (await state_of(service))[0]["turn"] == 0


async def test_a_step_puts_off_the_still_your_turn_reminder(world):
    service, reminders, clock, box = world
    await _u1_on_turn(service, reminders)
    [first] = [text for user, text in box.dms if user == 1]
    assert first.startswith("It is your turn")
    start = clock.now
    for step in range(1, 7):  # a step every 4 hours for a day
        clock.now = start + step * 4 * HOUR
        await reminders.run_due()
        await service.play(ctx(1), "polish")
    await reminders.run_due()
    assert [text for user, text in box.dms if user == 1] == [first]
    clock.now = start + 24 * HOUR + 12.1 * HOUR  # 12 hours after the last step
    await reminders.run_due()
    again = [text for user, text in box.dms if user == 1][1:]
    assert len(again) == 1 and "still your turn" in again[0], again
