"""A hosted table: its creator gave up their lobby seat with no other human seated (as
``rheinbot demo`` does), or imported a game they have not sat at yet. The host keeps running
the table while guests come and go, and its lobby stays open when a guest leaves; a creator
who sat and then walked away from other players hands the table on, as before. The store
keeps which of the two it is (``games.hosted``, migration 013)."""

from __future__ import annotations

import sqlite3

from bot.replies import Audience
from bot.service import TablesService
from bot.store import Store, migrations, open_store
from bot.store.postgres import numbered
from engine import GAMES
from engine.rhl18 import importer as I
from tests.issue10_helpers import lctx
from tests.service_pebbles import ctx, open_service

CH = 500
HOST = 1


def refused(replies) -> bool:
    return len(replies) == 1 and replies[0].audience is Audience.EPHEMERAL


def public(replies) -> bool:
    return bool(replies) and replies[0].audience is Audience.CHANNEL


async def hosted_lobby(svc, **new_kwargs) -> None:
    """U1 opens a Pebbles table, seats an AI player and gives up their own seat."""
    await svc.new(ctx(HOST), "pebbles", **new_kwargs)
    await svc.add_bot(ctx(HOST))
    left = await svc.leave(ctx(HOST))
    assert "**U1** still runs the table without a seat" in left[0].text


async def test_a_guest_who_joins_and_leaves_a_hosted_lobby_changes_nothing(svc):
    await hosted_lobby(svc)
    assert public(await svc.join(ctx(2)))
    # seated, the guest does not run the table: the host does
    assert refused(await svc.start(ctx(2)))
    assert refused(await svc.abandon(ctx(2)))
    left = await svc.leave(ctx(2))
    assert left[0].audience is Audience.CHANNEL
    assert left[0].text == "**U2** leaves the table.\n" \
        f"The table stays open: <@{HOST}> runs it without a seat."
    assert left[0].pings == ()  # named, not pinged: nothing asks the host to act
    row = await svc.store.live_game(CH)
    assert row is not None and row.status == "lobby" and row.hosted
    assert public(await svc.add_bot(ctx(HOST)))
    assert public(await svc.start(ctx(HOST)))


async def test_guests_leaving_a_hosted_lobby_are_no_handover(svc):
    await hosted_lobby(svc)
    await svc.join(ctx(2))
    await svc.join(ctx(3))
    left = await svc.leave(ctx(2))  # the first seated human, who ran it before
    assert left[0].text == "**U2** leaves the table."
    assert refused(await svc.start(ctx(3)))
    removed = await svc.kick(ctx(HOST), 3)  # the host may remove a guest
    assert "**U3** was removed from the table." in removed[0].text
    assert "stays open" in removed[0].text
    assert (await svc.store.live_game(CH)).status == "lobby"


async def test_a_hosted_game_stays_its_hosts_once_started(tmp_path):
    # AI seats make two moves per trigger here, so the game is still running after
    service, _ = await open_service(tmp_path / "run.sqlite3", ai_limit=2)
    try:
        await hosted_lobby(service)
        await service.join(ctx(2))
        assert public(await service.start(ctx(HOST), order="joined"))
        assert refused(await service.abandon(ctx(2)))
        row = await service.store.latest_game(CH)
        [seat] = [s.seat for s in await service.store.seats(row.id) if s.user_id == 2]
        left = await service.leave(ctx(2))  # an AI takes the seat; U2 did not run the table
        assert "an AI seat, plays" in left[0].text and "runs the table" not in left[0].text
        row = await service.store.latest_game(CH)
        assert row.status == "active"
        # the post names the AI as its later moves do ("Bot 2"), not "an AI seat" alone
        [bot] = [s.name for s in await service.store.seats(row.id) if s.seat == seat]
        assert left[0].text.startswith(f"**U2** leaves; **{bot}**, an AI seat, plays"), left
        assert public(await service.abandon(ctx(HOST)))
    finally:
        await service.store.close()


async def test_a_host_who_sits_and_walks_away_hands_the_table_on(svc):
    await hosted_lobby(svc)
    await svc.join(ctx(HOST))
    await svc.join(ctx(2))
    left = await svc.leave(ctx(HOST))  # others seated now: this is no hosting
    assert "**U2** now runs the table and starts it with /game start" in left[0].text
    assert not (await svc.store.live_game(CH)).hosted
    assert refused(await svc.start(ctx(HOST)))
    gone = await svc.leave(ctx(2))
    assert "so it closes" in gone[0].text
    assert await svc.store.live_game(CH) is None


async def test_a_creator_who_walks_away_from_a_running_game_hosts_nothing(tmp_path):
    service, _ = await open_service(tmp_path / "run.sqlite3", ai_limit=2)
    try:
        await service.new(ctx(HOST), "pebbles")
        await service.add_bot(ctx(HOST))
        await service.leave(ctx(HOST))
        await service.join(ctx(HOST))  # sits again: the row still says hosted
        await service.join(ctx(2))
        await service.start(ctx(HOST), order="joined")
        left = await service.leave(ctx(HOST))
        assert "**U2** now runs the table" in left[0].text
        row = await service.store.latest_game(CH)
        assert row.status == "active" and not row.hosted
        assert refused(await service.abandon(ctx(HOST)))
    finally:
        await service.store.close()


