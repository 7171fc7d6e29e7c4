"""A prompt only its player sees offers more of the moves to tap than the channel's one row:
a Rheinländer hand of five cards had buttons for one or two of them, and a Trödler turn's
scoring delivery often none."""

from __future__ import annotations

from bot.replies import Audience
from tests.service_pebbles import ctx, started_table


async def test_the_hand_reply_has_a_button_for_every_card_in_a_rheinlaender_hand(tmp_path):

    service, store, game, _ = await started_table(
        tmp_path / "hand.sqlite3", "rheinlaender", 2)  # seat n is user n + 1
    state = game.load((await store.latest_game(500)).state)
    seat = game.active(state)[0]
    moves = game.legal(state, seat)
    cards = {move["card"] for move in moves if "card" in move}
    [reply] = await service.hand(ctx(seat + 1))
    assert reply.audience is Audience.EPHEMERAL and len(reply.buttons) > 5
    picked = {moves[int(b.custom_id.rsplit(":", 1)[1])]["card"] for b in reply.buttons
              if "card" in moves[int(b.custom_id.rsplit(":", 1)[1])]}
    assert len(cards) == 5 and picked == cards
    # the turn that goes on is told to the mover alone, with buttons for the bastions by
    # their knights (the rest are typed) and the end of the turn
    action = next(m for m in moves if m.get("card") is not None)
    told = await service.play(ctx(seat + 1), game.format(state, action))
    assert told[0].audience is Audience.EPHEMERAL
    labels = [b.label for b in told[0].buttons]
    assert labels[0] == "End the turn without a bastion" and len(labels) > 1
    assert all(label.startswith("Bastion on ") for label in labels[1:])
    await store.close()


async def test_a_turn_that_goes_on_says_how_to_type_only_what_its_buttons_leave(tmp_path):
    service, store, game, _ = await started_table(
        tmp_path / "hint.sqlite3", "rheinlaender", 2)
    state = game.load((await store.latest_game(500)).state)
    seat = game.active(state)[0]
    action = next(m for m in game.legal(state, seat) if m.get("card") is not None)
    told = await service.play(ctx(seat + 1), game.format(state, action))
    after = game.load((await store.latest_game(500)).state)
    assert len(game.legal(after, seat)) > len(told[0].buttons)  # bastions left to type
    assert told[0].text.endswith("More moves: /play move:")
    assert "/game hand" not in told[0].text
    await store.close()
