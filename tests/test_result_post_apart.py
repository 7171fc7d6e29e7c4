"""The game-over post is about the result: it names how to play again (/game rematch, in the
table's language), and the moves that ended the game are posts of their own before it. A
reviewer's 18Rhl table ended in a post titled "final result" that opened with
"__Phase 5 · OR 10.1__" and twenty lines of the AI seats' last round, and offered no way
to play again."""

from __future__ import annotations

from dataclasses import replace

from bot.replies import Audience
from tests.service_pebbles import ctx, open_service


async def test_the_result_post_says_the_result_and_how_to_play_again(store_target):
    service, _ = await open_service(store_target)
    try:
        await service.new(ctx(1), "pebbles")
        await service.add_bot(ctx(1))
        await service.add_bot(ctx(1))
        await service.start(ctx(1), order="joined")
        last = []
        for _ in range(200):
            row = await service.store.latest_game(500)
            if row.status == "finished":
                break
            move = (await service.move_choices(ctx(1), ""))[0][1]
            last = await service.play(ctx(1), move)
        assert row.status == "finished"
        channel = [r for r in last if r.audience is Audience.CHANNEL]
        [result] = [r for r in channel if r.title and r.title.endswith("final result")]
        assert result.files and result is channel[-1]
        lines = result.text.splitlines()
        assert "wins!" in lines[0] or "share" in lines[0], result.text
        assert not any(word in result.text for word in ("takes", "plays", "ends the turn")), \
            result.text
        assert lines[-1] == "Play again with the same players: /game rematch (a new thread)."
        # the moves before it are said, in posts of their own
        assert any("Seat" in r.text or "**" in r.text for r in channel[:-1])
        assert len(channel) == 2  # the moves in one post, the result in another
    finally:
        await service.store.close()


async def test_a_german_table_is_told_in_german(store_target):
    service, _ = await open_service(store_target)
    try:
        await service.new(replace(ctx(1), locale="de"), "pebbles")
        await service.add_bot(ctx(1))
        await service.start(ctx(1), order="joined")
        for _ in range(200):
            row = await service.store.latest_game(500)
            if row.status == "finished":
                break
            last = await service.play(ctx(1), (await service.move_choices(ctx(1), ""))[0][1])
        assert row.language == "de"
        [result] = [r for r in last if r.title and r.title.endswith("Endergebnis")]
        assert result.text.splitlines()[-1] == \
            "Noch eine Partie mit denselben Leuten: /spiel revanche (in einem neuen Thread)."
    finally:
        await service.store.close()
