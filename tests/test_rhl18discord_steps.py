"""18Rhl on Discord: the step-by-step lay autocomplete offers only lays the engine accepts,
buttons come from legal(), and the run-auto preview matches best_routes."""

from __future__ import annotations

import marshal

import pytest

from bot.service import rhl18_steps as ST
from bot.service.extras import extras_for
from engine.core import RuleError
from engine.rhl18 import importer as I
from engine.rhl18 import legal as L
from engine.rhl18 import routes as RT
from engine.rhl18.game import GAME

FIXTURE = "tests/fixtures/18rhl/rhl_gen_4p_41017_all.json.gz"


def live(state: dict) -> dict:
    """A replay position as a live game's state (automatic checks on, nothing trusted)."""
    copy = marshal.loads(marshal.dumps(state))
    copy["auto_kda"] = True
    copy.pop("trust", None)
    return copy


@pytest.fixture(scope="module")
def positions() -> dict[str, list[dict]]:
    """Sampled positions of a recorded game by step (every 6th of each, so that yellow,
    green and brown phases are all in)."""
    found: dict[str, list[dict]] = {"Track": [], "Route": [], "Stock": []}
    seen = dict.fromkeys(found, 0)
    for state, _ in I.replay_iter(I.load_json(FIXTURE)):
        rnd = state["round"]
        step = rnd.get("step") if rnd["type"] == "Operating" and not rnd["discard"] else \
            rnd["type"]
        if step in found:
            seen[step] += 1
            if seen[step] % 6 == 1:
                found[step].append(live(state))
    return found


def walk(state: dict, seat: int) -> set[str]:
    """Every final value the autocomplete reaches: hexes -> tiles -> rotations."""
    finals: set[str] = set()
    starts = ST.step_choices(GAME, state, seat, "") + ST.step_choices(GAME, state, seat, "lay")
    for _, hex_value in [c for c in starts if " lay " in f" {c[1]}" and len(c[1].split()) < 4]:
        for _, tile_value in ST.step_choices(GAME, state, seat, hex_value):
            for _, value in ST.step_choices(GAME, state, seat, tile_value):
                finals.add(value)
    return finals


def _track(value: str) -> tuple:
    """What a lay's notation ("szl lay 9 F11 1") puts on the board: hex, tile, track."""
    words = value.split()
    return (*words[:-3], words[-2], words[-3],
            ST.track_groups(words[-3], int(words[-1])))


def test_every_offered_lay_is_accepted_and_every_legal_lay_is_reachable(positions):
    checked = 0
    assert len(positions["Track"]) >= 8
    for state in positions["Track"]:
        seat = GAME.active(state)[0]
        legal = {GAME.format(state, m) for m in GAME.legal(state, seat)
                 if m["type"] == "lay_tile"}
        finals = walk(state, seat)
        # hexes are capped at 25 per answer; with more, narrow by the hex's letter as a player
        if len({v.rsplit(" ", 2)[0].split("lay")[0] + v.split()[-2] for v in legal}) <= 20:
            # a rotation laying the same track as a lower one is offered once
            assert finals <= legal and {_track(v) for v in finals} == {_track(v) for v in legal}
            assert len({_track(v) for v in finals}) == len(finals)
        for value in finals:
            work = marshal.loads(marshal.dumps(state))
            GAME.apply(work, seat, GAME.parse(work, seat, value))  # raises if illegal
            hex_id, name = value.split()[-2], value.split()[-3]
            assert work["board"][hex_id]["tile"].rsplit("-", 1)[0] == name
            checked += 1
    assert checked > 50


def test_narrowing_by_letter_tile_first_and_rotation(positions):
    state = next(s for s in positions["Track"] if len(walk(s, GAME.active(s)[0])) > 3)
    seat = GAME.active(state)[0]
    value = sorted(walk(state, seat))[0]
    _, name, hex_id, rotation = value.split()
    by_letter = ST.step_choices(GAME, state, seat, f"lay {hex_id[0]}")
    assert by_letter and all(v.split()[1].startswith(hex_id[0]) for _, v in by_letter)
    tile_first = [v for _, v in ST.step_choices(GAME, state, seat, f"lay {name} {hex_id}")]
    assert value in tile_first
    assert [v for _, v in ST.step_choices(GAME, state, seat, f"LAY {hex_id} {name} "
                                                             f"{rotation}")] == [value]
    labels = [label for label, v in ST.step_choices(GAME, state, seat, value) if v == value]
    assert labels and "exits" in labels[0] and len(labels[0]) <= 100


def test_top_level_lists_other_moves_then_hexes_and_never_a_bare_lay(positions):
    state = positions["Track"][0]
    seat = GAME.active(state)[0]
    choices = ST.step_choices(GAME, state, seat, "")
    # the track step's pass skips the lay only: it says so
    assert choices[0][1] == "pass" and choices[0][0].startswith("Lay no track")
    hexes = [v for _, v in choices if v.startswith("lay ")]
    assert hexes and all(len(v.split()) == 2 for v in hexes)
    for _, value in choices:
        if not value.split()[-1].isalpha() or value == "pass":
            continue
    with pytest.raises(RuleError):  # a partial value is not a move
        GAME.parse(state, seat, hexes[0])


def test_buttons_come_from_legal_and_fit_discord(positions):
    for state in positions["Track"][:5] + positions["Route"][:5] + positions["Stock"][:8]:
        seat = GAME.active(state)[0]
        moves = GAME.legal(state, seat)
        picked = ST.button_indexes(GAME, state, moves)
        assert len(picked) <= 25 and len(set(picked)) == len(picked)
        kinds = {moves[i]["type"] for i in picked}
        assert "lay_tile" not in kinds
        if state["round"].get("step") == "Route":
            assert "run_routes" in kinds
        if state["round"]["type"] == "Stock":
            assert "pass" in kinds and kinds & {"buy_shares", "sell_shares"}
            labels = [GAME.label(state, moves[i]) for i in picked]
            assert len(labels) == len(set(labels))


