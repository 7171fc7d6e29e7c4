"""A full board marks what changed since the previous board, whichever process posted it."""

from __future__ import annotations

import bot.service.pictures
from bot.service import TablesService
from bot.store import open_store
from tests.multiprocess_worker import next_move
from tests.service_pebbles import GAMES, FakeRenderer, ctx


async def test_a_board_marks_what_changed_since_the_last_board_whichever_process_posted_it(
        store_target, monkeypatch):
    compared = []  # (before, after) of every board, as the board's highlights see them
    monkeypatch.setattr(bot.service.pictures, "board_changes",
                        lambda key, before, after: compared.append((before, after)))
    stores = await open_store(store_target), await open_store(store_target)
    a, b = (TablesService(store, games=GAMES, render=FakeRenderer()) for store in stores)
    try:
        await a.new(ctx(1), "pebbles")
        await b.join(ctx(2))
        await a.start(ctx(1, manage=True), order="joined")
        for user in (1, 2):
            await a.play(ctx(user), "ready")
        await a.board(ctx(1))
        # The next move and board come through the other process (a resharded guild)...
        _, user, move = await next_move(stores[1], 500)
        await b.play(ctx(user), move)
        await b.board(ctx(1))
        # ...so the first process's memory of its own last board is out of date.
        await a.board(ctx(1))
        (before_b, after_b), (before_a, _) = compared[-2:]
        assert before_a == after_b
        assert before_b != after_b  # the move changed the board: the check can tell
    finally:
        for store in stores:
            await store.close()
