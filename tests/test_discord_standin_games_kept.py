"""Through the Discord stand-in: what the service keeps per game to save work (the last
board and turn card it posted, replays, the step a turn closed on) is kept for the games
used last only. It was kept for every game until a restart, about 40 KB per finished game.
A game whose entries were dropped posts as if they had been kept: its next board marks
what changed since the previous board (from the store's mark and the log) and its next
turn card starts where the previous card ended."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from discord_standin import running_bot
from discord_standin.driver import Bot, Member
from discord_standin.table import open_table, row_of, seat_users

from bot.service import base
from engine import ai

KEPT = 3  # games, in these tests; the bot keeps base.GAMES_KEPT
OTHERS = KEPT + 2  # games opened at other tables in between: more than are kept


async def _human_moves(bot: Bot, member: Member, channel: int, count: int) -> None:
    """``count`` moves of ``member`` typed with /play, the normal AI's choice (a seeded game
    plays the same each run); the AI seat moves in between by itself."""
    for step in range(count):
        row = await row_of(bot, channel)
        svc = bot.client.adapter.service
        game = svc.games[row.game_key]
        state = game.load(row.state)
        seat = game.active(state)[0]
        assert (await seat_users(bot, row.id))[seat] == member.id
        move = ai.choose(game, state, seat, "normal", step)
        await member.command("play", channel, move=game.format(state, move))


async def _last_posts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, others: int
                      ) -> tuple[list[Any], list[dict], list[int]]:
    """A Rhein table plays a few moves and posts its board; ``others`` tables open; then it
    plays until a turn card is drawn and posts its board. The changed frames of the boards and the views of
    the turn cards drawn for that last move, and the sizes of what the service kept."""
    monkeypatch.setattr(base, "GAMES_KEPT", KEPT, raising=False)
    tmp_path.mkdir()
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        svc = bot.client.adapter.service
        draw_board, draw_card = svc.render, svc.card_render
        boards: list[Any] = []
        cards: list[dict] = []

        def board(key: str, view: dict) -> Any:
            boards.append(view.get("changed"))
            return draw_board(key, view)

        def card(key: str, view: dict) -> Any:
            cards.append(view)
            return draw_card(key, view)

        svc.render, svc.card_render = board, card
        anna = Member(bot, "Anna")
        channel = bot.stand_in.channel
        await open_table(bot, "rhein", [anna], bots=1)
        await _human_moves(bot, anna, channel, 3)
        await anna.command("game board", channel)
        first = (await row_of(bot, channel)).id
        assert first in svc._last_boards and first in svc._last_cards
        for number in range(others):
            await open_table(bot, "rhein", [anna], bots=1,
                             channel=bot.stand_in.add_channel(f"other-{number}"))
        kept = [svc._last_boards, svc._last_cards, svc._replays, svc._closed_names]
        sizes = [len(found) for found in kept]
        if others:
            assert first not in svc._last_boards and first not in svc._last_cards
        boards.clear()
        cards.clear()
        for _ in range(20):  # until the turn passes: the card comes with the next prompt
            await _human_moves(bot, anna, channel, 1)
            if cards:
                break
        await anna.command("game board", channel)
        return boards, cards, sizes


async def test_an_evicted_game_posts_the_same_board_and_card(tmp_path, monkeypatch):
    kept_boards, kept_cards, _ = await _last_posts(tmp_path / "kept", monkeypatch, 0)
    boards, cards, sizes = await _last_posts(tmp_path / "dropped", monkeypatch, OTHERS)
    assert max(sizes) <= KEPT, sizes
    assert sizes[0] == KEPT  # the other tables' boards filled it
    assert kept_cards and kept_boards[0]["places"]  # the board after the move marked it
    assert (boards, cards) == (kept_boards, kept_cards)


def test_recent_keeps_the_keys_stored_or_read_last() -> None:
    from bot.service.base import Recent  # (here: the test above runs on code without it)

    recent: Recent[int, str] = Recent(2)
    recent[1], recent[2] = "a", "b"
    assert recent.get(1) == "a"  # read: now the newest
    recent[3] = "c"
    assert list(recent) == [1, 3]
    assert recent.get(2) is None
    recent[1] = "d"  # stored again: the newest
    recent[4] = "e"
    assert dict(recent) == {1: "d", 4: "e"}
