"""Trödler's hand-limit discard as one select menu: dropping 3 of 7 cards is 20 to 35
legal moves, of which fifteen buttons showed a few; the menu lists each card once."""

from __future__ import annotations

from bot.replies import Audience, fitted
from tests.service_pebbles import ctx, started_table

SEED = 2  # seat 2's first turn ends with seven cards, six of them not feed: 20 discards


async def _at_the_discard(tmp_path):
    service, store, game, _ = await started_table(tmp_path / "pick.sqlite3", "troedler", SEED)
    told = []
    while True:
        state = game.load((await store.latest_game(500)).state)
        seat = game.active(state)[0]
        moves = game.legal(state, seat)
        if moves[0]["type"] == "discard":
            return service, store, game, state, seat, told
        move = next((m for m in moves if m["type"] == "end"), moves[0])
        told = await service.play(ctx(seat + 1), game.format(state, move))


async def test_the_discard_is_offered_as_one_menu_of_the_cards_that_may_go(tmp_path):
    service, store, game, state, seat, told = await _at_the_discard(tmp_path)
    moves = game.legal(state, seat)
    assert len(moves) == 20 and all(len(m["cards"]) == 3 for m in moves)
    droppable = sorted({c for m in moves for c in m["cards"]})
    # told to the mover alone when their own "end" left them over the limit, and in /game hand
    [own] = [r for r in told if r.picker is not None]
    [hand] = await service.hand(ctx(seat + 1))
    for reply in (own, hand):
        assert reply.audience is Audience.EPHEMERAL and reply.buttons == []
        picker = reply.picker
        assert picker.count == 3 and [int(v) for _, v in picker.options] == droppable
        assert picker.custom_id.endswith(":pick") and "Pick the 3 cards" in picker.placeholder
        assert picker.example == game.format(state, moves[0])  # for the terminal
        assert fitted(reply) == reply  # within Discord's limits as it is
    assert all(f"#{card}" in label for (label, _), card in zip(hand.picker.options, droppable, strict=True))
    # the hand says what to do, not each of the 20 combinations
    assert "Pick the 3 cards to discard (feed stays in your hand)." in hand.text
    assert "Discard #" not in hand.text
    await store.close()


async def test_picked_cards_are_discarded_and_the_channel_hears_it(tmp_path):
    service, store, game, state, seat, _ = await _at_the_discard(tmp_path)
    [hand] = await service.hand(ctx(seat + 1))
    chosen = [value for _, value in hand.picker.options[:3]]
    replies = await service.pick(ctx(seat + 1), hand.picker.custom_id, chosen)
    after = game.load((await store.latest_game(500)).state)
    assert sorted(after["hands"][seat]) == sorted(
        set(state["hands"][seat]) - {int(v) for v in chosen})
    assert any(r.is_public and "discards" in r.text for r in replies)
    await store.close()


async def test_a_wrong_or_stale_pick_changes_nothing(tmp_path):
    service, store, game, state, seat, _ = await _at_the_discard(tmp_path)
    [hand] = await service.hand(ctx(seat + 1))
    picker = hand.picker
    values = [v for _, v in picker.options]
    feed = next(c for c in state["hands"][seat] if str(c) not in values)
    version = (await store.latest_game(500)).version
    for picked, user in ((values[:2], seat + 1),                  # two, not three
                         (values[:2] + [str(feed)], seat + 1),   # feed is kept (R37)
                         (values[:3], seat % 3 + 2 if seat < 2 else 1)):  # not their turn
        [refusal] = await service.pick(ctx(user), picker.custom_id, picked)
        assert refusal.audience is Audience.EPHEMERAL and not refusal.is_public
        assert (await store.latest_game(500)).version == version
    stale = picker.custom_id.replace(f":{version}:", f":{version - 1}:")
    [refusal] = await service.pick(ctx(seat + 1), stale, values[:3])
    assert "moved on" in refusal.text
    [refusal] = await service.pick(ctx(seat + 1), picker.custom_id.replace("pick", "7"),
                                   values[:3])
    assert "not one of mine" in refusal.text
    assert (await store.latest_game(500)).version == version
    await store.close()


async def test_two_or_more_cards_to_drop_are_a_menu_one_card_keeps_its_buttons(tmp_path):
    """Ten buttons of three card numbers each were hard to tell apart on a phone: any
    choice of two or more cards is the menu, however few the combinations."""
    from bot.service.troedler_extras import EXTRAS

    service, store, game, state, seat, _ = await _at_the_discard(tmp_path)
    moves = game.legal(state, seat)
    assert EXTRAS.picker(game, state, seat, moves, room=len(moves)) is not None
    droppable = {card for m in moves for card in m["cards"]}
    feed = [c for c in state["hands"][seat] if c not in droppable]  # kept (R37)
    others = sorted(droppable)
    for kept, need, menu in ((4, 3, True),    # 3 of 4 droppable: 4 combinations, a menu
                             (3, 1, False),   # 1 of 3: three buttons of one card
                             (3, 3, False)):  # 3 of 3: one way, one button
        hands = [list(hand) for hand in state["hands"]]
        hands[seat] = feed + others[:kept]
        fewer = {**state, "hands": hands, "limit_need": need}
        choices = game.legal(fewer, seat)
        assert all(len(m["cards"]) == need for m in choices)
        assert (EXTRAS.picker(game, fewer, seat, choices, room=15) is not None) is menu
    await store.close()


def test_a_menu_discord_would_refuse_is_dropped_and_buttons_leave_it_a_row():
    from bot.discord.delivery import MoveButton, MovePicker
    from bot.replies import Button, Picker, Reply

    options = tuple((f"card {n}", str(n)) for n in range(6))
    menu = Picker("Pick the 3 cards to discard", "rb:1:9:pick", 3, options)
    buttons = [Button(f"b{n}", f"rb:1:9:{n}") for n in range(25)]
    kept = fitted(Reply("x", picker=menu, buttons=buttons))
    assert kept.picker == menu and len(kept.buttons) == 20
    for wrong in (Picker("p", "rb:1:9:pick", 7, options),           # more picks than cards
                  Picker("p", "rb:1:9:pick", 3, options * 5),       # 30 options, twice each
                  Picker("p" * 151, "rb:1:9:pick", 3, options)):
        assert fitted(Reply("x", picker=wrong)).picker is None
    # a press router must not take the menu for a button, nor the menu a button
    assert MovePicker.__discord_ui_compiled_template__.fullmatch("rb:1:9:pick")
    assert not MoveButton.__discord_ui_compiled_template__.fullmatch("rb:1:9:pick")
    assert MoveButton.__discord_ui_compiled_template__.fullmatch("rb:1:9:12")


def test_the_terminal_lists_the_menus_cards_and_how_to_type_the_move(tmp_path):
    import io

    from bot.cli import Recorder
    from bot.replies import Picker, Reply

    out = io.StringIO()
    recorder = Recorder(tmp_path, out, names={1: "Anna"})
    menu = Picker("Pick the 3 cards to discard (feed stays in your hand)", "rb:1:9:pick", 3,
                  (("#16 request 2 vases (4 pts)", "16"), ("#54 bridge", "54"),
                   ("#88 extra good", "88"), ("#90 moor path", "90")), "discard 16 54 88")
    recorder.take([Reply("Pick the 3 cards to discard (feed stays in your hand).",
                         Audience.EPHEMERAL, user_id=1, picker=menu)], "Anna")
    shown = out.getvalue()
    assert "  54: #54 bridge" in shown and "  90: #90 moor path" in shown
    assert "e.g. discard 16 54 88" in shown
