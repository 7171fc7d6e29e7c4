"""A typed move the game cannot read is refused with its reason and, where some legal moves
share most of its words, those moves to copy: "load 3 white plane" answered "There is no
transport called '3'" while `load white-plane 3` was on offer."""

from __future__ import annotations

from dataclasses import replace

import engine
from bot.replies import Audience
from bot.service.move_lists import nearest
from tests.service_pebbles import FakeRenderer, ctx


def test_nearest_moves_share_most_words_with_the_input():
    offered = ["load white-plane 1", "load white-plane 3", "load red-train 3", "done"]
    assert nearest(offered, "load 3 white plane") == ["load white-plane 3"]
    assert nearest(["play 10 left", "play 10 right", "play 13 left"], "play 10") == \
        ["play 10 left", "play 10 right"]
    assert nearest(["move bridge glenmore", "take cup"], "move bridge to glen") == \
        ["move bridge glenmore"]
    assert nearest(["bid pwb 20", "bid keo 35", "pass"], "buy rhe") == []  # nothing near
    assert nearest(["end"], "end the turn now") == []  # one word of four is not near
    assert nearest(["end"], "") == []


def test_a_word_one_letter_off_still_finds_its_move():
    offered = ["move bridge glenmore", "move bridge kilbride", "take cup", "done"]
    assert nearest(offered, "moev bridge glenmroe") == ["move bridge glenmore"]
    assert nearest(["load white-plane 3", "done"], "laod whte plane 3") == ["load white-plane 3"]
    assert nearest(["bid pwb 20", "pass"], "bud pwb") == ["bid pwb 20"]  # pwb alone is half
    assert nearest(["take cup", "done"], "tkae") == ["take cup"]
    assert nearest(["take cup", "done"], "tk") == []  # too short to guess at


async def seated(tmp_path, key: str, players: int):
    """A started table of ``players`` members of ``key``; the store, the service, the game,
    the stored row and state, and the seat and user to move."""
    from bot.service import TablesService
    from bot.store import Store

    store = await Store.open(str(tmp_path / f"{key}.sqlite3"))
    service = TablesService(store, games={key: engine.get_game(key)}, render=FakeRenderer(),
                            seed_source=lambda: 4)
    await service.new(ctx(1), key, min_players=players, max_players=players)
    for user in range(2, players + 1):
        await service.join(ctx(user))
    await service.start(ctx(1), order="joined")
    row = await store.latest_game(500)
    game = engine.get_game(key)
    state = game.load(row.state)
    seat = game.active(state)[0]
    user = {s.seat: s.user_id for s in await store.seats(row.id)}[seat]
    return store, service, game, row, state, seat, user


async def test_an_unreadable_move_is_refused_with_the_moves_near_it(tmp_path):
    store, service, _, row, state, seat, user = await seated(tmp_path, "rheinlaender", 3)
    card = state["hands"][seat][0]
    replies = await service.play(ctx(user), f"play {card}")
    assert len(replies) == 1 and replies[0].audience is Audience.EPHEMERAL
    text = replies[0].text
    assert "I cannot read that move. Moves look like" in text and f"Did you mean `play {card} " in text, text
    german = (await service.play(replace(ctx(user), locale="de"), f"play {card}"))[0].text
    # the suggestion in the reader's words, as the German notation reads it back
    assert f"Meintest du `spielen {card} " in german and "`play" not in german, german
    assert (await store.latest_game(500)).version == row.version  # nothing changed
    await store.close()


def test_autocomplete_finds_a_move_by_its_words_in_any_order():
    from bot.service.move_lists import covers

    label = "Load 3 onto the white Plane (cost 3) load white-plane 3"
    assert covers("load 3 white", label) and covers("white pl 3", label)
    assert not covers("load 3 red", label)
    assert covers("", label)


async def test_autocomplete_offers_the_move_typed_in_words(tmp_path):
    store, service, game, _, state, seat, user = await seated(tmp_path, "rhein", 2)
    bid = next(m for m in game.legal(state, seat) if m["type"] == "bid")
    choices = await service.move_choices(ctx(user), f"{bid['amount']} order {bid['card']}")
    assert game.format(state, bid) in [value for _, value in choices]
    await store.close()


def test_german_commands_in_the_imperative_and_rhein_transports_in_german():
    from bot.i18n import english_move

    assert english_move("rhein", "nimm 13") == "take 13"
    assert english_move("rhein", "lade 3 weißes Flugzeug") == "load 3 white-plane"
    assert english_move("rheinlaender", "spiele 10 links") == "play 10 left"
    assert english_move("18rhl", "kaufe rhe ipo") == "buy rhe ipo"
    offered = ["load white-plane 3", "load red-ship 3", "done"]
    assert nearest(offered, english_move("rhein", "lade 3 weißes Flugzeug")) == \
        ["load white-plane 3"]
