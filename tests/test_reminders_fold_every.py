"""With /remind every 1 or 2 a new turn's DM does not list every other waiting game as
'still': only reminders due within half the player's interval go with it, and never one of
a game she made a step in within her interval (a review's player, reminded hourly, read
'still: Game 500' about the game she had moved in a minute before)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.service.reminders import Reminders, TurnInfo
from bot.store import Snapshot, Store
from tests.test_reminders_timers import T0, Clock, Outbox

MINUTE = 60.0


async def _two_games(tmp_path, every_hours: float):
    clock = Clock(T0)
    store = await Store.open(str(tmp_path / "r.sqlite3"))
    box = Outbox()
    reminders = Reminders(store, box.send_dm, box.post_channel, clock)
    games = []
    for channel in (500, 501):
        row = await store.create_game(guild_id=1, channel_id=channel, game_key="pebbles",
                                      options={}, seed=1, creator_id=1, min_players=2,
                                      max_players=4, now=clock())
        await store.start_game(row.id, row.version, [], Snapshot(
            state="{}", phase="Round 1", status="active", active_seats=[0]), clock())
        games.append((row.id, channel))
    await store.save_settings(replace(await store.settings(7), every_hours=every_hours),
                              clock())
    return store, box, reminders, clock, games


def _info(game, waiting, **more) -> TurnInfo:
    game_id, channel = game
    return TurnInfo(game_id=game_id, guild_id=1, channel_id=channel, title=f"Game {channel}",
                    phase="Round 1", live=True, waiting=waiting, **more)


async def test_hourly_a_game_stepped_in_a_minute_ago_is_not_still(tmp_path):
    store, box, reminders, clock, (a, b) = await _two_games(tmp_path, 1.0)
    await reminders.game_changed(_info(a, {7: "Take stones."}))
    await reminders.run_due()
    clock.now += 50 * MINUTE
    await reminders.game_changed(_info(a, {7: "Take more."}, stepped={7: clock()}))
    await reminders.run_due()
    clock.now += MINUTE
    await reminders.game_changed(_info(b, {7: "Play a card."}))
    await reminders.run_due()
    assert len(box.dms) == 2
    assert "Game 500" not in box.dms[-1][1], box.dms[-1][1]
    await store.close()


@pytest.mark.parametrize(("every", "after", "folded"), [(2.0, 50, False), (2.0, 70, True),
                                                        (12.0, 11 * 60, True)])
async def test_only_reminders_due_within_half_the_interval_go_along(tmp_path, every, after,
                                                                    folded):
    store, box, reminders, clock, (a, b) = await _two_games(tmp_path, every)
    await reminders.game_changed(_info(a, {7: "Take stones."}))
    await reminders.run_due()
    clock.now += after * MINUTE  # game A's reminder is due at T0 + every
    await reminders.game_changed(_info(b, {7: "Play a card."}))
    await reminders.run_due()
    assert len(box.dms) == 2
    assert ("still: **Game 500**" in box.dms[-1][1]) is folded, box.dms[-1][1]
    await store.close()
