"""18Rhl's forced train purchase says its sums where a player reads the task in words (the
turn prompt, a notification): the bank's cheapest train, the treasury, and what the
president adds when the treasury falls short. A review's player read only "ADR has no train
and must buy one" over buttons that sold her shares. The card's banner stays short: its
company box shows the treasury and the depot."""

from __future__ import annotations

import random
from functools import cache

import engine
from render import turn_card
from render.rhl18_company_box import depot_trains

GAME = engine.get_game("18rhl")


def _forced(seed: int) -> dict | None:
    """The public view of the first forced purchase of a seeded random game, with seats
    (a fresh view each call; the game is played once per seed, see _forced_dump)."""
    dump = _forced_dump(seed)
    if dump is None:
        return None
    view = GAME.view(GAME.load(dump), None)
    names = ["Anna", "Bert", "Cora", "Dirk"]
    return {**view, "seats": [{"seat": s, "name": n} for s, n in enumerate(names)]}


@cache
def _forced_dump(seed: int) -> str | None:
    state, rng = GAME.setup(4, None, seed), random.Random(seed)
    for _ in range(3000):
        active = GAME.active(state)
        if not active:
            return None
        view = GAME.view(state, None)
        if view.get("must_buy"):
            return GAME.dump(state)
        GAME.apply(state, active[0], rng.choice(GAME.legal(state, active[0])))
    return None


def _figures(view: dict) -> tuple[str, int, int, int, str]:
    corp = next(c for c in view["corporations"] if c["id"] == view["current_entity"])
    train, price = min(depot_trains(view), key=lambda t: t[1])
    return corp["id"], price, corp["cash"], price - corp["cash"], \
        view["seats"][corp["president_seat"]]["name"]


def test_a_forced_purchase_the_treasury_can_pay_names_price_and_treasury() -> None:
    view = _forced(0)
    sym, price, cash, _, _ = _figures(view)
    assert cash >= price
    said = turn_card.task_text("18rhl", view, "en")
    assert said.startswith(f"{sym} has no train and must buy one: ")
    assert f"costs {price}M, {sym} has {cash}M" in said and "adds" not in said
    assert f"kostet {price}M, {sym} hat {cash}M" in turn_card.task_text("18rhl", view, "de")


def test_a_short_treasury_names_what_the_president_adds() -> None:
    view = _forced(22)  # (a president who must sell first: test_rhl18_veteran_forced_buy)
    sym, price, cash, short, president = _figures(view)
    assert short > 0
    assert f"costs {price}M, {sym} has {cash}M, {president} adds {short}M" in \
        turn_card.task_text("18rhl", view, "en")
    assert f"kostet {price}M, {sym} hat {cash}M, {president} legt {short}M dazu" in \
        turn_card.task_text("18rhl", view, "de")
    # the banner, beside the company box with the same sums, keeps the short task
    assert turn_card.task_text("18rhl", view, "en", figures=False) == \
        f"{sym} has no train and must buy one"


def test_the_prompts_task_names_the_president_by_the_tables_name() -> None:
    """The prompt's task is said from the public view: without the table's names it read
    "GVE has 61M, Platz 1 legt 739M dazu"."""
    from types import SimpleNamespace

    from bot.service.base import Table
    from bot.service.pictures import Pictures

    state, rng = GAME.setup(4, None, 22), random.Random(22)
    while not GAME.view(state, None).get("must_buy"):
        seat = GAME.active(state)[0]
        GAME.apply(state, seat, rng.choice(GAME.legal(state, seat)))
    names = ["Anna", "Bert", "Cora", "Dirk"]
    seats = [SimpleNamespace(seat=n, name=name, colour="red") for n, name in enumerate(names)]
    table = Table(SimpleNamespace(game_key="18rhl", language="de"), GAME, seats, state)
    _sym, _price, _cash, short, president = _figures(_forced(22))
    assert f", {president} legt {short}M dazu" in Pictures._task(table, "de")
