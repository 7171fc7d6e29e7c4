"""Rhein through the tables service (issue 15): a move that ends its player's turn by itself
(nothing more to do in that step) says what the player must do now. A ``done`` typed for
the turn that already ended is refused once where the player's next turn followed straight
on (test_rhein_closed_turn_note); after a new phase's prompt in the channel it is the new
turn's."""

from __future__ import annotations

import random
from dataclasses import replace

import engine
from bot.replies import Audience
from tests.service_pebbles import FakeRenderer, ctx

RHEIN = engine.get_game("rhein")


async def _two_player_table(tmp_path):
    from bot.service import TablesService
    from bot.store import Store

    store = await Store.open(str(tmp_path / "rhein.sqlite3"))
    service = TablesService(store, games={"rhein": RHEIN}, render=FakeRenderer(),
                            seed_source=lambda: 11)
    await service.new(ctx(1), "rhein", min_players=2, max_players=2)
    await service.join(ctx(2))
    await service.start(ctx(1), order="joined")
    return store, service


async def test_a_done_after_the_new_phases_prompt_is_played(tmp_path) -> None:
    """It was refused ("Noch nicht fertig: … Schick done noch einmal") though the channel
    had prompted the player for the new phase: three times in one reviewed game."""
    store, service = await _two_player_table(tmp_path)
    rng = random.Random(5)
    for _ in range(400):
        row = await store.latest_game(500)
        assert row.status == "active"
        seats = {s.seat: s.user_id for s in await store.seats(row.id)}
        seat = row.active_seats[0]
        user = seats[seat]
        state = RHEIN.load(row.state)
        moves = [m for m in RHEIN.legal(state, seat) if m["type"] != "done"] or \
            RHEIN.legal(state, seat)
        move = rng.choice(moves)
        key = RHEIN.turn_key(state)
        # a German player at an English table: what only the mover reads is German
        replies = await service.play(replace(ctx(user), locale="de"), RHEIN.format(state, move))
        after = await store.latest_game(500)
        again = RHEIN.load(after.state)
        if move["type"] != "done" and RHEIN.active(again) == [seat] and \
                RHEIN.turn_key(again) != key:
            break
    else:
        raise AssertionError("no move ended its player's turn by itself")
    news = [r for r in replies if r.audience is Audience.EPHEMERAL and r.user_id == user]
    # The move ended a phase: the channel's new prompt names the player, and a private
    # note at the same moment said it again (test_rhein_closed_turn_note has the note).
    assert RHEIN.phase(again) != RHEIN.phase(state)
    assert any(r.is_public and r.text.startswith(f"<@{user}>: your turn") for r in replies)
    assert news == []
    # The player, shown the new turn, ends it with "fertig": played at once
    assert any(m["type"] == "done" for m in RHEIN.legal(again, seat))
    played = await service.play(replace(ctx(user), locale="de"), "fertig")
    assert not any("Noch nicht fertig" in r.text for r in played), [r.text for r in played]
    assert (await store.latest_game(500)).version > after.version
    await store.close()


def test_a_round_where_everyone_only_says_done_asks_each_player_at_most_twice() -> None:
    """Before issue 15 a possible mortgage kept Phases 1-3 open for everyone (3 asks each
    in this round; the issue counted 9+ in rounds with stops and trucks). Now only Phase 1
    (an order to take) and Phase 2 (containers to load) have choices; without loads,
    Phases 3-5 have none."""
    state = RHEIN.setup(3, {}, 4)
    while state["round"] == 1:  # round 1's auction: everyone passes or takes the last card
        seat = RHEIN.active(state)[0]
        moves = RHEIN.legal(state, seat)
        pick = next((m for m in moves if m["type"] in ("pass", "take")), moves[0])
        RHEIN.apply(state, seat, pick)
    asked = [0, 0, 0]
    while state["round"] == 2:
        seat = RHEIN.active(state)[0]
        asked[seat] += 1
        RHEIN.apply(state, seat, {"type": "done"})
    assert max(asked) <= 2, asked


async def test_a_done_says_in_the_channel_which_step_it_ends(tmp_path) -> None:
    """A ``done`` used to post its button label and notation ("**Anna** (orange): Done
    loading (`done`)"); the rules now log which step it ends, named once."""
    store, service = await _two_player_table(tmp_path)
    said = []
    for _ in range(60):
        row = await store.latest_game(500)
        seats = {s.seat: (s.user_id, s.name) for s in await store.seats(row.id)}
        seat = row.active_seats[0]
        state = RHEIN.load(row.state)
        moves = RHEIN.legal(state, seat)
        move = next((m for m in moves if m["type"] in ("done", "pass")), moves[0])
        step = state["step"]
        replies = await service.play(ctx(seats[seat][0]), RHEIN.format(state, move))
        if move["type"] == "done":
            line = next(r.text for r in replies if r.audience is Audience.CHANNEL)
            line = line.split("\n")[1] if line.startswith("__") else line  # a phase's end
            said.append((step, line.split(") ", 1)[1]))
            assert line.startswith(f"**{seats[seat][1]}** (")
            assert "`done`" not in line and "Done" not in line
    await store.close()
    assert ("load", "is done loading.") in said, said
    assert {step for step, _ in said} >= {"load", "take"}, said
