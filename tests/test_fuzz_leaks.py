"""Issue 18: the fuzzer's generic leak check. No view for a seat, nor the public view, holds
what only another seat's view shows among its hidden things (also as words inside a longer
text), nor what the hidden state holds (``Game.secret_items``). It finds planted leaks, found
Trödler's deal log (every covered card, and a taken pile's cards after it became a hand, in
every view), and Trödler now shows piles as ruling R12.3 and R12.5 say."""

from __future__ import annotations

import pytest

from engine import get_game
from engine.fuzz import Case, Fault, _strings, check_hidden, run_case
from engine.rhein import card_dict
from engine.text import from_json
from engine.troedler import views as troedler_views
from engine.troedler.data import CARDS, card_text
from tests.service_pebbles import GEMS, Pebbles

CASE = Case("pebbles", 3, {}, seed=4)
TROEDLER = get_game("troedler")


class Cards(Pebbles):
    """Pebbles whose hands are cards with a face text, and whose deck is hidden state."""

    key = "pebbles"

    def view(self, state, seat):
        view = super().view(state, seat)
        if seat is not None:
            view["hand"] = [{"gem": g, "text": f"{g} worth {GEMS[g]}"}
                            for g in state["hands"][seat]]
        return view

    def hidden_items(self, state):
        return {seat: [{"gem": g} for g in hand] for seat, hand in enumerate(state["hands"])}

    def secret_items(self, state):
        return [f"{g} worth {GEMS[g]}" for g in state["deck"]]


class TellsInALogLine(Cards):
    def view(self, state, seat):
        view = super().view(state, seat)
        if state["turn"] == 1:  # a log line quoting seat 0's card, as the deal log did
            hand = state["hands"][0]
            view["log"] = [f"Seat 0 was dealt {hand[0]} worth {GEMS[hand[0]]}, then more."]
        return view


class ShowsTheDeck(Cards):
    def view(self, state, seat):
        view = super().view(state, seat)
        if state["deck"] and state["turn"] == 2:
            top = state["deck"][-1]
            view["next"] = f"the deck's top: {top} worth {GEMS[top]}"
        return view


def test_a_sound_game_passes():
    outcome = run_case(Cards(), CASE)
    assert outcome.ok and outcome.finished, outcome.fault


def test_a_hand_card_quoted_in_a_log_line_is_found():
    outcome = run_case(TellsInALogLine(), CASE)
    assert outcome.stage == "hidden", outcome.fault
    assert "seat 0's hidden text" in outcome.fault and "seat 1's view" in outcome.fault


def test_the_hidden_state_in_a_view_is_found():
    outcome = run_case(ShowsTheDeck(), CASE)
    assert outcome.stage == "hidden", outcome.fault
    assert "the hidden state's" in outcome.fault


def test_texts_match_as_whole_words_and_numbers_only():
    views = {0: {"hand": [{"gem": "opal", "text": "#3 opal"}]}, 1: {"log": ["#13 opal x"]},
             None: {"log": ["a #3 opal, then"]}}
    with pytest.raises(Fault, match="in the public view"):
        check_hidden({0: [{"gem": "opal"}]}, views)
    del views[None]["log"]
    check_hidden({0: [{"gem": "opal"}]}, views)  # "#13 opal" is another card
    check_hidden({0: [{"gem": "opal"}]}, {**views, None: {"phase": "Round 3"}},
                 secret=["#31 opal"])


def test_a_text_both_seats_hold_as_their_own_is_no_leak():
    same = {"hand": [{"gem": "opal", "text": "#3 opal"}]}
    check_hidden({0: [{"gem": "opal"}], 1: [{"gem": "opal"}]}, {0: same, 1: same, None: {}})


