"""The tables service, end to end with a fake transport: the test-only game Pebbles."""

from __future__ import annotations

import asyncio
import json
import sqlite3

import pytest

from bot.i18n import t
from bot.replies import Audience
from bot.service import STALE
from engine.playthrough import replay
from tests.service_pebbles import GAME, ctx, hidden_gems, open_service

CH = 500


@pytest.fixture
async def svc(store_target):  # once per store backend
    service, renderer = await open_service(store_target)
    yield service, renderer
    await service.store.close()


async def state_of(service, channel=CH):
    row = await service.store.live_game(channel) or await service.store.latest_game(channel)
    return GAME.load(row.state), row


def row_id(service) -> int:
    return 1  # each test opens a fresh database: its first game has id 1


async def seated_game(service, players=3, order="joined"):
    await service.new(ctx(1), "pebbles")
    for user in range(2, players + 1):
        await service.join(ctx(user))
    return await service.start(ctx(1), order=order)


def assert_nothing_hidden(replies, state):
    """No hand in the channel; a private reply shows only its own reader's hand."""
    secret = hidden_gems(state)
    for reply in replies:
        if reply.audience is Audience.CHANNEL:
            assert not any(gem in reply.text for gem in secret), reply.text
            for button in reply.buttons:
                assert not any(gem in button.label for gem in secret)
        else:
            own = set(state["hands"][reply.user_id - 1])  # seat n is user n+1 (joined order)
            assert not any(gem in reply.text for gem in secret - own), reply.text


async def play_out(service, renderer, players):
    """Every human plays the first legal move until the game ends, checking each reply."""
    all_replies = []
    for _ in range(500):
        state, row = await state_of(service)
        if row.status == "finished":
            return all_replies
        seat = GAME.active(state)[0]
        user = next(s.user_id for s in await service.store.seats(row.id) if s.seat == seat)
        move = GAME.format(state, GAME.legal(state, seat)[-1])
        replies = await service.play(ctx(user), move)
        assert all(r.user_id == user for r in replies if r.audience is Audience.EPHEMERAL)
        after, _ = await state_of(service)
        assert_nothing_hidden(replies, after)
        all_replies += replies
    raise AssertionError("game did not end")


async def test_full_game_with_three_players_ends_with_a_result_post(svc):
    service, renderer = svc
    replies = await seated_game(service, 3)
    state, row = await state_of(service)
    assert row.status == "active" and row.phase == "Getting ready"
    assert any(r.files for r in replies)  # the opening board
    replies += await play_out(service, renderer, 3)
    state, row = await state_of(service)
    assert row.status == "finished" and GAME.result(state) is not None
    final = [r for r in replies if r.title and "final result" in r.title]
    assert len(final) == 1 and final[0].audience is Audience.CHANNEL and final[0].files
    winner = GAME.result(state)[0]
    assert f"U{winner.seat + 1}" in final[0].text  # joined order: seat n is user n+1
    # every board drawn came from the public view
    for _, view in renderer.calls:
        assert "hand" not in view
    phases = [r.title for r in replies if r.files and r.audience is Audience.CHANNEL]
    assert len(phases) >= 3 and len(set(phases)) == len(phases)


async def test_phase_change_posts_one_board(svc):
    service, renderer = svc
    await seated_game(service, 2)
    first = await service.play(ctx(1), "ready")
    assert not any(r.files for r in first)
    second = await service.play(ctx(2), "ready")  # everyone ready: Round 1 begins
    boards = [r for r in second if r.files]
    # titled from the phase its move's heading names to the board's ("Getting ready")
    assert len(boards) == 1 and boards[0].title == "Getting ready → Round 1"
    assert boards[0].audience is Audience.CHANNEL
    drawn = renderer.calls[-1][1]
    # the public view, in the table's language, with the players' names and colours by seat
    seats = [{"seat": 0, "name": "U1", "colour": "orange"},
             {"seat": 1, "name": "U2", "colour": "sky"}]
    assert drawn == {**GAME.view((await state_of(service))[0], None), "lang": "en",
                     "seats": seats}


