"""The undo vote in the service: one request at a time, the asker's own Agree, and what a
button of a vote that is over says."""

from __future__ import annotations

import pytest

from bot.replies import Audience
from tests.service_pebbles import GAME, ctx, open_service

CH = 500


@pytest.fixture
async def service(tmp_path):
    found, _ = await open_service(tmp_path / "undo.sqlite3")
    yield found
    await found.store.close()


async def asked(service):
    """Three players; U1 plays a gem (a draw: taking it back needs the others' votes)."""
    await service.new(ctx(1), "pebbles")
    for user in (2, 3):
        await service.join(ctx(user))
    await service.start(ctx(1), order="joined")
    for user in (1, 2, 3):
        await service.play(ctx(user), "ready")
    row = await service.store.live_game(CH)
    gem = GAME.load(row.state)["hands"][0][0]
    await service.play(ctx(1), f"play {gem}")
    [request] = await service.undo(ctx(1))
    return request


async def test_a_second_request_is_refused_while_one_is_open(service):
    request = await asked(service)
    assert request.buttons
    again = await service.undo(ctx(1))
    assert [r.audience for r in again] == [Audience.EPHEMERAL]
    assert "still open" in again[0].text and "U2, U3" in again[0].text
    row = await service.store.live_game(CH)
    assert len(await service.store.votes(row.id, row.version)) == 1  # nothing changed


async def test_the_askers_own_agree_is_a_private_note(service):
    request = await asked(service)
    agree = request.buttons[0].custom_id
    for answer in (await service.press_vote(ctx(1), agree), await service.vote_undo(ctx(1), True)):
        assert [r.audience for r in answer] == [Audience.EPHEMERAL]
        assert "already counted" in answer[0].text
    assert await service.undo_vote_open(agree) is True
    # a voter who already agreed is told the same
    await service.press_vote(ctx(2), agree)
    assert "already counted" in (await service.press_vote(ctx(2), agree))[0].text


async def test_a_button_of_a_vote_that_is_over_says_so(service):
    request = await asked(service)
    agree, refuse = (b.custom_id for b in request.buttons)
    refused = await service.press_vote(ctx(2), refuse)
    assert "undo is off" in refused[0].text
    assert await service.undo_vote_open(agree) is False
    late = await service.press_vote(ctx(3), agree)
    assert [r.audience for r in late] == [Audience.EPHEMERAL]
    assert "over" in late[0].text and "refused" in late[0].text
    # asked again and made: the first request's button now says the game moved on
    request = (await service.undo(ctx(1)))[0]
    await service.press_vote(ctx(2), request.buttons[0].custom_id)
    await service.press_vote(ctx(3), request.buttons[0].custom_id)
    late = await service.press_vote(ctx(2), agree)
    assert "over" in late[0].text and "moved on" in late[0].text
    assert await service.undo_vote_open("rb:1:2:7") is None  # not an undo button
    assert "not one of mine" in (await service.press_vote(ctx(2), "rb:x:2:undo-yes"))[0].text
