"""A Trödler move's label keeps what lies in the village it goes to. A newcomer's /play list
showed "Kraftfutter als Fähre nach Carnoch (dort: 3 Tassen + Topf; +1 Schaden)" next to
"Kraftfutter als Moorweg nach Bracklin (+1 Schaden)": with the typed move on its end
("· füttere weg moorweg bracklin") the whole label was over Discord's 100 characters, and the
goods were dropped for it, on exactly the routes where they mattered. Now the typed move
goes first (the choice's value is the move); and a label is measured with the move as its
reader types it, not with the shorter English notation. A feed's cost now comes before the
goods, so that a button, cut at 80 characters, still says it."""

from __future__ import annotations

from itertools import combinations_with_replacement

import pytest
from discord_standin import running_bot
from discord_standin.table import pair_at_table, row_of, seat_users

from bot.i18n import fitted_label, typed_label, typed_move
from bot.service.pictures import button_label
from engine.playthrough import random_playthrough
from engine.text import say
from engine.troedler.data import GOODS, ROUTE_KINDS, VILLAGE_KEYS, VILLAGE_NAMES, goods_text
from tests.test_troedler_support import FEED, GAME, turn_state

THERE = {"en": "(+1 damage; there: {goods})", "de": "(+1 Schaden; dort: {goods})"}
VILLAGES = {"bracklin": ["bottle", "pot", "vase"],
            "glenmore": ["bottle", "chair", "cup", "pot", "vase"]}
COST = {"en": "(+1 damage", "de": "(+1 Schaden"}
LIMIT = 100  # Discord's choice names


async def feeding_at(bot, lang: str, village: str, villages: dict[str, list[str]]):
    """Anna and Bert at a Trödler table in ``lang``; the one to move stands in ``village``
    with a feed card in hand, the villages holding ``villages``. That member."""
    _, _, first = await pair_at_table(bot, "troedler", lang)
    row = await row_of(bot, bot.stand_in.channel)
    seat = next(s for s, user in (await seat_users(bot, row.id)).items() if user == first.id)
    state = turn_state(village, [FEED[0]], villages=villages, n=2, seat=seat, spare=True)
    service = bot.client.adapter.service
    table, _ = await service._load(row)
    await service.store.save_snapshot(row.id, row.version, service._snapshot(table, state),
                                      service.clock())
    return first


async def listed(bot, member) -> dict[str, str]:
    """``member``'s /play choices: value -> name."""
    return {c["value"]: c["name"]
            for c in await member.autocomplete("play", "move", "", bot.stand_in.channel)}


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_play_lists_what_lies_at_the_end_of_every_route(tmp_path, monkeypatch,
                                                              lang: str) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        first = await feeding_at(bot, lang, "ardvane", VILLAGES)
        choices = await listed(bot, first)
        for kind, village in (("moor", "bracklin"), ("bridge", "glenmore")):
            name = choices[f"feed route {kind} {village}"]
            there = THERE[lang].format(goods=say(goods_text(VILLAGES[village]), lang))
            assert there in name and VILLAGE_NAMES[village] in name, name
            assert len(name) <= LIMIT and "…" not in name, name


def _worst_villages() -> list[str]:
    return sorted(VILLAGE_KEYS, key=lambda key: -len(VILLAGE_NAMES[key]))[:3]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("kind", ["move", "feed-route"])
def test_no_route_label_loses_the_goods_or_is_cut(kind: str, lang: str) -> None:
    """Every load a village can hold (five goods at most: Glenmore's at the start, a
    request's four after a delivery), on every kind of route, to the longest names."""
    state = turn_state("ardvane", [], n=2, seat=0)
    loads = [list(goods) for size in range(6)
             for goods in combinations_with_replacement(sorted(GOODS), size)]
    for village in _worst_villages():
        for route in ROUTE_KINDS:
            action = {"type": kind, "kind": route, "to": village}
            notation = GAME.format(state, action)
            for goods in loads:
                state["villages"][village] = goods
                said = say(typed_label("troedler", GAME.label(state, action), notation, lang),
                           lang)
                assert len(said) <= LIMIT, said
                assert fitted_label(said, LIMIT) == said
                assert say(goods_text(goods), lang) in said, said
                # a button (80 characters, its typed form dropped) keeps a feed's cost
                button = button_label(said, typed_move("troedler", notation, lang))
                assert kind == "move" or COST[lang] in button, button


@pytest.mark.parametrize("open_piles", [False, True])
def test_no_label_of_a_whole_game_is_cut_in_either_language(open_piles: bool) -> None:
    """Every kind of label, as /play's list says it: whole, within 100 characters, the typed
    move on its end where it fits. The German typed move ("stapel-abwerfen 3") is longer than
    the English notation the labels were measured with, and the list cut the words in
    its middle ("Stapel 2 abwerfen: oben #25 Auftrag 3 … + Vase (7 P.), …")."""
    for n in (2, 3, 4):
        run = random_playthrough(GAME, n, {"open_piles": open_piles}, seed=n)
        state = GAME.setup(n, {"open_piles": open_piles}, n)
        for seat, text in run.moves:
            for action in GAME.legal(state, seat):
                label, notation = GAME.label(state, action), GAME.format(state, action)
                for lang in ("en", "de"):
                    said = say(typed_label("troedler", label, notation, lang), lang)
                    assert len(said) <= LIMIT and fitted_label(said, LIMIT) == said, said
            GAME.apply(state, seat, GAME.parse(state, seat, text))



def test_an_open_pile_names_every_card_before_it_leaves_one_out():
    """With open piles a pile's label said "+1 more" for a card that fitted in its compact
    face ("#11 2 cups + vase (4 pts)"), or without the typed move."""
    state = GAME.setup(3, {"open_piles": True}, 1)
    seat = GAME.active(state)[0]
    for number in (1, 3):  # each holds a request; whole, the four faces are too long
        action = {"type": "take-pile", "pile": number}
        assert action in GAME.legal(state, seat)
        notation = GAME.format(state, action)
        for lang, more in (("en", "more"), ("de", "weitere")):
            said = say(typed_label("troedler", GAME.label(state, action), notation, lang), lang)
            assert all(f"#{card} " in said for card in state["piles"][number - 1]), said
            assert more not in said and len(said) <= LIMIT, said
