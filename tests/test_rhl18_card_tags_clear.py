"""An 18Rhl track step's card names the changed hex beside it without covering the ids of
the hexes the lay menu offers: a review's card laid "D11 Oberhausen Mülheim" across the
"F5" and "F13" plates and over eight hexes of the squeezed map, another "E6 Krefeld"
under "H7". A long name that finds no clear spot gives way to the hex's id alone."""

from __future__ import annotations

import io
from functools import cache

import pytest
from PIL import Image

from engine.rhl18 import hexmap, importer
from engine.rhl18.game import GAME
from render import turn_card
from render.text_draw import recording
from tests.board_checks import problems
from tests.test_rhl18_pictures import BANK


@cache
def _most_lays() -> dict:
    """The recorded game's track step offering the most hexes (28): the map squeezed to hold
    them all, most of them named on plates inside their outline."""
    views = (GAME.view(state, None) for state, _ in importer.replay_iter(importer.load_json(BANK))
             if state["round"]["type"] == "Operating" and state["round"].get("step") == "Track")
    return max(views, key=lambda view: len(view["lay_hexes"]))


def _map_texts(view: dict) -> tuple[list, tuple[int, int]]:
    with recording() as texts:
        png = turn_card.render("18rhl", view)
    left, top, right, bottom = turn_card.MAP_BOX
    on_map = [t for t in texts if left <= t.box[0] and t.box[2] <= right and
              top <= t.box[1] and t.box[3] <= bottom]
    return on_map, Image.open(io.BytesIO(png)).size


def _named_hexes() -> list[str]:
    return [hex_id for hex_id in hexmap.all_hexes() if hexmap.hex_info(hex_id).name]


@pytest.mark.parametrize("changed", _named_hexes())
def test_a_changed_citys_tag_leaves_every_offered_hexs_id_clear(changed):
    view = {**_most_lays(), "card": {"changed": {"hexes": [changed]}}}
    on_map, size = _map_texts(view)
    found = problems(on_map, size)
    assert not found, found[:5]
    named = {t.text for t in on_map if t.bold}
    assert set(view["lay_hexes"]) <= named, sorted(set(view["lay_hexes"]) - named)
