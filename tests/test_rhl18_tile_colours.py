"""18Rhl's tile colours carry the upgrade stage, and must still part under colour-vision
deficiency: simulated with Machado et al. (2009, severity 1), the old green and brown tiles
were 7 apart (CIE76 ΔE) for a deuteranope and brown against the red off-boards 4, so a
player could not tell which hexes could be upgraded further. The stages now darken yellow ->
green -> brown, and stay recognisable as the 18xx stages in full colour."""

from __future__ import annotations

import math

import pytest

from render.rhl18_tiles import PHASE_BOX, TILE_FILL

MACHADO = {
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
}


def _linear(colour: str) -> tuple[float, ...]:
    out = []
    for i in (1, 3, 5):
        c = int(colour[i:i + 2], 16) / 255
        out.append(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
    return tuple(out)


def _lab(rgb: tuple[float, ...]) -> tuple[float, float, float]:
    r, g, b = (min(1.0, max(0.0, c)) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def _seen(colour: str, deficiency: str | None) -> tuple[float, float, float]:
    rgb = _linear(colour)
    if deficiency:
        rgb = tuple(sum(m * c for m, c in zip(row, rgb, strict=True))
                    for row in MACHADO[deficiency])
    return _lab(rgb)


@pytest.mark.parametrize("deficiency", ["deuteranopia", "protanopia"])
@pytest.mark.parametrize("a, b", [("yellow", "green"), ("green", "brown"), ("brown", "red"),
                                  ("green", "gray"), ("brown", "gray")])
def test_the_stages_part_under_red_green_deficiency(a, b, deficiency):
    apart = math.dist(_seen(TILE_FILL[a], deficiency), _seen(TILE_FILL[b], deficiency))
    assert apart >= 12, (a, b, deficiency, round(apart, 1))


def test_the_stages_darken_and_keep_their_hues():
    lightness = {c: _seen(TILE_FILL[c], None)[0] for c in ("yellow", "green", "brown")}
    assert lightness["yellow"] > lightness["green"] > lightness["brown"] + 25
    _, a, b = _seen(TILE_FILL["green"], None)
    assert a < -15 and b > 15  # green
    _, a, b = _seen(TILE_FILL["brown"], None)
    assert a > 5 and b > 20  # brown: a dark orange
    assert PHASE_BOX["green"] == TILE_FILL["green"] and PHASE_BOX["brown"] == TILE_FILL["brown"]


def test_a_brown_tiles_coordinate_and_name_are_white():
    """Dark grey on the darker brown hardly read: a brown tile's words are white, as on the
    red off-boards; a yellow tile's stay dark."""
    from render import rhl18

    assert rhl18._words("F9", {"tile": "927"}, None, "en").dark
    assert not rhl18._words("E8", {"tile": "8"}, None, "en").dark
