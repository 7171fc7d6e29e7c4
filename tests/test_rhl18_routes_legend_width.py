"""The routes picture's legend keeps each train's revenue. A reviewer's single 6-train read
"6-train (1): F9-H9-I10-…-L1 + Montan (=+40M) …" and a German 5-train "5-Zug: B15-…-E6 +
Montan-Bonus (=+40M) = …": each train had half the footer's width, even alone, and a long
text lost its end. A train now has the whole width while the footer's lines hold one a
line, and a text still too long leaves out middle stops, never its bonus or its revenue."""

from __future__ import annotations

import pytest

from bot.service.rhl18_steps import routes_view
from engine.rhl18.game import GAME
from render import rhl18_views
from render.text_draw import recording

LONG = ["B15", "C14", "D13", "D11", "D9", "E8", "F9", "G10", "H9", "I10", "K6", "L1"]


def _route(train: str, hexes: list[str], revenue: int) -> dict:
    return {"train": train, "stops": [f"{h}-0" for h in hexes], "revenue": revenue,
            "revenue_str": "-".join(hexes) + " + Montan (=+40M)"}


def _legend(run: list[dict], lang: str) -> list[str]:
    view = routes_view(GAME, GAME.setup(3, {}, 1), run, lang)
    with recording() as texts:
        rhl18_views.render(view)
    return [t.text for t in texts if t.text.split(":")[0].split(" (")[0].endswith(
        ("-train", "-Zug"))]


@pytest.mark.parametrize("lang,start", [("en", "6-train: "), ("de", "6-Zug: ")])
def test_a_single_trains_text_is_whole(lang, start):
    [line] = _legend([_route("6-0", LONG[:8], 400)], lang)
    assert line.startswith(start) and line.endswith("= 400M"), line
    assert "-".join(LONG[:8]) in line and "…" not in line, line


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_text_too_long_leaves_out_middle_stops_and_keeps_bonus_and_revenue(lang):
    # four trains: two a line, each in half the width
    run = [_route(f"4-{n}", LONG[n:] if n % 2 else LONG[::-1][n:], 300 + n) for n in range(4)]
    lines = _legend(run, lang)
    assert len(lines) == 4 and all("…" in line for line in lines), lines
    for line, route in zip(lines, run, strict=True):
        assert line.endswith(f"(=+40M) = {route['revenue']}M"), line
        first, last = route["stops"][0][:-2], route["stops"][-1][:-2]
        assert f": {first}-" in line and f"-{last} + " in line, line
