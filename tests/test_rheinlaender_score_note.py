"""Rheinländer's result post says each score's parts in words: "55 · 7 duchies worth 53 +
2 coins" ("7 Herzogtümer im Wert von 53 + 2 Münzen"). A review read "55 · 7 duchies 53 +
coins 2", the duchies' worth and the coins each a bare number after a noun."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

import engine
from engine.text import say
from tests.service_pebbles import FakeRenderer, ctx
from tests.test_result_notes import finished

GAME = engine.get_game("rheinlaender")
NOTE = {"en": r"\d+ duch(y|ies) worth \d+ (\+ \d+ as archbishop )?\+ \d+ coins?",
        "de": r"\d+ Herzog(tum|tümer) im Wert von \d+ (\+ \d+ als Erzbischof )?\+ \d+ Münzen?"}


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_the_result_post_says_what_the_duchies_are_worth_and_the_coins(tmp_path, lang):
    from bot.service import TablesService
    from bot.store import Store

    store = await Store.open(str(tmp_path / "notes.sqlite3"))
    try:
        service = TablesService(store, games={"rheinlaender": GAME}, render=FakeRenderer(),
                                seed_source=lambda: 4)
        await service.new(ctx(1), "rheinlaender", min_players=3, max_players=3, lang=lang)
        await service.leave(ctx(1))
        for _ in range(3):
            await service.add_bot(ctx(1), "easy")
        replies = await service.start(ctx(1), order="joined")
    finally:
        await store.close()
    result = next(r for r in replies if r.title and ("result" in r.title.lower() or
                                                       "Endergebnis" in r.title))
    ranks = [line for line in result.text.splitlines() if line[:1].isdigit()]
    assert len(ranks) == 3
    for line in ranks:
        assert re.search(rf" · {NOTE[lang]}$", line), line


def test_one_coin_and_the_archbishop_are_said_in_words():
    game, state = finished("rheinlaender", "normal")
    standing = game.result(state)[0]
    one = replace(standing, detail={**standing.detail, "coins": 1, "archbishop": 5})
    assert say(game.score_note(state, one), "en").endswith(" + 5 as archbishop + 1 coin")
    assert say(game.score_note(state, one), "de").endswith(" + 5 als Erzbischof + 1 Münze")
