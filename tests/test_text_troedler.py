"""Die Trödler aus den Highlands speaks only in catalogue texts, in English and German: every
log line, label, phase and refusal seen in random games (2-4 players, every table option) is a
Msg with keys in both languages and no German text is left English; German wording uses the
German edition's terms (Auftrag, Kraftfutter, Extratrödel, Wegkarte); the board is drawn in
the table's language from the JSON view, and its German panel texts fit without shrinking."""

from __future__ import annotations

import io
import json

import pytest
from PIL import Image, ImageChops, ImageDraw

from engine import RuleError
from engine.text import Msg, catalogue, from_json, say, text_of
from engine.troedler.data import card_text
from render import render_board
from render import troedler as board_picture
from render.common import font
from tests.test_troedler_support import (
    ANN,
    BEN,
    BRIDGE,
    EXTRA,
    FEED,
    GAME,
    play,
    request,
    turn_state,
)
from tests.text_checks import (
    assert_all_catalogue_texts,
    assert_german_and_fits,
    assert_topics_are_catalogue_texts,
    play_and_collect,
)

POTS_BOTTLE = request("bottle", "pot", "pot")


@pytest.mark.parametrize(("players", "seed", "options"), [
    (2, 1, {}),
    (3, 2, {"open_piles": True}),
    (4, 3, {"open_counts": True}),
    (4, 4, {"open_piles": True, "open_counts": True}),
    (2, 5, {"first_dealer": "random", "open_piles": True}),
    (3, 6, {}),
])
def test_random_games_speak_only_catalogue_texts(players, seed, options):
    seen = play_and_collect("troedler", players, seed, options, max_moves=1000)
    assert seen.phases[-1] == "Game over"  # whole games: the end and the result lines too
    assert seen.moves > 100 and seen.lines and seen.refusals
    assert_all_catalogue_texts(seen)
    assert_german_and_fits(seen)


def test_topics_options_and_phases_are_catalogue_texts():
    assert_topics_are_catalogue_texts("troedler")
    for lang in ("en", "de"):
        for name in GAME.topics:
            assert catalogue(lang)[f"troedler.topic_name.{name}"].strip()
    assert say(GAME.rules("feed"), "de").startswith("Ein Kraftfutter bewirkt eines davon")
    assert "Hausgemacht" in say(GAME.rules("components"), "de")
    for option in GAME.options:
        assert isinstance(option.description, Msg)
        assert say(option.description, "de") != option.description
    state = GAME.setup(3, {}, 1)
    assert say(GAME.phase(state), "de") == "Runde 1: Trödelstapel nehmen"
    with pytest.raises(RuleError) as error:
        GAME.setup(5, {}, 1)
    assert isinstance(text_of(error.value), Msg)


def test_german_card_names_use_the_editions_terms():
    assert say(card_text(FEED[0]), "de") == f"#{FEED[0]} Kraftfutter"
    assert say(card_text(EXTRA[0]), "de") == f"#{EXTRA[0]} Extratrödel"
    assert say(card_text(BRIDGE[0]), "de") == f"#{BRIDGE[0]} Brücke"
    assert card_text(POTS_BOTTLE) == f"#{POTS_BOTTLE} request 2 pots + bottle (4 pts)"
    assert say(card_text(POTS_BOTTLE), "de") == f"#{POTS_BOTTLE} Auftrag 2 Töpfe + Flasche (4 P.)"


