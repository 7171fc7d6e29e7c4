"""A German reviewer read "1 Plätze" and "alle 1 Stunden": counts of one get their own
wording through the catalogue's ``.one`` keys (or a unit that needs none), in English too
("1 places for its knight")."""

from __future__ import annotations

import pytest
from rhein_helpers import GAME, act, at_load, board, fresh

from bot.i18n import t
from bot.service.reminder_settings import _describe
from bot.service.rheinlaender_extras import EXTRAS
from bot.store import Settings
from engine.core import RuleError
from engine.rhl18 import hexmap, tiles
from engine.text import say, worded


@pytest.mark.parametrize(("lang", "card_one", "card_two", "bastion"), [
    ("en", "Card 5: 1 place for its knight", "Card 7: 2 places for its knight",
     "Bastion: 1 free space"),
    ("de", "Karte 5: 1 Platz für ihren Ritter", "Karte 7: 2 Plätze für ihren Ritter",
     "Bastion: 1 freier Platz"),
])
def test_the_rheinlaender_step_menu_says_one_place(lang, card_one, card_two, bastion) -> None:
    moves = [{"type": "play", "card": 5}, {"type": "play", "card": 7},
             {"type": "reinforce", "card": 7}, {"type": "bastion"}]
    pick = EXTRAS.step_menu(None, None, 0, moves, lang=lang)  # type: ignore[arg-type]
    assert pick is not None
    assert [label for label, _ in pick.options] == [card_one, card_two, bastion]


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "The white Ship has only 1 free space left."),
    ("de", "Das weiße Schiff hat nur noch 1 freien Platz."),
])
def test_a_ship_with_one_free_space_says_so(lang: str, said: str) -> None:
    state = fresh(3)
    at_load(state)
    seat = GAME.active(state)[0]
    ship = state["transports"]["white-ship"]
    # the empty ship takes 14 (tests/test_text_rhein.py): another's 13 leave one space
    board(state, "white-ship", ship["pos"], {(seat + 1) % 3: 13}, markers=ship["markers"])
    with pytest.raises(RuleError) as refused:
        act(state, seat, "load white-ship 2")
    assert say(refused.value.text, lang) == said


@pytest.mark.parametrize("lang", ["en", "de"])
def test_reminder_hours_read_right_at_one(lang: str) -> None:
    one = Settings(user_id=1, remind_on=True, every_hours=1, delay_hours=1)
    said = _describe(one, lang)
    assert "1 hours" not in said and "1 Stunden" not in said, said
    unit = {"en": "1 h", "de": "1 Std."}[lang]
    assert said.count(unit) == 2, said
    assert t("svc.remind.on", lang, hours="1", quiet="").count(unit) == 1


@pytest.mark.parametrize(("hex_id", "tile", "en", "de"), [
    ("B9", "7", "B9 has 1 city; tile 7 has 0.", "B9 hat 1 Stadt; Plättchen 7 hat 0."),
    ("C4", "1", "C4 has 1 town; tile 1 has 2.", "C4 hat 1 Ort; Plättchen 1 hat 2."),
    ("B13", "3", "B13 has 2 towns; tile 3 has 1.", "B13 hat 2 Orte; Plättchen 3 hat 1."),
])
def test_an_18rhl_tile_refusal_counts_stops_without_slashes(hex_id, tile, en, de) -> None:
    """18Rhl said "hat 1 Stadt/Städte", "Ort(e)", "city(ies)"."""
    reason = tiles.upgrade_reason(hexmap.initial_board(frozenset()), hex_id, tile, 0, "8")
    assert reason is not None
    assert (say(worded(reason), "en"), say(worded(reason), "de")) == (en, de)


def test_an_18rhl_stub_refusal_says_one_edge() -> None:
    reason = tiles.upgrade_reason(hexmap.initial_board(frozenset()), "C8", "7", 0, "8")
    assert reason is not None and reason.key == "rhl18.tile.stub"
    assert say(worded(reason), "en").startswith("C8 has a stub: the new tile must use edge ")
    assert say(worded(reason), "de").startswith(
        "C8 hat einen Streckenansatz: Das neue Plättchen muss Kante ")
