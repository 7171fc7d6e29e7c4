"""18Rhl: a train from a corporation with another president is bought by an offer that the
seller's president may decline. Its menu entry read "Buy RhE's 2-train for 35M", and a
player pressed it four times for four declined offers; it now says it is an offer. The
seller's answers read as buttons ("Accept: …", not "accept: …")."""

from __future__ import annotations

from engine import get_game
from engine.text import say
from tests.test_rhl18_train_offer import BUYER_SEAT, OFFER, PRICE, SELLER, SELLER_SEAT, _before

GAME = get_game("18rhl")


def _buy_label(state: dict, lang: str) -> str:
    """The label of the legal move that buys RhE's train (listed at the depot's price)."""
    [move] = [m for m in GAME.legal(state, BUYER_SEAT)
              if m["type"] == "buy_train" and m["train"] == OFFER["train"]]
    return say(GAME.label(state, move), lang)


def test_a_train_from_another_presidents_corporation_is_labelled_an_offer() -> None:
    state = _before()
    assert _buy_label(state, "en").startswith("Offer RhE 100M for its 2-train · ")
    assert _buy_label(state, "de").startswith("RhE 100M für ihren 2-Zug bieten · ")


def test_a_train_from_a_corporation_of_the_same_president_is_still_bought() -> None:
    state = _before()
    state["corps"][SELLER]["president"] = BUYER_SEAT  # one president: the trade is at once
    assert _buy_label(state, "en").startswith("Buy RhE's 2-train for 100M · ")
    assert _buy_label(state, "de").startswith("2-Zug der RhE für 100M kaufen · ")


def test_the_sellers_answers_read_as_buttons() -> None:
    state = _before()
    GAME.apply(state, BUYER_SEAT, OFFER)
    accept, decline = GAME.legal(state, SELLER_SEAT)
    assert say(GAME.label(state, accept), "en") == \
        f"Accept: RhE sells its 2-train to GVE for {PRICE}M"
    assert say(GAME.label(state, decline), "en") == \
        f"Decline: RhE keeps its 2-train (GVE offered {PRICE}M)"
    assert say(GAME.label(state, accept), "de") == \
        f"Annehmen: RhE verkauft ihren 2-Zug für {PRICE}M an GVE"
    assert say(GAME.label(state, decline), "de") == \
        f"Ablehnen: RhE behält ihren 2-Zug (GVE bot {PRICE}M)"


def test_an_offer_and_its_answer_are_said_as_one_line() -> None:
    """An AI table's summary says an offer and the answer to it together (the accept's own
    line is the trade's, which after the offer read as a second purchase)."""
    for kind, english, german in (("accept", "accepts", "nimmt an"),
                                  ("decline", "declines", "lehnt ab")):
        state = _before()
        [offer] = GAME.apply(state, BUYER_SEAT, OFFER)
        [answer] = [m for m in GAME.legal(state, SELLER_SEAT) if m["type"] == kind]
        said = GAME.apply(state, SELLER_SEAT, answer)
        line = GAME.merged_line(offer, said[0])
        assert say(line, "en") == f"GVE offers RhE {PRICE}M for a 2-train; RhE {english}"
        assert say(line, "de") == f"GVE bietet RhE {PRICE}M für einen 2-Zug; RhE {german}"
        assert GAME.merged_line(said[0], offer) is None
