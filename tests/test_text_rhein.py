"""Rhein: River Trade speaks only in catalogue texts, in English and German.

Random and AI play over every player count and both variants: every log line, move label,
phase and refusal is a Msg whose keys exist in both languages; the /rules topics, options
and set-up error too. Then a few German sentences read as a German player expects, and the
board picture is drawn in German, with the words that grow in German still fitting.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rhein_helpers import GAME, act, at_load, board, fresh, start_phase4
from text_checks import (
    Seen,
    assert_all_catalogue_texts,
    assert_topics_are_catalogue_texts,
    play_and_collect,
)

import render  # noqa: F401  (registers the renderers' catalogue)
from engine import ai
from engine.core import RuleError
from engine.rhein import rules
from engine.text import LANGUAGES, Msg, catalogue, say, worded
from render import rhein as board_picture
from tests.board_checks import board_problems

ROOT = Path(__file__).resolve().parent.parent
# Words that only an English sentence has: a German rendering must not contain them.
ENGLISH = re.compile(r"\b(the|takes|order|truck|loads|bids|passes|turn|round|Capital|cost)\b")


@pytest.mark.parametrize("players,seed,options", [
    (2, 1, {}), (3, 2, {"under_pressure": True}), (4, 3, {"relax": True}), (5, 4, {}),
    (3, 6, {}), (2, 8, {"relax": True}), (5, 9, {"under_pressure": True}),
])
def test_random_play_speaks_in_catalogue_texts(players, seed, options):
    seen = play_and_collect("rhein", players, seed, options, max_moves=300)
    assert seen.moves > 20 and seen.lines and seen.refusals
    assert_all_catalogue_texts(seen)
    assert_reads_german(seen)


def ai_game(players: int, seed: int, options: dict) -> Seen:
    """A whole game of normal AI seats: it reaches stops, trucks, fulfilling and the end,
    which random play rarely does."""
    state = GAME.setup(players, options, seed)
    seen = Seen()
    while GAME.result(state) is None:
        seen.phases.append(GAME.phase(state))
        seat = GAME.active(state)[0]
        moves = GAME.legal(state, seat)
        seen.labels += [GAME.label(state, move) for move in moves[:40]]
        seen.lines += GAME.apply(state, seat, ai.choose(GAME, state, seat, "normal", seed))
        seen.moves += 1
    seen.phases.append(GAME.phase(state))
    return seen


@pytest.mark.parametrize("players,seed,options", [
    (2, 3, {}), (3, 5, {"relax": True}), (5, 7, {"under_pressure": True}),
])
def test_whole_ai_games_speak_in_catalogue_texts(players, seed, options):
    seen = ai_game(players, seed, options)
    keys = {line.key for line in seen.lines if isinstance(line, Msg)}
    assert {"rhein.log.stops", "rhein.log.final", "rhein.log.load"} <= keys
    assert_all_catalogue_texts(seen)
    assert_reads_german(seen)
    for label in seen.labels:
        for lang in LANGUAGES:
            assert len(say(label, lang)) <= 100, say(label, lang)


def assert_reads_german(seen: Seen) -> None:
    for text in seen.texts():
        german = say(text, "de")
        # the help text's examples and backticked forms are notation, German or English
        prose = re.sub(r"Spielzüge sehen so aus:.*|`[^`]*`|'[^']*'", "", german)
        assert not ENGLISH.search(prose), (text, german)


def test_topics_options_and_setup_error_are_catalogue_texts():
    assert_topics_are_catalogue_texts("rhein")
    for lang in LANGUAGES:
        for name in GAME.topics:
            assert f"rhein.topic_name.{name}" in catalogue(lang)
    for option in GAME.options:
        assert isinstance(option.description, Msg)
        assert say(option.description, "de") != option.description
    with pytest.raises(RuleError) as refused:
        GAME.setup(3, {"under_pressure": True, "relax": True}, 1)
    assert isinstance(refused.value.text, Msg)
    assert say(refused.value.text, "de").startswith("Unter Druck und Entspannt")


def test_a_log_line_and_a_refusal_in_german():
    state = fresh(3)
    seat = GAME.active(state)[0]
    opener = GAME.legal(state, seat)[0]
    line = act(state, seat, GAME.format(state, opener))[0]
    colour = {0: "Grün", 1: "Gelb", 2: "Blau"}[seat]
    assert say(line, "de") == f"{colour} eröffnet mit 0 auf Auftrag {opener['card']}."
    waiting = next(s for s in range(3) if s not in GAME.active(state))
    with pytest.raises(RuleError) as refused:
        act(state, waiting, "pass")
    assert str(refused.value).startswith("It is ")  # English stays as it was
    assert say(refused.value.text, "de").endswith(
        "ist am Zug (Phase 1 (Aufträge annehmen), Versteigerung der 1. Runde).")
    with pytest.raises(RuleError) as junk:
        GAME.parse(state, seat, "fly me to the moon")
    assert say(junk.value.text, "de").startswith("Diesen Spielzug verstehe ich nicht: „fly me to the moon“.")


def test_transports_are_declined_in_german():
    state = fresh(3)
    at_load(state)
    seat = GAME.active(state)[0]
    line = act(state, seat, "load red-train 3")[0]
    assert line == f"{say(line)}"  # a Msg is its English
    assert "loads 3 onto the red Train (-3)." in line
    assert "lädt 3 auf den roten Zug (-3)." in say(line, "de")
    with pytest.raises(RuleError) as refused:
        act(state, seat, "load white-ship 99")
    assert say(refused.value.text, "de") == "Das weiße Schiff hat nur 14 freie Plätze."
    state = fresh(3)
    board(state, "red-train", None, {0: 4}, markers=[3])
    lines = [say(text, "de") for text in start_phase4(state)]
    assert "Der rote Zug hält in Mannheim." in lines


def test_the_board_in_german_differs_and_its_long_words_fit():
    state = fresh(4, seed=3)
    for _ in range(60):  # into round 1's loading and beyond
        seat = GAME.active(state)[0]
        GAME.apply(state, seat, ai.choose(GAME, state, seat, "normal", 3))
    view = GAME.view(state, None)
    english = board_picture.render(view)
    assert board_picture.render({**view, "lang": "en"}) == english
    german = board_picture.render({**view, "lang": "de"})
    assert german != english and german[:8] == b"\x89PNG\r\n\x1a\n"
    for lang in LANGUAGES:  # the long German words fit: no text overlaps or leaves
        found = board_problems(lambda lang=lang: board_picture.render({**view, "lang": lang}))
        assert not found, (lang, found[:5])
    # the mats' names are wrapped to their columns, German ones onto two lines
    names, _ = board_picture.mat_table(view, "de")
    assert max(len(lines) for lines in names) == 2


VARIANTS = {"n": (0, 1, 2, 99), "amount": (-1, 0, 99), "city": (0, 3, 8, 14), "card": (4, 999),
            "transport": ("black-plane", "red-train", "a", "b"), "to": ("a", "red-train"),
            "truck": ("a", "b")}


def variants(action: dict) -> list[dict]:
    """The action with one value changed at a time: odd counts, other cities and vehicles."""
    found = []
    for field, values in VARIANTS.items():
        if field in action:
            found += [{**action, field: value} for value in values if value != action[field]]
    return found


def every_load(state: dict) -> list[dict]:
    """Loads of every count onto every transport, in transit or not: legal()'s candidates
    leave out those that cannot fit, and a player may still type them."""
    return [{"type": "load", "transport": key, "n": count} for key in sorted(state["transports"])
            for count in range(1, 7)]


def rule_refusals(players: int, seed: int, every: int = 3) -> Seen:
    """Through a whole AI game: every candidate move and a pool of moves from other steps,
    tried by the seat to move and by a waiting seat, refused with the rule's reason."""
    state = GAME.setup(players, {}, seed)
    seen, count = Seen(), 0
    pool = {"fly": {"type": "fly"}, "odd": {"type": "load", "transport": "red-train"}}
    while GAME.result(state) is None:
        seat = GAME.active(state)[0]
        if count % every == 0:
            tried = list(rules.candidates(state, seat)) + every_load(state)
            for action in tried:
                pool.setdefault(action["type"], action)
            tried += [other for action in pool.values() for other in variants(action)]
            waiting = (seat + 1) % players
            for who, action in [(seat, a) for a in tried + list(pool.values())] + \
                    [(waiting, a) for a in pool.values()]:
                reason = rules.refusal(state, who, action)
                if reason is not None:
                    seen.refusals.append(worded(reason))
        GAME.apply(state, seat, ai.choose(GAME, state, seat, "normal", seed))
        count += 1
    seen.refusals.append(worded(rules.refusal(state, 0, {"type": "done"})))
    return seen


