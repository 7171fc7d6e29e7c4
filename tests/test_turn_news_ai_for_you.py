"""A turn DM's news counts from the player's own last move, and says the moves an AI made
for them as such. Carla, back after the others let an AI play her stalled turn, read
"Carla ersteigert Auftrag 37 für 19" as if she had bid, and nothing of the AI's bid."""

from __future__ import annotations

from tests.issue10_helpers import state_of
from tests.service_pebbles import ctx
from tests.test_pace_service import HOUR, world  # noqa: F401 (the fixture)


async def test_the_news_says_an_ai_played_the_turn_for_you(world):  # noqa: F811
    service, reminders, clock, box = world
    await service.new(ctx(1), "pebbles", pace="24h")
    await service.join(ctx(2))
    await service.start(ctx(1), order="joined")
    await service.play(ctx(2), "ready")
    await service.play(ctx(1), "ready")  # U1 (seat 0) on turn, and silent
    clock.now += 24.5 * HOUR
    await reminders.run_due()
    [(_, post)] = box.posts
    ai = next(b for b in post.buttons if b.custom_id.endswith("clock-ai-0"))
    await service.press(ctx(2), ai.custom_id)
    assert (await state_of(service))[0]["turn"] == 1
    await service.play(ctx(2), "take 1")
    await service.play(ctx(2), "end")
    await reminders.run_due()
    dm = [text for user, text in box.dms if user == 1][-1]
    news = dm.partition("Since your last move:")[2].partition("You can")[0]
    [mine, theirs] = [line for line in news.splitlines() if line]
    assert mine.startswith("An AI for **U1** (") and "ends the turn" in mine, dm
    assert theirs.startswith("**U2**") and "takes 1" in theirs, dm
