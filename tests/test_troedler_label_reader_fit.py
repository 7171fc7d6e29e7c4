"""Through the Discord stand-in: a Trödler label is fitted to its reader's language. The
engine measured every label against the German typed form too, so an English choice
"Special feed as bridge to Bracklin (+1 damage; there: 2 pots + cup)" (67 characters, 96
with " · feed route bridge bracklin") went without the move to type. And /game hand, which
has no 100-character limit, listed "Kraftfutter als …" without "· füttere weg …" next to
"Per … · fahre …": a German player could not learn there how to type a feed."""

from __future__ import annotations

import pytest
from discord_standin import running_bot

from engine.text import say
from engine.troedler.data import goods_text
from engine.troedler.notation import LABEL_LIMIT
from tests.test_troedler_learner_labels import feeding_at, listed
from tests.test_troedler_support import FEED, GAME, turn_state

# Bracklin is a bridge from Ballindrum; from Ballindrum every route is a feed's choice too.
VILLAGES = {"bracklin": ["cup", "pot", "pot"]}
THERE = {"en": "(+1 damage; there: 2 pots + cup)", "de": "(+1 Schaden; dort: 2 Töpfe + Tasse)"}
FEED_WORDS = {"en": "Special feed as ", "de": "Kraftfutter als "}
TYPED = {"en": " · feed route ", "de": " · füttere weg "}
VALUE = "feed route bridge bracklin"
BRACKLIN = {"en": VALUE, "de": "füttere weg brücke bracklin"}


async def test_an_english_choice_keeps_its_typed_move_where_only_german_is_too_long(
        tmp_path, monkeypatch) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        first = await feeding_at(bot, "en", "ballindrum", VILLAGES)
        choices = await listed(bot, first)
        name = choices[VALUE]
        assert name == f"Special feed as bridge to Bracklin {THERE['en']} · {VALUE}", name


async def test_a_german_choice_too_long_for_its_typed_move_keeps_the_goods(
        tmp_path, monkeypatch) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        first = await feeding_at(bot, "de", "ballindrum", VILLAGES)
        choices = await listed(bot, first)
        name = choices[VALUE]
        assert THERE["de"] in name and "…" not in name and len(name) <= LABEL_LIMIT, name


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_game_hand_shows_every_feed_with_its_typed_move(tmp_path, monkeypatch,
                                                              lang: str) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        first = await feeding_at(bot, lang, "ballindrum", VILLAGES)
        [hand] = (await first.command("game hand")).private
        # one line of entries; the labels hold semicolons too, so each feed is counted
        [moves] = [line for line in hand.text.splitlines() if FEED_WORDS[lang] in line]
        assert moves.count(FEED_WORDS[lang]) == moves.count(TYPED[lang]) == 2, moves
        assert f"{THERE[lang]} · {BRACKLIN[lang]}" in moves, moves


def test_each_reader_gets_the_longest_label_that_fits_their_language() -> None:
    from engine.troedler.notation import reader_label

    state = turn_state("ballindrum", [FEED[0]], villages=VILLAGES, n=2, seat=0, spare=True)
    action = GAME.parse(state, 0, VALUE)
    assert reader_label(state, action, "en").key == "troedler.label.feed_route"
    assert reader_label(state, action, "de").key == "troedler.label.feed_route_bare"


@pytest.mark.parametrize("open_piles", [False, True])
def test_every_reader_label_of_a_whole_game_fits_whole_in_its_language(open_piles) -> None:
    """Fitted per reader, no label is longer than a choice in its reader's language, none is
    cut mid-word, and a route's label keeps the village's goods."""
    from bot.i18n import fitted_label, typed_label
    from engine.playthrough import random_playthrough
    from engine.troedler.notation import reader_label

    for n in (2, 3, 4):
        run = random_playthrough(GAME, n, {"open_piles": open_piles}, seed=n + 10)
        state = GAME.setup(n, {"open_piles": open_piles}, n + 10)
        for seat, text in run.moves:
            for action in GAME.legal(state, seat):
                notation = GAME.format(state, action)
                for lang in ("en", "de"):
                    said = say(typed_label("troedler", reader_label(state, action, lang),
                                           notation, lang), lang)
                    assert len(said) <= LABEL_LIMIT and fitted_label(said, LABEL_LIMIT) == said
                    if action["type"] in ("move", "feed-route"):
                        goods = state["villages"].get(action["to"], [])
                        assert say(goods_text(goods), lang) in said, said
            GAME.apply(state, seat, GAME.parse(state, seat, text))