async def test_private_view_only_to_its_owner(svc):
    service, _ = svc
    await seated_game(service, 2)
    state, _ = await state_of(service)
    replies = await service.hand(ctx(2))
    assert [r.audience for r in replies] == [Audience.EPHEMERAL]
    assert all(gem in replies[0].text for gem in state["hands"][1])
    assert not any(gem in replies[0].text for gem in state["hands"][0])
    assert replies[0].user_id == 2
    outsider = await service.hand(ctx(9))
    assert outsider[0].audience is Audience.EPHEMERAL and "not playing" in outsider[0].text


async def test_refusals_are_ephemeral_and_change_nothing(svc):
    service, _ = svc
    await seated_game(service, 2)
    await service.play(ctx(1), "ready")
    await service.play(ctx(2), "ready")
    _, before = await state_of(service)
    cases = [
        (ctx(2), "take 1", "not your turn"),
        (ctx(9), "take 1", "not playing"),
        (ctx(1), "juggle", "not a Pebbles move"),
        (ctx(1, channel=777), "take 1", "no game in this channel"),
        (ctx(1, guild=None), "take 1", "server channels"),
    ]
    for who, move, expected in cases:
        replies = await service.play(who, move)
        assert len(replies) == 1 and replies[0].audience is Audience.EPHEMERAL
        assert expected in replies[0].text, replies[0].text
    assert (await state_of(service))[1] == before


async def test_two_simultaneous_moves_one_applies_the_other_is_told_to_look_again(svc):
    service, _ = svc
    await seated_game(service, 2)
    await service.play(ctx(1), "ready")
    await service.play(ctx(2), "ready")
    _, before = await state_of(service)
    first, second = await asyncio.gather(service.play(ctx(1), "take 1"),
                                         service.play(ctx(1), "take 3"))
    # the winner's step is told to its mover (their turn goes on), with their prompt
    loser = next(o for o in (first, second) if not o[0].text.startswith("**U1**"))
    assert len(loser) == 1 and loser[0].audience is Audience.EPHEMERAL
    # SQLite's one connection has both read before either commits, so the loser lost the
    # version race; PostgreSQL's pool may let it read the winner's state instead, where
    # legal() refuses it (take 3 after take 1 is no longer on offer).
    if service.store.dialect == "sqlite":
        assert loser[0].text == STALE
    state, row = await state_of(service)
    assert row.version == before.version + 1
    assert len(await service.store.actions(row.id)) == 2 + 1
    stale = await service.play(ctx(1), "end", version=before.version)
    assert [r.text for r in stale] == [STALE]


async def test_buttons_never_show_a_hand_in_the_channel_but_work_from_the_hand_reply(svc):
    service, _ = svc
    replies = await seated_game(service, 2)
    await service.play(ctx(1), "ready")
    replies += await service.play(ctx(2), "ready")
    # The channel's prompt has no move buttons (their labels could name a hand), only one
    # that shows the presser their own hand and moves, privately: /game hand's answer.
    channel = [b for r in replies if r.audience is Audience.CHANNEL for b in r.buttons]
    assert channel and {b.custom_id.rsplit(":", 1)[1] for b in channel} == {"hand"}
    prompt = channel[-1]
    others = await service.press(ctx(2), prompt.custom_id)  # seated, not to act: own hand
    assert [r.audience for r in others] == [Audience.EPHEMERAL] and not others[0].buttons
    assert (await service.hand(ctx(2)))[0].text == others[0].text
    stranger = await service.press(ctx(9), prompt.custom_id)
    assert [r.audience for r in stranger] == [Audience.EPHEMERAL] and not stranger[0].buttons
    hand = (await service.press(ctx(1), prompt.custom_id))[0]
    assert hand.audience is Audience.EPHEMERAL and hand.user_id == 1
    assert hand.text == (await service.hand(ctx(1)))[0].text
    unchanged, _ = await state_of(service)
    assert not unchanged["acted"]  # showing a hand makes no move
    assert hand.buttons and all(b.custom_id.startswith("rb:") for b in hand.buttons)
    assert all(len(b.custom_id) <= 100 for b in hand.buttons)
    state, _ = await state_of(service)
    target = hand.buttons[1]
    expected = GAME.legal(state, 0)[1]
    pressed = await service.press(ctx(1), target.custom_id)
    assert pressed[0].audience is Audience.EPHEMERAL and pressed[0].text.startswith("**U1**")
    after, _ = await state_of(service)
    assert after["scores"][0] > 0 and after["acted"]
    assert expected["type"] in ("take", "play")
    again = await service.press(ctx(1), target.custom_id)
    assert [r.text for r in again] == [STALE]
    elsewhere = await service.press(ctx(1, channel=1234), target.custom_id)
    assert "another channel" in elsewhere[0].text


