"""Rhein says what a new player understands, in words that fit where they are drawn.

Players asked what "pen 2" meant (the penalty, shortened) and what "Lying" was (the
containers unloaded in a city): the rulebook's and the code's shorthand had reached the
pictures and the refusals. And a bid's button repeated the whole order ("Bid 5 on order 47
London: 4→20 5→25, time 3, penalty 8"), which the turn card beside it already shows: it
says the bid and the order ("Bid 5 on order 47 London"), the words a player types to find
it among the moves ("5 order 47").
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from rhein_helpers import GAME, fresh, give, lay, start_phase5

import render  # noqa: F401  (registers the renderers' catalogue)
from bot.service.pictures import button_label
from engine.rhein import data
from engine.text import say
from render import rhein as board_picture
from render import turn_card
from tests.board_checks import board_problems
from tests.test_turn_card import card_view, check_readable, draw

ROOT = Path(__file__).resolve().parent.parent
JARGON = re.compile(r"\bpen\b|\blying\b|\blie there\b", re.IGNORECASE)


def player_facing(lang: str) -> dict[str, str]:
    """Every text Rhein shows a player in ``lang``: its engine and board catalogues, the
    turn card's Rhein texts and the bot's own."""
    texts: dict[str, str] = {}
    for path in [ROOT / f"engine/locales/{lang}/rhein.json",
                 ROOT / f"render/locales/{lang}/rhein.json",
                 *sorted((ROOT / f"bot/locales/{lang}").glob("*.json"))]:
        texts.update(json.loads(path.read_text(encoding="utf-8")))
    card = json.loads((ROOT / f"render/locales/{lang}/turn_card.json").read_text("utf-8"))
    texts.update({key: text for key, text in card.items() if "rhein" in key})
    return texts


def test_no_player_facing_text_says_pen_or_lying():
    english = player_facing("en")
    assert not {key: text for key, text in english.items() if JARGON.search(text)}
    assert english["render.rhein.row.lying"] == "Unloaded"  # as the German "Abgeladen"


@pytest.mark.parametrize("relax", [False, True])
def test_a_held_orders_penalty_is_said_in_full_beside_the_widest_order_name(relax):
    """#34 Düsseldorf is the widest name of an order in the deck: its terms get the least room."""
    state = fresh(3, {"relax": True} if relax else {})
    seat = 0
    tokens = None if relax else 3
    give(state, seat, 34, tokens)  # #34 Düsseldorf
    give(state, seat, 11, tokens)  # #11 Mainz
    lay(state, seat, 4, 4)  # #11 can be fulfilled in Mainz
    start_phase5(state)
    public = GAME.view(state, None)
    assert public["phase"] == 5 and GAME.active(state) == [seat]
    for lang in ("en", "de"):
        _, texts = draw("rhein", card_view(GAME, "rhein", state, 3, lang, public, []))
        check_readable(texts)
        said = [t.text for t in texts if t.box[0] < turn_card.MAP_BOX[2]]  # the panel
        assert not [t for t in said if "…" in t or JARGON.search(t)], said
        if lang == "en":
            terms = "penalty 4 at end" if relax else "3 tokens · penalty 4"
            assert terms in said and "4 of your containers unloaded there" in said, said


def test_the_board_says_penalty_and_unloaded_and_nothing_is_cut():
    state = fresh(4)
    give(state, 0, 34, 3)  # #34 Düsseldorf, in the players panel
    lay(state, 1, 8, 2)
    for lang, penalty, unloaded in (("en", "penalty", "Unloaded"), ("de", "Strafe", "Abgeladen")):
        view = {**GAME.view(state, None), "lang": lang}
        assert not board_problems(lambda view=view: board_picture.render(view))
        assert board_picture.word(lang, "row.lying") == unloaded
        cities = {c["number"]: c["name"] for c in view["cities"]}
        lines = board_picture._player_lines(view, 0, cities, lang)
        lines += [" ".join(line) for line in board_picture._orders_lines(view, cities, lang)]
        assert not [line for line in lines if JARGON.search(line)], lines
        assert [line for line in lines if "Düsseldorf" in line and penalty in line], lines


def test_a_bid_button_names_the_amount_and_the_order_only():
    """Typed bids and logged ones keep their notation ("bid 47 5"): only the label is new."""
    state = fresh(3)
    seat = GAME.active(state)[0]
    bids = [move for move in GAME.legal(state, seat) if move["type"] == "bid"]
    assert bids
    for move in bids:
        city = data.CITY_BY_NUMBER[data.CARD_BY_ID[move["card"]].city].name
        notation = GAME.format(state, move)
        assert notation == f"bid {move['card']} {move['amount']}"
        assert GAME.parse(state, seat, notation) == move
        english, german = (say(GAME.label(state, move), lang) for lang in ("en", "de"))
        assert english == f"Bid {move['amount']} on order {move['card']} {city}"
        assert german == f"Biete {move['amount']} auf Auftrag {move['card']} {city}"
        assert button_label(english, notation) == english and len(german) <= 40
    first = bids[0]
    replayed = fresh(3)
    GAME.apply(state, seat, first)
    GAME.apply(replayed, seat, GAME.parse(replayed, seat, GAME.format(replayed, first)))
    assert replayed == state  # a logged bid replays to the same game

