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
    first = next(line for line in log.text.splitlines() if line.startswith("1. "))
    assert first.startswith(f"1. <@{user}> ("), first
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
    first = next(line for line in log.text.splitlines() if line.startswith("1. "))
    assert first.startswith(f"1. an AI for {name} ("), first
    await store.close()