async def test_autocomplete_lists_legal_moves_filtered(svc):
    service, _ = svc
    await seated_game(service, 2)
    assert await service.move_choices(ctx(1), "") == [("Ready", "ready")]
    await service.play(ctx(1), "ready")
    await service.play(ctx(2), "ready")
    takes = await service.move_choices(ctx(1), "TAK")
    assert [value for _, value in takes] == ["take 1", "take 2", "take 3"]
    # not their turn: one entry says so (an empty list left them guessing), and picking
    # it is refused with the same words
    [(said, value)] = await service.move_choices(ctx(2), "")
    assert said == "It is not your turn: waiting for U1." and len(said) <= 100
    assert [r.text for r in await service.play(ctx(2), value)] == [said]
    # in a channel without a game: where it is their turn (the links come when picked)
    assert await service.move_choices(ctx(1, channel=42), "") == [
        ("Your turn: Pebbles (pick this for the link)", "wait")]
    assert await service.move_choices(ctx(2, channel=42), "") == []


async def test_ai_seats_move_after_a_human_and_finish_the_game(svc):
    service, _ = svc
    await service.new(ctx(1), "pebbles")
    await service.add_bot(ctx(1))
    await service.add_bot(ctx(1))
    await service.start(ctx(1), order="joined")
    state, _ = await state_of(service)
    assert GAME.active(state) == [0]  # the bots said ready on their own
    for _ in range(200):
        state, row = await state_of(service)
        if row.status == "finished":
            break
        assert GAME.active(state) == [0]  # whenever control returns, it is the human's turn
        move = (await service.move_choices(ctx(1), ""))[0][1]
        replies = await service.play(ctx(1), move)
        assert_nothing_hidden(replies, (await state_of(service))[0])
    assert row.status == "finished"
    actions = await service.store.actions(row.id)
    assert {a.seat for a in actions} == {0, 1, 2}
    assert all(a.user_id is None for a in actions if a.seat != 0)


async def test_free_undo_of_own_move_while_still_active_and_nothing_revealed(svc):
    service, _ = svc
    await seated_game(service, 2)
    await service.play(ctx(1), "ready")
    await service.play(ctx(2), "ready")
    before, _ = await state_of(service)
    await service.play(ctx(1), "take 2")
    replies = await service.undo(ctx(1))
    # a step the channel never saw (the turn goes on): its undo is told to its mover alone,
    # with their prompt; the channel had got "U1 takes back 1 move" and the turn again.
    # It names the step taken back ("your last step" alone left open which one went)
    assert replies[0].text == "Taken back: your last step (only you had been told of it): " \
        "Seat 0 takes 2.", replies[0].text
    assert all(r.audience is not Audience.CHANNEL for r in replies), replies
    assert any(r.buttons for r in replies if r.audience is Audience.EPHEMERAL)
    after, row = await state_of(service)
    assert GAME.dump(after) == GAME.dump(before)
    assert [a.notation for a in await service.store.actions(row.id)] == ["ready", "ready"]


