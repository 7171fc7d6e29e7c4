"""/stats cannot be farmed with imports: an 18xx.games game that finished elsewhere, imported,
seated and started here any number of times counts for nobody; an imported game counts once
its play continues here, for the players seated here."""

from __future__ import annotations

from bot.replies import Audience
from bot.service import TablesService
from bot.store import Store
from engine import GAMES
from engine.rhl18 import importer as I
from tests.service_pebbles import ctx

BANK = "tests/fixtures/18rhl/18Rhl_game_end_bank.json.gz"
GAME = GAMES["18rhl"]


async def imported(service: TablesService, export: dict, channel: int) -> None:
    replies = await service.import_18xx(ctx(1, channel), export)
    assert replies[0].audience is Audience.CHANNEL, replies[0].text
    for user in (1, 2, 3):
        await service.join(ctx(user, channel))
    await service.start(ctx(1, channel))


async def open_service(tmp_path) -> TablesService:
    store = await Store.open(str(tmp_path / "stats.sqlite3"))
    return TablesService(store, games={"18rhl": GAME}, render=lambda key, view: b"\x89PNG")


async def test_a_finished_import_started_three_times_counts_for_nobody(tmp_path):
    service = await open_service(tmp_path)
    export = I.load_json(BANK)
    for channel in (501, 502, 503):
        await imported(service, export, channel)
        assert (await service.store.latest_game(channel)).status == "finished"
    assert await service.store.stats(guild_id=1) == []
    assert await service.store.finished_count(guild_id=1) == {}
    server = (await service.stats(ctx(1)))[0].text
    mine = (await service.stats(ctx(1), user_id=1, user_name="U1"))[0].text
    assert "No finished games yet." in server and "18Rhl" not in server, server
    assert "No finished games yet." in mine and "played" not in mine, mine
    await service.store.close()


async def test_an_import_continued_here_counts_once_for_its_seated_players(tmp_path):
    service = await open_service(tmp_path)
    export = I.load_json(BANK)
    export["actions"] = export["actions"][:-12]  # the end is still to be played here
    await imported(service, export, 501)
    for _ in range(200):  # the remaining operating turns: run, pay out, pass
        row = await service.store.latest_game(501)
        if row.status != "active":
            break
        state = GAME.load(row.state)
        seat = GAME.active(state)[0]
        moves = GAME.legal(state, seat)
        move = next((m for m in moves if m["type"] in ("run_routes", "dividend", "pass")),
                    moves[0])
        await service.play(ctx(seat + 1, 501), GAME.format(state, move))
    row = await service.store.latest_game(501)
    assert row.status == "finished" and await service.store.actions(row.id)
    await imported(service, I.load_json(BANK), 502)  # finished elsewhere: does not count
    rows = {r["user_id"]: r for r in await service.store.stats(guild_id=1)}
    assert set(rows) == {1, 2, 3}
    assert all(r["played"] == 1 for r in rows.values())
    assert sum(r["won"] for r in rows.values()) >= 1
    assert await service.store.finished_count(guild_id=1) == {"18rhl": 1}
    await service.store.close()
