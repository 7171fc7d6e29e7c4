"""What /game rematch says: the old game by where it was played (not a database number),
and the players mentioned where a mention notifies them."""

from __future__ import annotations

import pytest

from tests.issue10_helpers import play_out, seated_game
from tests.service_pebbles import ctx, open_service

CH, THREAD = 500, 9001


@pytest.fixture
async def svc(tmp_path):
    seeds = iter(range(100, 200))
    service, _ = await open_service(tmp_path / "texts.sqlite3")
    service.seed_source = lambda: next(seeds)
    yield service
    await service.store.close()


async def rematch_replies(service, players=3, lang=None, who=2):
    await seated_game(service, players, **({"lang": lang} if lang else {}))
    await play_out(service)
    plan, _ = await service.prepare_rematch(ctx(who))
    return await service.rematch(ctx(who, THREAD), plan)


async def test_the_rematch_names_the_old_games_channel_not_its_number(svc):
    opened = (await rematch_replies(svc))[0]
    assert "opened a rematch of **Pebbles** (played in <#500>)" in opened.text
    assert "(game 1)" not in opened.text


async def test_the_german_rematch_names_the_channel_too(svc):
    opened = (await rematch_replies(svc, lang="de"))[0]
    assert "(gespielt in <#500>)" in opened.text and "(Spiel 1)" not in opened.text