async def test_undo_after_a_draw_or_after_the_turn_passed_needs_a_vote(svc):
    service, _ = svc
    await seated_game(service, 3)
    for user in (1, 2, 3):
        await service.play(ctx(user), "ready")
    before, _ = await state_of(service)
    gem = before["hands"][0][0]
    await service.play(ctx(1), f"play {gem}")  # a draw: the hidden deck was touched
    asked = await service.undo(ctx(1))
    assert "asks to take back" in asked[0].text and "<@2>" in asked[0].text
    assert (await state_of(service))[0]["discard"] == [gem]  # nothing undone yet
    waiting = await service.vote_undo(ctx(2), True)
    assert "waiting for U3" in waiting[0].text
    done = await service.vote_undo(ctx(3), True)
    assert "takes back 1 move" in done[0].text
    after, _ = await state_of(service)
    assert GAME.dump(after) == GAME.dump(before)
    # A vote is void once the game moves on.
    await service.play(ctx(1), "take 1")
    await service.play(ctx(1), "end")
    await service.play(ctx(2), f"play {(await state_of(service))[0]['hands'][1][0]}")
    assert "asks to take back" in (await service.undo(ctx(2)))[0].text
    await service.play(ctx(2), "end")
    void = await service.vote_undo(ctx(1), True)
    assert "No undo vote is open" in void[0].text and void[0].audience is Audience.EPHEMERAL
    assert len(await service.store.actions(row_id(service))) == 3 + 4
    await service.play(ctx(3), "take 1")
    await service.play(ctx(3), "end")
    # After the turn passed, a refusal ends the vote and keeps the moves.
    await service.play(ctx(1), "take 1")
    await service.play(ctx(1), "end")
    await service.undo(ctx(1))
    refused = await service.vote_undo(ctx(3), False)
    assert "undo is off" in refused[0].text
    assert (await service.vote_undo(ctx(2), True))[0].audience is Audience.EPHEMERAL
    assert GAME.active((await state_of(service))[0]) == [1]
    assert [a.notation for a in await service.store.actions(row_id(service))][-2:] == [
        "take 1", "end"]


async def test_abandon_and_kick_need_the_creator_or_manage_channels(svc):
    service, _ = svc
    await seated_game(service, 3)
    for verb in (lambda c: service.abandon(c), lambda c: service.kick(c, 3)):
        refused = await verb(ctx(2))
        assert refused[0].audience is Audience.EPHEMERAL
        assert refused[0].text.startswith("Only **U1**, who runs this table, or someone with")
    kicked = await service.kick(ctx(2, manage=True), 3)
    assert "replaced by **Bot 1**, an AI seat." in kicked[0].text
    seats = await service.store.seats((await state_of(service))[1].id)
    assert seats[2].is_ai and seats[2].user_id is None
    assert 2 not in GAME.active((await state_of(service))[0])  # the new AI said ready at once
    done = await service.abandon(ctx(1))
    assert "abandoned" in done[0].text
    assert await service.store.live_game(CH) is None
    assert (await service.new(ctx(2), "pebbles"))[0].audience is Audience.CHANNEL


async def test_replace_with_another_human(svc):
    service, _ = svc
    await seated_game(service, 2)
    replies = await service.kick(ctx(1), 2, replacement_user_id=8, replacement_name="U8")
    assert "replaced by **U8**" in replies[0].text
    assert (await service.play(ctx(8), "ready"))[0].audience is Audience.CHANNEL
    assert (await service.play(ctx(2), "ready"))[0].audience is Audience.EPHEMERAL


async def test_lobby_rules(svc):
    service, _ = svc
    assert "no game called" in (await service.new(ctx(1), "chess"))[0].text
    assert "2 to 4" in (await service.new(ctx(1), "pebbles", max_players=6))[0].text
    assert "no option" in (await service.new(ctx(1), "pebbles", {"x": 1}))[0].text
    await service.new(ctx(1), "pebbles", {"big_pile": True}, max_players=2)
    assert "already has a game" in (await service.new(ctx(2), "pebbles"))[0].text
    assert "needs at least" in (await service.start(ctx(1)))[0].text
    # the creator's colour came by default: a pick may take it (the creator moves on)
    assert "joins as orange" in (await service.join(ctx(2), "Orange"))[0].text
    assert "taken" in (await service.join(ctx(1), "orange"))[0].text
    assert "now plays sky" in (await service.join(ctx(2), "sky"))[0].text
    assert "full" in (await service.join(ctx(3)))[0].text
    assert "leaves" in (await service.leave(ctx(2)))[0].text
    await service.join(ctx(3))
    assert (await service.start(ctx(3)))[0].text == \
        "Only **U1**, who runs this table, or someone with Manage Channels can start the game."
    await service.start(ctx(1))
    state, row = await state_of(service)
    assert state["pile"] == 9 + 6 + 10 and row.options == {"big_pile": True}
    assert "already started" in (await service.join(ctx(4)))[0].text


