"""A track step's card names every hex the lay menu offers, also where there are more than
its tags (8): the others' ids are written inside their blue outline. A German review's card
offered 14 hexes and tagged 8; C10, H9, H11, I8, J9 and K8 were blue outlines without an id,
and the AI's planned lay was on C10."""

from __future__ import annotations

import io
from functools import cache

from PIL import Image

from engine.rhl18 import importer
from engine.rhl18.game import GAME
from render import turn_card
from render.text_draw import recording
from tests.board_checks import problems
from tests.test_rhl18_pictures import BANK


@cache
def _many_lays() -> dict:
    """The recorded game's first track step with more hexes to lay on than the card's tags."""
    for state, _ in importer.replay_iter(importer.load_json(BANK)):
        if state["round"]["type"] == "Operating" and state["round"].get("step") == "Track":
            view = GAME.view(state, None)
            if len(view["lay_hexes"]) > turn_card.CHOICE_TAGS + 4:
                return view
    raise AssertionError("no track step with that many hexes to lay on")


def test_every_offered_hex_is_named_on_the_card_though_more_than_its_tags():
    view = _many_lays()
    with recording() as texts:
        png = turn_card.render("18rhl", view)
    size = Image.open(io.BytesIO(png)).size
    left, top, right, bottom = turn_card.MAP_BOX
    on_map = [t for t in texts if left <= t.box[0] and t.box[2] <= right and
              top <= t.box[1] and t.box[3] <= bottom]
    named = {t.text for t in on_map if t.bold}
    assert set(view["lay_hexes"]) <= named, sorted(set(view["lay_hexes"]) - named)
    found = problems(on_map, size)
    assert not found, found[:5]
