"""A game-ending move committed just before the process died: at the next start the channel
gets the move's lines and the result post the end would have made (standings, board), and no
prompt. The catch-up looked at active games only, so the table never heard how its game
ended. Both backends: the mark is a store row (migration 020).
(From the code review's test_catch_up_final_move.py.)"""

from __future__ import annotations

from service_pebbles import ctx, open_service

from bot.replies import Reply
from bot.service.catch_up import announce, prepare


def _move(table) -> str:
    """The move the seat to act makes: ready, end a turn, or take what it may (the last
    take empties the pile and ends the game)."""
    state = table.state
    seat = table.game.active(state)[0]
    kind = table.game.legal(state, seat)[0]["type"]
    return kind if kind in ("ready", "end") else f"take {min(3, state['pile'])}"


async def _play_to_the_end(service) -> int:
    """Pebbles for two to its end, each change's posts delivered (marked) but the last
    one's; the game's id."""
    store = service.store
    await service.new(ctx(1), "pebbles", min_players=2, max_players=2)
    await service.join(ctx(2))
    await service.start(ctx(1), order="joined")
    row = await store.live_game(500)
    await store.mark_announced(row.id, row.version)
    while True:
        table, _ = await service._load(await store.game(row.id))
        seat = table.game.active(table.state)[0]
        user = next(s.user_id for s in table.seats if s.seat == seat)
        await service.play(ctx(user), _move(table))
        after = await store.game(row.id)
        if after.status != "active":
            return row.id  # the end's posts never went out
        await store.mark_announced(row.id, after.version)


async def test_a_game_ending_move_lost_in_a_crash_is_caught_up(store_target) -> None:
    service, _ = await open_service(store_target)
    store = service.store
    game_id = await _play_to_the_end(service)
    row = await store.game(game_id)
    assert row.status == "finished"
    behind = await prepare(service)
    assert [b.game_id for b in behind] == [game_id]
    posted: list[tuple[int, Reply]] = []

    async def post(channel_id: int, reply: Reply) -> None:
        posted.append((channel_id, reply))
    assert await announce(service, behind, post) == 1
    assert {channel for channel, _ in posted} == {500}
    said = "\n".join(f"{reply.title or ''}\n{reply.text}" for _, reply in posted)
    assert "What you missed (1 move)" in said, said
    assert "takes" in said, said  # the ending move's line
    assert "Pebbles: final result" in said and "wins" in said, said
    assert not any(reply.buttons or reply.picker for _, reply in posted), said  # no prompt
    assert await store.announced_version(game_id) == row.version
    assert await prepare(service) == []  # said once
    await store.close()
