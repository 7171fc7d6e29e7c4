"""Ruling R12.2: every deal is posted to the channel in full, once. The first deal happens in
set-up, so the table posts it when the game starts (``Game.opening_log``)."""

from __future__ import annotations

import engine
from bot.replies import Audience
from bot.service import TablesService
from bot.store import Store
from engine.text import say
from engine.troedler.data import card_text
from tests.service_pebbles import ctx

GAME = engine.get_game("troedler")


def test_the_first_deal_is_an_opening_log_line_per_pile() -> None:
    state = GAME.setup(3, {}, 11)
    lines = [say(line, "en") for line in GAME.opening_log(state)]
    assert len(lines) == 1 + 4  # the heading, then piles 1-4 of a 3-player deal (R10)
    for number, pile in enumerate(state["piles"], start=1):
        assert lines[number].startswith(f"Pile {number}")
        for cid in pile:  # covered cards too: everyone saw them dealt (R12.1)
            assert say(card_text(cid), "en") in lines[number]


def test_the_opening_log_is_empty_for_games_without_one() -> None:
    for key in ("rhein", "rheinlaender", "18rhl"):
        game = engine.get_game(key)
        assert game.opening_log(game.setup(game.min_players, {}, 3)) == []


async def test_the_table_posts_the_first_deal_when_the_game_starts(tmp_path) -> None:
    store = await Store.open(str(tmp_path / "t.sqlite3"))
    service = TablesService(store, games={"troedler": GAME},
                            render=lambda game, view: b"\x89PNG fake", seed_source=lambda: 11)
    await service.new(ctx(1), "troedler", lang="de")
    for user in (2, 3):
        await service.join(ctx(user))
    replies = await service.start(ctx(1), order="joined")
    row = await store.latest_game(500)
    state = GAME.load(row.state)
    channel = [r for r in replies if r.audience is Audience.CHANNEL]
    for pile in state["piles"]:
        for cid in pile:
            assert say(card_text(cid), "de") in channel[0].text
    # within the start's post: the deal's own post made the start four posts (a review)
    assert len(channel) == 3 and channel[0].title, [r.text[:40] for r in channel]
    await store.close()
