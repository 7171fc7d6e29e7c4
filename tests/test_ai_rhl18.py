"""18Rhl ``normal`` AI: a short seeded strength check (deterministic: fixed seeds, so it
cannot flake) and the money rules of its train buying, checked on positions from random play.

The full figure (200 games per player count) comes from ``python -m bench.ai_strength
--game 18rhl``; see bench/AI_STRENGTH.md.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bench.ai_strength import play
from engine import ai, get_game
from engine.ai import rhl18 as AI
from engine.core import new_rng, rng_below
from engine.rhl18 import flow as F

# (players, games, wins needed): seeds 1000..1000+games-1, the normal seat rotating.
QUICK = [(3, 4, 3), (6, 4, 3)]


@pytest.mark.parametrize(("players", "games", "need"), QUICK)
def test_normal_wins_most_seeded_games(players: int, games: int, need: int) -> None:
    outcomes = [play("18rhl", players, index) for index in range(games)]
    assert all(o.finished and not o.error for o in outcomes), [o.error for o in outcomes]
    wins = sum(o.win for o in outcomes)
    assert wins >= need, f"18rhl {players}p: normal won {wins} of {games}"


def random_positions(players: int, seed: int, limit: int) -> Iterator[tuple[dict, int]]:
    """Every position of one random game (easy seats throughout), up to ``limit`` moves."""
    game = get_game("18rhl")
    state = game.setup(players, {}, seed)
    rng = new_rng(seed)
    for _ in range(limit):
        if game.result(state) is not None:
            return
        seat = game.active(state)[0]
        yield state, seat
        moves = game.legal(state, seat)
        game.apply(state, seat, moves[rng_below(rng, len(moves))])


def _forced_positions() -> Iterator[tuple[dict, int, list[dict]]]:
    for seed in (3, 11, 17):
        for state, seat in random_positions(5, seed, 1500):
            if state["round"]["type"] != "Operating" or state["round"]["step"] != "BuyTrain":
                continue
            sym = F.current_corp(state)
            if sym is None or not F.must_buy(state, sym):
                continue
            moves = get_game("18rhl").legal(state, seat)
            if any(m["type"] == "buy_train" for m in moves):
                yield state, seat, moves


def test_a_forced_train_spares_the_presidents_cash_and_our_own_corporations() -> None:
    game = get_game("18rhl")
    checked = 0
    for state, seat, moves in _forced_positions():
        sym = F.current_corp(state)
        depot = set(F.depot_available(state))
        move = ai.choose(game, state, seat, "normal", 7 + checked, strict=True)
        assert move["type"] == "buy_train", move
        # Not a train of a corporation we run (it might have to buy one in turn) while a
        # depot train or an opponent's is to be had.
        source = AI._owner_corp(state, move["train"])
        elsewhere = [m for m in moves if m["type"] == "buy_train" and (
            m["train"] in depot or (
                state["corps"][AI._owner_corp(state, m["train"])]["president"] != seat
                and AI._offer_welcome(state, sym, m)))]
        if elsewhere:
            assert source is None or state["corps"][source]["president"] != seat, move
        checked += 1
    assert checked >= 5


def test_a_forced_buy_takes_an_equal_train_an_opponent_lets_go() -> None:
    """Forced, with a treasury short of the depot's train: an opponent's train as good,
    which its president would sell (a fair price, another train kept), costs the
    president nothing, so it is taken rather than the depot's."""
    game = get_game("18rhl")
    tried = 0
    for state, seat, _moves in _forced_positions():
        sym = F.current_corp(state)
        depot = [t for t in F.depot_available(state) if t in state["depot"]]
        rivals = [c for c, corp in state["corps"].items()
                  if c != sym and corp["trains"] and not corp["receivership"]
                  and corp["president"] not in (None, seat) and AI._held(state, seat, c) <= 1]
        if not depot or not rivals or state["corps"][sym]["receivership"] \
                or state["round"]["t"]["ebuy_sold"]:
            continue
        train = min(depot, key=F.train_price)
        running = {AI.train_kind(t) for corp in state["corps"].values() for t in corp["trains"]}
        if AI.train_kind(train) not in running:
            continue  # the first of its kind starts a phase: only the depot sells it
        # The rival gets the depot's next train as a second one; our treasury holds 90 %
        # of its price, so the depot's own would take the president's money.
        state["depot"].remove(train)
        state["corps"][rivals[0]]["trains"].append(train)
        state["corps"][sym]["cash"] = int(0.9 * F.train_price(train))
        move = ai.choose(game, state, seat, "normal", 5, strict=True)
        assert move["type"] == "buy_train" and move["train"] not in state["depot"], move
        assert move["price"] <= state["corps"][sym]["cash"], move
        tried += 1
    assert tried >= 3


def test_train_life_marks_trains_about_to_rust() -> None:
    state = {"phase": "3"}
    assert AI.train_life(state, "2-0") < 1  # 2-trains rust when phase 4 starts
    assert AI.train_life(state, "3-1") == 1
    assert AI.train_life({"phase": "5"}, "3-1") < 1
    assert AI.train_life({"phase": "8"}, "6-2") == 1
    assert AI.train_worth({"phase": "5"}, "6-0") > AI.train_worth({"phase": "5"}, "4-0")


def test_no_bankruptcy_while_a_sale_can_pay() -> None:
    by_type = {"sell_shares": [
        {"type": "sell_shares", "entity": 0, "shares": ["ADR_3", "ADR_4"], "percent": 20},
        {"type": "sell_shares", "entity": 0, "shares": ["BME_2"], "percent": 10}],
        "bankrupt": [{"type": "bankrupt", "entity": "ADR"}]}
    state = {"corps": {"ADR": {"president": 1}, "BME": {"president": 0}}}
    move = AI.avoid_selling(state, 0, by_type, new_rng(1))
    # The bundle of the corporation someone else runs, not bankruptcy.
    assert move["shares"] == ["ADR_3", "ADR_4"]


def test_dividends_are_paid_once_the_bank_has_broken() -> None:
    moves = [{"type": "dividend", "entity": "ADR", "kind": k} for k in ("payout", "withhold")]
    state = {"corps": {"ADR": {"trains": [], "cash": 0}}, "bank_broken": True,
             "phase": "8", "depot": [], "discarded": []}
    assert AI.dividend(state, 0, {"dividend": moves}, new_rng(1))["kind"] == "payout"
    state["bank_broken"] = False
    assert AI.dividend(state, 0, {"dividend": moves}, new_rng(1))["kind"] == "withhold"
