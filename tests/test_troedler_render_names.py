"""Trödler's players panel and pile list read whole on every board of a seeded game with
long player names: whose turn it is and how many cards lie under each pile are never cut,
and each player is named "Anna (Orange)" with the colour word whole."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache

import pytest

from engine.troedler.data import VILLAGES
from render import render_board
from render.text_draw import recording
from render.troedler import MAP_RIGHT, player_words, word
from tests.board_checks import drawn, problems
from tests.test_troedler_support import GAME

LONG_NAMES = ("Maximiliane von Hohenzollern", "Anna",
              "Bartholomäus Schwarzenegger-Lindqvist", "Kunigunde Wolkenstein-Trostburg")
SEATS = [{"seat": seat, "name": name, "colour": "x"} for seat, name in enumerate(LONG_NAMES)]


@cache
def positions(players: int = 4, seed: int = 5) -> list[dict]:
    """The public view of every position of a game the seats play with their first move
    that is not ending the turn (a full game: piles taken, cards played, deliveries)."""
    state = GAME.setup(players, {}, seed)
    views = [GAME.view(state, None)]
    while GAME.result(state) is None:
        seat = GAME.active(state)[0]
        moves = GAME.legal(state, seat)
        played = [m for m in moves if m["type"] != "end"]
        GAME.apply(state, seat, played[len(views) % len(played)] if played else moves[0])
        views.append(GAME.view(state, None))
    return views


@pytest.fixture
def boards(monkeypatch) -> Iterator[Callable[[dict, str], list[str]]]:
    """Draws boards with long names and gives the texts of each one's side panel, after
    checking every text it drew is readable, whole and apart (tests.board_checks). Hundreds
    of boards are drawn: the PNG encoding is skipped (the drawing is what is tested), and
    one recording serves them all, so the cached map is drawn once."""
    monkeypatch.setattr("render.troedler.to_png", lambda image: image.size)
    with recording() as texts:
        def board(view: dict, lang: str) -> list[str]:
            start = len(texts)
            size = render_board("troedler", {**view, "lang": lang, "seats": SEATS})
            found = problems(texts[start:], size)
            assert not found, found[:5]
            return [t.text for t in texts[start:] if t.box[0] >= MAP_RIGHT]
        yield board


@pytest.mark.parametrize("lang", ["de", "en"])
def test_whose_turn_and_covered_counts_are_never_cut(boards, lang):
    views = positions()
    assert any(v["stage"] == "play" and v["current"] == v["dealer"] for v in views)
    turn = word(lang, "to_play").strip("◀ ")  # the words, with or without a marker
    for index, view in enumerate(views):
        texts = boards(view, lang)
        if view["stage"] in ("play", "limit"):
            assert sum(turn in t for t in texts) == 1, (index, lang, texts)
        for pile in view["piles"]:
            if "covered" in pile:
                assert word(lang, "covered", count=pile["covered"]) in texts, (index, texts)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_players_are_named_with_their_colour_whole(boards, lang):
    view = positions()[0]
    texts = boards(view, lang)
    for player, name in zip(view["players"], LONG_NAMES, strict=True):
        colour = player_words(player, lang)
        label = next((t for t in texts if t.endswith(f"({colour})")), None)
        assert label is not None, (colour, texts)
        shown = label[:-len(colour) - 3]
        assert shown == name or (shown.endswith("…") and name.startswith(shown[:-1])), label
    assert f"Anna ({player_words(view['players'][1], lang)})" in texts


def test_without_names_the_panel_names_players_by_colour():
    view = {**positions()[0], "lang": "de"}
    texts, _ = drawn(lambda: render_board("troedler", view))
    colours = {player_words(p, "de") for p in view["players"]}
    assert colours <= {t.text for t in texts}


def test_the_panel_shows_hand_sizes_never_hand_cards(boards):
    """A name changes nothing of what the panel tells: hand sizes and carts, no cards."""
    view = positions()[30]
    texts = boards(view, "en")
    villages = {v["key"]: v["name"] for v in VILLAGES}
    for player in view["players"]:
        line = word("en", "player", hand=player["hand_size"], village=villages[player["cart"]])
        assert any(t.startswith(line) for t in texts), (line, texts)
    assert all("hand" not in player for player in view["players"])