async def test_random_seat_order_is_seeded(tmp_path):
    orders = []
    for run in range(2):
        service, _ = await open_service(tmp_path / f"r{run}.sqlite3", seed=11)
        await seated_game(service, 4, order="random")
        row = await service.store.live_game(CH)
        orders.append([s.user_id for s in await service.store.seats(row.id)])
        await service.store.close()
    assert orders[0] == orders[1] and sorted(orders[0]) == [1, 2, 3, 4]


async def test_restart_reloads_the_identical_state(tmp_path):
    service, _ = await open_service(tmp_path / "a.sqlite3")
    await seated_game(service, 3)
    for user in (1, 2, 3):
        await service.play(ctx(user), "ready")
    await service.play(ctx(1), "take 2")
    before, row = await state_of(service)
    status = await service.status(ctx(2))
    await service.store.close()
    service, _ = await open_service(tmp_path / "a.sqlite3")
    after, row_after = await state_of(service)
    assert GAME.dump(after) == GAME.dump(before) and row_after == row
    assert await service.status(ctx(2)) == status
    assert (await service.play(ctx(1), "end"))[0].audience is Audience.CHANNEL
    await service.store.close()


async def test_a_snapshot_that_fails_to_load_is_rebuilt_from_the_log(tmp_path):
    path = tmp_path / "c.sqlite3"
    service, _ = await open_service(path)
    await seated_game(service, 2)
    for move in [(1, "ready"), (2, "ready"), (1, "take 3"), (1, "end"), (2, "take 1")]:
        await service.play(ctx(move[0]), move[1])
    before, row = await state_of(service)
    await service.store.close()
    raw = sqlite3.connect(path)
    raw.execute("UPDATE games SET state = '{\"pile\": tru' WHERE id = ?", (row.id,))
    raw.commit()
    raw.close()
    service, _ = await open_service(path)
    replies = await service.play(ctx(2), "end")
    assert "rebuilt it from the move log (5 moves)" in replies[0].text
    assert replies[0].audience is Audience.CHANNEL
    after, _ = await state_of(service)
    GAME.apply(before, 1, {"type": "end"})
    assert GAME.dump(after) == GAME.dump(before)
    await service.store.close()


async def test_export_after_the_game_replays_to_the_same_state(svc):
    service, renderer = svc
    await seated_game(service, 2)
    refused = await service.export(ctx(1))
    assert "once the game is over" in refused[0].text
    await play_out(service, renderer, 2)
    reply = (await service.export(ctx(1)))[0]
    assert reply.audience is Audience.EPHEMERAL
    data = json.loads(reply.files[0].data)
    state, _ = await state_of(service)
    rebuilt = replay(GAME, data["players"], data["options"], data["seed"],
                     [(a["seat"], a["move"]) for a in data["actions"]])
    assert GAME.dump(rebuilt) == GAME.dump(state)


async def test_my_games_lists_games_waiting_for_the_caller(svc):
    service, _ = svc
    await seated_game(service, 2)
    await service.new(ctx(2, channel=600), "pebbles")
    await service.join(ctx(1, channel=600))
    await service.start(ctx(2, channel=600))
    await service.play(ctx(1), "ready")
    text = (await service.my_games(ctx(1)))[0].text
    mine, _, others = text.partition("Waiting for someone else:")
    assert "<#600>" in mine and "<#500>" not in mine
    assert "<#500>" in others and "U2 to act" in others  # the other game, and whom it waits for
    text = (await service.my_games(ctx(2)))[0].text
    assert "<#600>" in text and "<#500>" in text and "Waiting for" not in text
    assert "No game" in (await service.my_games(ctx(5)))[0].text


async def test_log_and_status_and_rules(svc):
    service, _ = svc
    await seated_game(service, 2)
    await service.play(ctx(1), "ready")
    log = (await service.log(ctx(2)))[0]
    assert log.audience is Audience.EPHEMERAL and "1\\. U1 (orange): Seat 0 is ready." in log.text
    status = (await service.status(ctx(2)))[0].text
    assert "U2 (sky blue) (to act)" in status and "Moves so far: 1" in status
    assert "take N" in (await service.rules(ctx(1), None, "moves"))[0].text
    assert "topics are" in (await service.rules(ctx(1), "pebbles", None))[0].text


