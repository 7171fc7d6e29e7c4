"""The store's mark of what a game's channel was told (migration 020), on both backends: a
new game starts behind it, a post moves it forward only, and a change made after the post's
version keeps the last action said as it was (its lines are said again, never lost)."""

from __future__ import annotations

from bot.store import Move, Snapshot, open_store


def _snap(state: str) -> Snapshot:
    return Snapshot(state=state, phase="Round 1", status="active", active_seats=[0])


def _move(text: str) -> Move:
    return Move(seat=0, user_id=100, notation=text, lines=[f"did {text}"], reveals_before=0,
                reveals_after=0)


async def test_a_game_is_behind_until_its_post_marks_it(store_target) -> None:
    store = await open_store(store_target)
    try:
        row = await store.create_game(guild_id=1, channel_id=10, game_key="pebbles",
                                      options={}, seed=7, creator_id=100, min_players=2,
                                      max_players=4, now=1000.0)
        assert await store.unannounced() == []  # a lobby is never caught up
        started = await store.start_game(row.id, row.version, [], _snap("s0"), 1000.0)
        assert [(game.id, said) for game, said in await store.unannounced()] == [(row.id, 0)]
        await store.mark_announced(row.id, started)  # the start's prompt went out
        assert await store.unannounced() == []

        first = await store.commit_move(row.id, started, _move("a"), _snap("s1"), 1001.0)
        await store.mark_announced(row.id, first)  # "a"'s post, the game still at it
        second = await store.commit_move(row.id, first, _move("b"), _snap("s2"), 1002.0)
        [(game, said)] = await store.unannounced()
        a, b = await store.actions(row.id)
        assert said == a.id and game.version == second  # "b" is what the channel missed

        third = await store.commit_move(row.id, second, _move("c"), _snap("s3"), 1003.0)
        # "b"'s post goes out after "c" was committed: the mark cannot tell which lines it
        # said, so it keeps its last action; both are said again rather than "c" lost
        await store.mark_announced(row.id, second)
        [(game, said)] = await store.unannounced()
        assert said == a.id and game.version == third
        await store.mark_announced(row.id, first)  # an older post moves nothing back
        assert await store.announced_version(row.id) == second
        await store.mark_announced(row.id, third)
        assert await store.unannounced() == []
    finally:
        await store.close()