def test_every_kind_of_rule_refusal_is_said_in_german():
    seen = rule_refusals(4, 11)
    seen.refusals += rule_refusals(2, 5).refusals
    for text in ("truck a atlantis 2", "move c bonn", "load zeppelin 2", "take x"):
        with pytest.raises(RuleError) as refused:
            GAME.parse(fresh(4), 0, text)
        seen.refusals.append(refused.value.text)
    assert_all_catalogue_texts(seen)
    assert_reads_german(seen)
    keys = {text.key for text in seen.refusals}
    assert len({key for key in keys if key.startswith("rhein.refuse.")}) >= 45, sorted(keys)
    assert {"rhein.parse.no_city", "rhein.parse.no_truck", "rhein.parse.no_transport",
            "rhein.refuse.over", "rhein.refuse.turn", "rhein.refuse.not_now"} <= keys


def test_the_game_over_line_names_the_best_without_brackets_in_brackets():
    """It read "bestes Endkapital 69 (Bert (Gelb))": the winner's colour is in brackets
    after the name already."""
    view = GAME.view(fresh(3), None)
    view.update(step="over", final={"0": {"score": 50, "fulfilled": 3},
                                    "1": {"score": 69, "fulfilled": 4},
                                    "2": {"score": 69, "fulfilled": 4}},
                seats=[{"seat": seat, "name": name} for seat, name in
                       enumerate(["Anna", "Bert", "Carla"])])
    for lang in LANGUAGES:
        line = board_picture.status_text(view, lang)
        assert "((" not in line and "))" not in line, line
        assert not re.search(r"\([^)]*\(", line), line
    assert board_picture.status_text(view, "de") == \
        "Partie beendet: Sieg für Bert (Gelb) und Carla (Blau) mit 69 Endkapital"
    assert board_picture.status_text(view, "en") == \
        "Game over: won by Bert (Yellow) and Carla (Blue) with 69 final Capital"
