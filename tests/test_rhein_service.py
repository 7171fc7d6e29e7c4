"""Whole seeded games of Rhein through the tables service (AI seats), every player count and
variant, ending with a result that follows the game's own ranking rules (R53, R55, R56)."""

from __future__ import annotations

import pytest

import engine
from engine.playthrough import replay
from tests.service_pebbles import FakeRenderer, ctx

RHEIN = engine.get_game("rhein")
VARIANTS = [{}, {"under_pressure": True}, {"relax": True}]


def check_result(state) -> None:
    result = RHEIN.result(state)
    assert sorted(s.seat for s in result) == list(range(state["n"]))
    alive = [s for s in result if state["out"][s.seat] is None]
    out = [s for s in result if state["out"][s.seat] is not None]
    assert all(a.rank < b.rank for a in alive for b in out)  # R53
    for standing in alive:
        final = state["final"][str(standing.seat)]
        assert standing.score == final["score"] == (
            final["capital"] - final["penalties"] - final["aboard"] - final["mortgages"])
    for a in alive:
        for b in alive:
            key_a = (a.score, state["final"][str(a.seat)]["fulfilled"])
            key_b = (b.score, state["final"][str(b.seat)]["fulfilled"])
            if key_a > key_b:
                assert a.rank < b.rank
            if key_a == key_b:
                assert a.rank == b.rank  # R56: shared


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("options", VARIANTS, ids=["standard", "under-pressure", "relax"])
async def test_whole_game_through_the_service(tmp_path, players, options):
    from bot.service import TablesService
    from bot.store import Store

    seed = 40 + players
    store = await Store.open(str(tmp_path / "rhein.sqlite3"))
    service = TablesService(store, render=FakeRenderer(), seed_source=lambda: seed)
    await service.new(ctx(1), "rhein", options=options, min_players=players,
                      max_players=players)
    await service.leave(ctx(1))
    for _ in range(players):
        await service.add_bot(ctx(1))
    await service.start(ctx(1), order="joined")
    row = await store.latest_game(500)
    assert row.status == "finished"
    data = await service.export_data(row)
    state = replay(RHEIN, players, data["options"], seed,
                   [(a["seat"], a["move"]) for a in data["actions"]])
    assert RHEIN.dump(state) == row.state
    check_result(state)
    await store.close()
