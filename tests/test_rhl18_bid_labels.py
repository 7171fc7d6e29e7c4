"""An auction button names the private company it buys, what it brings and what it pays:
"Bid 85M for Tjt" told a newcomer nothing ("85M für Tjt bieten")."""

from __future__ import annotations

import engine
from bot.service.rhl18_steps import button_indexes
from engine.rhl18 import data
from engine.text import say


def test_bid_labels_name_the_private_what_it_brings_and_its_revenue_in_both_languages():
    from engine.rhl18 import labels

    game = engine.get_game("18rhl")
    state = game.setup(4, {}, 1)
    moves = game.legal(state, game.active(state)[0])
    bids = {m["company"]: m for m in moves if m["type"] == "bid"}
    for sym, move in bids.items():
        company = data.companies()[sym]
        english, german = say(game.label(state, move), "en"), say(game.label(state, move), "de")
        assert f" {sym}" in english and f"{sym} " in german, (english, german)
        # what it brings its owner (NLK's name leaves the room to that, the more useful)
        firsts = [labels.private_notes(sym)[0], labels.private_notes(sym, short=True)[0]]
        assert any(say(first, "en") in english and say(first, "de") in german
                   for first in firsts), (english, german)
        if company["revenue"]:
            # in words: "each OR" (German "/BR") was never spelled out
            assert f"(pays you {company['revenue']}M each operating round)" in english, english
            assert f"({company['revenue']}M Ertrag je Betriebsrunde)" in german, german
        else:
            assert "(no income)" in english and "(kein Ertrag)" in german, (english, german)
    assert {"PWB", "RhE"} <= set(bids)
    # the button drops the notation and stays within Discord's 80 characters
    from bot.service.pictures import button_label

    for index in button_indexes(game, state, moves):
        move = moves[index]
        for lang in ("en", "de"):
            label = button_label(say(game.label(state, move), lang), game.format(state, move))
            assert len(label) <= 80 and "·" not in label, label


def test_the_sheet_lists_privates_by_name_in_the_readers_language():
    from render import render_board
    from render.text_draw import recording

    game = engine.get_game("18rhl")
    state = game.setup(3, {}, 1)
    for lang, rhe in (("en", "Rheinische Eisenbahn"), ("de", "Rheinische Eisenbahn")):
        with recording() as texts:
            render_board("18rhl", {**game.view(state, None), "lang": lang})
        drawn = {text.text for text in texts}
        assert "PWB  Prinz Wilhelm-Bahn" in drawn and f"RhE  {rhe}" in drawn, sorted(drawn)
        assert not any("No. " in text or "Director" in text for text in drawn)


def test_a_run_without_trains_is_a_step_on_not_a_zero_revenue_choice():
    from engine.rhl18 import labels

    game = engine.get_game("18rhl")
    state = game.setup(3, {}, 1)
    nothing = {"type": "run_routes", "entity": "RhE", "routes": []}
    assert say(labels.describe(state, nothing), "en").startswith("Go on: no train runs")
    assert say(labels.describe(state, nothing), "de").startswith("Weiter: kein Zug fährt")
    routes = {**nothing, "routes": [{"train": "2-0", "revenue": 40, "hexes": []}]}
    assert say(labels.describe(state, routes), "en").startswith("Run the routes for 40M")
