"""Refusals in a real game with hidden hands (Rheinländer): out of turn, for another seat, as
a non-player, with a stale button, in a finished game. Each is one private sentence to the
caller and changes nothing (the game row, its snapshot and its log stay as they were)."""

from __future__ import annotations

import pytest

from bot.replies import Audience
from bot.service import STALE, TablesService
from bot.store import Store
from engine import get_game
from tests.service_pebbles import ctx, made

GAME = get_game("rheinlaender")
OUTSIDER = 99


@pytest.fixture
async def table(tmp_path):
    store = await Store.open(str(tmp_path / "refusals.sqlite3"))
    service = TablesService(store, games={"rheinlaender": GAME},
                            render=lambda key, view: b"PNG", seed_source=lambda: 5)
    await service.new(ctx(1), "rheinlaender", min_players=3, max_players=3)
    await service.join(ctx(2))
    await service.join(ctx(3))
    await service.start(ctx(1), order="joined")  # seat n is user n + 1
    yield service
    await store.close()


async def snapshot(service):
    row = await service.store.latest_game(500)
    return row, [(a.seat, a.notation) for a in await service.store.actions(row.id)]


async def refused(service, call, *args, words=""):
    before = await snapshot(service)
    replies = await call(*args)
    assert [r.audience for r in replies] == [Audience.EPHEMERAL], replies
    assert replies[0].user_id == args[0].user_id and replies[0].text.endswith((".", "!"))
    assert words in replies[0].text, replies[0].text
    assert await snapshot(service) == before
    return replies[0].text


def mover(state):
    return GAME.active(state)[0] + 1


async def test_out_of_turn_for_another_seat_as_outsider_and_stale(table):
    service = table
    row, _ = await snapshot(service)
    state = GAME.load(row.state)
    active = mover(state)
    idle = 3 if active == 2 else 2  # a player who is neither the mover nor the creator
    move = GAME.format(state, GAME.legal(state, active - 1)[0])
    await refused(service, service.play, ctx(idle), move, words="not your turn")
    await refused(service, service.play, ctx(OUTSIDER), move, words="not playing")
    # the active player's own hand buttons, pressed by someone else: their seat decides
    buttons = (await service.hand(ctx(active)))[0].buttons
    assert buttons
    await refused(service, service.press, ctx(idle), buttons[0].custom_id, words="not your turn")
    await refused(service, service.press, ctx(OUTSIDER), buttons[0].custom_id)
    await refused(service, service.hand, ctx(OUTSIDER), words="not playing")
    await refused(service, service.undo, ctx(OUTSIDER))
    await refused(service, service.abandon, ctx(idle))  # neither creator nor manager
    await refused(service, service.kick, ctx(idle), active)
    # the button works for its owner once, then it is stale for everyone
    replies = await service.press(ctx(active), buttons[0].custom_id)
    assert made(replies)
    for user in (active, idle, OUTSIDER):
        text = await refused(service, service.press, ctx(user), buttons[0].custom_id)
        assert text == STALE or "not" in text
    assert await refused(service, service.press, ctx(active), buttons[0].custom_id) == STALE


async def test_a_finished_game_refuses_every_move(table):
    service = table
    for _ in range(400):
        row, _ = await snapshot(service)
        if row.status == "finished":
            break
        state = GAME.load(row.state)
        user = mover(state)
        await service.play(ctx(user), GAME.format(state, GAME.legal(state, user - 1)[-1]))
    row, _ = await snapshot(service)
    assert row.status == "finished"
    custom_id = f"rb:{row.id}:{row.version}:0"
    for user in (1, 2, OUTSIDER):
        await refused(service, service.play, ctx(user), "done", words="over")
        await refused(service, service.press, ctx(user), custom_id)
        await refused(service, service.undo, ctx(user))
        await refused(service, service.hand, ctx(user))