async def test_a_game_that_fixes_seat_colours_names_players_by_them(tmp_path):
    from tests.service_pebbles import Pebbles

    class Painted(Pebbles):
        seat_colours = ("Brown", "Purple", "Green", "Blue")

    service, _ = await open_service(tmp_path / "p.sqlite3")
    service.games = {"pebbles": Painted()}
    await service.new(ctx(1), "pebbles")
    joined = await service.join(ctx(2))
    assert "the colour comes with the seat at the start" in joined[0].text
    started = await service.start(ctx(1), order="joined")
    assert "1. **U1** (brown), 2. **U2** (purple)" in started[0].text
    seats = await service.store.seats(1)
    assert [s.colour for s in seats] == ["brown", "purple"]
    await service.store.close()


async def test_a_snapshot_from_an_older_engine_format_is_rebuilt(tmp_path):
    from tests.service_pebbles import Pebbles

    path = tmp_path / "f.sqlite3"
    service, _ = await open_service(path)
    await seated_game(service, 2)
    for user, move in [(1, "ready"), (2, "ready"), (1, "take 2")]:
        await service.play(ctx(user), move)
    before, _ = await state_of(service)
    await service.store.close()

    class Newer(Pebbles):
        state_format = 2  # this engine changed its state layout since the snapshot

    service, _ = await open_service(path)
    service.games = {"pebbles": Newer()}
    replies = await service.status(ctx(1))
    assert "rebuilt it from the move log (3 moves)" in replies[0].text
    after, row = await state_of(service)
    assert GAME.dump(after) == GAME.dump(before) and row.state_format == 2
    assert len(await service.status(ctx(1))) == 1  # rebuilt once, then it loads
    await service.store.close()


async def test_undo_vote_buttons(svc):
    service, _ = svc
    await seated_game(service, 2)
    await service.play(ctx(1), "ready")
    await service.play(ctx(2), "ready")
    gem = (await state_of(service))[0]["hands"][0][0]
    await service.play(ctx(1), f"play {gem}")
    asked = (await service.undo(ctx(1)))[0]
    agree, refuse = asked.buttons
    assert agree.custom_id.endswith(":undo-yes") and refuse.custom_id.endswith(":undo-no")
    assert "not one of mine" in (await service.press(ctx(2), "rb:1:2:undo-maybe"))[0].text
    done = await service.press(ctx(2), agree.custom_id)
    assert "takes back 1 move" in done[0].text
    assert gem in (await state_of(service))[0]["hands"][0]
    # pressed after the undo: the vote is over, not a move that missed its turn
    assert (await service.press(ctx(2), refuse.custom_id))[0].text == \
        t("svc.undo.over_moved_on", "en")


async def test_new_hidden_information_goes_by_dm_after_a_phase_change(svc):
    service, _ = svc
    await seated_game(service, 2)
    await service.play(ctx(1), "ready")
    await service.play(ctx(2), "ready")
    quiet = []
    for user, move in [(1, "take 3"), (1, "end"), (2, "take 1"), (2, "end")]:
        quiet += await service.play(ctx(user), move)  # pile 15 -> 11, still Round 1
    # no DM: the channel, and the step and prompt of a player whose turn goes on, to them
    # alone
    assert all(r.audience is Audience.CHANNEL or
               (r.audience is Audience.EPHEMERAL and "\nYour turn goes on" in r.text)
               for r in quiet)
    gem = (await state_of(service))[0]["hands"][0][0]
    replies = await service.play(ctx(1), f"play {gem}")  # the pile drops to 10: Round 2
    state, _ = await state_of(service)
    board = next(r for r in replies if r.title == "Round 1 → Round 2" and r.files)
    # the move's line rides on the board, headed by the phase it ended, as the embed's title
    # names it and the new one
    assert board.text.startswith("__Round 1__\n**U1**") and GAME.title not in board.text
    # U1 drew a gem and reads it in the reply to the move; U2's hand did not change
    news = [r for r in replies if r.audience is not Audience.CHANNEL and "Only you" in r.text]
    assert [(r.user_id, r.audience) for r in news] == [(1, Audience.EPHEMERAL)]
    assert news[0].text.startswith("**Only you see** (after your move):")
    assert all(g in news[0].text for g in state["hands"][0])
    assert_nothing_hidden(replies, state)


