"""18Rhl faults the fuzzer found (engine/fuzz.py), each pinned by a test named after the rule,
plus random text into parse/apply: a legal action or a RuleError, never another exception,
never a changed state after a refusal."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import RuleError, get_game
from engine.playthrough import replay

GAME = get_game("18rhl")
FUZZ = Path(__file__).parent / "fixtures" / "fuzz"


def _export(name: str) -> dict:
    return json.loads((FUZZ / f"{name}.json").read_text(encoding="utf-8"))


def _position(data: dict, moves: int | None = None) -> dict:
    actions = data["actions"] if moves is None else data["actions"][:moves]
    state = replay(GAME, data["players"], data["options"], data["seed"], [])
    for a in actions:
        _apply_agreed(state, a["seat"], a["move"])
    return state


def _apply_agreed(state: dict, seat: int, move: str) -> None:
    """One move of an export recorded when trains changed hands at once between
    corporations: the seller's president now answers the offer, so it accepts here."""
    GAME.apply(state, seat, GAME.parse(state, seat, move))
    if state["round"].get("offer"):
        seller = GAME.active(state)[0]
        GAME.apply(state, seller, GAME.parse(state, seller, "accept"))


def _refused_unchanged(state: dict, seat: int, action: dict) -> str:
    before = GAME.dump(state)
    with pytest.raises(RuleError) as refused:
        GAME.apply(state, seat, action)
    assert GAME.dump(state) == before
    return str(refused.value)


# -- notation: numbers are plain ASCII digits -------------------------------------------------
@pytest.mark.parametrize("typed", ["bid nlk ²45", "bid nlk \u0661\u0662", "lay 9 F11 ²",
                                   "szl lay 9 F11 \u0663", "buy-train 2-0 from dee ¹50"])
def test_notation_numbers_are_ascii_digits(typed: str) -> None:
    # fuzz export 18rhl-parse-superscript: "²".isdigit() is true, int("²") raises ValueError
    data = _export("18rhl-parse-superscript")
    state = _position(data)
    seat = data["fuzz"]["failing_move"][0]
    with pytest.raises(RuleError):
        GAME.parse(state, seat, typed)
    with pytest.raises(RuleError):
        GAME.parse(state, seat, data["fuzz"]["failing_move"][1])


# -- a lay names a hex on the map -------------------------------------------------------------
def test_a_lay_names_a_hex_on_the_map() -> None:
    # fuzz export 18rhl-lay-unknown-hex: "lay ... H1.51.5 ..." reached the board as a KeyError
    data = _export("18rhl-lay-unknown-hex")
    state = _position(data)
    seat, typed = data["fuzz"]["failing_move"]
    with pytest.raises(RuleError, match="no hex"):
        GAME.parse(state, seat, typed)
    sym = GAME.legal(state, seat)[0]["entity"]
    action = {"type": "lay_tile", "entity": sym, "hex": "Z99", "tile": "9-0", "rotation": 0}
    assert "no hex Z99" in _refused_unchanged(state, seat, action)


def test_a_lay_rotation_is_zero_to_five() -> None:
    data = _export("18rhl-lay-unknown-hex")
    state = _position(data)
    seat = data["fuzz"]["failing_move"][0]
    with pytest.raises(RuleError, match="rotation"):
        GAME.parse(state, seat, "lay 9 F11 6")


# -- an upgrade keeps every old city a city of its own ----------------------------------------
def test_an_upgrade_may_not_fold_two_cities_into_one() -> None:
    # fuzz export 18rhl-legal-buy-refused (3p, lower_starting_capital, seed 5008): CCE laid
    # 938 on G6 at rotation 4, whose city 1 takes the track of both yellow cities; RhE's
    # token moved into GVE's reserved city, so GVE's home token had no slot, and legal()
    # offered 'buy dee ipo' (which starts the operating round) while apply() refused it.
    data = _export("18rhl-legal-buy-refused")
    lay = next(i for i, a in enumerate(data["actions"]) if a["move"] == "lay 938 G6 4")
    state = _position(data, lay)
    seat = data["actions"][lay]["seat"]
    texts = {GAME.format(state, m) for m in GAME.legal(state, seat)}
    assert "lay 938 G6 4" not in texts
    assert {"lay 938 G6 0", "lay 938 G6 2"} <= texts  # the turns that keep both cities
    action = {"type": "lay_tile", "entity": "CCE", "hex": "G6", "tile": "938-0",
              "rotation": 4}
    assert "merge cities" in _refused_unchanged(state, seat, action)


