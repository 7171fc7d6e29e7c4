"""/game rematch opens one rematch of a finished game: a second is refused while the first
is not abandoned, pointing to its thread."""

from __future__ import annotations

from bot.replies import Audience
from tests.issue10_helpers import lctx, play_out, seated_game
from tests.service_pebbles import ctx

CH, THREAD, OTHER = 500, 9001, 9002


async def finished(service, players: int = 2):
    await seated_game(service, players)
    await play_out(service)


async def test_a_second_rematch_of_the_same_game_is_refused_pointing_to_the_first(svc_seeded):
    await finished(svc_seeded, 3)
    plan, _ = await svc_seeded.prepare_rematch(ctx(2))
    await svc_seeded.rematch(ctx(2, THREAD), plan)
    again, refusal = await svc_seeded.prepare_rematch(ctx(1))
    assert again is None and refusal[0].audience is Audience.EPHEMERAL
    assert "already has a rematch: <#9001>" in refusal[0].text
    # a plan made before the first rematch opened is refused too, and opens nothing
    late = await svc_seeded.rematch(ctx(1, OTHER), plan)
    assert late[0].audience is Audience.EPHEMERAL and "<#9001>" in late[0].text
    assert await svc_seeded.store.live_game(OTHER) is None


async def test_a_finished_rematch_still_points_there(svc_seeded):
    await finished(svc_seeded)
    plan, _ = await svc_seeded.prepare_rematch(ctx(1))
    await svc_seeded.rematch(ctx(1, THREAD), plan)
    await svc_seeded.start(ctx(1, THREAD), order="joined")
    await play_out(svc_seeded, THREAD)
    _, refusal = await svc_seeded.prepare_rematch(ctx(2))
    assert "<#9001>" in refusal[0].text
    nxt, refused = await svc_seeded.prepare_rematch(ctx(2, THREAD))  # the next one, from there
    assert refused == [] and "#2" in nxt.thread_name


async def test_an_abandoned_rematch_may_be_opened_again(svc_seeded):
    await finished(svc_seeded)
    plan, _ = await svc_seeded.prepare_rematch(ctx(1))
    await svc_seeded.rematch(ctx(1, THREAD), plan)
    await svc_seeded.abandon(ctx(1, THREAD))
    again, refusal = await svc_seeded.prepare_rematch(ctx(2))
    assert refusal == [] and again is not None
    assert (await svc_seeded.rematch(ctx(2, OTHER), again))[0].audience is Audience.CHANNEL


async def test_the_refusal_is_said_in_the_callers_language(svc_seeded):
    await finished(svc_seeded)
    plan, _ = await svc_seeded.prepare_rematch(ctx(1))
    await svc_seeded.rematch(ctx(1, THREAD), plan)
    _, refusal = await svc_seeded.prepare_rematch(lctx(2, "de"))
    assert refusal[0].text.startswith("Diese Partie hat schon eine Revanche: <#9001>.")


async def test_two_rematches_asked_at_once_open_one(svc_seeded):
    """Nothing stood between the check and the new table: two players asking at the same
    moment each got a rematch, in threads of their own."""
    import asyncio

    await finished(svc_seeded, 3)
    plan, _ = await svc_seeded.prepare_rematch(ctx(1))
    first, second = await asyncio.gather(svc_seeded.rematch(ctx(1, THREAD), plan),
                                         svc_seeded.rematch(ctx(2, OTHER), plan))
    opened = [replies for replies in (first, second) if replies[0].audience is Audience.CHANNEL]
    assert len(opened) == 1
    live = [await svc_seeded.store.live_game(channel) for channel in (THREAD, OTHER)]
    assert sum(row is not None for row in live) == 1
