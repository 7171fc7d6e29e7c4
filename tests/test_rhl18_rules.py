"""18Rhl rules the recorded games do not pin down, and the engine contract."""

from __future__ import annotations

import pytest

from engine import RuleError, get_game
from engine.core import new_rng, rng_below
from engine.rhl18 import flow as F
from engine.rhl18 import rules as R

GAME = get_game("18rhl")


def _bid(state: dict, seat: int, company: str, price: int) -> None:
    GAME.apply(state, seat, {"type": "bid", "entity": seat, "company": company,
                             "price": price})


def _pass(state: dict, seat: int) -> None:
    GAME.apply(state, seat, {"type": "pass", "entity": seat})


def test_starting_cash_and_lower_starting_capital() -> None:
    assert GAME.setup(4, {}, 1)["cash"] == [450] * 4
    low = GAME.setup(4, {"lower_starting_capital": True}, 1)
    assert low["cash"] == [375] * 4 and low["bank"] == 9000 - 1500


def test_optional_2_train_adds_a_seventh() -> None:
    assert sum(t.startswith("2-") for t in GAME.setup(3, {}, 1)["depot"]) == 6
    state = GAME.setup(3, {"optional_2_train": True}, 1)
    assert sum(t.startswith("2-") for t in state["depot"]) == 7


def test_ratingen_variant_replaces_pwb_with_atb() -> None:
    state = GAME.setup(3, {"ratingen_variant": True}, 1)
    assert "ATB" in state["companies"] and "PWB" not in state["companies"]
    assert state["board"]["E10"]["tile"].endswith("~rv")


def test_unknown_option_is_refused() -> None:
    with pytest.raises(RuleError):
        GAME.setup(3, {"nonsense": True}, 1)


def test_waterfall_all_pass_lowers_the_first_private() -> None:
    state = GAME.setup(3, {}, 1)
    for seat in (0, 1, 2):
        _pass(state, seat)
    assert R.company_min_bid(state, "PWB") == 15


def test_buying_the_cheapest_private_resolves_single_bids() -> None:
    state = GAME.setup(3, {}, 1)
    _bid(state, 0, "KEO", 35)
    _pass(state, 1)
    _bid(state, 2, "PWB", 20)  # PWB sold, then KEO goes to its only bidder
    assert state["companies"]["PWB"]["owner"] == 2
    assert state["companies"]["KEO"]["owner"] == 0
    assert state["cash"][0] == 600 - 35


def test_bid_above_free_cash_is_refused_and_state_unchanged() -> None:
    state = GAME.setup(3, {}, 1)
    before = GAME.dump(state)
    with pytest.raises(RuleError):
        _bid(state, 0, "NLK", 700)
    assert GAME.dump(state) == before


def test_rhe_must_be_parred_at_70_75_or_80() -> None:
    state = _through_auction()
    assert state["round"]["type"] == "Stock"
    rhe = state["corps"]["RhE"]
    assert rhe["floated"] and rhe["cap"] == "incremental"
    assert R.price_of(rhe["par"]) in (70, 75, 80)
    assert state["kda"] == 3 * R.price_of(rhe["par"])


def _through_auction(seed: int = 3) -> dict:
    """Play the auction with random legal moves."""
    state = GAME.setup(3, {}, seed)
    rng = new_rng(seed)
    while state["round"]["type"] == "Auction":
        seat = GAME.active(state)[0]
        moves = GAME.legal(state, seat)
        bids = [m for m in moves if m["type"] != "pass"]
        GAME.apply(state, seat, bids[rng_below(rng, len(bids))] if bids else moves[-1])
    return state


def test_keg_sells_only_20_percent_certificates_before_floating() -> None:
    state = _through_auction()
    seat = F.sr_current(state)
    state["cash"][seat] = 1000
    GAME.apply(state, seat, {"type": "par", "entity": seat, "corporation": "KEG",
                             "share_price": "60,3,0"})
    buyer = F.sr_current(state)
    state["cash"][buyer] = 1000
    with pytest.raises(RuleError):
        GAME.apply(state, buyer, {"type": "buy_shares", "entity": buyer,
                                  "shares": ["KEG_1"], "percent": 10})
    GAME.apply(state, buyer, {"type": "buy_shares", "entity": buyer, "shares": ["KEG_2"],
                              "percent": 20})
    assert state["certs"]["KEG_2"] == buyer


