"""The fuzzer finds each kind of fault it promises to, saves a replayable export, and its
hooks in the real games are not vacuous (they name hidden things and catch broken states)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from bot.cli import main
from engine import get_game
from engine.core import RuleError, rng_below
from engine.fuzz import Case, check_hidden, export, run_case, save_failure, variants
from engine.playthrough import replay
from tests.service_pebbles import GEMS, Pebbles


class Sound(Pebbles):
    """Pebbles with the fuzzer's hooks: stones are conserved and hands are secret."""

    key = "pebbles"

    def check_invariants(self, state):
        problems = []
        if state["pile"] + sum(state["scores"]) - self._bonus(state) != state["start"]:
            problems.append("stones not conserved")
        return problems

    @staticmethod
    def _bonus(state):
        return sum(GEMS[g] for g in state["discard"])  # a gem scores double its stones

    def hidden_items(self, state):
        return {seat: [{"hand": gem} for gem in hand]
                for seat, hand in enumerate(state["hands"])}


class Crashes(Sound):
    def _apply(self, state, seat, action):
        if action["type"] == "take" and state["pile"] < 10:
            raise KeyError("stones")
        return super()._apply(state, seat, action)


class RefusesItsOwnMove(Sound):
    def _apply(self, state, seat, action):
        if action["type"] == "end" and state["turn"] == 1:
            raise RuleError("You may not end now.")
        return super()._apply(state, seat, action)


class DeadEnd(Sound):
    def legal(self, state, seat):
        if state["pile"] < 8:
            return []
        return super().legal(state, seat)


class NeverEnds(Sound):
    def legal(self, state, seat):
        return [{"type": "end"}] if all(state["ready"]) else super().legal(state, seat)


class LosesStones(Sound):
    def _apply(self, state, seat, action):
        lines = super()._apply(state, seat, action)
        if action["type"] == "take" and 0 < state["pile"] < 15:
            state["pile"] = max(0, state["pile"] - 1)
        return lines


class LeaksHands(Sound):
    def view(self, state, seat):
        view = super().view(state, seat)
        if seat is None and state["turn"] == 1:
            view["peek"] = {"hand": list(state["hands"][0])}
        return view


class BadNotation(Sound):
    def parse(self, state, seat, text):
        action = super().parse(state, seat, text)
        return {"type": "take", "n": 2} if action == {"type": "take", "n": 3} else action


class SloppyParse(Sound):
    def parse(self, state, seat, text):
        words = text.lower().split()
        if len(words) == 2 and words[0] == "take":
            return {"type": "take", "n": int(words[1])}  # int("1.5") raises ValueError
        return super().parse(state, seat, text)


class BadDump(Sound):
    def _apply(self, state, seat, action):
        lines = super()._apply(state, seat, action)
        state["when"] = (1, 2)  # a tuple comes back from JSON as a list
        return lines


class Unrepeatable(Sound):
    runs = 0

    def setup(self, num_players, options, seed):
        Unrepeatable.runs += 1
        state = super().setup(num_players, options, seed)
        state["run"] = Unrepeatable.runs  # differs on the replay: not a function of the seed
        return state


CASE = Case("pebbles", 3, {}, seed=4)


def test_a_sound_game_passes_every_check():
    outcome = run_case(Sound(), CASE)
    assert outcome.ok and outcome.finished, outcome.fault
    assert outcome.checks == len(outcome.moves) + 2  # after setup, every move, at the end


@pytest.mark.parametrize(("game", "stage", "words"), [
    (Crashes(), "apply|bad input", "KeyError"),
    (RefusesItsOwnMove(), "apply", "RuleError: You may not end now."),
    (DeadEnd(), "dead end", "no legal move"),
    (NeverEnds(), "no end", "did not end within 300 moves"),
    (LosesStones(), "invariant", "stones not conserved"),
    (LeaksHands(), "hidden", "is in the public view"),
    (BadNotation(), "notation", "parse(format(a)) != a"),
    (BadDump(), "dump/load", "load(dump(s)) != s"),
    (SloppyParse(), "bad input", "raised ValueError"),
    (Unrepeatable(), "replay", "does not give the same state"),
])
def test_each_fault_is_found_and_named(game, stage, words):
    outcome = run_case(game, CASE, max_moves=300)
    assert not outcome.ok and outcome.stage in stage.split("|"), outcome.fault
    assert words in outcome.fault


def test_faults_between_strided_checks_are_still_found():
    outcome = run_case(LosesStones(), CASE, stride=7)
    assert outcome.stage == "invariant"
    assert outcome.checks < len(outcome.moves)


def test_a_failing_game_is_saved_as_an_export_that_rheinbot_replay_loads(tmp_path):
    game = Crashes()
    outcome = run_case(game, CASE)
    path = save_failure(game, outcome, tmp_path)
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    assert data["format"] == "rheinbot-export" and data["status"] == "fuzz-failure"
    assert data["fuzz"]["stage"] in ("apply", "bad input")
    assert "take" in data["fuzz"]["failing_move"][1].lower()
    assert [(a["seat"], a["move"]) for a in data["actions"]] == outcome.moves
    out = io.StringIO()
    code = main(["replay", path], games={"pebbles": game}, render=lambda k, v: b"", out=out)
    assert code == 0, out.getvalue()
    assert f"{len(outcome.moves)}. " in out.getvalue() and "Not finished" in out.getvalue()
    # the failing move, applied after the replay, fails again the same way
    state = replay(game, 3, {}, CASE.seed, outcome.moves)
    seat, text = outcome.failing_move
    with pytest.raises(KeyError):
        game.apply(state, seat, game.parse(state, seat, text))