async def test_a_turn_that_goes_on_is_prompted_in_the_movers_language(svc):
    """The channel speaks the table's language; the prompt only the mover reads speaks
    theirs, as their errors do (a German player at an English table)."""
    from dataclasses import replace

    service, _ = svc
    await seated_game(service, 2)
    await service.play(ctx(1), "ready")
    await service.play(ctx(2), "ready")
    replies = await service.play(replace(ctx(1), locale="de"), "take 3")
    own = [r for r in replies if r.audience is Audience.EPHEMERAL]
    assert len(own) == 1 and own[0].user_id == 1
    step, _, prompt = own[0].text.partition("\n")
    assert step.startswith("**U1**") and prompt.startswith("Du bist weiter am Zug")
    # every move has its button: no "/zug zug:" repeated at each step of the turn
    assert "/zug" not in prompt and own[0].buttons
    # the channel hears of the step with the rest of the turn, when it ends
    assert not [r for r in replies if r.audience is Audience.CHANNEL]
    ended = await service.play(replace(ctx(1), locale="de"), "end")
    channel = [r.text for r in ended if r.audience is Audience.CHANNEL]
    assert channel[0].startswith("**U1** (orange): Seat 0 takes 3 · Seat 0 ends the turn")
    assert not any("Zug" in text for text in channel)


async def test_start_sends_each_player_their_opening_hand_by_dm(svc):
    service, _ = svc
    replies = await seated_game(service, 3)
    state, _ = await state_of(service)
    dms = {r.user_id: r.text for r in replies if r.audience is Audience.DM}
    assert sorted(dms) == [1, 2, 3]
    for user, text in dms.items():
        assert all(gem in text for gem in state["hands"][user - 1])
    assert_nothing_hidden(replies, state)


async def test_seat_colours_named_by_the_public_view_are_used(tmp_path):
    from tests.service_pebbles import Pebbles

    class Named(Pebbles):
        def view(self, state, seat):
            view = super().view(state, seat)
            view["players"] = [{"seat": n, "colour": ("Teal", "Brown")[n]}
                               for n in range(state["n"])]
            return view

    service, _ = await open_service(tmp_path / "n.sqlite3")
    service.games = {"pebbles": Named()}
    await service.new(ctx(1), "pebbles")
    await service.join(ctx(2))
    started = await service.start(ctx(1), order="joined")
    assert "1. **U1** (teal), 2. **U2** (brown)" in started[0].text
    await service.store.close()
    plain, _ = await open_service(tmp_path / "p.sqlite3")  # Pebbles names none: lobby colours
    await seated_game(plain, 2)
    assert [s.colour for s in await plain.store.seats(1)] == ["orange", "sky"]
    await plain.store.close()


def test_private_part_and_its_lines():
    from bot.service import _private_part, _secret_lines

    public = {"a": 1, "p": [{"x": 1}, {"x": 2}]}
    private = {"a": 1, "p": [{"x": 1}, {"x": 2, "hand": [5]}],
               "you": {"hand": [{"id": 4, "text": "#4 ferry"}, {"id": 9, "text": "#9 bridge"}],
                       "coins": 2}}
    secret = _private_part(private, public)
    assert secret == [("p.1.hand", [5]), ("you", private["you"])]
    assert _secret_lines(secret) == ["p.1.Hand: 5", "Hand: #4 ferry; #9 bridge", "Coins: 2"]
    assert _secret_lines(secret, "de")[1:] == ["Hand: #4 ferry; #9 bridge", "Münzen: 2"]
    # An empty private pile (Trödler's value pile at the start) is a word, not "[]".
    assert _secret_lines([("you", {"value": [], "coins": 0})], "de") == \
        ["Wertungsstapel: leer", "Münzen: 0"]
    assert _private_part(public, public) == []
    assert _private_part({"a": 1, "done": [], "coins": 0}, {"a": 1}) == [("coins", 0)]
    assert _private_part({"hand": []}, {"hand": [3]}) == [("hand", [])]


