"""The routes picture's legend says each train's route as the run's text does, in the
table's language: "2-Zug (2): C14-E12-F13 + 1 Verbindung (=+10M) = 60M" on a German table,
where it drew the engine's English bonus ("+ 1 link") and named two 2-trains alike
("2er-Zug")."""

from __future__ import annotations

import pytest

from bot.service.rhl18_steps import routes_text, routes_view
from engine.rhl18.game import GAME
from engine.text import say
from render import rhl18_views
from render.text_draw import recording

# DEE's run in the reviewed German game (its move 143): a 3-train and two 2-trains, one of
# them paid the Eastern Ruhr link bonus
RUN = [
    {"train": "3-0", "stops": ["F9-0", "G10-0", "I10-0", "K6-0"], "revenue": 110,
     "revenue_str": "F9-G10-I10-K6"},
    {"train": "2-3", "stops": ["D9-0", "F9-0"], "revenue": 80, "revenue_str": "D9-F9"},
    {"train": "2-5", "stops": ["C14-0", "E12-0", "F13-0"], "revenue": 60,
     "revenue_str": "C14-E12-F13 + 1 link (=+10M)"},
]

LINES = {
    "de": ["3-Zug: F9-G10-I10-K6 = 110M", "2-Zug (1): D9-F9 = 80M",
           "2-Zug (2): C14-E12-F13 + 1 Verbindung (=+10M) = 60M"],
    "en": ["3-train: F9-G10-I10-K6 = 110M", "2-train (1): D9-F9 = 80M",
           "2-train (2): C14-E12-F13 + 1 link (=+10M) = 60M"],
}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_routes_legend_names_trains_and_bonuses_as_the_run_text(lang):
    state = GAME.setup(3, {}, 1)
    view = routes_view(GAME, state, RUN, lang)
    with recording() as texts:
        rhl18_views.render(view)
    said = [t.text for t in texts]
    for line in LINES[lang]:
        assert line in said, (line, said[-6:])
        # the run's text (the channel's and the DM's) says each train the same way
        assert line in say(routes_text("DEE", RUN), lang)
