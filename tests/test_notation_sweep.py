"""Issue 18: typed moves never crash an engine. Every verb of every game, in the phases random
play reaches, with Discord-sized hostile words (6,000 digits, past ``int()``'s 4,300-digit
limit) in every word and every part of a word, is read or refused with a ``RuleError``
(engine/fuzz_sweep.py); the sweep finds a planted fault; the verb table keeps up with the
notation."""

from __future__ import annotations

import os

import pytest

from engine import GAMES, get_game
from engine.core import MAX_DIGITS, RuleError, is_plain_number, new_rng, rng_below
from engine.fuzz import Case
from engine.fuzz_sweep import (
    HOSTILE,
    VERBS,
    known_verbs,
    run_sweep,
    sweep_state,
    try_text,
    variants_of,
    verb_of,
)
from engine.text import Msg
from tests.service_pebbles import Pebbles

SLOW = os.environ.get("RHEINBOT_SLOW") == "1"
DIGITS = "9" * 6000
PLAYERS = {"rhein": 3, "rheinlaender": 3, "troedler": 3, "18rhl": 3}


def _played(key: str, moves: int, seed: int = 5):
    game = get_game(key)
    state = game.setup(PLAYERS[key], {}, seed)
    rng = new_rng(seed)
    for _ in range(moves):
        active = game.active(state)
        if not active:
            break
        seat = active[0]
        legal = game.legal(state, seat)
        game.apply(state, seat, legal[rng_below(rng, len(legal))])
    return game, state


def test_a_plain_number_has_at_most_18_digits():
    assert is_plain_number("9" * MAX_DIGITS) and not is_plain_number("9" * (MAX_DIGITS + 1))
    assert not is_plain_number(DIGITS) and not is_plain_number("\u00b2")


@pytest.mark.parametrize("key", sorted(GAMES))
def test_6000_digits_in_every_position_of_every_verb_is_a_catalogue_refusal(key):
    game, state = _played(key, 12)
    seat = game.active(state)[0]
    for template in VERBS[key]:
        words = template.split()
        for index in range(len(words)):
            typed = " ".join(words[:index] + [DIGITS] + words[index + 1:])
            with pytest.raises(RuleError) as refused:
                action = game.parse(state, seat, typed)
                game.format(state, action)
                game.apply(state, seat, action)
            assert isinstance(refused.value.text, Msg), (typed[:40], refused.value)
            assert DIGITS[:30] not in refused.value.text  # quoted cut short, if at all


@pytest.mark.parametrize("key", sorted(GAMES))
@pytest.mark.parametrize("moves", [0, 30])
def test_every_verb_with_every_hostile_word_is_read_or_refused(key, moves):
    game, state = _played(key, moves)
    # all texts for the seat to move and another seat (18Rhl: a sample, its parse is dearer)
    sample = 400 if key == "18rhl" else None
    assert sweep_state(game, state, PLAYERS[key], new_rng(moves), sample) > 0


def test_18rhl_run_outside_a_route_step_is_refused_with_a_reason():
    game = get_game("18rhl")
    state = game.setup(3, {}, 1)  # the private auction
    for text in ("run none", "run auto", "run 2-0: I10-0 K6"):
        with pytest.raises(RuleError) as refused:
            game.format(state, game.parse(state, 0, text))
        assert refused.value.text.key == "rhl18.err.run_not_now"
    german = refused.value.text
    from engine.text import say

    assert "Betriebsrunde" in say(german, "de") and "bid" in str(german)


def test_18rhl_typed_moves_after_the_end_are_refused():
    # found by the whole-game sweep (6 players, seed 106): parse asked a finished game for
    # its current corporation's lays and raised KeyError
    game = get_game("18rhl")
    state = game.setup(6, {}, 106)
    state["finished"] = True
    for text in ("bid nlk 125", "lay 9 F11 1", "run none", "pass"):
        with pytest.raises(RuleError) as refused:
            game.parse(state, 0, text)
        assert refused.value.text.key == "rhl18.err.game_over"


