"""Every game's full board says what its highlight means, as 18Rhl's legend did alone: a
changed place is framed in pink with a dark inner line on Rhein's, Rheinländer's and
Trödler's boards too, and there the frame went unexplained. The line shows only on a board
that frames something, in 18Rhl's words, and keeps clear of the board's other texts."""

from __future__ import annotations

import pytest

import engine
from render import highlight, render_board
from tests.board_checks import board_problems, drawn

CHANGED = {"rhein": "6", "rheinlaender": "L21", "troedler": "ruthven"}


def _view(key: str, lang: str, changed: list[str] | None) -> dict:
    game = engine.GAMES[key]
    view = {**game.view(game.setup(4, {}, seed=5), None), "lang": lang}
    return {**view, "changed": {"places": changed}} if changed is not None else view


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("key", sorted(CHANGED))
def test_the_legend_names_the_highlight_only_on_a_board_that_shows_it(key, lang):
    words = highlight.words(lang)
    assert words == engine.text.render("render.highlight.changed", {}, lang)
    for changed, shown in (([CHANGED[key]], True), ([], False), (None, False)):
        view = _view(key, lang, changed)
        texts, _ = drawn(lambda view=view: render_board(key, view))
        assert any(t.text == words for t in texts) == shown, (changed, lang)
        assert board_problems(lambda view=view: render_board(key, view)) == []
