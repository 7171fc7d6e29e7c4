"""Rheinländer: castles, ownership, values, payments, joins, conversion, archbishop.

Each test names the rulings scenario (S9...) and the rules (H2, E6, G4...) it checks.
"""

from engine.rheinlaender import GAME
from engine.rheinlaender.board import get_board
from engine.rheinlaender.churches import bishops
from engine.rheinlaender.duchies import counts, group_of, value
from engine.rheinlaender.scenario import scenario

A, B, C, D, E = range(5)
CASTLE_12_13 = {"C1": ("castle", 0, ["L12", "L13"])}
CASTLE_13_14 = {"C1": ("castle", 0, ["L13", "L14"])}


def turn(state, seat, text):
    state["current"], state["step"], state["bastion_placed"] = seat, "start", False
    action = GAME.parse(state, seat, text)
    if "card" in action and action["card"] not in state["hands"][seat]:
        state["hands"][seat].append(action["card"])
    return GAME.apply(state, seat, action)


def board(state):
    return get_board(state["board"])


def owner(state, space):
    members = set(group_of(state, board(state), space))
    owners = [d["owner"] for d in state["dukes"] if d["anchor"] in members]
    assert len(owners) <= 1, "two dukes in one duchy"
    return owners[0] if owners else None


def tally(state, space):
    return counts(state, group_of(state, board(state), space))


def worth(state, space):
    return value(state, board(state), group_of(state, board(state), space))


# --- castles ------------------------------------------------------------------------------

def test_s9_e2_h2_lone_knight_and_castle_knight_form_a_duchy():
    state = scenario("", realms={**CASTLE_12_13, "S1": ("city", 3, ["L11", "L12"])})
    supply = state["supply"][A]
    turn(state, A, "play 12 left")
    assert state["knights"]["C1"] == A
    assert owner(state, "L12") == A and worth(state, "L12") == 5
    assert state["supply"][A] == supply - 2


def test_s10_h2_castle_goes_to_the_duke_of_the_joined_duchy():
    state = scenario("A:L11 A:L12", realms=CASTLE_13_14, dukes=[("A", "L11")])
    supply = state["supply"][A]
    turn(state, B, "play 13 left")
    assert state["knights"]["C1"] == A and state["supply"][A] == supply - 1
    assert tally(state, "L13") == {A: 3, B: 1} and owner(state, "L13") == A
    assert state["coins"] == [0, 0, 0]


def test_s11_h2_castle_goes_to_the_placer_when_no_duke():
    state = scenario("A:L11 B:L12", realms=CASTLE_13_14)
    turn(state, B, "play 13 left")
    assert state["knights"]["C1"] == B
    assert tally(state, "L13") == {A: 1, B: 3} and owner(state, "L13") == B


def test_s12_h4_castle_settled_before_ownership_keeps_the_owner():
    state = scenario("B:L9 A:L10 A:L11 B:L12", realms=CASTLE_13_14, dukes=[("A", "L10")])
    turn(state, B, "play 13 left")
    assert state["knights"]["C1"] == A
    assert tally(state, "L13") == {A: 3, B: 3} and owner(state, "L13") == A
    assert state["coins"] == [0, 0, 0]


def test_s13_h5_two_castles_decided_at_once():
    realms = {"C1": ("castle", 0, ["L11", "L12"]), "C2": ("castle", 0, ["L12", "L13"])}
    state = scenario("", realms=realms)
    supply = state["supply"][A]
    turn(state, A, "play 12 left")
    assert state["knights"]["C1"] == A and state["knights"]["C2"] == A
    assert owner(state, "L12") == A and worth(state, "L12") == 3
    assert state["supply"][A] == supply - 3


def test_s14_d6_bastion_does_not_decide_a_castle_two_bastions_kill_it():
    state = scenario("bastion:L12", realms=CASTLE_12_13)
    turn(state, A, "play 13 left")
    assert state["knights"]["C1"] == A and owner(state, "L13") == A
    dead = scenario("bastion:L12 bastion:L13 A:L11 A:L14", realms=CASTLE_12_13)
    assert "C1" not in dead["knights"]
    assert worth(dead, "L11") == 1 and worth(dead, "L14") == 1


def test_s15_c6_h1_reinforcement_decides_a_castle():
    state = scenario("A:L11", realms=CASTLE_12_13)
    turn(state, A, "reinforce 40 onto 12 left")
    assert state["knights"]["C1"] == A
    assert tally(state, "L11") == {A: 3} and owner(state, "L11") == A


