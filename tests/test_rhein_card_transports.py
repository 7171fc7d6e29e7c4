"""The turn card's transports in a column of two (seven or more transports: four and five
players) keep each transport's minimum once containers are aboard. The narrow box left it out
as soon as a player's containers needed its room, so "5/10 B5" did not say whether the
transport could leave yet (its minimum) without opening the full board."""

from __future__ import annotations

import re

import pytest
from rhein_helpers import GAME, at_load, at_reserve, board, fresh

from render import turn_card
from render.rhein import word
from render.rhein_card import choosable
from tests.test_turn_card import card_view, check_readable, draw

MINIMUM = re.compile(r"\bmin\.? (\d+)\b")

# containers aboard per transport, by seat: one, two and three players' containers, a
# transport still below its minimum and empty ones
LOADS = {
    "white-train": {0: 5},
    "black-ship": {0: 4, 1: 5},
    "white-ship": {1: 3, 2: 3, 3: 4},
    "red-plane": {2: 2},
    "red-train": {3: 1, 4: 3},
    "black-plane": {4: 2},
}


def loaded(players: int, phase: int) -> dict:
    state = fresh(players, seed=2)
    for key in state["transports"]:
        load = {seat: n for seat, n in LOADS.get(key, {}).items() if seat < players}
        if phase == 3 and not load:
            load = {0: 1}  # Phase 3 shows only the transports with containers aboard
        board(state, key, None, load)
    if phase == 3:
        item = state["transports"]["black-ship"]
        item["markers"], item["reserved_by"] = [8], {"8": 1}
    # loaded first: Phase 3 with nothing aboard would be passed at once
    (at_load if phase == 2 else at_reserve)(state)
    return state


@pytest.mark.parametrize("phase", [2, 3])
@pytest.mark.parametrize("players", [4, 5])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_narrow_transport_box_keeps_its_minimum_with_containers_aboard(lang, players, phase):
    state = loaded(players, phase)
    public = GAME.view(state, None)
    shown = choosable(public)
    assert len(shown) > 6  # a column of two
    _, texts = draw("rhein", card_view(GAME, "rhein", state, players, lang, public, []))
    check_readable(texts)
    left, top, right, bottom = turn_card.MAP_BOX
    panel = [t for t in texts if t.box[0] < right and t.box[1] > turn_card.BANNER]
    assert all(t.box[1] >= top and t.box[3] <= bottom and t.box[2] <= right - 8
               for t in panel), [t.text for t in panel]
    said = [t.text for t in panel]
    assert not [t for t in said if "…" in t], said  # nothing cut
    minimums = sorted(int(m) for t in said for m in MINIMUM.findall(t))
    assert minimums == sorted(item["min_load"] for item in shown), said
    loads = [f"{sum(item['load'])}/{item['capacity']}" for item in shown]
    assert sorted(loads) == sorted(t.split()[0] for t in said if re.match(r"\d+/\d+", t))
    colours = [p["colour"] for p in public["players"]]
    more = sum(int(t[1:]) for t in said if re.fullmatch(r"\+\d+", t))
    missing = [f"{word(lang, f'letter.{colours[seat]}')}{n}" for item in shown
               for seat, n in enumerate(item["load"]) if n
               if f"{word(lang, f'letter.{colours[seat]}')}{n}" not in said]
    assert len(missing) <= more, (missing, said)  # a pill left out is counted ("+1")
    if players == 4:  # four rows of boxes have the height for every player's containers
        assert not missing, said
