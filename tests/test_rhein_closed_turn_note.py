"""Rhein: the private note "that move ended your turn by itself" (issue 15) is for a turn
that goes straight on. After taking order 11 the player got it together with the channel's
new prompt for them, the AI seats having moved in between: the same "your turn" twice, the
note saying "Zug" (a train in Rhein) for a turn."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

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


async def _until_a_turn_ends_by_itself(store, service, rng, wanted, locale="de"):
    """Random moves (a ``done`` only where nothing else is legal), each by a player of
    ``locale``, until ``wanted(before, after, versions moved)`` holds after a move that ended
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
        replies = await play_meaning_it(service, replace(ctx(users[seat]), locale=locale),
                                        RHEIN.format(state, move))
        after = await store.latest_game(500)
        again = RHEIN.load(after.state)
        if move["type"] != "done" and RHEIN.active(again) == [seat] and \
                RHEIN.turn_key(again) != RHEIN.turn_key(state) and \
                wanted(state, again, after.version - row.version):
            return replies, users[seat]


def _notes(replies, user):
    """The mover's private notes that their turn ended by itself."""
    return [r for r in replies if r.audience is Audience.EPHEMERAL and r.user_id == user
            and "von selbst fertig" in r.text]


WORDS = {
    "de": ("Phase 4 (Fahren und entladen), das ", " hält in ",
           "Mit diesem Spielzug bist du dort von selbst fertig, denn es bleibt dir nichts mehr "
           "zu tun.", "Du bist weiter am Zug (", "Du kannst:"),
    "en-US": ("Phase 4 (Move and Unload), the ", " stops in ",
              "this move was your last there, as nothing is left for you to do.",
              "Your turn goes on (", "You can:"),
}


@pytest.mark.parametrize("locale", WORDS)
async def test_the_note_tells_a_player_whose_next_turn_follows_straight_on(tmp_path, locale):
    """One private reply: the move, the note, the turn that goes on with its buttons. The
    note was a second message beside it, listing the moves again, and read "bist du in
    Phase 4 (Fahren und entladen), das weiße Flugzeug hält in London von selbst fertig"."""
    step, stops, said, goes_on, moves = WORDS[locale]
    store, service = await _table(tmp_path, seed=4, humans=3)
    # a stop ends with nothing left aboard and the same player's next stop follows
    replies, user = await _until_a_turn_ends_by_itself(
        store, service, random.Random(4),
        lambda before, after, moved: RHEIN.phase(after) == RHEIN.phase(before), locale)
    [told] = [r for r in replies if r.audience is Audience.EPHEMERAL and r.user_id == user]
    lines = told.text.split("\n")
    assert len(lines) == 3 and lines[0].startswith(f"**U{user}** ("), lines
    ended, note = lines[1].split(": ", 1)
    assert ended.startswith(step) and stops in ended and note == said, lines[1]
    assert lines[2].startswith(goes_on) and told.buttons
    assert moves not in told.text  # the buttons are the moves
    assert not any(r.is_public and r.text.startswith(f"<@{user}>") for r in replies)
    await store.close()


async def test_a_done_right_after_the_note_is_refused_once_in_the_players_words(tmp_path):
    store, service = await _table(tmp_path, seed=4, humans=3)
    replies, user = await _until_a_turn_ends_by_itself(
        store, service, random.Random(4),
        lambda before, after, moved: RHEIN.phase(after) == RHEIN.phase(before))
    version = (await store.latest_game(500)).version
    german = replace(ctx(user), locale="de")
    [refused] = await service.play(german, "fertig")
    assert (await store.latest_game(500)).version == version
    assert refused.text.startswith("Noch nicht fertig. Mit deinem letzten Spielzug warst du "
                                   "dort schon von selbst fertig: Phase 4 (Fahren und "
                                   "entladen), das "), refused.text
    assert " Jetzt bist du wieder dran: Phase 4 (Fahren und entladen), das " in refused.text
    assert refused.text.endswith(" Schick noch einmal **fertig**, um auch diesen Schritt zu "
                                 "beenden."), refused.text
    await service.play(german, "fertig")
    assert (await store.latest_game(500)).version > version
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
