"""A German Trödler player's lists show the move to type in German, as autocomplete does:
the turn DM's "Du kannst:" and /game hand left the typed form off ("Per Bergpfad nach
Ardvane") where the English list read "… · move trail ardvane"; and a discard's entry showed
no typed form at all, in autocomplete too ("Abwerfen: #6 …, #69 Brücke" for
`discard 6 25 69`)."""

from __future__ import annotations

from dataclasses import replace

from bot.service.base import _expected
from tests.service_pebbles import ctx
from tests.test_move_suggestions import seated
from tests.test_troedler_discard_picker import _at_the_discard


async def test_the_german_turn_dm_and_hand_show_german_typed_forms(tmp_path):
    store, service, game, row, state, seat, user = await seated(tmp_path, "troedler", 2)
    users = {s.seat: s.user_id for s in await store.seats(row.id)}
    while state["stage"] == "take":
        await service.play(ctx(users[seat]), game.format(state, game.legal(state, seat)[0]))
        state = game.load((await store.latest_game(500)).state)
        seat = game.active(state)[0]
    german = replace(ctx(users[seat]), locale="de")
    table, _ = await service._table(german, ("active",))
    dm = _expected(game, state, seat, "de", table)
    hand = (await service.hand(german))[-1].text
    # seven cards in hand: ending now costs three of them (the label says so)
    assert "Zug beenden (dann 3 Karten abwerfen) · ende" in hand, hand
    for text in (dm, hand):
        # a route's label too long with its typed form leaves the form off (the goods stay)
        assert "· füttere weg " in text or "· fahre " in text, text
        assert " · end;" not in text + ";" and "· feed " not in text, text
    assert "· move " in _expected(game, state, seat, "en", table)
    await store.close()


async def test_a_discard_label_ends_with_its_typed_form(tmp_path):
    service, store, game, state, seat, _ = await _at_the_discard(tmp_path)
    moves = game.legal(state, seat)
    for locale, verb in (("de", "abwerfen"), ("en-US", "discard")):
        choices = await service.move_choices(replace(ctx(seat + 1), locale=locale), "")
        assert choices
        for label, value in choices:
            assert label.endswith(" · " + value.replace("discard", verb)), label
    assert len(choices) == min(25, len(moves))
    await store.close()