@pytest.mark.parametrize("rotation,allowed", [(0, True), (1, False), (2, True), (3, False),
                                              (4, False), (5, False)])
def test_g6_upgrade_rotations(rotation: int, allowed: bool) -> None:
    from engine.rhl18 import tiles as TL

    assert TL._unmatched_stops("G6-0", 0, "938", rotation) is not allowed


# -- random text into parse/apply --------------------------------------------------------------
@cache
def _positions() -> tuple[str, ...]:
    """Dumped positions across a game's rounds (auction, stock, operating), replayed from a
    fuzz export, so the text below meets every parser branch."""
    data = _export("18rhl-legal-buy-refused")
    out = []
    state = GAME.setup(data["players"], data["options"], data["seed"])
    for i, a in enumerate(data["actions"][:160]):
        if i % 9 == 0:
            out.append(GAME.dump(state))
        _apply_agreed(state, a["seat"], a["move"])
    return tuple(out)


WORDS = ["bid", "buy", "sell", "par", "lay", "token", "run", "auto", "none", "pass", "payout",
         "withhold", "buy-train", "from", "depot", "discard", "bankrupt", "ipo", "pool", "pres",
         "half-pres", "20", "nlk", "rhe", "dee", "cce", "szl", "keo", "tjt", "9", "938", "F11",
         "G6", "I10-0", "K6", "F9.1", "2-0", "3-1", "2:", ";", "0", "5", "6", "-1", "²", "1.5",
         "99999999999999999999999", "é", "", ":", "x"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 100), st.integers(0, 5),
       st.one_of(st.lists(st.sampled_from(WORDS), max_size=6).map(" ".join),
                 st.text(max_size=30)))
def test_random_text_is_a_move_or_a_rule_error(where: int, seat: int, text: str) -> None:
    positions = _positions()
    state = GAME.load(positions[where % len(positions)])
    seat %= len(state["ids"])
    before = GAME.dump(state)
    try:
        action = GAME.parse(state, seat, text)
    except RuleError:
        assert GAME.dump(state) == before
        return
    try:
        GAME.apply(state, seat, action)
    except RuleError:
        assert GAME.dump(state) == before


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 100), st.integers(0, 10_000), st.integers(0, 7),
       st.sampled_from(WORDS + ["²", "\u0661", "-", "Z99", "H1.5", "9-99", "rhe_9"]),
       st.booleans())
def test_a_legal_move_with_one_word_changed_is_a_move_or_a_rule_error(
        where: int, pick: int, at: int, word: str, insert: bool) -> None:
    positions = _positions()
    state = GAME.load(positions[where % len(positions)])
    seat = GAME.active(state)[0]
    moves = GAME.legal(state, seat)
    words = GAME.format(state, moves[pick % len(moves)]).split()
    at %= len(words) + 1
    words[at:at + (0 if insert else 1)] = [word]
    before = GAME.dump(state)
    try:
        GAME.apply(state, seat, GAME.parse(state, seat, " ".join(words)))
    except RuleError:
        assert GAME.dump(state) == before


# -- an upgrade moves each token into a city of its own ---------------------------------------
def test_an_upgrade_keeps_each_city_its_own_tokens() -> None:
    # G12's yellow tile has a dead city (no track) beside a city on edge 4; 937 at rotation 4
    # puts its edge-4 city first, which the dead city used to claim as well (two tokens in a
    # one-slot city).
    from engine.rhl18 import board as bd

    board = {"G12": {"tile": "G12-0", "id": "G12-0", "rotation": 0,
                     "tokens": [["AAA"], ["BBB"]], "reserved": [None, "CCC"]}}
    bd.replace_tile(board, "G12", "937", "937-0", 4)
    assert board["G12"]["tokens"] == [["BBB"], ["AAA"]]
    assert board["G12"]["reserved"] == ["CCC", None]
    # rotation 0: each city keeps its index
    board["G12"].update(tile="G12-0", rotation=0, tokens=[["AAA"], ["BBB"]])
    bd.replace_tile(board, "G12", "937", "937-0", 0)
    assert board["G12"]["tokens"] == [["AAA"], ["BBB"]]


# -- private lays use the tiles their ability lists --------------------------------------------
def test_seilzuganlage_lays_only_its_listed_tiles() -> None:
    from engine.rhl18 import operating as O

    O._check_ability_tile("Szl", "9")
    O._check_ability_tile("ATB", "55")
    with pytest.raises(RuleError, match="Szl may lay only tiles"):
        O._check_ability_tile("Szl", "918")
    with pytest.raises(RuleError, match="ATB may lay only tiles"):
        O._check_ability_tile("ATB", "9")
