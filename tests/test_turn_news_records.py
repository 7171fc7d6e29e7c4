"""A turn DM's news carries the public records the channel posts apart from a move (a new
phase, trains rusting, the bank breaking), as it carries the alerts; an alert's ping stays
in the channel: a DM mentioning another player showed "<@Bert>" as its preview."""

from __future__ import annotations

import pytest

from engine.text import msg, player
from tests.service_pebbles import Pebbles, ctx
from tests.test_pace_service import reminded


class RecordPebbles(Pebbles):
    """Pebbles whose "take 3" also begins a phase and bankrupts its taker, said as 18Rhl says
    both (a record and an alert)."""

    key = "recordpebbles"
    record_keys = frozenset({"rhl18.log.phase"})
    alert_keys = frozenset({"rhl18.log.bankrupt"})

    def _apply(self, state, seat, action):
        lines = super()._apply(state, seat, action)
        if action.get("type") == "take" and action.get("n") == 3:
            lines += [msg("rhl18.log.phase", phase=6, limit=2),
                      msg("rhl18.log.bankrupt", who=player(seat))]
        return lines


@pytest.fixture
async def world(tmp_path):
    async with reminded(tmp_path / "news.sqlite3", {"recordpebbles": RecordPebbles()}) as (
            service, reminders, _clock, box):
        yield service, reminders, box


async def ready_table(service) -> None:
    """U1, U2 and U3 at a started table, each ready: U1 is to move."""
    await service.new(ctx(1), "recordpebbles")
    for user in (2, 3):
        await service.join(ctx(user))
    await service.start(ctx(1), order="joined")
    for user in (1, 2, 3):
        await service.play(ctx(user), "ready")


async def test_the_turn_dm_news_says_a_new_phase_and_a_bankruptcy_without_its_ping(world):
    service, reminders, box = world
    await ready_table(service)
    channel = []
    for user, move in [(1, "take 1"), (1, "end"), (2, "take 3"), (2, "end"), (3, "take 1"),
                       (3, "end")]:
        channel += [r.text for r in await service.play(ctx(user), move) if r.is_public]
    assert any("Phase 6 begins: train limit 2." in text for text in channel), channel
    await reminders.run_due()
    dm = [text for user, text in box.dms if user == 1][-1]
    news = dm.partition("Since your last move:")[2]
    assert "**U2**" in news and "takes 3" in news, dm
    assert "Phase 6 begins: train limit 2." in news, dm
    assert "**U2 goes bankrupt and leaves the game.**" in news, dm
    assert "<@" not in dm, dm


async def test_records_are_lines_of_their_own_even_from_runs_too_old_to_repeat(
        world, monkeypatch):
    """A German 18Rhl review's DM news cut "Die Bank ist gesprengt" out of a long line, and
    dropped "Phase 8 beginnt" and the rusts with the runs older than the latest five (here
    the latest one: three players have two runs between a player's turns)."""
    from bot.service import reminder_settings

    monkeypatch.setattr(reminder_settings, "NEWS_RUNS", 1)
    service, reminders, box = world
    await ready_table(service)
    for user, move in [(1, "take 1"), (1, "end"), (2, "take 3"), (2, "end"), (3, "take 1"),
                       (3, "end")]:
        await service.play(ctx(user), move)
    await reminders.run_due()
    dm = [text for user, text in box.dms if user == 1][-1]
    lines = dm.partition("Since your last move:")[2].splitlines()
    assert not any("takes 3" in line for line in lines), dm  # U2's run is too old to repeat
    assert "Phase 6 begins: train limit 2." in lines, dm  # its records are not
    assert "**U2 goes bankrupt and leaves the game.**" in lines, dm
    assert any(line.startswith("**U3**") for line in lines), dm


async def test_an_alert_a_move_brings_on_its_mover_pings_no_one(world):
    """"**Bert goes bankrupt**" by Bert's own move pinged Bert, who had just made it; the
    mention kept the move's post apart from the board it could ride on (3 posts)."""
    service, _reminders, _box = world
    await ready_table(service)
    await service.play(ctx(1), "take 1")
    await service.play(ctx(1), "end")
    replies = await service.play(ctx(2), "take 3")
    [told] = [r.text for r in replies if r.is_public and "goes bankrupt" in r.text]
    assert "**U2 goes bankrupt and leaves the game.**" in told and "<@2>" not in told, told


def test_a_dm_never_carries_a_mention_in_its_content():
    """Anna's turn DM read "<@Bert>" above its "Your turn" embed: the news repeated Bert's
    bankruptcy with its ping, and every mention in an embed went to the content, as a
    channel post's must (Discord notifies nobody mentioned in an embed alone)."""
    from bot.discord.delivery import reply_parts
    from bot.replies import Audience, Reply

    text = "Since your last move:\n**Bert goes bankrupt and leaves the game.** <@7>"
    [part] = reply_parts(Reply(text, Audience.DM, user_id=5, title="Your turn"))
    assert part.content is None and part.title == "Your turn"
    [post] = reply_parts(Reply(text, title="Round 4/10"))  # the channel's still notifies
    assert post.content == "<@7>"