def test_cannot_buy_back_after_selling_in_the_same_round() -> None:
    state = _through_auction()
    seat = F.sr_current(state)
    state["corps"]["RhE"]["operated"] = True
    R.give(state, "RhE_4", seat)
    GAME.apply(state, seat, {"type": "sell_shares", "entity": seat, "shares": ["RhE_4"],
                             "percent": 10})
    with pytest.raises(RuleError):
        GAME.apply(state, seat, {"type": "buy_shares", "entity": seat,
                                 "shares": ["RhE_5"], "percent": 10})


def test_market_moves_follow_the_two_dimensional_rules() -> None:
    state = GAME.setup(3, {}, 1)
    R._place(state, "ADR", "70,1,0")
    R.move(state, "ADR", "left")  # column 0: down instead
    assert state["corps"]["ADR"]["price"] == "65,2,0"
    R._place(state, "ADR", "290,0,14")
    R.move(state, "ADR", "down")  # no cell below: no move
    assert state["corps"]["ADR"]["price"] == "290,0,14"
    R._place(state, "ADR", "240,1,13")
    R.move(state, "ADR", "right")  # end of row: up instead
    assert state["corps"]["ADR"]["price"] == "265,0,13"


@pytest.mark.parametrize("players", [3, 6])
def test_random_legal_play_keeps_the_contract(players: int) -> None:
    state = GAME.setup(players, {}, players)
    rng = new_rng(players)
    for _ in range(250):
        seats = GAME.active(state)
        assert seats, "somebody must be on turn"
        seat = seats[0]
        moves = GAME.legal(state, seat)
        assert moves
        move = moves[rng_below(rng, len(moves))]
        assert GAME.parse(state, seat, GAME.format(state, move)) == move
        GAME.apply(state, seat, move)
        assert GAME.load(GAME.dump(state)) == state
        assert state["bank"] + sum(state["cash"]) + sum(
            c["cash"] for c in state["corps"].values()) == 9000
    view = GAME.view(state, None)
    assert view["board"] and view["phase"]


def test_parse_refuses_junk() -> None:
    state = GAME.setup(3, {}, 1)
    with pytest.raises(RuleError):
        GAME.parse(state, 0, "fly to the moon")


def test_topics_name_house_values() -> None:
    assert "house" in GAME.topics["components"]


def test_public_view_is_json_and_renders() -> None:
    import json

    state = _through_auction()
    view = GAME.view(state, None)
    json.dumps(view)
    assert view["market"]["cells"] and view["players"][0]["name"].startswith("Player")
    from render import rhl18 as render_rhl18

    png = render_rhl18.render(view)
    assert png[:4] == b"\x89PNG"


@pytest.mark.parametrize("players,options", [
    (3, {}),
    (4, {"optional_2_train": True, "lower_starting_capital": True, "promotion_tiles": True,
         "ratingen_variant": True}),
])
def test_random_games_finish_and_replay_from_notation(players: int, options: dict) -> None:
    from engine.playthrough import random_playthrough, replay

    run = random_playthrough(GAME, players, options, seed=players + 8, check_every=5)
    assert run.finished and GAME.result(run.state) is not None
    assert replay(GAME, players, options, players + 8, run.moves) == run.state


def test_promotion_tiles_replace_932_with_the_gray_promotions() -> None:
    from engine.rhl18 import data

    base = data.tile_counts({})
    promo = data.tile_counts({"promotion_tiles": True})
    assert base["932"] == 2 and "932V" not in base and "Essen" not in base
    assert "932" not in promo and promo["932V"] == 2
    assert promo["949"] == promo["950"] == promo["Essen"] == 1


def test_ratingen_variant_blocks_e12_in_phase_2() -> None:
    from engine.rhl18 import operating

    state = GAME.setup(3, {"ratingen_variant": True}, 1)
    state["corps"]["ADR"]["president"] = 0
    with pytest.raises(RuleError, match="E12"):
        operating._check_blocked(state, "ADR", "E12")
    state["phase"] = "3"
    state["companies"]["ATB"]["owner"] = 0  # the owner's corporation may build there
    operating._check_blocked(state, "ADR", "E12")


def test_pwb_blocks_e14_for_other_presidents() -> None:
    from engine.rhl18 import operating

    state = GAME.setup(3, {}, 1)
    state["companies"]["PWB"]["owner"] = 1
    state["corps"]["ADR"]["president"] = 0
    with pytest.raises(RuleError, match="PWB"):
        operating._check_blocked(state, "ADR", "E14")
    state["corps"]["ADR"]["president"] = 1
    operating._check_blocked(state, "ADR", "E14")