async def test_turn_prompt_has_move_buttons_when_nothing_is_hidden(tmp_path):
    from tests.service_pebbles import Pebbles

    class OpenHands(Pebbles):
        def view(self, state, seat):
            return super().view(state, None) | {"hands": state["hands"]}

    service, _ = await open_service(tmp_path / "o.sqlite3")
    service.games = {"pebbles": OpenHands()}
    await seated_game(service, 2)
    await service.play(ctx(1), "ready")
    replies = await service.play(ctx(2), "ready")
    prompt = next(r for r in replies if "your turn" in r.text)
    assert prompt.audience is Audience.CHANNEL and "<@1>" in prompt.text
    assert [b.label for b in prompt.buttons][:3] == ["Take 1", "Take 2", "Take 3"]
    pressed = await service.press(ctx(1), prompt.buttons[2].custom_id)
    assert pressed[0].text.startswith("**U1** (orange): Seat 0 takes 3.\n")
    await service.store.close()


async def test_the_start_names_who_moves_first_when_the_rules_draw_it(tmp_path):
    """Rheinländer draws its first player: the start post's seat order then does not say who
    begins, so it names the seat to move."""
    import engine
    from bot.service import TablesService
    from bot.store import open_store
    from tests.service_pebbles import FakeRenderer

    for seed in (3, 4, 5, 6):
        store = await open_store(str(tmp_path / f"first{seed}.sqlite3"))
        service = TablesService(store, render=FakeRenderer(), seed_source=lambda s=seed: s)
        await service.new(ctx(1), "rheinlaender", min_players=3, max_players=3)
        for user in (2, 3):
            await service.join(ctx(user))
        started = await service.start(ctx(1), order="joined")
        row = await service.store.latest_game(CH)
        state = engine.GAMES["rheinlaender"].load(row.state)
        first = engine.GAMES["rheinlaender"].active(state)[0]
        colour = ("orange", "blue", "green")[first]
        assert f"To move: **U{first + 1}** ({colour}), drawn by lot" in started[0].text, \
            started[0].text
        await service.store.close()
        if first != 0:
            return
    raise AssertionError("every seed gave seat 1 the first turn")


async def test_a_deal_a_players_move_sets_off_is_posted_whole_on_its_own_lines(tmp_path):
    """R12.2 for a human move: the move's line, then the deal, one pile per line."""
    import engine
    from bot.service import TablesService
    from bot.store import open_store

    game = engine.GAMES["troedler"]
    store = await open_store(str(tmp_path / "deal.sqlite3"))
    service = TablesService(store, render=lambda key, view: b"\x89PNG", seed_source=lambda: 12)
    service.card_render = lambda key, view: b"\x89PNG card"
    await service.new(ctx(1), "troedler", min_players=3, max_players=3)
    for user in (2, 3):
        await service.join(ctx(user))
    await service.start(ctx(1), order="joined")
    for _ in range(200):
        state = game.load((await store.latest_game(CH)).state)
        seat = game.active(state)[0]
        move = game.legal(state, seat)[-1]  # ends turns soon ("end" sorts last)
        replies = await service.play(ctx(seat + 1), game.format(state, move))
        text = "\n".join(r.text for r in replies)
        if "deals" in text:
            break
    else:
        raise AssertionError("no deal in 200 moves")
    deal = text[text.index("Round 2:"):].split("\n")
    assert deal[0].endswith("(everyone sees every card):"), text
    assert [line.split(" (")[0] for line in deal[1:5]] == [f"Pile {n}" for n in range(1, 5)]
    await store.close()


def test_a_tables_variants_are_said_as_players_write_them():
    """The lobby post said "open_piles=True", Python's spelling; /game new takes "true"."""
    import engine
    from bot.service.base import _variants_text

    game = engine.get_game("troedler")
    said = _variants_text(game, game.normalise_options({"open_piles": True}), "de")
    assert said == "open_piles=true"