async def test_the_host_is_named_in_the_tables_language(svc):
    await svc.new(lctx(HOST, "de"), "pebbles", lang="de")
    await svc.leave(lctx(HOST, "de"))
    await svc.join(lctx(2, "de"))
    left = await svc.leave(lctx(2, "de"))
    assert left[0].text == "**U2** verlässt den Tisch.\n" \
        f"Der Tisch bleibt offen: <@{HOST}> führt ihn, ohne selbst mitzuspielen."
    refusal = await svc.start(lctx(2, "de"))
    assert refused(refusal)


async def rhl_service(tmp_path) -> tuple[TablesService, Store, dict]:
    """An 18Rhl service on a fresh store, and a recorded game cut to 30 actions to import."""
    store = await Store.open(str(tmp_path / "rhl.sqlite3"))
    service = TablesService(store, games={"18rhl": GAMES["18rhl"]},
                            render=lambda key, view: b"\x89PNG fake")
    export = I.load_json("tests/fixtures/18rhl/rhl_gen_3p_31001.json.gz")
    return service, store, dict(export, actions=export["actions"][:30])


async def test_an_import_is_its_importers_until_they_sit(tmp_path):
    service, store, export = await rhl_service(tmp_path)
    try:
        assert public(await service.import_18xx(ctx(HOST), export))
        await service.join(ctx(2))
        assert refused(await service.start(ctx(2)))
        left = await service.leave(ctx(2))
        assert "stays open" in left[0].text
        assert (await store.live_game(CH)).status == "lobby"
    finally:
        await store.close()


async def test_an_import_for_no_member_is_run_by_the_first_to_sit(tmp_path):
    # `rheinbot import-18xx --db` without --user opens it for user 0, who is nobody
    service, store, export = await rhl_service(tmp_path)
    try:
        await service.import_18xx(ctx(0, manage=True), export, hosted=False)
        await service.join(ctx(2))
        await service.join(ctx(3))
        await service.add_bot(ctx(2))
        assert public(await service.start(ctx(2)))
    finally:
        await store.close()


async def test_the_store_keeps_who_hosts(store_target):
    store = await open_store(store_target)
    try:
        row = await store.create_game(guild_id=1, channel_id=CH, game_key="pebbles",
                                      options={}, seed=7, creator_id=HOST, min_players=2,
                                      max_players=4, now=0.0)
        assert not row.hosted
        version = await store.add_seat(row.id, row.version, user_id=HOST, name="U1",
                                       colour="red", now=0.0)
        version = await store.remove_seat(row.id, version, 0, 0.0, hosted=True)
        assert (await store.game(row.id)).hosted
        version = await store.remove_seat(row.id, version, 0, 0.0)  # None: left as it was
        assert (await store.game(row.id)).hosted
        imported = await store.create_game(guild_id=1, channel_id=CH + 1, game_key="pebbles",
                                           options={}, seed=7, creator_id=HOST,
                                           min_players=2, max_players=4, now=0.0,
                                           hosted=True)
        assert imported.hosted
    finally:
        await store.close()


GAMES_BEFORE_013 = [  # (game id, status, its seats as (user id, name, is_ai))
    (1, "lobby", [(None, "Bot 1", 1)]),     # AI seats only: its creator's, so hosted
    (2, "lobby", [(2, "U2", 0)]),           # a guest seated: the guest's, as before
    (3, "active", [(None, "Bot 1", 1)]),    # running: as the seats say, as before
    (4, "lobby", []),                       # empty (an import no one sat at): hosted
]
OLD_GAME = ("INSERT INTO games (id, guild_id, channel_id, game_key, seed, min_players, "
            "max_players, creator_id, created_at, updated_at, status) "
            "VALUES (?, 1, ?, 'pebbles', 9, 2, 4, 1, 0, 0, ?)")
OLD_SEAT = ("INSERT INTO seats (game_id, joined, user_id, name, colour, is_ai) "
            "VALUES (?, ?, ?, ?, 'red', ?)")


async def _database_before_013(target: str) -> None:
    """A database at schema version 12 holding ``GAMES_BEFORE_013``."""
    rows = [(OLD_GAME, (game_id, CH + game_id, status))
            for game_id, status, _ in GAMES_BEFORE_013]
    rows += [(OLD_SEAT, (game_id, joined, *seat)) for game_id, _, seats in GAMES_BEFORE_013
             for joined, seat in enumerate(seats)]
    if not target.startswith("postgresql://"):
        db = sqlite3.connect(target)
        for number, name, sql in migrations("sqlite")[:12]:
            db.executescript(f"BEGIN;\n{sql}\nINSERT INTO schema_migrations VALUES "
                             f"({number}, '{name}', 0);\nPRAGMA user_version = {number};\n"
                             "COMMIT;")
        for sql, params in rows:
            db.execute(sql, params)
        db.commit()
        db.close()
        return
    import asyncpg

    conn = await asyncpg.connect(target)
    try:
        for number, name, sql in migrations("postgres")[:12]:
            await conn.execute(sql)
            await conn.execute("INSERT INTO schema_migrations VALUES ($1, $2, 0)", number,
                               name)
        for sql, params in rows:
            await conn.execute(numbered(sql), *params)
    finally:
        await conn.close()


async def test_migration_013_hosts_the_lobbies_no_human_sat_at(store_target):
    """Before 013 a lobby with no human seated was its creator's: it is hosted now; a lobby
    with a human seated and a running game stay as their seats say."""
    await _database_before_013(store_target)
    store = await open_store(store_target)
    try:
        assert await store.schema_version() == len(migrations()) >= 13
        hosted = {game_id: (await store.game(game_id)).hosted for game_id in (1, 2, 3, 4)}
        assert hosted == {1: True, 2: False, 3: False, 4: True}
    finally:
        await store.close()
