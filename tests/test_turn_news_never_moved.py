"""A player who never moved themselves, whose stalled turn the others let an AI play, gets
the news in their next turn DM counted from the AI's first move for them. Carla, stalled
from her very first turn, came back to a turn DM without "Since your last move", without
"An AI for **Carla** …" and without the moves and phase change that followed."""

from __future__ import annotations

from tests.service_pebbles import ctx
from tests.test_pace_service import HOUR, world  # noqa: F401 (the fixture)


async def test_the_news_of_a_player_who_never_moved_starts_at_the_ai(world):  # noqa: F811
    service, reminders, clock, box = world
    await service.new(ctx(1), "pebbles", pace="24h")
    for user in (2, 3):
        await service.join(ctx(user))
    await service.start(ctx(1), order="joined")
    await service.play(ctx(2), "ready")
    await service.play(ctx(3), "ready")  # U1 (seat 0) never moves
    clock.now += 24.5 * HOUR
    await reminders.run_due()
    [(_, post)] = box.posts
    ai = next(b for b in post.buttons if b.custom_id.endswith("clock-ai-0"))
    await service.press(ctx(2), ai.custom_id)  # U1's ready, then U1 on turn: again the AI
    clock.now += 24.5 * HOUR
    await reminders.run_due()
    again = [p for _, p in box.posts if any(b.custom_id.endswith("clock-ai-0")
                                             for b in p.buttons)][-1]
    ai = next(b for b in again.buttons if b.custom_id.endswith("clock-ai-0"))
    await service.press(ctx(3), ai.custom_id)
    for user in (2, 3):
        await service.play(ctx(user), "take 1")
        await service.play(ctx(user), "end")
    await reminders.run_due()
    dm = [text for user, text in box.dms if user == 1][-1]
    assert "While you were away:" in dm and "Since your last move" not in dm, dm
    news = dm.partition("While you were away:")[2].partition("You can")[0]
    lines = [line for line in news.splitlines() if line]
    assert lines[0].startswith("An AI for **U1** ("), dm
    assert any(line.startswith("**U2**") and "takes 1" in line for line in lines), dm
    assert any(line.startswith("**U3**") and "takes 1" in line for line in lines), dm
