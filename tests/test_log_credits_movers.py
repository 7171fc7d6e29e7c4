"""/game log credits each move to the player who made it: after Anna left, her moves read
as the AI seat's that took her place ("12. Bot 2 (orange) pars ADR at 75M")."""

from __future__ import annotations

from tests.service_pebbles import ctx, started_table


async def test_a_departed_players_moves_stay_theirs_in_the_log(tmp_path):
    service, store, game, _ = await started_table(tmp_path / "log.sqlite3", "rhein", seed=3)
    row = await store.latest_game(500)
    state = game.load(row.state)
    seat = row.active_seats[0]
    user = seat + 1  # started_table seats user n + 1 at seat n
    await service.play(ctx(user), game.format(state, game.legal(state, seat)[0]))
    await service.leave(ctx(user))
    other = next(u for u in (1, 2, 3) if u != user)
    [log] = await service.log(ctx(other), lines=100)
    first = next(line for line in log.text.splitlines() if line.startswith("1\\. "))
    assert first.startswith(f"1\\. <@{user}> ("), first
    assert log.pings == ()  # a mention that notifies no one
    seats = {s.seat: s for s in await store.seats(row.id)}
    assert seats[seat].is_ai and seats[seat].name not in first
    await store.close()



async def test_a_move_an_ai_made_for_a_players_seat_is_the_ais(tmp_path):
    """A run-out clock's "AI plays this turn" stored the move without a player; the log read
    it as the player's own."""
    service, store, _, _ = await started_table(tmp_path / "ai.sqlite3", "rhein", seed=3)
    row = await store.latest_game(500)
    seat = row.active_seats[0]
    table, _ = await service._load(row)
    await service._ai_turn(table, seat, limit=1)  # as the clock's AI choice plays it
    [log] = await service.log(ctx(1), lines=100)
    name = {s.seat: s.name for s in await store.seats(row.id)}[seat]
    first = next(line for line in log.text.splitlines() if line.startswith("1\\. "))
    assert first.startswith(f"1\\. an AI for {name} ("), first
    await store.close()


async def test_an_ai_seats_move_for_a_corporation_in_receivership_is_the_corporations(
        tmp_path):
    """18Rhl operates a corporation in receivership (no president: any player may make its
    moves). The AI seat that made them was credited with them, in the channel and the log,
    and read as the corporation's owner."""
    from dataclasses import replace

    from bot.service import TablesService
    from bot.store import Store
    from engine import get_game
    from engine.rhl18 import importer

    store = await Store.open(str(tmp_path / "receivership.sqlite3"))
    service = TablesService(store, games={"18rhl": get_game("18rhl")},
                            render=lambda key, view: b"\x89PNG")
    export = importer.load_json("tests/fixtures/18rhl/rhl_gen_6p_61007.json.gz")
    # before its action 143: ADR, in receivership since its president's bankruptcy, runs
    await service.import_18xx(ctx(1), dict(export, actions=export["actions"][:143]))
    await service.join(ctx(1))
    for _ in range(5):
        await service.add_bot(ctx(1), "normal")
    replies = await service.start(ctx(1), order="joined")
    said = [line for reply in replies if reply.is_public for line in reply.text.splitlines()]
    adr = [line for line in said if "ADR" in line and line.startswith("**")]
    assert adr and all(line.startswith("**ADR (in receivership)**: ADR ") for line in adr), said
    [log] = await service.log(ctx(1), lines=100)
    first = log.text.splitlines()[0]
    assert first.startswith("1\\. ADR (in receivership): ADR "), log.text
    [log] = await service.log(replace(ctx(1), locale="de"), lines=100)
    first = log.text.splitlines()[0]
    assert first.startswith("1\\. ADR (unter Zwangsverwaltung): ADR "), log.text
    await store.close()
