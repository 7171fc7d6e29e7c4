"""/game repair: a game saved while an engine bug was live can be stuck, its saved state
offering moves the fixed engine refuses (an 18Rhl game saved after Köln lost CME's
reservation, e128324). Loading reads the snapshot and replays the log only when the snapshot
does not load, so such a game stayed stuck. A moderator's /game repair replays the log of
acknowledged moves with the current engine, says how many and whether the result differs,
and with confirm:True switches the game to it; a move that does not replay changes nothing.
Both store backends."""

from __future__ import annotations

import dataclasses

import pytest

from bot.i18n import t
from bot.replies import Audience
from engine.core import RuleError
from tests.service_pebbles import GAME, ctx, made, open_service

CH = 500
MOD = 9  # a member with Manage Channels, not seated


@pytest.fixture
async def svc(store_target):  # once per store backend
    service, _ = await open_service(store_target)
    yield service
    await service.store.close()


async def _row(service):
    return await service.store.live_game(CH)


async def _user_to_move(service, row) -> tuple[int, int]:
    seat = row.active_seats[0]
    user = next(s.user_id for s in await service.store.seats(row.id) if s.seat == seat)
    return seat, user


async def _played(service, moves: int = 5):
    """Pebbles for three, ``moves`` first-legal moves made; its game row."""
    await service.new(ctx(1), "pebbles")
    for user in (2, 3):
        await service.join(ctx(user))
    await service.start(ctx(1), order="joined")
    for _ in range(moves):
        row = await _row(service)
        state = GAME.load(row.state)
        seat, user = await _user_to_move(service, row)
        assert made(await service.play(ctx(user), GAME.format(state, GAME.legal(state, seat)[0])))
    return await _row(service)


async def _plant_stuck(service, row):
    """Save, over ``row``'s snapshot, one an engine bug could have written: its scores list
    lost its entries, so every take legal() offers, apply() fails on."""
    table, _ = await service._load(row)
    stuck = GAME.load(row.state)
    stuck["scores"] = []
    snap = dataclasses.replace(service._snapshot(table, stuck), state=GAME.dump(stuck))
    await service.store.save_snapshot(row.id, row.version, snap, 2000.0)
    planted = await _row(service)
    seat, _ = await _user_to_move(service, planted)
    offered = GAME.legal(stuck, seat)[0]
    with pytest.raises((RuleError, IndexError)):  # the stuck game: offered, then refused
        GAME.apply(GAME.load(planted.state), seat, offered)
    return planted


def _said(replies, audience=Audience.EPHEMERAL) -> str:
    return "\n".join(r.text for r in replies if r.audience is audience)


async def test_a_stuck_game_is_checked_then_switched_to_its_replayed_log(svc):
    row = await _played(svc)
    planted = await _plant_stuck(svc, row)
    seat, user = await _user_to_move(svc, planted)
    take = GAME.format(GAME.load(row.state), GAME.legal(GAME.load(row.state), seat)[0])
    with pytest.raises(IndexError):  # stuck: the move fails (the player reads an error)
        await svc.play(ctx(user), take)
    assert (await _row(svc)).version == planted.version

    refused = await svc.repair(ctx(2))  # a player without Manage Channels
    assert _said(refused) == t("svc.repair.who", "en")
    checked = await svc.repair(ctx(MOD, manage=True))
    assert [r.audience for r in checked] == [Audience.EPHEMERAL]
    assert "replayed this game's 5 moves" in checked[0].text, checked[0].text
    assert "differs from the saved game" in checked[0].text
    assert "/game repair confirm:True" in checked[0].text
    unchanged = await _row(svc)
    assert (unchanged.version, unchanged.state) == (planted.version, planted.state)

    done = await svc.repair(ctx(MOD, manage=True), confirm=True)
    assert "**U9** repaired this game: its 5 moves were replayed" in \
        _said(done, Audience.CHANNEL), [r.text for r in done]
    repaired = await _row(svc)
    assert GAME.load(repaired.state) == GAME.load(row.state)  # what the moves made
    assert len(await svc.store.actions(repaired.id)) == 5  # no move lost
    assert made(await svc.play(ctx(user), take))  # the game goes on
    again = await svc.repair(ctx(MOD, manage=True))
    assert "nothing to repair" in _said(again), _said(again)


async def test_a_move_that_does_not_replay_changes_nothing_and_is_named(svc):
    row = await _played(svc)
    planted = await _plant_stuck(svc, row)
    second = (await svc.store.actions(row.id))[1]
    async with svc.store._tx() as tx:  # a logged move the current engine refuses
        await tx.fetch("UPDATE actions SET notation = ? WHERE id = ?", ("take 9", second.id))
    seats = {s.seat: s.name for s in await svc.store.seats(row.id)}
    for confirm in (False, True):
        replies = await svc.repair(ctx(MOD, manage=True), confirm=confirm)
        said = _said(replies)
        assert f"fails at move 2 (by **{seats[second.seat]}**)" in said, said
        assert "Nothing was changed" in said
        assert not [r for r in replies if r.audience is Audience.CHANNEL]
        now = await _row(svc)
        assert (now.version, now.state) == (planted.version, planted.state)
    assert len(await svc.store.actions(row.id)) == 5


async def test_the_check_speaks_the_moderators_language(svc):
    await _played(svc, moves=1)
    moderator = dataclasses.replace(ctx(MOD, manage=True), locale="de")
    said = _said(await svc.repair(moderator))
    assert "den einen Spielzug" in said and "nichts zu reparieren" in said, said
