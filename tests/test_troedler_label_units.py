"""A review's newcomer read "#15 Auftrag 3 Stühle (5)" and "Per Fähre nach Glenmore (3 Tassen
+ Topf)" without knowing what the numbers and goods were: the 5 is the request's points and the
goods are those lying in the village the cart would reach. Both now say so."""

from __future__ import annotations

from engine.text import say
from engine.troedler.data import card_text
from tests.test_troedler_support import ANN, BRIDGE, FEED, GAME, request, turn_state


def test_a_request_card_says_its_points_are_points():
    chairs = request("chair", "chair", "chair")
    assert say(card_text(chairs), "en").endswith(" pts)")
    assert say(card_text(chairs), "de").endswith(" P.)")
    points = say(card_text(chairs), "en").rsplit("(", 1)[1].split()[0]
    assert say(card_text(chairs), "de") == f"#{chairs} Auftrag 3 Stühle ({points} P.)"


def test_a_move_label_says_the_goods_lie_there():
    state = turn_state("kilbride", [BRIDGE[0], FEED[0]], villages={"ruthven": ["chair", "cup"]})
    labels = {GAME.format(state, m): m for m in GAME.legal(state, ANN)}
    move, feed = labels["move bridge ruthven"], labels["feed route bridge ruthven"]
    assert say(GAME.label(state, move), "de") == \
        "Per Brücke nach Ruthven (dort: Stuhl + Tasse) · move bridge ruthven"
    assert say(GAME.label(state, move), "en") == \
        "By bridge to Ruthven (there: chair + cup) · move bridge ruthven"
    assert say(GAME.label(state, feed), "de") == ("Kraftfutter als Brücke nach Ruthven "
                                                  "(+1 Schaden; dort: Stuhl + Tasse) · "
                                                  "feed route bridge ruthven")
    assert say(GAME.label(state, feed), "en") == ("Special feed as bridge to Ruthven "
                                                  "(+1 damage; there: chair + cup) · "
                                                  "feed route bridge ruthven")