def test_s16_h8_f4_castle_knights_change_colour_with_the_duchy():
    state = scenario("B:L10 B:L11 A:L12 A:L13 A:C1", realms=CASTLE_12_13, dukes=[("A", "L12")])
    turn(state, B, "play 9 left")
    assert owner(state, "L9") == A and state["coins"] == [0, 0, 0]
    supply_a, supply_b = state["supply"][A], state["supply"][B]
    turn(state, B, "play 14 left")
    assert owner(state, "L14") == B
    assert state["coins"][A] == 2
    assert state["knights"]["C1"] == B
    assert state["supply"][A] == supply_a + 1 and state["supply"][B] == supply_b - 2
    assert tally(state, "L14") == {B: 5, A: 2}


def test_h7_decided_castle_gets_no_second_knight():
    state = scenario("A:L12 A:C1", realms=CASTLE_12_13, dukes=[("A", "L12")])
    supply = state["supply"][B]
    turn(state, B, "play 13 left")
    assert state["knights"]["C1"] == A and state["supply"][B] == supply - 1


# --- ownership and value ---------------------------------------------------------------------

def test_s17_f1_realm_counts_once_whatever_the_colour():
    realms = {"S1": ("city", 3, ["L12", "L13"]), "K1": ("church", 0, ["L10", "L11"]),
              "S2": ("city", 4, ["L20", "L21"])}
    state = scenario("A:L11 B:L12 A:L13 A:L20", realms=realms, dukes=[("A", "L11")])
    assert worth(state, "L12") == 5
    assert bishops(state, board(state)) == [1, 0, 0]
    assert all(20 not in [int(s[1:]) for s in d["spaces"]]
               for d in GAME.view(state, None)["duchies"])


def test_s18_e3_plurality_with_at_least_two_knights():
    state = scenario("A:L10 A:L11 B:L12", players=3)
    turn(state, C, "play 13 left")
    assert owner(state, "L10") == A
    state = scenario("A:L10 B:L11")
    turn(state, C, "play 12 left")
    assert owner(state, "L10") is None
    state = scenario("A:L10")
    turn(state, B, "play 11 left")
    assert owner(state, "L10") is None
    state = scenario("A:L10 A:L11 B:L12 C:L13", players=5)
    turn(state, D, "play 14 left")
    assert owner(state, "L10") == A


def test_s19_e6_tie_keeps_the_present_duke():
    state = scenario("A:L10 A:L11 B:L12", dukes=[("A", "L10")])
    turn(state, B, "play 13 left")
    assert owner(state, "L10") == A and state["coins"] == [0, 0, 0]
    turn(state, B, "play 14 left")
    assert owner(state, "L10") == B and state["coins"][A] == 1


def test_s20_f4_i3_i5_takeover_paid_at_old_value_bishop_and_archbishop_move():
    realms = {"K1": ("church", 0, ["L10", "L11"]), "S1": ("city", 4, ["L14", "L15"])}
    state = scenario("A:L10 A:L11 B:L12 B:L13", realms=realms, dukes=[("A", "L10")])
    assert state["archbishop"] == A
    turn(state, B, "play 14 left")
    assert owner(state, "L14") == B
    assert state["coins"][A] == 2
    assert worth(state, "L10") == 6
    assert bishops(state, board(state)) == [0, 1, 0]
    assert state["archbishop"] == B
    assert not [a for a in GAME.legal(state, B) if a["type"] == "convert"]


# --- joins ------------------------------------------------------------------------------

def test_s21_g3_leader_owned_one_of_the_joined_duchies():
    realms = {"S1": ("city", 2, ["L10", "L11"]), "K1": ("church", 0, ["L14", "L15"])}
    state = scenario("A:L10 A:L11 B:L13 B:L14", realms=realms,
                     dukes=[("A", "L10"), ("B", "L13")])
    turn(state, A, "play 12 left")
    assert owner(state, "L12") == A and len(state["dukes"]) == 1
    assert state["coins"] == [0, 2, 0]
    assert worth(state, "L12") == 4
    assert bishops(state, board(state)) == [1, 0, 0]


def test_s22_g4_f5_leader_owned_several_most_valuable_duke_stays():
    realms = {"S1": ("city", 4, ["L10", "L11"]), "K1": ("church", 0, ["L14", "L15"])}
    state = scenario("A:L10 A:L11 A:L13 A:L14 B:L15", realms=realms,
                     dukes=[("A", "L13"), ("A", "L10")])
    turn(state, B, "play 12 left")
    assert state["dukes"] == [{"owner": A, "anchor": "L10", "figure": A}]
    assert tally(state, "L12") == {A: 4, B: 2}
    assert state["coins"] == [2, 0, 0]
    assert bishops(state, board(state)) == [1, 0, 0]
    assert worth(state, "L12") == 6


