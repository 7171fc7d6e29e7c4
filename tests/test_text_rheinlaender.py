"""Rheinländer speaks only in catalogue texts, in English and German: every log line, label,
phase and refusal seen in random games is a Msg with keys in both languages; German wording
reads German; the board is drawn in the table's language and its panel fits in German."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from engine import RuleError
from engine.core import new_rng, rng_below
from engine.playthrough import random_playthrough
from engine.rheinlaender import GAME
from engine.rheinlaender.scenario import scenario
from engine.text import catalogue, keys_used, say, text_of
from render import rheinlaender as board_picture
from render.common import font
from render.text_draw import wrapped
from tests.board_checks import board_problems
from tests.text_checks import (
    Seen,
    assert_all_catalogue_texts,
    assert_german_and_fits,
    assert_topics_are_catalogue_texts,
    play_and_collect,
)

A, B = 0, 1


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (5, 3), (3, 18), (5, 27)])
def test_random_games_speak_only_catalogue_texts(players, seed):
    seen = play_and_collect("rheinlaender", players, seed)
    assert seen.moves > 30 and seen.lines and seen.refusals
    assert_all_catalogue_texts(seen)
    assert_german_and_fits(seen)


def test_topics_are_catalogue_texts_with_display_names():
    assert_topics_are_catalogue_texts("rheinlaender")
    for lang in ("en", "de"):
        for name in GAME.topics:
            assert catalogue(lang)[f"rheinlaender.topic_name.{name}"].strip()
    assert say(GAME.rules("archbishop"), "de").startswith("Ein Herzog, dessen Herzogtum")
    assert "SELBST GEMACHT" in say(GAME.rules("components"), "de")


def test_a_german_log_line_phase_and_label():
    state = scenario("A:L12", hands={"A": [13, 20]})
    labels = [say(GAME.label(state, move), "de") for move in GAME.legal(state, A)]
    assert "Karte 13: Ritter auf 13 links neben deinem Ritter" in labels  # Orange moves
    assert "Bastion auf 30 rechts (blockiert ein Feld, noch 3)" in labels
    lines = GAME.apply(state, A, GAME.parse(state, A, "play 13 left"))
    assert lines == ["Orange plays card 13: knight on 13 left.",
                     "Orange takes the duchy at 12 left (1 coin if lost, "
                     "5 points at the game's end)."]
    assert [say(line, "de") for line in lines] == [
        "Orange spielt Karte 13: Ritter auf 13 links.",
        "Orange übernimmt das Herzogtum bei 12 links (bei Verlust 1 Münze, "
        "am Spielende 5 Punkte)."]
    assert say(GAME.phase(state), "de") == "Zug 1: Orange"
    assert say(GAME.label(state, {"type": "done"}), "de") == "Zug ohne Bastion beenden"
    assert say(GAME.label(state, {"type": "discard", "card": 20}), "de") == \
        "Karte 20 abwerfen (kein Ritter einsetzbar)"
    state["step"] = "over"
    assert say(GAME.phase(state), "de") == "Spielende"


def test_german_refusals():
    state = scenario("B:L12", hands={"A": [12, 20], "B": [5]})
    with pytest.raises(RuleError) as error:
        GAME.apply(state, B, GAME.parse(state, B, "play 5 left"))
    assert say(text_of(error.value), "de") == "Orange ist am Zug, nicht du."
    with pytest.raises(RuleError) as error:
        GAME.apply(state, A, GAME.parse(state, A, "play 17 left"))
    assert say(text_of(error.value), "de") == "Du hast die Karte 17 nicht auf der Hand."
    with pytest.raises(RuleError) as error:
        GAME.apply(state, A, GAME.parse(state, A, "play 12 left"))
    assert say(text_of(error.value), "de") == \
        "12 links ist schon besetzt: auf jedem Feld steht nur eine Figur."
    with pytest.raises(RuleError) as error:
        GAME.parse(state, A, "play 12 up")
    assert say(text_of(error.value), "de").startswith("'up' ist kein Ort")


def _late_game(players: int, seed: int, moves: int) -> dict:
    state = GAME.setup(players, {}, seed)
    chooser = new_rng(seed)
    for _ in range(moves):
        seat = GAME.active(state)[0]
        legal = GAME.legal(state, seat)
        GAME.apply(state, seat, legal[rng_below(chooser, len(legal))])
    return state


def test_german_board_differs_and_its_panel_fits():
    state = _late_game(5, 7, 60)
    state["end_triggered"], state["archbishop"], state["current"] = True, 4, 4
    view = GAME.view(state, None)
    german = board_picture.render({**view, "lang": "de"})
    english = board_picture.render({**view, "lang": "en"})
    assert german != english and Image.open(io.BytesIO(german)).size[0] == 1600
    # the renderer reads only its catalogue: old-style labels change nothing
    assert board_picture.render({**view, "lang": "de", "labels": {"knights": "X"}}) == german
    de_view = {**view, "lang": "de"}
    measure = ImageDraw.Draw(Image.new("RGB", (1, 1))).textlength
    assert "LETZTER ZUG" in board_picture.footer(de_view)
    # the long German status line and legend are wrapped: nothing overlaps or leaves
    found = board_problems(lambda: board_picture.render(de_view))
    assert not found, found[:5]
    for text in (board_picture.footer(de_view), board_picture.say(de_view, "legend")):
        for line in wrapped(text, board_picture.TEXT, 1600 - 48, bold=True):
            assert measure(line, font=font(board_picture.TEXT, bold=True)) <= 1600 - 48
    headline = board_picture.headline(de_view)
    # said in a prompt's brackets too ("du bist dran (Zug 65, der letzte: Lila)"): none of
    # its own, where it read "(Zug 65: Lila (letzter Zug))"
    assert headline.startswith("Zug ") and headline.endswith(", der letzte: Lila")
    room = 1580 - measure(board_picture.say(de_view, "house"), font=font(18)) - 230 - 10
    assert measure(headline, font=font(20)) <= room
    box = (1600 - 40) // 5 - 12
    for player in view["players"]:
        title = board_picture.name(de_view, player["seat"]) + "  " + \
            board_picture.say(de_view, "to_move")
        assert measure(title, font=font(20, bold=True)) <= box - 52 - 8
        for line in board_picture.box_lines(de_view, player):
            assert measure(line, font=font(board_picture.TEXT)) <= box - 24, line


def test_german_final_headline_names_the_winners():
    run = random_playthrough(GAME, 5, seed=3)
    view = {**GAME.view(run.state, None), "lang": "de"}
    best = max(row["total"] for row in view["final"])
    headline = board_picture.headline(view)
    assert headline.startswith("Spielende: ") and headline.endswith(f"mit {best} Punkten")
    last = board_picture.box_lines(view, view["players"][0])[-1]
    assert last.startswith("Punkte ") and "Münzen" in last
    tied = [{**row, "total": 20} for row in view["final"][:2]] + \
        [{**row, "total": 10} for row in view["final"][2:]]
    assert board_picture.headline({**view, "final": tied}) == \
        "Spielende: Orange und Blau gewinnen mit 20 Punkten"
    assert board_picture.headline({**view, "final": tied, "lang": "en"}) == \
        "Game over: Orange and Blue win with 20 points"


def _variants():
    """One position in many situations, so that every rule a move can break is met."""
    realms = {"C1": ("castle", 0, ["L20", "L21"]), "K1": ("church", 0, ["T20", "T21"])}
    base = scenario("A:L12 B:L14 A:T13 B:L21 A:C1 bastion:T12", realms=realms, archbishop="A",
                    hands={"A": [12, 13, 14, 20, 21], "B": [5]})
    changes = [{}, {"step": "after"}, {"step": "over"}, {"archbishop": None},
               {"bastion_placed": True}, {"bastions_left": [0, 3, 3]}, {"supply": [0, 20, 20]}]
    for change in changes:
        yield {**base, **change}
    # L4: reinforcing L13 is A's one knight action, so a bastion there first is refused
    yield scenario("A:L12 B:T12 B:R12 bastion:L11", archbishop=None,
                   hands={"A": [12], "B": [5]})


def _candidates():
    spaces = [f"{bank}{k}" for k in (11, 12, 13, 14, 20, 21) for bank in "LRT"] + ["C1", "X9"]
    for kind in ("play", "reinforce", "convert", "discard"):
        for card in (12, 13, 20, 33):
            for space in spaces:
                yield {"type": kind, "card": card, "space": space}
    for space in spaces:
        yield {"type": "bastion", "space": space}
    yield {"type": "done"}
    yield {"type": "fly"}


def test_every_rule_refusal_is_a_catalogue_text_in_both_languages():
    said = []
    for state in _variants():
        legal = GAME.legal(state, A)
        for action in _candidates():
            if action in legal:
                continue
            for seat in (A, B):
                with pytest.raises(RuleError) as error:
                    GAME.apply(GAME.load(GAME.dump(state)), seat, action)
                said.append(text_of(error.value))
    for typed in ("", "play", "play 99 left", "play 12 up", "play 30 island", "bastion 12 x",
                  "reinforce 3 left"):
        with pytest.raises(RuleError) as error:
            GAME.parse(state, A, typed)
        said.append(text_of(error.value))
    seen = Seen(refusals=said)
    assert_all_catalogue_texts(seen)
    refusal_keys = {key for key in catalogue("en")
                    if key.startswith(("rheinlaender.refuse.", "rheinlaender.notation."))}
    assert refusal_keys - keys_used(said) <= {"rheinlaender.notation.no_left",
                                              "rheinlaender.notation.no_right",
                                              "rheinlaender.notation.no_river"}
    assert all(say(text, "de") != str(text) for text in said)