def test_german_log_lines_and_labels():
    state = turn_state("kilbride", [BRIDGE[0], EXTRA[0]], villages={"ruthven": ["chair", "cup"]})
    labels = {say(GAME.label(state, move), "de") for move in GAME.legal(state, ANN)}
    assert "Per Brücke nach Ruthven (dort: Stuhl + Tasse) · move bridge ruthven" in labels
    assert "Zug beenden · end" in labels
    lines = play(state, ANN, "move bridge ruthven", "take cup", "extra chair")
    assert lines[:2] == [f"Orange plays #{BRIDGE[0]} bridge: Kilbride to Ruthven.",
                         "Orange takes a cup in Ruthven."]
    assert [say(line, "de") for line in lines] == [
        f"Orange spielt #{BRIDGE[0]} Brücke: von Kilbride nach Ruthven.",
        "Orange nimmt eine Tasse in Ruthven.",
        f"Orange spielt #{EXTRA[0]} Extratrödel und nimmt einen Stuhl in Ruthven.",
        "Orange beendet den Zug.",
        "Himmelblau ist am Zug."]
    state = turn_state("glenmore", [POTS_BOTTLE], goods=["bottle", "pot", "pot"])
    labels = [GAME.label(state, move) for move in GAME.legal(state, ANN)]
    deliver = next(label for label in labels if str(label).startswith("Deliver"))
    assert say(deliver, "de") == f"2 Töpfe + Flasche für 4 Punkte liefern · deliver {POTS_BOTTLE}"
    lines = play(state, ANN, f"deliver {POTS_BOTTLE}")
    assert say(lines[0], "de") == (f"Orange erfüllt #{POTS_BOTTLE} Auftrag 2 Töpfe + Flasche (4 P.) "
                                   "in Glenmore und liefert 2 Töpfe + Flasche.")


def _refusal(state, seat, text) -> str:
    with pytest.raises(RuleError) as error:
        play(state, seat, text)
    return say(text_of(error.value), "de")


def test_german_refusals():
    state = turn_state("kilbride", [BRIDGE[0]], villages={"ruthven": ["cup"]}, spare=True)
    assert _refusal(state, BEN, "end") == "Orange ist am Zug."
    assert _refusal(state, ANN, "move ferry glenmore") == \
        "Du hast keine Wegkarte „Fähre“ auf der Hand."
    assert _refusal(state, ANN, "feed extra cup") == "Du hast kein Kraftfutter auf der Hand."
    play(state, ANN, "move bridge ruthven")
    assert _refusal(state, ANN, "take chair") == (
        "Ruthven hat keinen Stuhl: Du darfst nur Waren aus dem Dorf nehmen, in dem dein Wagen "
        "steht.")
    assert _refusal(state, ANN, "take gold").startswith("„gold“ ist keine Ware; Waren sind: Amboss, Flasche")
    assert _refusal(state, ANN, "fly home").startswith(
        "Diesen Spielzug verstehe ich nicht. Spielzüge sehen so aus: stapel-nehmen N")
    fresh = GAME.setup(4, {}, 2)
    GAME.apply(fresh, ANN, GAME.parse(fresh, ANN, "take-pile 2"))
    assert _refusal(fresh, BEN, "take-pile 2") == \
        "Auf dem Tisch liegt kein Stapel 2; übrig sind: 1, 3, 4, 5."


def test_the_deal_log_keeps_its_keys_through_a_snapshot():
    state = GAME.load(GAME.dump(GAME.setup(3, {}, 4)))
    log = from_json(state["deal_log"])
    assert all(isinstance(line, Msg) for line in log)
    assert say(log[0], "de").startswith("Runde 1: ")
    assert say(log[1], "de").startswith("Stapel 1 (von unten nach oben): ")


def _mid_game_view(lang: str) -> dict:
    state = GAME.setup(4, {"open_counts": True}, 3)
    while not (state["stage"] == "play" and len(state["played"]) >= 2):
        seat = GAME.active(state)[0]
        moves = GAME.legal(state, seat)
        GAME.apply(state, seat, next((m for m in moves if m["type"] != "end"), moves[-1]))
    # The service hands the renderer a view that went through JSON: no Msg survives that.
    return {**json.loads(json.dumps(GAME.view(state, None))), "lang": lang}


def test_a_german_board_differs_from_the_english_one():
    pictures = {lang: Image.open(io.BytesIO(render_board("troedler", _mid_game_view(lang))))
                for lang in ("en", "de")}
    assert pictures["de"].size == pictures["en"].size == (1600, 1000)
    panel, legend = (1074, 0, 1600, 1000), (0, 900, 760, 1000)
    for box in (panel, legend):
        diff = ImageChops.difference(pictures["de"].convert("RGB").crop(box),
                                     pictures["en"].convert("RGB").crop(box))
        assert diff.getbbox() is not None, box


