"""18Rhl's rule refusals, each at a real position of a reference game (replayed through our
engine): the move is refused with the rule it breaks, said whole in English and German, and
the position is left as it was.

The positions come from the generated reference games in tests/fixtures/18rhl: the state
just after the recorded action named, where the bad move is then tried."""

from __future__ import annotations

import marshal
from functools import cache
from pathlib import Path

import pytest

from engine import get_game
from engine.core import RuleError
from engine.rhl18 import flow as F
from engine.rhl18 import importer
from engine.rhl18 import rules as R
from engine.text import say

GAME = get_game("18rhl")
FIX = Path(__file__).parent / "fixtures" / "18rhl"
G3 = "rhl_gen_3p_31001"
G4 = "rhl_gen_4p_41017_all"
WANTED = {G3: {10, 11, 27, 28, 30, 48, 106, 116, 119, 208, 293, 303, 304, 315}, G4: {19, 53, 125}}


@cache
def _positions(name: str) -> dict[int, bytes]:
    """The states just after the wanted actions, kept frozen (each case loads its own)."""
    game = importer.load_json(FIX / f"{name}.json.gz")
    out: dict[int, bytes] = {}
    for state, raw in importer.replay_iter(game):
        if raw is not None and raw["id"] in WANTED[name]:
            out[raw["id"]] = marshal.dumps(state)
            if len(out) == len(WANTED[name]):
                break
    return out


def position(name: str, after: int) -> dict:
    state = marshal.loads(_positions(name)[after])
    state["auto_kda"] = True  # a live game's state, not a replay's
    return state


def _lay(entity: str, hex_id: str, tile: str) -> dict:
    return {"type": "lay_tile", "entity": entity, "hex": hex_id, "tile": tile, "rotation": 0}


# (key, game, after action, the bad move, the English reason)
CASES = [
    ("rhe_par_prices", G3, 10, {"type": "par", "entity": 2, "corporation": "RhE",
                                "share_price": "90,1,3"},
     "RhE can only be parred at 70, 75 or 80."),
    ("rhe_par_prices", G3, 10, {"type": "par", "entity": 2, "corporation": "RhE",
                                "share_price": "60,3,0"},
     "RhE can only be parred at 70, 75 or 80."),
    ("only_rhe_par", G3, 10, {"type": "par", "entity": 2, "corporation": "ADR",
                              "share_price": "70,2,1"},
     "Only RhE is waiting for a par price."),
    ("rhe_par_private", G3, 11, {"type": "par", "entity": 0, "corporation": "RhE",
                                 "share_price": "70,2,1"},
     "RhE is parred only through private No. 6."),
    ("pool_limit", G3, 208, {"type": "sell_shares", "entity": 1,
                             "shares": ["BME_1", "BME_5", "BME_6", "BME_8"]},
     "The market may hold at most 50% of a corporation."),
    ("cert_limit", G3, 315, {"type": "buy_shares", "entity": 1, "shares": ["CME_4"]},
     "You are at the certificate limit."),
    ("colour_order", G4, 19, _lay("RhE", "B5", "15-0"),
     "A green tile cannot replace a white one."),
    # A label mismatch said for what is missing (it said "Tile 1 has label none; E12 needs
    # R.", in German "hat die Kennung keine").
    ("label_missing", G4, 125, _lay("BME", "E12", "1-0"),
     "Tile 1 has no label; E12 needs a tile labelled R."),
    ("label_unwanted", G4, 125, _lay("BME", "B9", "201-0"),
     "Tile 201 is labelled Y and goes only where the map shows Y; B9 has no label."),
    ("company_lay_only", G3, 27, {"type": "pass", "entity": "KEO"},
     "KEO can only lay a tile."),
    ("company_phase3", G3, 27, _lay("KEO", "E8", "935-0"),
     "KEO cannot be used before phase 3."),
    ("company_owner", G3, 27, _lay("Szl", "E8", "935-0"),
     "Szl can be used only for a corporation its owner runs."),
    ("szl_hexes", G3, 48, _lay("Szl", "E8", "9-0"),
     "Seilzuganlage lays only on mountain hexes."),
    ("keo_lay", G3, 106, _lay("KEO", "E8", "57-0"),
     "KEO lays only tile 935 on E8, before phase 5."),
    ("keo_lay", G3, 106, _lay("KEO", "E6", "935-0"),
     "KEO lays only tile 935 on E8, before phase 5."),
    ("tjt_lay", G3, 116, _lay("Tjt", "E8", "X921-0"),
     "Trajektanstalt upgrades a yellow Rhine metropolis to green."),
    ("tjt_lay", G3, 116, _lay("Tjt", "I10", "57-0"),
     "Trajektanstalt upgrades a yellow Rhine metropolis to green."),
    # KEO's one lay was made at action 107; from the first 5-train on every private is
    # closed. Both used to be "KEO cannot be used now", as if it might be later.
    ("company_used", G3, 119, _lay("KEO", "E8", "935-0"),
     "KEO has already been used: its ability works once."),
    ("company_closed", G3, 293, _lay("KEO", "E8", "935-0"),
     "KEO is closed and can no longer be used."),
    # Private No. 1 blocks its hex for corporations its owner does not run.
    ("blocked", G3, 30, _lay("RhE", "E14", "1-0"), "E14 is blocked by private PWB."),
    ("blocked", G4, 19, _lay("RhE", "E12", "1-0"), "E12 is blocked by private ATB."),
    ("company_late", G4, 53, _lay("Szl", "E12", "55-0"),
     "Szl cannot be used after tokening or buying trains."),
    ("atb_hex", G4, 125, _lay("ATB", "E10", "55-0"), "Angertalbahn lays only on E12."),
    ("atb_connected", G4, 125, _lay("ATB", "E12", "55-0"),
     "Angertalbahn needs BME to be connected to E12."),
    ("no_bankruptcy", G3, 28, {"type": "bankrupt", "entity": "GVE"},
     "GVE can still raise the money for a train; bankruptcy is not allowed."),
    # Half of the president's certificate would hand GVE to another player.
    ("emergency_limit", G3, 28, {"type": "sell_shares", "entity": 2, "shares": ["GVE_0"],
                                 "percent": 10},
     "In an emergency you may sell only what the train needs, and never so that someone "
     "else takes over the corporation."),
    ("cheapest_only", G3, 303, {"type": "buy_train", "entity": "RhE", "train": "6-1",
                                "price": 600},
     "With the president's help only the cheapest train can be bought."),
    ("ebuy_depot_only", G3, 304, {"type": "buy_train", "entity": "RhE", "train": "4-1",
                                  "price": 1},
     "After an emergency sale only depot trains can be bought."),
]


