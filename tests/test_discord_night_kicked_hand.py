"""A hand held for a sleeping player's morning belongs to their seat: a player kicked in
the night does not get it when their quiet hours end (a code review found the kicked member
DMed "Only you see … Hand: …" at 14:00, the hand of a seat now played by an AI)."""

from __future__ import annotations

from datetime import UTC, datetime

from discord_standin.clock import install_clock, reminders_settle
from discord_standin.driver import Member, running_bot
from discord_standin.server import StandIn

NOON = datetime(2026, 3, 2, 12, 0, tzinfo=UTC).timestamp()
QUIET = {"from": 10, "to": 14, "tz": "UTC"}  # noon is in the middle of their night


async def _dealt_asleep(bot, fake: StandIn) -> tuple[Member, Member, int]:
    """Trödler dealt at noon to three sleeping players: the one whose hand is held (not to
    act), a moderator, and the game's id."""
    members = [Member(bot, name) for name in ("Bert", "Chen", "Dana")]
    mona = Member(bot, "Mona", manage=True)
    for member in members:
        await member.command("remind quiet", **QUIET)
    await members[0].command("game new", game="troedler", language="en")
    for member in members[1:]:
        await member.command("game join")
    await members[0].command("game start", order="joined")
    held = [row for row in await bot.client.store.reminders() if row.kind == "hand"]
    assert held, "no hand was held for the morning"
    idle = next(m for m in members if m.id == held[0].user_id)
    assert held[0].game_id is not None
    return idle, mona, held[0].game_id


def _hands(fake: StandIn, user_id: int) -> list[str]:
    return [m.text for m in fake.dms(user_id) if "Only you see" in m.text
            or "Nur du siehst" in m.text]


async def test_a_player_kicked_in_the_night_gets_no_hand_in_the_morning(
        tmp_path, monkeypatch) -> None:
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        clock = install_clock(bot, NOON)
        idle, mona, game_id = await _dealt_asleep(bot, fake)
        kicked = await mona.command("game kick", fake.channel, player=idle.id)
        assert kicked.visible_posts and not kicked.errors
        rows = await bot.client.store.reminders(game_id, user_id=idle.id)
        assert [row.kind for row in rows if row.kind in ("hand", "decide")] == []
        clock.now = NOON + 2 * 3600  # 14:00: their quiet hours end
        await reminders_settle(bot, clock)
        assert _hands(fake, idle.id) == []


async def test_a_held_hand_left_behind_goes_to_nobody_who_lost_the_seat(
        tmp_path, monkeypatch) -> None:
    """A row held before a seat change dropped such rows (a restart's store, another
    process) is checked when it fires: its reader no longer holds the seat."""
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        clock = install_clock(bot, NOON)
        idle, mona, game_id = await _dealt_asleep(bot, fake)
        held = next(row for row in await bot.client.store.reminders(game_id, user_id=idle.id)
                    if row.kind == "hand")
        await mona.command("game kick", fake.channel, player=idle.id)
        # as the code before the fix left it: the row, without the seat it was held for
        await bot.client.store.set_reminder(
            "hand", game_id, idle.id, held.due_at,
            {key: value for key, value in held.payload.items() if key != "seat"}, NOON)
        clock.now = NOON + 2 * 3600
        await reminders_settle(bot, clock)
        assert _hands(fake, idle.id) == []
