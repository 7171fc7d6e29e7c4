"""Rhein's ``/game hand``: a player's face-down fulfilled orders read as orders, in the
player's language. A player review found them printed as raw JSON
(``players.4.fulfilled: [{"card": 6, "city": 2, ...}]``), since the view's cards had no
``text`` for the hand to show."""

from __future__ import annotations

from dataclasses import replace

import engine
from engine import ai
from engine.rhein import data
from tests.service_pebbles import ctx

GAME = engine.GAMES["rhein"]


async def table_with_a_fulfilled_order(tmp_path):
    """Three players through the service, each move the normal AI's, until a seat has
    fulfilled an order. Returns (service, that seat, the state)."""
    from bot.service import TablesService
    from bot.store import open_store

    store = await open_store(str(tmp_path / "rhein.sqlite3"))
    service = TablesService(store, render=lambda key, view: b"\x89PNG", seed_source=lambda: 4)
    await service.new(ctx(1), "rhein", min_players=3, max_players=3)
    for user in (2, 3):
        await service.join(ctx(user))
    await service.start(ctx(1), order="joined")
    for _ in range(600):
        state = GAME.load((await store.latest_game(500)).state)
        done = [seat for seat in range(3) if state["fulfilled"][seat]]
        if done:
            return service, done[0], state
        seat = GAME.active(state)[0]
        move = ai.choose(GAME, state, seat, "normal", 4)
        await service.play(ctx(seat + 1), GAME.format(state, move))
    raise AssertionError("no order fulfilled")


async def test_a_hand_names_the_fulfilled_orders_in_either_language(tmp_path):
    service, seat, state = await table_with_a_fulfilled_order(tmp_path)
    said = {}
    for lang in ("en", "de"):
        said[lang] = (await service.hand(replace(ctx(seat + 1), locale=lang)))[-1].text
        assert "{" not in said[lang] and '"card"' not in said[lang], said[lang]
        assert "players." not in said[lang], said[lang]
    for card_id in state["fulfilled"][seat]:
        card = data.CARD_BY_ID[card_id]
        city = data.CITY_BY_NUMBER[card.city].name
        (q, c), *more = card.options  # in words, as the orders taken and on display
        options = ", ".join([f"{q} container{'s' * (q != 1)} pay{'s' * (q == 1)} {c}",
                             *(f"{q} pay {c}" for q, c in more)])
        assert f"order {card_id} {city}: {options}; time {card.time}" in said["en"], said
        optionen = ", ".join([f"{q} Container bring{'t' if q == 1 else 'en'} {c}",
                              *(f"{q} bringen {c}" for q, c in more)])
        assert f"Auftrag {card_id} {city}: {optionen}; Zeit {card.time}" in said["de"], said
    assert "Fulfilled orders (face down): order " in said["en"]
    assert "Erfüllte Aufträge (verdeckt): Auftrag " in said["de"]
    await service.store.close()

