"""18Rhl rules the recorded game does not use, checked at the moment they happen in the
generated reference games (replayed strictly through our engine)."""

from __future__ import annotations

from pathlib import Path

from engine.rhl18 import flow as F
from engine.rhl18 import importer
from engine.rhl18 import rules as R

FIX = Path(__file__).parent / "fixtures" / "18rhl"


def _around(name: str, action_id: int) -> tuple[dict, dict]:
    """Our state just before and just after the effective action ``action_id``."""
    game = importer.load_json(FIX / f"{name}.json.gz")
    before = None
    for state, raw in importer.replay_iter(game):
        if raw is not None and raw["id"] == action_id:
            return before, state
        before = importer_copy(state)
    raise AssertionError(f"action {action_id} not found")


def importer_copy(state: dict) -> dict:
    import marshal

    return marshal.loads(marshal.dumps(state))


def _seat(state: dict, player_id: int) -> int:
    return state["ids"].index(player_id)


def test_bankruptcy_sells_closes_and_leaves_the_player_out() -> None:
    before, after = _around("rhl_gen_6p_61007", 130)
    seat = _seat(after, 5)
    assert after["bankrupt"][seat] and after["cash"][seat] == 0
    assert not any(h == seat for h in after["certs"].values())
    assert after["companies"]["Szl"]["closed"]
    # Player 4 held the most ADR and became its president.
    assert after["corps"]["ADR"]["president"] == _seat(after, 4)


def test_receivership_takes_the_cheapest_train_on_a_bank_loan() -> None:
    before, after = _around("rhl_gen_6p_61007", 131)
    adr = after["corps"]["ADR"]
    assert adr["receivership"] and adr["president"] is None
    assert adr["trains"] == ["3-2"]
    # 200M train: 181M from the ex-president's cash (already at the bank), 10M treasury,
    # the bank's 9M plus the 100M fee are charged to ADR.
    assert adr["cash"] == -109
    assert before["bank"] + sum(before["cash"]) == after["bank"] + sum(after["cash"]) - 10 - 109


def test_receivership_corporations_skip_track_and_tokens_and_withhold() -> None:
    _, after = _around("rhl_gen_5p_51018", 433)
    assert after["corps"]["DEE"]["receivership"]
    t = {"laid": False, "tokened": False, "teleported": None, "track_done": False,
         "revenue": 0, "special_city_hex": None}
    after["round"]["t"].update(t)
    assert not F._step_available(after, "DEE", "Track")
    assert not F.can_token(after, "DEE")


def test_train_limit_discards_after_the_phase_change() -> None:
    before, after = _around("rhl_gen_3p_31001", 291)
    assert after["phase"] == "5"
    assert after["round"]["discard"] == ["BME", "CME"]
    _, later = _around("rhl_gen_3p_31001", 292)
    assert any(t.startswith("3-") for t in later["discarded"])
    assert len(later["corps"]["BME"]["trains"]) == 2


def test_emergency_money_president_contributes() -> None:
    before, after = _around("rhl_gen_3p_31001", 291)
    pres = before["corps"]["GVE"]["president"]
    assert after["cash"][pres] == before["cash"][pres] - 250
    assert "5-0" in after["corps"]["GVE"]["trains"]


def test_keo_lays_osterath_on_e8_and_the_token_is_free() -> None:
    before, after = _around("rhl_gen_3p_31001", 107)
    assert after["board"]["E8"]["tile"] == "935"
    assert after["round"]["step"] == "SpecialToken"
    _, placed = _around("rhl_gen_3p_31001", 108)
    assert placed["corps"]["BME"]["cash"] == after["corps"]["BME"]["cash"]
    assert "BME" in placed["board"]["E8"]["tokens"][0]


def test_trajekt_upgrade_is_free_and_ends_the_normal_lay() -> None:
    before, after = _around("rhl_gen_3p_31001", 117)
    assert after["board"]["I10"]["tile"] == "X924"
    assert after["corps"]["RhE"]["cash"] == before["corps"]["RhE"]["cash"]
    assert after["round"]["t"]["track_done"]


def test_angertalbahn_lay_closes_atb_and_keeps_the_normal_lay() -> None:
    before, after = _around("rhl_gen_4p_41017_all", 304)
    assert after["companies"]["ATB"]["closed"]
    assert after["board"]["E12"]["tile"] == "55"
    assert after["round"]["step"] == "Track"


def test_ratingen_tile_1910_on_e10() -> None:
    _, after = _around("rhl_gen_4p_41017_all", 327)
    assert after["board"]["E10"]["tile"] == "1910"


def test_promotion_tile_950_on_moers() -> None:
    _, after = _around("rhl_gen_3p_31002_all", 472)
    assert after["board"]["D7"]["tile"] == "950"


def test_partial_presidents_certificate_sale() -> None:
    before, after = _around("rhl_gen_6p_61008_pt_rv", 102)
    seller, taker = _seat(after, 3), _seat(after, 1)
    assert after["corps"]["DEE"]["president"] == taker
    assert after["certs"]["DEE_0"] == taker
    assert R.held_units(after, "DEE", seller) == 1  # sold 10% of the 20% certificate
    price = R.price_of(before["corps"]["DEE"]["price"])
    assert after["cash"][seller] == before["cash"][seller] + price


def test_kda_link_pays_rhe_three_times_par_once() -> None:
    before, after = _around("rhl_gen_5p_51018", 108)
    assert before["kda"] == 225 and after["kda"] == 0
    assert after["corps"]["RhE"]["cash"] == before["corps"]["RhE"]["cash"] + 225


def test_live_kda_check_agrees_with_every_recorded_result() -> None:
    """At every recorded KDA check, the check our live games run gives the same answer."""
    checked = 0
    for name in ("18Rhl_game_end_bank", "rhl_gen_5p_51018", "rhl_gen_3p_31001"):
        game = importer.load_json(FIX / f"{name}.json.gz")
        ids, options, seed = importer.setup_from(game)
        seats = {pid: i for i, pid in enumerate(ids)}
        state = R.new_game(ids, options, seed)
        state["auto_kda"], state["trust"] = False, True
        F.settle(state)
        for raw in importer.filter_actions(game["actions"]):
            importer.play(state, importer.convert(raw, seats))  # a trade's accept implied
            for auto in raw.get("auto_actions") or []:
                if auto["type"] == "destination_connection" and state["kda"] > 0:
                    assert F.kda_link(state) == ("RhE" in auto["corporations"]), raw["id"]
                    checked += 1
                F.process(state, importer.convert(auto, seats))
    assert checked > 100