def test_export_shape_matches_the_services():
    outcome = run_case(Sound(), CASE)
    data = export(Sound(), outcome)
    assert set(data) >= {"format", "format_version", "game", "players", "options", "seed",
                         "status", "seats", "actions"}
    assert data["status"] == "finished"
    assert all(set(a) == {"seat", "move", "user", "time"} for a in data["actions"])


def test_hidden_items_match_by_key_and_type_not_by_accident():
    views = {0: {"hand": ["ruby"], "coins": 3}, 1: {"hand": ["opal"], "flag": True},
             None: {"scores": [1, 3]}}
    check_hidden({0: [{"hand": "ruby"}, {"coins": 3}]}, views)  # 3 in a score list is fine
    from engine.fuzz import Fault

    with pytest.raises(Fault, match="not in its own view"):
        check_hidden({1: [{"hand": "ruby"}]}, views)
    with pytest.raises(Fault, match="seat 1's view"):
        check_hidden({0: [{"flag": True}], 1: []}, {0: {"flag": True}, 1: {"flag": True},
                                                   None: {}})
    check_hidden({0: [{"flag": 1}]}, {0: {"flag": 1}, 1: {"flag": True}, None: {}})


def test_variants_cover_each_option_and_skip_forbidden_combinations():
    rhein = variants(get_game("rhein"))
    assert rhein == [{}, {"under_pressure": True}, {"relax": True}]  # both at once: R18
    troedler = variants(get_game("troedler"))
    assert {"first_dealer": "random"} in troedler and len(troedler[-1]) == 3


def test_rheinbot_fuzz_command(tmp_path):
    out = io.StringIO()
    code = main(["fuzz", "--games", "4", "--game", "rheinlaender", "--out", str(tmp_path),
                 "--workers", "1"], out=out)
    assert code == 0, out.getvalue()
    assert "rheinlaender: 4 games, 4 finished" in out.getvalue()
    assert "0 failures" in out.getvalue()
    bad = io.StringIO()
    assert main(["fuzz", "--game", "nope"], out=bad) == 2 and "no game called" in bad.getvalue()


# == the hooks in the real games ===============================================================
def _midgame(key, players, moves, seed=3, options=None):
    game = get_game(key)
    state = game.setup(players, options or {}, seed)
    from engine.core import new_rng

    rng = new_rng(seed)
    for _ in range(moves):
        seat = game.active(state)[0]
        legal = game.legal(state, seat)
        game.apply(state, seat, legal[rng_below(rng, len(legal))])
    return game, state


@pytest.mark.parametrize(("key", "players", "moves"), [
    ("rheinlaender", 3, 10), ("troedler", 3, 40)])
def test_hands_are_named_as_hidden_items(key, players, moves):
    game, state = _midgame(key, players, moves)
    hidden = game.hidden_items(state)
    assert set(hidden) == set(range(players)) and all(hidden.values())


def test_rhein_fulfilled_orders_are_hidden_items():
    game = get_game("rhein")
    state = game.setup(3, {}, 1)
    state["fulfilled"][1] = [state["deck"].pop()]
    hidden = game.hidden_items(state)
    assert list(hidden) == [1] and hidden[1][0]["card"] == state["fulfilled"][1][0]
    assert not game.check_invariants(state)
    views = {s: game.view(state, s) for s in range(3)}
    views[None] = game.view(state, None)
    check_hidden(hidden, views)


@pytest.mark.parametrize(("key", "players", "break_it", "words"), [
    ("rhein", 3, lambda s: s["deck"].pop(), "orders not conserved"),
    ("rhein", 3, lambda s: s["warehouse"].__setitem__(0, 14), "14 containers"),
    ("rheinlaender", 4, lambda s: s["deck"].append(s["deck"][0]), "cards not conserved"),
    ("rheinlaender", 4, lambda s: s["supply"].__setitem__(2, 3), "knights"),
    ("rheinlaender", 4, lambda s: s["coins"].__setitem__(1, 5), "coins"),
    ("troedler", 2, lambda s: s["round_pile"].pop(), "cards not conserved"),
    ("troedler", 2, lambda s: s["collections"][0].append("cup"), "goods not conserved"),
])
def test_invariants_catch_a_broken_state(key, players, break_it, words):
    game, state = _midgame(key, players, 12)
    assert game.check_invariants(state) == []
    break_it(state)
    assert any(words in problem for problem in game.check_invariants(state))


def test_18rhl_money_check():
    from engine.fuzz import EXTRA_CHECKS

    game = get_game("18rhl")
    state = game.setup(4, {}, 2)
    assert EXTRA_CHECKS["18rhl"](state) == []
    state["cash"][0] += 10
    assert EXTRA_CHECKS["18rhl"](state) == ["money is 9010, not 9000"]