def _refused(state: dict, seat: int, action: dict) -> RuleError:
    before = GAME.dump(state)
    with pytest.raises(RuleError) as caught:
        GAME.apply(state, seat, action)
    assert GAME.dump(state) == before
    return caught.value


def _said_whole(reason: object, key: str) -> None:
    for lang in ("en", "de"):
        text = say(reason, lang)
        assert "{" not in text and "}" not in text and "rhl18." not in text, (lang, text)
        # a raw key shows as itself ("pool_limit"); a one-word key may be a plain word
        assert text.strip() and ("_" not in key or key not in text), (lang, text)
    assert say(reason, "de") != say(reason, "en")


@pytest.mark.parametrize(("key", "name", "after", "action", "english"), CASES,
                         ids=[f"{c[0]}-{n}" for n, c in enumerate(CASES)])
def test_a_move_against_the_rules_is_refused_with_its_rule(key, name, after, action,
                                                           english) -> None:
    state = position(name, after)
    seat = action["entity"] if isinstance(action["entity"], int) else GAME.active(state)[0]
    assert seat in GAME.active(state)
    error = _refused(state, seat, action)
    reason = error.args[0]
    assert reason.key in (f"rhl18.err.{key}", f"rhl18.tile.{key}"), (reason.key, str(reason))
    assert say(reason, "en") == english
    _said_whole(reason, key)


def test_ratingen_takes_no_tile_before_the_green_phase() -> None:
    """With the Ratingen variant E12 stays empty in phase 2, even for the corporation of
    the Angertalbahn's owner (whom the block does not stop): here RhE's president is made
    ATB's owner."""
    state = position(G4, 19)
    assert state["phase"] == "2" and state["options"].get("ratingen_variant")
    state["companies"]["ATB"]["owner"] = state["corps"]["RhE"]["president"]
    error = _refused(state, GAME.active(state)[0], _lay("RhE", "E12", "1-0"))
    assert error.args[0].key == "rhl18.err.e12_green"
    assert say(error.args[0], "en") == "Cannot place a tile in E12 until green phase."
    _said_whole(error.args[0], "e12_green")


def test_the_emergency_and_depot_positions_are_what_the_cases_say() -> None:
    """The forced-buy cases stand where the rules they test apply."""
    state = position(G3, 28)
    assert state["round"]["step"] == "BuyTrain" and F.must_buy(state, "GVE")
    state = position(G3, 303)
    assert F.must_buy(state, "RhE")
    cash = state["corps"]["RhE"]["cash"]
    assert F.train_price("6-1") > cash  # the president would have to help
    assert min(F.train_price(t) for t in F.depot_available(state)) < F.train_price("6-1")
    state = position(G3, 304)
    assert state["round"]["t"]["ebuy_sold"] and "4-1" not in F.depot_available(state)
    state = position(G3, 315)
    assert R.cert_count(state, 1) == R.cert_limit(state)
    state = position(G3, 208)
    assert R.held_units(state, "BME", R.POOL) + 5 > 5  # the four certificates are 50%


def test_a_replayed_auction_pass_before_rhe_is_parred_is_refused() -> None:
    # A live game offers only the par here (any other move is "not allowed now"); a
    # replayed record goes to the rules directly, which refuse it the same way. (RhE is the
    # dearest private, so it is always the last sold: no bid can come before its par, and
    # rhl18.err.rhe_par_first is never reached.)
    action, key, english = {"type": "pass", "entity": 2}, "rhe_par_now", "RhE must be parred now."
    state = position(G3, 10)
    assert state["round"]["pending_par"] and R.auction_current(state) == 2
    assert state["round"]["companies"] == []
    before = GAME.dump(state)
    with pytest.raises(RuleError) as caught:
        F.process(state, action)
    assert GAME.dump(state) == before
    assert caught.value.args[0].key == f"rhl18.err.{key}"
    assert say(caught.value.args[0], "en") == english
    _said_whole(caught.value.args[0], key)
    refused = _refused(state, 2, action)
    assert refused.args[0].key == "rhl18.err.not_now"


async def test_a_used_private_typed_on_discord_says_it_was_used(tmp_path, monkeypatch) -> None:
    """Through the Discord stand-in: in the recorded game the Trajektanstalt made its one lay
    at action 117; typing its lay in a later track step is answered with that, privately, and
    the table does not change (it said "Tjt cannot be used now.")."""
    from tests.test_rhl18_refusals import refusals

    [said] = await refusals(tmp_path, monkeypatch, 120, ["tjt lay X921 D9 0"])
    assert said.startswith("Tjt has already been used: its ability works once."), said