def test_s23_g2_leader_owned_none_of_the_joined_duchies():
    state = scenario("A:L9 A:L10 C:L11 C:L13 B:L14 B:L15",
                     dukes=[("A", "L9"), ("B", "L14")])
    turn(state, C, "play 12 left")
    assert tally(state, "L12") == {A: 2, B: 2, C: 3}
    assert owner(state, "L12") == C and len(state["dukes"]) == 1
    assert state["coins"] == [1, 1, 0]


def test_s24_g6_h8_tied_join_removes_every_duke_castles_stay_then_change():
    realms = {"C1": ("castle", 0, ["L9", "L10"]), "C2": ("castle", 0, ["L14", "L15"])}
    state = scenario("A:L10 A:L11 A:C1 B:L13 B:L14 B:C2", realms=realms,
                     dukes=[("A", "L10"), ("B", "L13")])
    turn(state, C, "play 12 left")
    assert state["dukes"] == [] and state["coins"] == [2, 2, 0]
    assert state["knights"]["C1"] == A and state["knights"]["C2"] == B
    supply_a = state["supply"][A]
    turn(state, A, "play 9 left")
    assert owner(state, "L9") == A
    assert state["knights"]["C2"] == A
    assert tally(state, "L9") == {A: 5, B: 2, C: 1}
    assert state["supply"][A] == supply_a - 2
    assert state["coins"] == [2, 2, 0]


def test_s25_e10_lone_knight_does_not_make_a_join():
    state = scenario("A:L10 A:L11 C:L13", dukes=[("A", "L10")])
    turn(state, C, "play 12 left")
    assert owner(state, "L12") == A and state["coins"] == [0, 0, 0]


def test_s26_e10_g6_ownerless_duchy_does_make_a_join():
    state = scenario("A:L10 A:L11 B:L13 C:L14", dukes=[("A", "L10")])
    turn(state, B, "play 12 left")
    assert owner(state, "L12") is None and state["coins"] == [1, 0, 0]


def test_s27_c6_g4_reinforcement_joins_two_duchies_of_one_player():
    realms = {"S1": ("city", 4, ["L10", "L11"])}
    state = scenario("A:L10 A:L11 A:L13 A:L14", realms=realms,
                     dukes=[("A", "L10"), ("A", "L13")])
    turn(state, A, "reinforce 40 onto 12 left")
    assert [d["anchor"] for d in state["dukes"]] == ["L10"]
    assert state["coins"] == [1, 0, 0]


def test_s28_g5_equal_dukes_keep_the_first_in_board_order():
    state = scenario("A:L10 A:L11 A:L13 A:L14", dukes=[("A", "L13"), ("A", "L10")])
    turn(state, B, "play 12 left")
    assert [d["anchor"] for d in state["dukes"]] == ["L10"]
    assert state["coins"] == [1, 0, 0] and tally(state, "L12") == {A: 4, B: 1}


def test_s29_h2_case3_castle_to_placer_when_dukes_of_two_players_meet():
    realms = {"C1": ("castle", 0, ["L20", "L21"])}
    state = scenario("A:L18 A:L19 B:I20/21 B:T20", island=True, realms=realms,
                     dukes=[("A", "L18"), ("B", "T20")])
    turn(state, C, "play 20 left")
    assert state["knights"]["C1"] == C
    assert tally(state, "L20") == {A: 2, B: 2, C: 2}
    assert state["dukes"] == [] and state["coins"] == [1, 1, 0]


# --- conversion and the archbishop -------------------------------------------------------------

def test_s30_j1_j3_conversion_takes_over_a_duchy():
    state = scenario("B:L11 B:L12 A:L13", dukes=[("B", "L11")], archbishop="A")
    supply_a, supply_b = state["supply"][A], state["supply"][B]
    turn(state, A, "convert 12 left")
    assert state["knights"]["L12"] == A
    assert state["supply"][A] == supply_a - 1 and state["supply"][B] == supply_b + 1
    assert owner(state, "L12") == A and state["coins"] == [0, 1, 0]


def test_s31_j1_j2_what_a_conversion_may_target():
    state = scenario("A:L12 B:R12 C:T12", archbishop="A", hands={"A": [12]},
                     realms={"C1": ("castle", 0, ["L12", "L13"])})
    state["knights"]["C1"] = B
    moves = GAME.legal(state, A)
    assert sorted(a["space"] for a in moves if a["type"] == "convert") == ["R12", "T12"]
    assert not [a for a in moves if a["type"] == "reinforce" and a["space"] in ("R12", "T12")]
    island = scenario("B:I20/21", island=True, archbishop="A", hands={"A": [20, 21]})
    converts = [(a["card"], a["space"]) for a in GAME.legal(island, A) if a["type"] == "convert"]
    assert converts == [(20, "I20/21"), (21, "I20/21")]
    free = scenario("B:L12", archbishop="A", hands={"A": [12]})
    kinds = {a["type"] for a in GAME.legal(free, A) if a.get("card") == 12}
    assert kinds == {"play", "convert"}


