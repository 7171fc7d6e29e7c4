"""Phase 3 (moving, taking, delivering, special feed) and the end of a turn: R18 to R39.

The rulings' test map (villages A to E) is played on house-map villages with the same shape:
kilbride - ruthven is a bridge, glenmore has bridge, ferry, moor and trail routes,
invercraig - tobermuir is a moor path.
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine import RuleError
from engine.troedler.data import CARDS
from tests.test_troedler_support import (
    ANN,
    BEN,
    BRIDGE,
    EXTRA,
    FEED,
    FERRY,
    GAME,
    MOOR,
    TRAIL,
    legal_texts,
    play,
    request,
    turn_state,
)

TWO_ANVILS = request("anvil", "anvil")
TWO_CUPS = request("cup", "cup")
TWO_VASES = request("vase", "vase")
THREE_ANVILS = request("anvil", "anvil", "anvil")
VASES_CHAIR = request("vase", "vase", "chair")


def test_r19_r21_case11_route_card_needs_a_matching_route():
    state = turn_state("achnacroy", [BRIDGE[0], MOOR[0]])
    assert legal_texts(state, ANN) == ["end"]
    with pytest.raises(RuleError, match="No bridge leads from Achnacroy"):
        play(state, ANN, "move bridge ruthven")
    state = turn_state("achnacroy", [TRAIL[0], FERRY[0]])
    assert {"move trail ardvane", "move ferry carnoch"} <= set(legal_texts(state, ANN))


def test_r21_case12_choice_of_destination():
    state = turn_state("glenmore", [FERRY[0]], spare=True)
    moves = [t for t in legal_texts(state, ANN) if t.startswith("move")]
    assert moves == ["move ferry bracklin", "move ferry invercraig"]
    play(state, ANN, "move ferry invercraig")
    assert state["carts"][ANN] == "invercraig"
    with pytest.raises(RuleError, match="no ferry card"):
        play(state, ANN, "move ferry glenmore")


def test_r24_case13_arrival_take():
    state = turn_state("kilbride", [BRIDGE[0]], villages={"ruthven": ["chair", "cup"]},
                       spare=True)
    play(state, ANN, "move bridge ruthven", "take cup")
    assert state["villages"]["ruthven"] == ["chair"] and state["collections"][ANN] == ["cup"]
    with pytest.raises(RuleError, match="once per move"):
        play(state, ANN, "take chair")


def test_r24_r26_case14_arrival_take_after_an_extra_good():
    state = turn_state("kilbride", [BRIDGE[0], EXTRA[0]], villages={"ruthven": ["chair", "cup"]})
    play(state, ANN, "move bridge ruthven", "extra chair", "take cup")
    assert state["villages"]["ruthven"] == []
    assert state["collections"][ANN] == ["chair", "cup"]


def test_r24_case15_arrival_take_lapses_on_leaving():
    state = turn_state("kilbride", [BRIDGE[0], TRAIL[0]],
                       villages={"ruthven": ["chair"], "tobermuir": ["vase"]})
    play(state, ANN, "move bridge ruthven", "move trail tobermuir")
    assert "take chair" not in legal_texts(state, ANN)
    with pytest.raises(RuleError, match="holds no chair|once per move"):
        play(state, ANN, "take chair")
    assert "take vase" in legal_texts(state, ANN)


def test_r23_case16_back_and_forth():
    state = turn_state("kilbride", BRIDGE[:3], villages={"ruthven": ["chair", "cup"]},
                       spare=True)
    play(state, ANN, "move bridge ruthven", "take chair", "move bridge kilbride",
         "move bridge ruthven", "take cup")
    assert state["villages"]["ruthven"] == [] and state["played"] == BRIDGE[:3]


def test_r22_case17_carts_do_not_block():
    state = turn_state("kilbride", [BRIDGE[0], VASES_CHAIR], goods=["vase", "vase"],
                       villages={"ruthven": ["chair"]})
    state["carts"][BEN] = "ruthven"
    play(state, ANN, "move bridge ruthven", "take chair", f"deliver {VASES_CHAIR}")
    assert state["carts"][ANN] == state["carts"][BEN] == "ruthven"
    assert state["villages"]["ruthven"] == ["chair", "vase", "vase"]


def test_r25_case18_no_free_take():
    state = turn_state("ruthven", [BRIDGE[0], TWO_ANVILS], villages={"ruthven": ["chair"]})
    assert not [t for t in legal_texts(state, ANN) if "take" in t or "extra" in t]
    with pytest.raises(RuleError, match="just moved to"):
        play(state, ANN, "take chair")


def test_r26_case19_extra_good_at_the_start_of_the_turn():
    state = turn_state("glenmore", [EXTRA[0]], villages={"glenmore": ["vase"]})
    play(state, ANN, "extra vase")
    assert state["villages"]["glenmore"] == [] and state["collections"][ANN] == ["vase"]


def test_r19_r26_r33_case20_no_extra_good_in_an_empty_village():
    state = turn_state("glenmore", [EXTRA[0], FEED[0]])
    texts = legal_texts(state, ANN)
    assert not [t for t in texts if t.startswith(("extra", "feed extra"))]
    with pytest.raises(RuleError, match="holds no vase"):
        play(state, ANN, "extra vase")
    with pytest.raises(RuleError, match="holds no vase"):
        play(state, ANN, "feed extra vase")


def test_r28_case21_delivery_without_moving():
    state = turn_state("glenmore", [TWO_ANVILS, BRIDGE[0]], goods=["anvil", "anvil"])
    play(state, ANN, f"deliver {TWO_ANVILS}")
    assert state["villages"]["glenmore"] == ["anvil", "anvil"]
    assert state["collections"][ANN] == [] and state["played"] == [TWO_ANVILS]
    play(state, ANN, "end")
    assert TWO_ANVILS in state["values"][ANN]


def test_r28_case22_not_where_goods_lie():
    state = turn_state("kilbride", [BRIDGE[0], TWO_ANVILS], goods=["anvil", "anvil"],
                       villages={"ruthven": ["chair"]})
    play(state, ANN, "move bridge ruthven")
    with pytest.raises(RuleError, match="still holds goods"):
        play(state, ANN, f"deliver {TWO_ANVILS}")


def test_r28_case23_last_good_taken_then_delivery():
    state = turn_state("kilbride", [BRIDGE[0], VASES_CHAIR], goods=["vase", "vase"],
                       villages={"ruthven": ["chair"]})
    play(state, ANN, "move bridge ruthven", "take chair", f"deliver {VASES_CHAIR}")
    assert state["villages"]["ruthven"] == ["chair", "vase", "vase"]


def test_r28_case24_no_delivery_at_a_distance():
    state = turn_state("kilbride", [BRIDGE[0], BRIDGE[1], TWO_ANVILS],
                       goods=["anvil", "anvil"], villages={"ruthven": ["cup"]})
    play(state, ANN, "move bridge ruthven")
    assert f"deliver {TWO_ANVILS}" not in legal_texts(state, ANN)
    play(state, ANN, "move bridge kilbride", f"deliver {TWO_ANVILS}")
    assert state["villages"]["kilbride"] == ["anvil", "anvil"]


def test_r28_case25_village_emptied_by_another_player():
    state = turn_state("kilbride", [BRIDGE[0], TWO_ANVILS], goods=["anvil", "anvil"],
                       villages={"ruthven": ["chair"]}, seat=ANN)
    # Ben plays first this round, then Cat and Dan (no cards), then Ann.
    state["dealer"], state["current"] = BEN, BEN
    state["hands"][1:] = [[EXTRA[0]], [], []]
    state["carts"][BEN] = "ruthven"
    play(state, BEN, "extra chair")
    assert state["current"] == ANN  # Ben's empty hand ended his turn, Cat's and Dan's too
    play(state, ANN, "move bridge ruthven", f"deliver {TWO_ANVILS}")
    assert state["villages"]["ruthven"] == ["anvil", "anvil"]


def test_r30_case26_one_request_per_village_per_turn():
    state = turn_state("glenmore", [TWO_ANVILS, TWO_CUPS, EXTRA[0], FEED[0], BRIDGE[0]],
                       goods=["anvil", "anvil", "cup", "cup"], n=2)
    state["hands"][BEN] = [request("cup", "cup", "vase")]
    play(state, ANN, f"deliver {TWO_ANVILS}", "extra anvil", "feed extra anvil")
    assert state["villages"]["glenmore"] == []
    assert f"deliver {TWO_CUPS}" not in legal_texts(state, ANN)
    with pytest.raises(RuleError, match="only one request per village"):
        play(state, ANN, f"deliver {TWO_CUPS}")
    play(state, ANN, "end")
    # In his turn Ben may deliver there: the limit is per turn.
    state["carts"][BEN] = "glenmore"
    state["collections"][BEN] = ["cup", "cup", "vase"]
    assert f"deliver {request('cup', 'cup', 'vase')}" in legal_texts(state, BEN)
    assert state["delivered_here"] == []


def test_r30_case27_two_requests_at_once():
    state = turn_state("glenmore", [TWO_ANVILS, TWO_CUPS], goods=["anvil", "anvil", "cup", "cup"])
    with pytest.raises(RuleError):
        play(state, ANN, f"deliver {TWO_ANVILS} {TWO_CUPS}")
    play(state, ANN, f"deliver {TWO_ANVILS}")
    with pytest.raises(RuleError, match="still holds goods"):
        play(state, ANN, f"deliver {TWO_CUPS}")


def test_r24_r32_case28_delivered_goods_can_be_taken():
    state = turn_state("kilbride", [BRIDGE[0], TWO_VASES, EXTRA[0]], goods=["vase", "vase"],
                       spare=True)
    play(state, ANN, "move bridge ruthven", f"deliver {TWO_VASES}")
    with pytest.raises(RuleError, match="not after delivering"):
        play(state, ANN, "take vase")
    play(state, ANN, "extra vase")
    assert state["villages"]["ruthven"] == ["vase"]
    state["hands"][BEN] = [BRIDGE[1]]
    state["carts"][BEN] = "kilbride"
    play(state, ANN, "end")
    play(state, BEN, "move bridge ruthven", "take vase")
    assert state["villages"]["ruthven"] == [] and state["collections"][BEN] == ["vase"]


def test_r29_case29_several_villages_in_one_turn():
    state = turn_state("kilbride", [TWO_ANVILS, BRIDGE[0], TWO_CUPS],
                       goods=["anvil", "anvil", "cup", "cup"])
    play(state, ANN, f"deliver {TWO_ANVILS}", "move bridge ruthven", f"deliver {TWO_CUPS}")
    assert state["villages"]["kilbride"] == ["anvil", "anvil"]
    assert state["villages"]["ruthven"] == ["cup", "cup"]


def test_r31_case30_no_partial_delivery():
    state = turn_state("glenmore", [THREE_ANVILS, BRIDGE[0]], goods=["anvil", "anvil"])
    assert f"deliver {THREE_ANVILS}" not in legal_texts(state, ANN)
    with pytest.raises(RuleError, match="do not have the goods"):
        play(state, ANN, f"deliver {THREE_ANVILS}")


def test_r33_case31_feed_as_a_route():
    state = turn_state("glenmore", [FEED[0], FERRY[0]], villages={"ardvane": ["pot"]})
    texts = legal_texts(state, ANN)
    assert "feed route bridge ardvane" in texts and "feed route ferry bracklin" in texts
    with pytest.raises(RuleError, match="No bridge leads from Glenmore to Ruthven"):
        play(state, ANN, "feed route bridge ruthven")
    play(state, ANN, "feed route bridge ardvane", "take pot")
    assert state["collections"][ANN] == ["pot"] and state["played"] == [FEED[0]]


def test_r33_case32_feed_for_an_additional_good():
    state = turn_state("glenmore", [FEED[0]], villages={"glenmore": ["cup", "pot"]})
    play(state, ANN, "feed extra cup")
    assert state["villages"]["glenmore"] == ["pot"] and state["collections"][ANN] == ["cup"]


def test_r34_case33_one_replacement():
    state = turn_state("glenmore", [FEED[0], THREE_ANVILS], goods=["anvil", "anvil", "pot"])
    play(state, ANN, "feed replace anvil pot", f"deliver {THREE_ANVILS}")
    assert state["villages"]["glenmore"] == ["anvil", "anvil", "pot"]
    # Her hand is empty, so the turn ended by itself (R20).
    assert sorted(state["values"][ANN]) == sorted([FEED[0], THREE_ANVILS])
    assert CARDS[THREE_ANVILS]["points"] == 5


def test_r34_case34_a_replacement_needs_a_good():
    state = turn_state("glenmore", [FEED[0], THREE_ANVILS], goods=["anvil", "anvil"])
    assert not [t for t in legal_texts(state, ANN) if "replace" in t]
    with pytest.raises(RuleError, match="No goods request in your hand"):
        play(state, ANN, "feed replace anvil pot")


def test_r34_case35_two_replacements():
    state = turn_state("glenmore", [FEED[0], FEED[1], VASES_CHAIR], goods=["chair", "cup", "pot"])
    play(state, ANN, "feed replace vase cup", "feed replace vase pot", f"deliver {VASES_CHAIR}")
    assert state["villages"]["glenmore"] == ["chair", "cup", "pot"]
    one = turn_state("glenmore", [FEED[0], VASES_CHAIR], goods=["chair", "cup", "pot"])
    with pytest.raises(RuleError, match="No goods request"):
        play(one, ANN, "feed replace vase cup")
    assert not [t for t in legal_texts(one, ANN) if "replace" in t or "deliver" in t]


def test_r35_replacement_must_be_followed_by_its_delivery():
    state = turn_state("glenmore", [FEED[0], FEED[1], VASES_CHAIR, BRIDGE[0]],
                       goods=["chair", "cup", "pot"])
    play(state, ANN, "feed replace vase cup")
    assert legal_texts(state, ANN) == ["feed replace vase pot"]
    with pytest.raises(RuleError, match="followed at once"):
        play(state, ANN, "end")


def test_r34_case36_replacement_by_the_same_kind():
    state = turn_state("glenmore", [FEED[0], THREE_ANVILS], goods=["anvil", "anvil", "anvil"])
    with pytest.raises(RuleError, match="another kind"):
        play(state, ANN, "feed replace anvil anvil")


def test_r34_case37_replacement_while_holding_the_good():
    state = turn_state("glenmore", [FEED[0], THREE_ANVILS], goods=["anvil"] * 3 + ["pot"])
    play(state, ANN, "feed replace anvil pot", f"deliver {THREE_ANVILS}")
    assert state["collections"][ANN] == ["anvil"]


def test_r36_case38_where_played_cards_go():
    state = turn_state("kilbride", [BRIDGE[0], EXTRA[0], FEED[0], TWO_CUPS, TRAIL[0]],
                       goods=["cup", "cup"], villages={"ruthven": ["chair", "pot"]})
    before = list(state["discard"])
    play(state, ANN, "move bridge ruthven", "extra chair", "feed extra pot",
         "move trail tobermuir", f"deliver {TWO_CUPS}")
    assert state["current"] != ANN  # the empty hand ended the turn
    assert state["discard"] == before + [BRIDGE[0], EXTRA[0], TRAIL[0]]
    assert state["values"][ANN] == [FEED[0], TWO_CUPS]


def test_r18_r37_case39_choose_what_to_discard():
    hand = [FEED[0], FEED[1], BRIDGE[0], TRAIL[0], TWO_ANVILS, TWO_CUPS, EXTRA[0]]
    state = turn_state("glenmore", hand)
    play(state, ANN, "end")
    assert state["stage"] == "limit" and GAME.active(state) == [ANN]
    choices = GAME.legal(state, ANN)
    assert len(choices) == 10 and all(len(a["cards"]) == 3 for a in choices)
    with pytest.raises(RuleError, match="never put special feed"):
        play(state, ANN, f"discard {FEED[0]} {BRIDGE[0]} {TRAIL[0]}")
    with pytest.raises(RuleError, match="exactly 3"):
        play(state, ANN, f"discard {BRIDGE[0]} {TRAIL[0]}")
    play(state, ANN, f"discard {BRIDGE[0]} {TRAIL[0]} {EXTRA[0]}")
    assert sorted(state["hands"][ANN]) == sorted([FEED[0], FEED[1], TWO_ANVILS, TWO_CUPS])
    assert state["discard"][-3:] == sorted([BRIDGE[0], TRAIL[0], EXTRA[0]])


def test_r37_case40a_four_feed_discard_the_rest_without_asking():
    state = turn_state("glenmore", FEED[:4] + [BRIDGE[0], FERRY[0]])
    play(state, ANN, "end")
    assert state["stage"] == "play" and state["current"] != ANN
    assert sorted(state["hands"][ANN]) == FEED[:4] and state["values"][ANN] == []
    assert state["discard"][-2:] == [BRIDGE[0], FERRY[0]]


def test_r37_r38_case40b_surplus_feed_goes_to_the_value_pile():
    state = turn_state("glenmore", FEED[:6] + [EXTRA[0]])
    lines = play(state, ANN, "end")
    assert len(state["hands"][ANN]) == 4 and len(state["values"][ANN]) == 2
    assert state["discard"][-1] == EXTRA[0]
    assert any("2 surplus special feed" in line for line in lines)
    assert GAME.view(state, ANN)["you"]["damage"].params["damage"] == 2


def test_r37_case40c_nothing_to_discard():
    state = turn_state("glenmore", FEED[:2] + [BRIDGE[0], TRAIL[0]])
    with pytest.raises(RuleError, match="only at the end of your turn, when your hand holds more than 4"):
        play(state, ANN, f"discard {BRIDGE[0]}")
    play(state, ANN, "end")
    assert sorted(state["hands"][ANN]) == sorted(FEED[:2] + [BRIDGE[0], TRAIL[0]])


def test_r20_turn_ends_by_itself_only_with_an_empty_hand_and_no_open_take():
    state = turn_state("kilbride", [BRIDGE[0]], villages={"ruthven": ["cup"]})
    play(state, ANN, "move bridge ruthven")
    assert state["current"] == ANN  # the arrival take is still open
    play(state, ANN, "take cup")
    assert state["current"] != ANN
    stuck = turn_state("glenmore", [TWO_ANVILS])
    assert legal_texts(stuck, ANN) == ["end"] and stuck["current"] == ANN


def test_turn_example_from_the_rulebook():
    """Case 41: extra good, deliver, move along a moor path, take, deliver again."""
    state = turn_state("invercraig", [EXTRA[0], TWO_ANVILS, MOOR[0], VASES_CHAIR],
                       goods=["anvil", "anvil", "vase"],
                       villages={"invercraig": ["vase"], "tobermuir": ["chair"]})
    discard = list(state["discard"])
    play(state, ANN, "extra vase", f"deliver {TWO_ANVILS}", "move moor tobermuir",
         "take chair", f"deliver {VASES_CHAIR}")
    assert state["villages"]["invercraig"] == ["anvil", "anvil"]
    assert state["villages"]["tobermuir"] == ["chair", "vase", "vase"]
    assert state["collections"][ANN] == []
    assert state["values"][ANN] == [TWO_ANVILS, VASES_CHAIR]
    assert sum(CARDS[c]["points"] for c in state["values"][ANN]) == 3 + 4
    assert state["discard"] == discard + [EXTRA[0], MOOR[0]]


def test_special_feed_example_from_the_rulebook():
    """Case 42: feed over a bridge, take, feed for the second good, feed to replace an anvil."""
    state = turn_state("glenmore", FEED[:3] + [THREE_ANVILS], goods=["anvil", "pot"],
                       villages={"ardvane": ["anvil", "cup"]})
    assert not [t for t in legal_texts(state, ANN) if t.startswith("move")]
    play(state, ANN, "feed route bridge ardvane", "take anvil", "feed extra cup",
         "feed replace anvil pot", f"deliver {THREE_ANVILS}")
    assert state["villages"]["ardvane"] == ["anvil", "anvil", "pot"]
    assert state["collections"][ANN] == ["cup"]
    assert Counter(CARDS[c]["type"] for c in state["values"][ANN]) == Counter(feed=3, request=1)