def test_german_panel_texts_fit_at_their_full_size():
    """The longest German panel lines fit the panel without the renderer shrinking them."""
    draw = ImageDraw.Draw(Image.new("RGB", (10, 10)))
    word = board_picture.word
    room = board_picture.PANEL_RIGHT - board_picture.PANEL_X
    player = (word("de", "player", name="Himmelblau", hand=8, village="Ballindrum") + " · "
              + word("de", "dealer") + ", " + word("de", "to_play"))
    headings = [word("de", "discard", count=88, round=88),
                word("de", "dealer_piles", who="Himmelblau", choice=word("de", "choice.take-pile")),
                word("de", "must_discard", who="Himmelblau", count=4),
                word("de", "played", name="Himmelblau")]
    assert draw.textlength(player, font=font(15, True)) <= room - 34
    for heading in headings:
        assert draw.textlength(heading, font=font(18, True)) <= room, heading
    counts = word("de", "counts", requests=7, points=35, feed=12, damage=18)
    assert draw.textlength(counts, font=font(14)) <= room - 34
    longest = say(card_text(request("bottle", "vase", "vase", "vase")), "de")
    assert draw.textlength(word("de", "top", card=longest), font=font(14)) <= 380 - 14


def test_a_score_note_counts_one_request_and_one_good_in_the_singular():
    """"5 from 1 requests + 1 goods" in the result post."""
    from engine.core import Standing

    detail = {"request_points": 5, "requests": 1, "goods": 1, "damage": 2, "feed": 0,
              "total_damage": False}
    note = GAME.score_note({}, Standing(seat=0, rank=1, score=6, detail=detail))
    assert say(note, "en") == "5 from 1 request + 1 good, damage 2 (0 feed)"
    assert say(note, "de") == "5 aus 1 Auftrag + 1 Ware, Schaden 2 (0 Kraftfutter)"
    many = GAME.score_note({}, Standing(seat=0, rank=1, score=16,
                                        detail={**detail, "requests": 3, "goods": 11}))
    assert say(many, "en") == "5 from 3 requests + 11 goods, damage 2 (0 feed)"


def test_the_logs_final_standings_count_in_the_singular_too(monkeypatch):
    """/game log's last line read "3 points (3 from 1 requests + 1 goods)" where the result
    post said "1 request + 1 good"."""
    from engine.core import Standing
    from engine.troedler import scoring

    detail = {"request_points": 3, "requests": 1, "goods": 1, "damage": 2, "feed": 0,
              "total_damage": False}
    monkeypatch.setattr(scoring, "standings", lambda state: [
        Standing(seat=0, rank=1, score=1, detail=detail),
        Standing(seat=1, rank=2, score=0, detail={**detail, "requests": 0, "goods": 4,
                                                  "request_points": 0})])
    monkeypatch.setattr(scoring, "player_name", lambda state, seat: f"P{seat}")
    first, second = scoring.result_lines({})
    assert say(first, "en") == "1. P0: 1 point (3 from 1 request + 1 good), damage 2 (0 feed)"
    assert say(first, "de") == "1. P0: 1 Punkt (3 aus 1 Auftrag + 1 Ware), Schaden 2 " \
        "(0 Kraftfutter)"
    assert say(second, "en") == "2. P1: 0 points (0 from 0 requests + 4 goods), damage 2 " \
        "(0 feed)"
    assert {line.key for line in (first, second)} <= GAME.result_keys


def test_the_board_and_the_card_call_a_seat_by_the_same_colour():
    """A review found one seat spelt three ways: "Bert (Sky)" on the board, "Bert (Sky
    blue)" on the turn card, "(sky blue)" in the channel."""
    from engine import text as texts

    for lang in texts.LANGUAGES:
        board = {key.rsplit(".", 1)[1]: value for key, value in texts.catalogue(lang).items()
                 if key.startswith("troedler.player.")}
        assert board
        for colour, name in board.items():
            assert name == texts.catalogue(lang)[f"render.card.colour.{colour}"], (lang, colour)
            assert name.lower() == texts.catalogue(lang)[f"choice.{colour}"].lower()