def test_s32_e7_owner_overtaken_by_two_tied_players():
    state = scenario("A:L9 A:L10 B:L11 B:L12 C:L13", dukes=[("A", "L9")], archbishop="C")
    turn(state, C, "convert 10 left")
    assert tally(state, "L9") == {A: 1, B: 2, C: 2}
    assert owner(state, "L9") is None and state["coins"][A] == 1


def test_s33_h9_e6_conversion_next_to_castle_tie_keeps_owner():
    state = scenario("A:L11 B:L12 B:L13 B:C1", realms=CASTLE_12_13, dukes=[("B", "L12")],
                     archbishop="A")
    turn(state, A, "convert 12 left")
    assert state["knights"]["C1"] == B
    assert owner(state, "L11") == B and state["coins"] == [0, 0, 0]


def test_e7_overtaken_by_two_tied_players_without_a_conversion():
    # The rulings' "why" says only a conversion can do this; absorbing a lone knight can too.
    state = scenario("A:L10 A:L11 B:L12 B:L13 C:L14 C:L15 C:L17", dukes=[("A", "L10")])
    turn(state, B, "play 16 left")
    assert tally(state, "L10") == {A: 2, B: 3, C: 3}
    assert owner(state, "L10") is None and state["coins"] == [1, 0, 0]


def test_s34_e8_owner_left_with_one_knight_keeps_the_duchy():
    state = scenario("A:L10 A:L11 B:L12", dukes=[("A", "L10")], archbishop="C")
    turn(state, C, "convert 10 left")
    assert tally(state, "L10") == {A: 1, B: 1, C: 1}
    assert owner(state, "L10") == A


def test_s35_i4_archbishop_to_strict_leader_tie_leaves_it_unheld():
    realms = {f"K{i}": ("church", 0, [f"L{10 * i}", f"L{10 * i + 1}"]) for i in (1, 2, 3, 4)}
    state = scenario("A:L10 A:L11 B:L20 B:L21 A:L30", realms=realms,
                     dukes=[("A", "L10"), ("B", "L20")])
    assert state["archbishop"] is None
    turn(state, A, "play 31 left")
    assert bishops(state, board(state)) == [2, 1, 0] and state["archbishop"] == A
    state["knights"]["L40"] = B
    turn(state, B, "play 41 left")
    assert bishops(state, board(state)) == [2, 2, 0] and state["archbishop"] is None


def test_s36_i1_archbishop_counts_bishops_not_churches():
    realms = {"K1": ("church", 0, ["L10", "L11"]), "K2": ("church", 0, ["L11", "L12"]),
              "K3": ("church", 0, ["L20", "L21"]), "K4": ("church", 0, ["L30", "L31"])}
    state = scenario("A:L10 A:L11 A:L12 B:L20 B:L21 B:L30 B:L31",
                     realms=realms, dukes=[("A", "L10"), ("B", "L20"), ("B", "L30")])
    assert bishops(state, board(state)) == [1, 2, 0]
    assert state["archbishop"] == B


def test_j2_conversion_allowed_in_a_full_area():
    state = scenario("A:L12 B:R12 B:T12", archbishop="A", hands={"A": [12]})
    moves = [a for a in GAME.legal(state, A) if a.get("card") == 12]
    assert {a["type"] for a in moves} == {"convert", "reinforce"}
    assert sorted(a["space"] for a in moves if a["type"] == "convert") == ["R12", "T12"]


def test_groups_after_a_settlement_are_those_a_flood_fill_finds(monkeypatch):
    """A settlement remembers the groups after its knight action by joining the groups
    before it (duchies.remember_joined), so the bishops it counts next need no flood fill:
    over seeded games with castles and conversions, each remembered entry is the fill's."""
    from engine import ai
    from engine.rheinlaender import duchies, settlement

    joined = settlement.remember_joined
    checked = []

    def compared(state, board, before, group):
        joined(state, board, before, group)
        every = tuple(tuple(g) for g in duchies._find_groups(state, board))
        checked.append(board.memo[frozenset(state["knights"])] ==
                       (every, {space: g for g in every for space in g}))

    monkeypatch.setattr(settlement, "remember_joined", compared)
    for players, seed in ((3, 1), (4, 2), (5, 3)):
        state = GAME.setup(players, {}, seed)
        version = 0
        while GAME.result(state) is None:
            seat = GAME.active(state)[0]
            GAME._apply(state, seat, ai.choose(GAME, state, seat, "easy",
                                               ai.move_seed(seed, version, seat)))
            version += 1
    assert len(checked) > 100 and all(checked)
