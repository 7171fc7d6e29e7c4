"""/stats: games played and won per game, per server and per player, from finished games."""

from __future__ import annotations

import pytest

from bot.replies import Audience
from tests.issue10_helpers import lctx, play_out, seated_game, state_of
from tests.service_pebbles import GAME, ctx, open_service


@pytest.fixture
async def svc(store_target):  # once per store backend
    service, _ = await open_service(store_target)
    yield service
    await service.store.close()


async def finish_game(service, channel, players=2, pick=lambda moves: moves[-1]):
    await seated_game(service, players, channel=channel)
    await play_out(service, channel, pick)
    state, row = await state_of(service, channel)
    assert row.status == "finished"
    return [s.seat + 1 for s in GAME.result(state) if s.rank == 1]  # seat n is user n+1


async def test_stats_count_played_and_won_per_player(svc):
    wins: dict[int, int] = {}
    for channel in (601, 602, 603):
        for user in await finish_game(svc, channel, 3 if channel == 603 else 2):
            wins[user] = wins.get(user, 0) + 1
    # an abandoned and a live game count for nothing
    await seated_game(svc, 2, channel=604)
    await svc.abandon(ctx(1, 604))
    await seated_game(svc, 2, channel=605)
    rows = {r["user_id"]: r for r in await svc.store.stats(guild_id=1)}
    assert {u: r["played"] for u, r in rows.items()} == {1: 3, 2: 3, 3: 1}
    assert {u: r["won"] for u, r in rows.items() if r["won"]} == wins
    server = await svc.stats(ctx(1))
    assert server[0].audience is Audience.EPHEMERAL
    assert "**Pebbles**: 3 games" in server[0].text
    mine = await svc.stats(ctx(1), user_id=3, user_name="Cleo")
    assert "Cleo" in mine[0].text and f"played 1, won {wins.get(3, 0)}" in mine[0].text


async def test_stats_are_per_server_and_in_german(svc):
    await finish_game(svc, 610)
    other = await svc.stats(lctx(1, "de").__class__(guild_id=99, channel_id=1, user_id=1,
                                                      user_name="U1", locale="de"))
    assert "Noch keine beendeten Spiele" in other[0].text
    german = await svc.stats(lctx(1, "de"))
    assert "**Pebbles**: 1 Partie" in german[0].text and "gewonnen" in german[0].text


async def test_games_finished_before_results_existed_are_counted(svc):
    await finish_game(svc, 620)
    # as in a database from before migration 003: the standings were never stored
    async with svc.store._tx() as tx:
        await tx.fetch("DELETE FROM results")
    rows = await svc.store.stats(guild_id=1)
    assert rows == []
    await svc.stats(ctx(1))  # fills them in from the finished snapshot
    rows = await svc.store.stats(guild_id=1)
    assert sorted(r["user_id"] for r in rows) == [1, 2] and sum(r["won"] for r in rows) >= 1
