"""/game rematch: the same players and options at a new table (the adapter's new thread)."""

from __future__ import annotations

import pytest

from bot.replies import Audience
from tests.issue10_helpers import play_out, seated_game, state_of
from tests.service_pebbles import ctx, open_service

THREAD = 9001


@pytest.fixture
async def svc(store_target):  # once per store backend
    seeds = iter(range(100, 200))
    service, _ = await open_service(store_target)
    service.seed_source = lambda: next(seeds)
    yield service
    await service.store.close()


async def finished(service, players=3, **kwargs):
    await service.new(ctx(1), "pebbles", {"big_pile": True}, min_players=2, max_players=4,
                      **kwargs)
    for user in range(2, players):
        await service.join(ctx(user))
    await service.add_bot(ctx(1), "easy")
    await service.start(ctx(1), order="random")
    await play_out(service)
    return (await state_of(service))[1]


async def test_rematch_creates_the_same_table_with_a_new_seed(svc):
    old = await finished(svc, pace="48h")
    plan, refusal = await svc.prepare_rematch(ctx(2))
    assert refusal == [] and plan.source_game_id == old.id and plan.parent_channel_id == 500
    assert "Pebbles" in plan.thread_name and "#1" in plan.thread_name
    replies = await svc.rematch(ctx(2, THREAD), plan)
    assert replies[0].audience is Audience.CHANNEL and "<@" not in replies[0].text
    assert replies[1].title is None and "<@1>" in replies[1].text  # content: it notifies
    new = await svc.store.live_game(THREAD)
    assert (new.game_key, new.options, new.min_players, new.max_players, new.pace_hours) == \
        (old.game_key, old.options, old.min_players, old.max_players, old.pace_hours)
    assert new.seed != old.seed and new.rematch_of == old.id and new.status == "lobby"
    assert new.creator_id == 2
    old_seats = sorted((s for s in await svc.store.seats(old.id)), key=lambda s: s.seat)
    new_seats = sorted(await svc.store.seats(new.id), key=lambda s: s.joined)
    assert [(s.user_id, s.name, s.colour, s.is_ai, s.ai_level) for s in old_seats] == \
        [(s.user_id, s.name, s.colour, s.is_ai, s.ai_level) for s in new_seats]
    started = await svc.start(ctx(2, THREAD), order="joined")
    assert any(r.files for r in started)
    seated = sorted(await svc.store.seats(new.id), key=lambda s: s.seat)
    assert [s.user_id for s in seated] == [s.user_id for s in old_seats]
    # a rematch of the rematch is number 2
    await play_out(svc, THREAD)
    plan2, _ = await svc.prepare_rematch(ctx(1, THREAD))
    assert "#2" in plan2.thread_name


async def test_rematch_refused_while_live_or_for_outsiders(svc):
    await seated_game(svc, 2)
    plan, refusal = await svc.prepare_rematch(ctx(1))
    assert plan is None and refusal[0].audience is Audience.EPHEMERAL
    assert "finished game" in refusal[0].text
    await play_out(svc)
    plan, refusal = await svc.prepare_rematch(ctx(77))
    assert plan is None and "Only the players" in refusal[0].text
    plan, refusal = await svc.prepare_rematch(ctx(77, manage=True))
    assert plan is not None


async def test_a_rematch_takes_todays_defaults_for_options_added_since(svc, monkeypatch):
    """An option a release adds is off for the games stored before it (18Rhl's auto_pass:
    their stored passes would land elsewhere); a rematch is a new table and gets it."""
    from engine.core import Option
    from tests.service_pebbles import GAME

    old = await finished(svc)
    monkeypatch.setattr(type(GAME), "options",
                        (*GAME.options, Option("quick", "bool", True, "Added since.")))
    plan, _ = await svc.prepare_rematch(ctx(2))
    await svc.rematch(ctx(2, THREAD), plan)
    new = await svc.store.live_game(THREAD)
    assert new.options == {**old.options, "quick": True}
    assert "quick" not in old.options
