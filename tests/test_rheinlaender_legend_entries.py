"""The Rheinländer board's legend keeps each entry on one line: it broke inside one, line 1
ending "… ♜ Burg ✝ Kirche 2/3/4:" and line 2 starting "Stadt 17L/17R …", in both languages."""
from __future__ import annotations

import re

import pytest

from engine.rheinlaender import GAME
from engine.text import render as catalogue_text
from render.rheinlaender import render
from render.text_draw import recording


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_legend_entry_is_drawn_whole_on_one_line(lang):
    view = GAME.view(GAME.setup(4, {}, seed=3), None)
    view["lang"] = lang
    entries = re.split(r"\s{3,}", catalogue_text("render.rheinlaender.legend", {}, lang))
    with recording() as drawn:
        render(view)
    texts = [item.text for item in drawn]
    for entry in entries:
        assert any(entry in text for text in texts), (entry, [t for t in texts if "17" in t])
