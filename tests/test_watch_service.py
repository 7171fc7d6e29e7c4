"""Spectators: /game watch sends the public board (never a hand) by DM after each phase."""

from __future__ import annotations

import pytest

from bot.replies import Audience
from tests.issue10_helpers import play_out, seated_game, state_of
from tests.service_pebbles import GAME, ctx, hidden_gems, open_service

WATCHER = 42


@pytest.fixture
async def svc(store_target):  # once per store backend
    service, renderer = await open_service(store_target)
    yield service, renderer
    await service.store.close()


def dms_to(replies, user):
    return [r for r in replies if r.audience is Audience.DM and r.user_id == user]


async def test_watcher_gets_each_phase_board_by_dm_and_nothing_hidden(svc):
    service, renderer = svc
    await seated_game(service, 2)
    replies = await service.watch(ctx(WATCHER))
    assert replies[0].audience is Audience.EPHEMERAL and "watching" in replies[0].text
    first = dms_to(replies, WATCHER)
    assert len(first) == 1 and first[0].files  # the board as it stands
    await service.play(ctx(1), "ready")
    phase_change = await service.play(ctx(2), "ready")  # Round 1 begins: a new board
    boards = [r for r in phase_change if r.audience is Audience.CHANNEL and r.files]
    dms = dms_to(phase_change, WATCHER)
    assert len(boards) == 1 and len(dms) == 1
    assert dms[0].files[0].data == boards[0].files[0].data and "Round 1" in dms[0].text
    rest = await play_out(service)
    state, row = await state_of(service)
    secret = hidden_gems(GAME.setup(2, {}, row.seed)) | hidden_gems(state)
    # a gem played is public (the channel says it, and so does the DM): the rest are secret
    channel = [r.text for r in replies + phase_change + rest if r.audience is Audience.CHANNEL]
    secret = {gem for gem in secret if not any(gem in text for text in channel)}
    assert secret
    watched = dms_to(rest, WATCHER)
    assert len(watched) == sum(1 for r in rest if r.audience is Audience.CHANNEL and r.files)
    for dm in dms_to(replies + phase_change + rest, WATCHER):
        assert not any(gem in dm.text for gem in secret)
    # every picture ever drawn came from the public view
    assert renderer.calls and all("hand" not in view for _, view in renderer.calls)


async def test_unwatch_stops_the_dms(svc):
    service, _ = svc
    await seated_game(service, 2)
    await service.watch(ctx(WATCHER))
    off = await service.watch(ctx(WATCHER), on=False)
    assert "no longer" in off[0].text
    await service.play(ctx(1), "ready")
    replies = await service.play(ctx(2), "ready")
    assert not dms_to(replies, WATCHER)
    again = await service.watch(ctx(WATCHER), on=False)
    assert "not watching" in again[0].text


async def test_players_and_double_watch_are_refused(svc):
    service, _ = svc
    await seated_game(service, 2)
    mine = await service.watch(ctx(1))
    assert mine[0].audience is Audience.EPHEMERAL and "You play" in mine[0].text
    await service.watch(ctx(WATCHER))
    twice = await service.watch(ctx(WATCHER))
    assert "already" in twice[0].text and not dms_to(twice, WATCHER)
