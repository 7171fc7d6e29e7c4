"""/game rematch opens one rematch of a finished game: a second is refused while the first
is not abandoned, pointing to its thread."""

from __future__ import annotations

import pytest

from bot.replies import Audience
from tests.issue10_helpers import lctx, play_out, seated_game
from tests.service_pebbles import ctx, open_service

CH, THREAD, OTHER = 500, 9001, 9002


@pytest.fixture
async def svc(tmp_path):
    seeds = iter(range(100, 200))
    service, _ = await open_service(tmp_path / "once.sqlite3")
    service.seed_source = lambda: next(seeds)
    yield service
    await service.store.close()


async def finished(service, players: int = 2):
    await seated_game(service, players)
    await play_out(service)


async def test_a_second_rematch_of_the_same_game_is_refused_pointing_to_the_first(svc):
    await finished(svc, 3)
    plan, _ = await svc.prepare_rematch(ctx(2))
    await svc.rematch(ctx(2, THREAD), plan)
    again, refusal = await svc.prepare_rematch(ctx(1))
    assert again is None and refusal[0].audience is Audience.EPHEMERAL
    assert "already has a rematch: <#9001>" in refusal[0].text
    # a plan made before the first rematch opened is refused too, and opens nothing
    late = await svc.rematch(ctx(1, OTHER), plan)
    assert late[0].audience is Audience.EPHEMERAL and "<#9001>" in late[0].text
    assert await svc.store.live_game(OTHER) is None


async def test_a_finished_rematch_still_points_there(svc):
    await finished(svc)
    plan, _ = await svc.prepare_rematch(ctx(1))
    await svc.rematch(ctx(1, THREAD), plan)
    await svc.start(ctx(1, THREAD), order="joined")
    await play_out(svc, THREAD)
    _, refusal = await svc.prepare_rematch(ctx(2))
    assert "<#9001>" in refusal[0].text
    nxt, refused = await svc.prepare_rematch(ctx(2, THREAD))  # the next one, from there
    assert refused == [] and "#2" in nxt.thread_name


async def test_an_abandoned_rematch_may_be_opened_again(svc):
    await finished(svc)
    plan, _ = await svc.prepare_rematch(ctx(1))
    await svc.rematch(ctx(1, THREAD), plan)
    await svc.abandon(ctx(1, THREAD))
    again, refusal = await svc.prepare_rematch(ctx(2))
    assert refusal == [] and again is not None
    assert (await svc.rematch(ctx(2, OTHER), again))[0].audience is Audience.CHANNEL


async def test_the_refusal_is_said_in_the_callers_language(svc):
    await finished(svc)
    plan, _ = await svc.prepare_rematch(ctx(1))
    await svc.rematch(ctx(1, THREAD), plan)
    _, refusal = await svc.prepare_rematch(lctx(2, "de"))
    assert refusal[0].text.startswith("Diese Partie hat schon eine Revanche: <#9001>.")
