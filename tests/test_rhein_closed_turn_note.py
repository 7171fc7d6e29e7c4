"""Rhein: the private note "that move ended your turn by itself" (issue 15) is for a turn
that goes straight on. After taking order 11 the player got it together with the channel's
new prompt for them, the AI seats having moved in between: the same "your turn" twice, the
note saying "Zug" (a train in Rhein) for a turn."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import engine
from bot.i18n import catalogue
from bot.replies import Audience
from tests.service_pebbles import FakeRenderer, ctx, play_meaning_it

RHEIN = engine.get_game("rhein")


async def _table(tmp_path, seed: int, humans: int, bots: int = 0):
    from bot.service import TablesService
    from bot.store import Store

    store = await Store.open(str(tmp_path / "rhein.sqlite3"))
    service = TablesService(store, games={"rhein": RHEIN}, render=FakeRenderer(),
                            seed_source=lambda: seed)
    seats = humans + bots
    await service.new(ctx(1), "rhein", min_players=seats, max_players=seats)
    for user in range(2, humans + 1):
        await service.join(ctx(user))
    for _ in range(bots):
        await service.add_bot(ctx(1))
    await service.start(ctx(1), order="joined")
    return store, service


async def _until_a_turn_ends_by_itself(store, service, rng, wanted):
    """Random moves (a ``done`` only where nothing else is legal), each by a German
    player, until ``wanted(before, after, versions moved)`` holds after a move that ended
    its player's turn and gave them the next one; returns that move's replies and user."""
    while True:
        row = await store.latest_game(500)
        assert row.status == "active", "no move ended its player's turn by itself"
        users = {s.seat: s.user_id for s in await store.seats(row.id)}
        seat = row.active_seats[0]
        state = RHEIN.load(row.state)
        moves = [m for m in RHEIN.legal(state, seat) if m["type"] != "done"] or \
            RHEIN.legal(state, seat)
        move = rng.choice(moves)
        replies = await play_meaning_it(service, replace(ctx(users[seat]), locale="de"),
                                        RHEIN.format(state, move))
        after = await store.latest_game(500)
        again = RHEIN.load(after.state)
        if move["type"] != "done" and RHEIN.active(again) == [seat] and \
                RHEIN.turn_key(again) != RHEIN.turn_key(state) and \
                wanted(state, again, after.version - row.version):
            return replies, users[seat]


def _notes(replies, user):
    """The mover's private notes that their turn ended by itself ("… Jetzt: Phase 2 …")."""
    return [r for r in replies if r.audience is Audience.EPHEMERAL and r.user_id == user
            and " Jetzt: " in r.text]


async def test_the_note_tells_a_player_whose_next_turn_follows_straight_on(tmp_path):
    store, service = await _table(tmp_path, seed=4, humans=3)
    # a stop ends with nothing left aboard and the same player's next stop follows
    replies, user = await _until_a_turn_ends_by_itself(
        store, service, random.Random(4),
        lambda before, after, moved: RHEIN.phase(after) == RHEIN.phase(before))
    [note] = _notes(replies, user)
    assert note.text.startswith("Mit diesem Spielzug bist du in Phase 4") and "von selbst" in note.text
    assert not any(r.is_public and r.text.startswith(f"<@{user}>") for r in replies)
    await store.close()


async def test_no_note_where_other_seats_moved_and_the_channel_prompts_the_player(tmp_path):
    store, service = await _table(tmp_path, seed=3, humans=1, bots=2)
    replies, user = await _until_a_turn_ends_by_itself(
        store, service, random.Random(3), lambda before, after, moved: moved > 1)
    assert any(r.is_public and r.text.startswith(f"<@{user}>: your turn") for r in replies)
    assert _notes(replies, user) == []
    await store.close()


def test_the_german_notes_say_spielzug_not_zug_which_is_a_train_in_rhein() -> None:
    for key in ("svc.step_closed", "svc.done_stale"):
        text = catalogue("de")[key]
        assert "Spielzug" in text and not re.search(r"\bZug\b", text), text