@pytest.mark.parametrize("key", sorted(GAMES))
def test_short_seeded_sweeps_of_random_play(key):
    # 18Rhl seed 11 reaches its first route step at move 81
    stop = 100 if key == "18rhl" else 120
    outcome = run_sweep(get_game(key), Case(key, PLAYERS[key], {}, 11), stride=15,
                        stop_after=stop, sample=60)
    assert outcome.ok, outcome.fault
    assert outcome.checks > 0 and len(outcome.moves) >= min(stop, 20)


@pytest.mark.slow
@pytest.mark.skipif(not SLOW, reason="whole games of every game: RHEINBOT_SLOW=1")
@pytest.mark.parametrize("key", sorted(GAMES))
def test_whole_games_swept(key):
    game = get_game(key)
    for players in range(game.min_players, game.max_players + 1):
        outcome = run_sweep(game, Case(key, players, {}, 100 + players), stride=10, sample=200)
        assert outcome.ok and outcome.finished, outcome.fault


def test_every_verb_legal_formats_is_in_the_table():
    for key in sorted(GAMES):
        game = get_game(key)
        seen: set[str] = set()
        for seed in (1, 2):
            state = game.setup(PLAYERS[key], {}, seed)
            rng = new_rng(seed)
            for _ in range(150 if key == "18rhl" else 400):
                active = game.active(state)
                if not active:
                    break
                legal = game.legal(state, active[0])
                seen |= {verb_of(game.format(state, move)) for move in legal}
                game.apply(state, active[0], legal[rng_below(rng, len(legal))])
        assert seen <= known_verbs(key), (key, seen - known_verbs(key))
        assert len(seen) >= 4


def test_variants_put_each_hostile_word_in_each_word_and_part():
    texts = variants_of("token I10.1")
    assert texts[0] == "token I10.1"
    for bad in HOSTILE:
        assert f"{bad} I10.1" in texts and f"token {bad}" in texts
        assert f"token {bad}.1" in texts and f"token I10.{bad}" in texts


class Clipped(Pebbles):
    """Pebbles, whose refusals quote the whole text typed, quoting a short prefix instead."""

    def parse(self, state, seat, text):
        try:
            return super().parse(state, seat, text)
        except RuleError:
            raise RuleError(f"Pebbles cannot read {text[:20]!r}.") from None


class ParsesHugeNumbers(Clipped):
    """A notation that reads any digits with int(): the fault issue 18 found in every game."""

    def parse(self, state, seat, text):
        words = text.split()
        if len(words) == 2 and words[0] == "take" and words[1].isdigit():
            return {"type": "take", "n": int(words[1])}
        return super().parse(state, seat, text)


class QuotesEverything(Clipped):
    def parse(self, state, seat, text):
        if text.split()[:1] == ["take"] and text != "take 2":
            raise RuleError(f"I cannot read {text!r}.")
        return super().parse(state, seat, text)


def test_a_refusal_repeating_6000_characters_is_a_fault():
    outcome = run_sweep(QuotesEverything(), Case("pebbles", 3, {}, 4), stride=3,
                        verbs=("take 2", "ready"))
    assert outcome.stage == "sweep" and "characters in en (at most 1000)" in outcome.fault


def test_the_sweep_finds_a_planted_fault():
    verbs = ("take 2", "play ruby", "ready", "end")
    sound = run_sweep(Clipped(), Case("pebbles", 3, {}, 4), stride=3, verbs=verbs)
    assert sound.ok and sound.finished, sound.fault
    broken = run_sweep(ParsesHugeNumbers(), Case("pebbles", 3, {}, 4), stride=3, verbs=verbs)
    assert broken.stage == "sweep" and "ValueError" in broken.fault
    assert "(6005 characters)" in broken.fault  # the failing text is shown cut short


def test_a_refusal_that_changes_the_state_is_a_fault():
    from engine.fuzz import Fault

    class Dirty(Pebbles):
        def apply(self, state, seat, action):
            state["turn"] += 1
            raise RuleError("No.")

    game = Dirty()
    state = game.setup(2, {}, 1)
    with pytest.raises(Fault, match="changed the state"):
        try_text(game, state, 0, "ready")