def test_run_auto_preview_shows_best_routes_revenue(positions):
    extras = extras_for("18rhl")
    shown = 0
    for state in positions["Route"][:8]:
        seat = GAME.active(state)[0]
        sym = GAME.legal(state, seat)[0]["entity"]
        best = RT.best_routes(state["board"], sym, state["corps"][sym]["trains"],
                              L.route_context(state))
        pictures = extras.prompt_images(GAME, state, seat)
        assert len(pictures) == 1
        text, view = pictures[0]
        total = sum(r.revenue for r in best)
        assert f"{total}M" in text
        assert view["image"] == {"kind": "routes"}
        assert sum(r["revenue"] for r in view["routes"]) == total
        shown += bool(best)
    assert shown


def test_zoom_refuses_unknown_hexes(positions):
    from bot.service.extras import NoZoom

    state = positions["Track"][0]
    assert extras_for("18rhl").zoom(GAME, state, "f9")["image"] == {"kind": "zoom", "hex": "F9"}
    with pytest.raises(NoZoom):
        extras_for("18rhl").zoom(GAME, state, "Z99")
    with pytest.raises(NoZoom):
        extras_for("rhein").zoom(GAME, state, "F9")


def test_phase_labels_change_per_round_not_per_move():
    """The service posts a whole board whenever phase() changes: once per round (and when a
    new train phase starts), never within a round for anything else."""
    changes, rounds = 0, 0
    last_label, last_round = None, None
    for state, _ in I.replay_iter(I.load_json(FIXTURE), trust=True):
        label = GAME.phase(state)
        rnd = (state["round"]["type"], state["turn"], state["round"].get("num"))
        if label != last_label:
            changes += 1
            if rnd == last_round:  # same round: only a new train phase may change it
                assert label.split(" · ")[0] != last_label.split(" · ")[0]
        rounds += rnd != last_round
        last_label, last_round = label, rnd
    assert rounds <= changes <= rounds + 6  # train phases 3..8 add at most six


def test_a_lay_on_costly_terrain_shows_its_cost_in_the_step_labels(positions):
    from engine.rhl18.notation import cost_of as cost

    for state in positions["Track"]:
        seat = GAME.active(state)[0]
        costly = [m for m in GAME.legal(state, seat)
                  if m["type"] == "lay_tile" and cost(state, m)]
        if costly:
            move = costly[0]
            value = GAME.format(state, move)
            labels = [label for label, v in ST.step_choices(GAME, state, seat, value)
                      if v == value]
            assert labels and f"({cost(state, move)}M)" in labels[0], labels
            return
    pytest.fail("no position with a lay on costly terrain")


def test_a_list_a_player_reads_names_tile_lays_by_hex_not_by_rotation(positions):
    """``/game hand`` and the turn DM listed single lays, "Lay tile 1 on F5, rotation 2",
    cut after 20 of hundreds: a rotation number says nothing of where the track runs. Now
    each hex is one entry with its tiles and the step to type; the rest keep their labels."""
    from bot.service.base import _expected
    from bot.service.move_lists import first_choices

    for state in positions["Track"][:6]:
        seat = GAME.active(state)[0]
        moves = GAME.legal(state, seat)
        lays = [m for m in moves if m.get("type") == "lay_tile"]
        if not lays:
            continue
        for lang in ("en", "de"):
            listed = extras_for("18rhl").list_labels(GAME, state, moves, lang=lang)
            labels, covered = first_choices(GAME, state, moves, lang, 20, listed)
            hexes = {m["hex"] for m in lays}
            step = " · lay " if lang == "en" else " · legen "  # the step in the reader's words
            assert len([label for label in labels if step in label]) == min(len(hexes), 20)
            assert not any("rotation" in label or "Drehung" in label for label in labels)
            if len(hexes) < 20:  # every lay is covered by its hex's entry
                assert {i for i, m in enumerate(moves) if m.get("type") == "lay_tile"} <= covered
            said = _expected(GAME, state, seat, lang)
            assert "rotation" not in said and "Drehung" not in said, said


def test_the_turn_dm_counts_the_choices_left_not_the_single_moves(positions):
    """"(and 273 more: /game hand lists them)" under three lays where /game hand lists a
    few hexes: the count was of single moves."""
    from bot.service.base import _expected
    from bot.service.move_lists import first_choices

    for state in positions["Track"][:6]:
        seat = GAME.active(state)[0]
        moves = GAME.legal(state, seat)
        listed = extras_for("18rhl").list_labels(GAME, state, moves, lang="en")
        entries, _ = first_choices(GAME, state, moves, "en", len(moves), listed)
        said = _expected(GAME, state, seat, "en")
        if len(entries) > 3:
            # entries, as /game hand's head counts them ("Your moves (120 in 14 entries)")
            more = f"{len(entries) - 3} more entries" if len(entries) > 4 else "1 more entry"
            assert f"(and {more}: /game hand lists " in said, said
        else:
            assert "more" not in said, said


def test_g12_is_spelt_remscheid():
    """The reference's map data spells the city "Remshcheid"; the name is shown on the map
    and in autocomplete, and no state or log parity depends on it."""
    from engine.rhl18 import data, hexmap

    assert hexmap.hex_info("G12").name == "Remscheid Solingen"
    assert "Remshcheid" not in str(data.hexes())
