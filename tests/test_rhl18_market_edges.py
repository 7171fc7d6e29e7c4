"""The market picture's tables end at the page's right edge: the final ranking's columns were
wider than the page, and a sole owner's "100%★" in the last corporation's column stood past
the rows' stripes."""

from __future__ import annotations

import pytest

from engine.rhl18 import data
from engine.rhl18.game import GAME
from render import rhl18_market
from render.text_draw import recording
from tests.test_rhl18_pictures import _finished, seated


def _sole_owner_of_the_last(view: dict) -> dict:
    """The view with seat 0 holding every share of the last corporation, as its president."""
    syms = [c["sym"] for c in rhl18_market.corporations(view)]
    last = syms[-1]
    certs = [f"{last}_{k}" for k in range(len(data.corporations()[last]["shares"]))]
    players = [{**p, "shares": {**{s: c for s, c in (p.get("shares") or {}).items()
                                   if s != last}, **({last: certs} if p["seat"] == 0 else {})}}
               for p in view["players"]]
    corps = [{**c, "president_seat": 0} if c["sym"] == last else c
             for c in rhl18_market.corporations(view)]
    return {**view, "players": players, "corporations": corps}


@pytest.mark.parametrize("final", [True, False])
def test_the_players_table_ends_at_the_pages_edge(final):
    view = _sole_owner_of_the_last(seated(GAME.view(_finished(), None), "de"))
    if not final:
        view = {**view, "finished": False}
    with recording() as drawn:
        rhl18_market.market_picture(view)
    assert any(d.text == "100%★" for d in drawn)
    right = rhl18_market.WIDTH - rhl18_market.MARGIN
    over = [(d.text, d.box) for d in drawn if d.box[2] > right]
    assert not over