# == Trödler ===================================================================================
def test_the_old_deal_log_is_caught(monkeypatch):
    # The leak issue 18 found, planted back: every view carried the deal in full.
    public_view = troedler_views.public_view

    def with_deal_log(state, phase):
        view = public_view(state, phase)
        if state["stage"] == "take":
            view["deal_log"] = from_json(state["deal_log"])
        return view

    monkeypatch.setattr(troedler_views, "public_view", with_deal_log)
    outcome = run_case(TROEDLER, Case("troedler", 3, {}, 4), stop_after=5)
    assert outcome.stage == "hidden" and "the hidden state's" in outcome.fault, outcome.fault
    assert len(outcome.moves) == 0  # covered cards show right after the deal


def _views(state):
    return {seat: TROEDLER.view(state, seat) for seat in (None, *range(state["n"]))}


def _texts(view) -> str:
    """Every text of a view, in English, one a line (``str(view)`` would show Msg reprs)."""
    return "\n".join(str(text) for text in _strings(view))


def test_r12_3_every_view_shows_number_top_card_and_3_covered():
    state = TROEDLER.setup(3, {}, 4)
    covered = [card_text(c) for pile in state["piles"] for c in pile[:-1]]
    for view in _views(state).values():
        assert [(p["number"], p["top"]["id"], p["covered"]) for p in view["piles"]] == \
            [(n, pile[-1], 3) for n, pile in enumerate(state["piles"], start=1)]
        assert not any(text in _texts(view) for text in covered)


def test_r12_5_a_taken_pile_is_the_takers_hand_and_only_its_size_to_others():
    for options in ({}, {"open_piles": True}):
        state = TROEDLER.setup(3, options, 4)
        seat = TROEDLER.active(state)[0]
        pile = list(state["piles"][1])
        TROEDLER.apply(state, seat, TROEDLER.parse(state, seat, "take-pile 2"))
        for reader, view in _views(state).items():
            shown = _texts(view)
            assert view["players"][seat]["hand_size"] == len(state["hands"][seat])
            assert all(p["number"] != 2 for p in view["piles"])
            if reader == seat:
                assert {c["id"] for c in view["you"]["hand"]} >= set(pile)
            else:
                assert not any(card_text(c) in shown for c in pile), (options, reader)


def test_open_piles_still_show_whole_remaining_piles():
    state = TROEDLER.setup(3, {"open_piles": True}, 4)
    for view in _views(state).values():
        assert [[c["id"] for c in p["cards"]] for p in view["piles"]] == state["piles"]
    assert TROEDLER.secret_items(state) == [
        item for cid in state["round_pile"]
        for item in ({"id": cid, "type": CARDS[cid]["type"]}, str(card_text(cid)))]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_troedler_games_pass_the_leak_check(players):
    outcome = run_case(TROEDLER, Case("troedler", players, {}, 30 + players), stride=6)
    assert outcome.ok and outcome.finished, outcome.fault


def test_every_game_passes_the_leak_check_for_a_while():
    for key in ("rhein", "rheinlaender", "18rhl"):
        game = get_game(key)
        outcome = run_case(game, Case(key, game.min_players, {}, 8), stride=5,
                           stop_after=40 if key == "18rhl" else 150)
        assert outcome.ok, outcome.fault


@pytest.mark.parametrize(("key", "plant"), [
    ("rhein", lambda state, view: view["orders_list"].append(card_dict(state["deck"][0]))),
    ("rheinlaender", lambda state, view: view["discard"].append(state["deck"][0])),
    ("troedler", lambda state, view: view["played"].append(
        {"id": state["round_pile"][-1], "type": CARDS[state["round_pile"][-1]]["type"]})),
])
def test_a_draw_pile_card_in_the_public_view_is_the_hidden_state(key, plant):
    game = get_game(key)
    state = game.setup(game.min_players, {}, 3)
    views = {seat: game.view(state, seat) for seat in range(game.min_players)}
    views[None] = game.view(state, None)
    check_hidden(game.hidden_items(state), views, game.secret_items(state))
    plant(state, views[None])
    with pytest.raises(Fault, match="the hidden state's .* is in the public view"):
        check_hidden(game.hidden_items(state), views, game.secret_items(state))
