"""18Rhl's turn prompt during operating rounds, as the service words it (Pictures._task, the
prompt's and a notification's task): a veteran's review found (1) the operating order shown
nowhere, and (2) a forced train purchase saying "the bank's 6-train costs 600M, GVE has 242M,
Dirk adds 358M" where Dirk had 223M and had to sell shares first, with no word that GVE could
buy another corporation's train with its treasury. The prompt now names the order (done,
now), what the president has and must raise by selling, and the corporations whose
trains legal() lets it buy."""

from __future__ import annotations

import random
from types import SimpleNamespace

import engine
from bot.service.base import Table
from bot.service.pictures import Pictures
from engine.rhl18 import flow as F
from render.rhl18_company_box import depot_trains
from render.turn_card import _rhl18_task

GAME = engine.get_game("18rhl")
NAMES = ["Anna", "Bert", "Cora", "Dirk"]


def _forced(seed: int):
    """The state of the first forced purchase of a seeded random game."""
    state, rng = GAME.setup(4, None, seed), random.Random(seed)
    while True:
        seat = GAME.active(state)[0]
        sym = F.current_corp(state) if state["round"]["type"] == "Operating" else None
        if sym and state["round"]["step"] == "BuyTrain" and F.must_buy(state, sym):
            return state, sym
        GAME.apply(state, seat, rng.choice(GAME.legal(state, seat)))


def _task(state, lang: str) -> str:
    seats = [SimpleNamespace(seat=n, name=name, colour="red") for n, name in enumerate(NAMES)]
    table = Table(SimpleNamespace(game_key="18rhl", language=lang), GAME, seats, state)
    return Pictures._task(table, lang)


def _sums(state, sym):
    corp = state["corps"][sym]
    _train, price = min(depot_trains(GAME.view(state, None)), key=lambda t: t[1])
    seat = corp["president"]
    return price, corp["cash"], NAMES[seat], state["cash"][seat]


def test_a_president_short_of_money_is_told_to_sell_first() -> None:
    # seed 11's president has nothing to sell (legal() offers only bankruptcy, said as such:
    # tests/test_rhl18_must_buy_bankrupt.py); with shares to sell the view says so
    state, sym = _forced(11)
    price, cash, president, own = _sums(state, sym)
    assert cash + own < price  # the president cannot pay the rest from cash
    raise_ = price - cash - own
    view = {**GAME.view(state, None), "must_buy_bankrupt": False}
    seats = [{"seat": n, "name": name} for n, name in enumerate(NAMES)]
    for lang, said in (("en", f"{sym} has {cash}M, {president} has {own}M and must raise "
                              f"{raise_}M more by selling shares first"),
                       ("de", f"{sym} hat {cash}M, {president} hat {own}M und muss erst "
                              f"{raise_}M durch Aktienverkäufe aufbringen")):
        task = _rhl18_task({**view, "seats": seats, "lang": lang}, lang, True)
        assert said in task and "adds" not in task, task
    assert "must declare bankruptcy" in _task(state, "en")


def test_a_president_who_can_pay_the_rest_is_told_what_they_have() -> None:
    state, sym = _forced(22)
    price, cash, president, own = _sums(state, sym)
    assert cash < price <= cash + own
    assert f"{president} adds {price - cash}M (has {own}M)" in _task(state, "en")
    assert f"{president} legt {price - cash}M dazu (hat {own}M)" in _task(state, "de")


def test_another_corporations_train_is_named_where_legal_allows_it() -> None:
    state, sym = _forced(4)
    seat = GAME.active(state)[0]
    bought = {m["train"] for m in GAME.legal(state, seat) if m["type"] == "buy_train"}
    sellers = [o for o, c in state["corps"].items() if o != sym and bought & set(c["trains"])]
    assert len(sellers) >= 2
    listed = ", ".join(s for s in ["ADR", "BME", "CME", "DEE", "GVE", "KEG", "CCE", "RhE"]
                       if s in sellers)
    said = _task(state, "en")
    assert f"; or {sym} buys a train from " in said
    assert {s.strip() for s in said.split(" buys a train from ")[1].split(" with ")[0]
            .split(",")} == set(sellers), (said, listed)
    assert f"; oder {sym} kauft mit ihrer Kasse einen Zug von " in _task(state, "de")


def test_no_other_train_no_mention() -> None:
    state, sym = _forced(1)
    assert not any(m["type"] == "buy_train" and m["train"] not in F.depot_available(state)
                   for m in GAME.legal(state, GAME.active(state)[0]))
    assert "buys a train from" not in _task(state, "en")


def test_the_operating_order_is_in_every_operating_prompt() -> None:
    state, rng = GAME.setup(4, None, 4), random.Random(4)
    seen = 0
    for _ in range(3000):
        seat = GAME.active(state)[0]
        rnd = state["round"]
        if rnd["type"] == "Operating" and not rnd["discard"] and not rnd.get("offer"):
            order, index = rnd["order"], rnd["index"]
            words = {"en": ("done", "now", "next"), "de": ("fertig", "jetzt", "danach")}
            for lang, title in (("en", "Operating order"), ("de", "Betriebsreihenfolge")):
                done, now, after = words[lang]
                parts = [f"{done} {', '.join(order[:index])}" if index else "",
                         f"{now} {order[index]}",
                         f"{after} {', '.join(order[index + 1:])}" if order[index + 1:] else ""]
                marks = "; ".join(p for p in parts if p)
                assert _task(state, lang).endswith(f". {title}: {marks}. ")
            seen += 1
        elif rnd["type"] == "Stock":
            assert "order" not in _task(state, "en")
        GAME.apply(state, seat, rng.choice(GAME.legal(state, seat)))
        if seen > 60:
            break
    assert seen > 60
