"""``normal`` AI seats through the service: chosen at /game add-bot, they play a whole game
like players, every move logged so the export replays to the stored snapshot."""

from __future__ import annotations

import pytest

import engine
from engine.playthrough import replay
from tests.service_pebbles import FakeRenderer, ctx


async def _service(tmp_path, key: str, seed: int):
    from bot.service import TablesService
    from bot.store import Store

    store = await Store.open(str(tmp_path / f"{key}.sqlite3"))
    service = TablesService(store, games={key: engine.get_game(key)}, render=FakeRenderer(),
                            seed_source=lambda: seed)
    return store, service


@pytest.mark.parametrize("players,seed", [(2, 3), (4, 8)])
async def test_a_whole_rhein_game_of_normal_ai_seats(tmp_path, players, seed):
    store, service = await _service(tmp_path, "rhein", seed)
    game = engine.get_game("rhein")
    await service.new(ctx(1), "rhein", min_players=players, max_players=players)
    await service.leave(ctx(1))
    for number in range(players):
        await service.add_bot(ctx(1), "normal" if number % 2 == 0 else "easy")
    await service.start(ctx(1), order="joined")
    row = await store.latest_game(500)
    assert row.status == "finished"
    seats = sorted(await store.seats(row.id), key=lambda s: s.joined)
    assert [s.ai_level for s in seats][:2] == ["normal", "easy"]
    data = await service.export_data(row)
    state = replay(game, players, data["options"], seed,
                   [(a["seat"], a["move"]) for a in data["actions"]])
    assert game.dump(state) == row.state
    await store.close()
