"""What a player in their /remind quiet hours is told through the Discord stand-in: a move
clock's run-out names them without a ping and a DM says it when their quiet hours end; a
hand a deal gave them waits for that end too (found by a month's simulation of players in
four time zones: pings at 00:15 in Los Angeles, hands by DM at 02:15 in Tokyo)."""

from __future__ import annotations

from datetime import UTC, datetime

from discord_standin.clock import install_clock, reminders_settle
from discord_standin.driver import Member, running_bot
from discord_standin.server import StandIn
from discord_standin.table import to_move

NOON = datetime(2026, 3, 2, 12, 0, tzinfo=UTC).timestamp()
QUIET = {"from": 10, "to": 14, "tz": "UTC"}  # noon is in the middle of the night


def since(fake: StandIn, seen: int) -> list:
    return list(fake.messages.values())[seen:]


async def _clocked(bot) -> tuple[Member, Member]:
    """Rhein on a 24 h move clock for Bert (German) and Anna: the player to move, whose
    clock runs out, and the other, who then decides."""
    bert, anna = Member(bot, "Bert", "de"), Member(bot, "Anna")
    await bert.command("game new", game="rhein", pace="24h", language="en")
    await anna.command("game join")
    await bert.command("game start", order="joined")
    stalled = await to_move(bot, [bert, anna])
    return stalled, anna if stalled is bert else bert


async def test_a_run_out_names_a_sleeping_decider_and_tells_them_in_the_morning(
        tmp_path, monkeypatch) -> None:
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        clock = install_clock(bot, NOON)
        stalled, decider = await _clocked(bot)
        await decider.command("remind quiet", **QUIET)
        seen = len(fake.messages)
        posts = []
        for step in range(1, 24 * 4 + 1):  # the 24 h clock runs out at noon the next day
            clock.now = NOON + step * 900
            await reminders_settle(bot, clock)
            posts += [m for m in since(fake, seen)
                      if m.channel_id == fake.channel and "move clock" in m.text]
            seen = len(fake.messages)
        assert len(posts) == 1
        notice = posts[0]
        assert f"<@{decider.id}>" in notice.text  # named ...
        assert decider.id not in notice.pinged   # ... not pinged at 12:00, in their night
        told = [m for m in fake.dms(decider.id) if "quiet hours" in m.text
                or "Ruhezeit" in m.text]
        assert told == []
        clock.now = NOON + 86400 + 2 * 3600  # 14:00: their quiet hours end
        await reminders_settle(bot, clock)
        told = [m for m in fake.dms(decider.id) if "Ruhezeit" in m.text]
        assert len(told) == 1, [m.text for m in fake.dms(decider.id)][-3:]
        assert stalled.name in told[0].text and str(notice.id) in told[0].text
        assert "KI" in told[0].text  # in the decider's language (Bert: German)
        # told once: no second DM the next day, the seat still stalled and its notice
        # posted again
        clock.now += 86400
        await reminders_settle(bot, clock)
        assert len([m for m in fake.dms(decider.id) if "Ruhezeit" in m.text]) == 1


async def test_an_awake_decider_is_pinged_and_gets_no_morning_dm(tmp_path, monkeypatch) -> None:
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        clock = install_clock(bot, NOON)
        stalled, decider = await _clocked(bot)
        await decider.command("remind quiet", **{"from": 22, "to": 7, "tz": "UTC"})
        clock.now = NOON + 86400 + 60
        await reminders_settle(bot, clock)
        notice = next(m for m in fake.posts() if "move clock" in m.text)
        assert decider.id in notice.pinged
        clock.now += 86400 / 2
        await reminders_settle(bot, clock)
        assert not [m for m in fake.dms(decider.id) if "Ruhezeit" in m.text]


async def _troedler_asleep(bot) -> tuple[Member, Member]:
    """A Trödler lobby, not started, of Bert (German) and Chen, both in their quiet hours."""
    bert, chen = Member(bot, "Bert", "de"), Member(bot, "Chen")
    for member in (bert, chen):
        await member.command("remind quiet", **QUIET)
    await bert.command("game new", game="troedler", language="en")
    await chen.command("game join")
    return bert, chen


async def test_a_dealt_hand_waits_for_the_end_of_the_quiet_hours(tmp_path, monkeypatch) -> None:
    """Trödler's first deal at noon, both players' night 10-14 UTC: no DM then; at 14:00 the
    player to act gets the hand in their turn DM, the other in a DM of its own. /game hand
    shows it at once all the same."""
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        clock = install_clock(bot, NOON)
        bert, chen = await _troedler_asleep(bot)
        seen = len(fake.messages)
        await bert.command("game start", order="joined")
        await reminders_settle(bot, clock)
        fresh = {m.id for m in since(fake, seen)}
        night = [(who.name, m.text[:100]) for who in (bert, chen) for m in fake.dms(who.id)
                 if m.id in fresh]
        assert night == [], f"DMs at 12:00 UTC, inside quiet hours 10-14: {night}"
        asked = await chen.command("game hand")
        assert asked.private and not asked.errors
        hand_lines = [line for line in asked.private[0].text.splitlines()[1:] if line.strip()]
        # a restart keeps it: the held hand is a row in the store
        # (the player to act has it in their turn reminder, the other in a row of its own)
        rows = await bot.client.store.reminders()
        held = [row.user_id for row in rows if row.kind == "hand"]
        carried = [row.user_id for row in rows if row.kind == "turn" and row.payload.get("hand")]
        assert len(held) == len(carried) == 1 and {*held, *carried} == {bert.id, chen.id}, \
            [(row.kind, row.user_id) for row in rows]
        clock.now = NOON + 2 * 3600
        await reminders_settle(bot, clock)
        for who in (bert, chen):
            morning = [m.text for m in fake.dms(who.id) if m.id not in fresh]
            # one notification each: the player to act reads the hand in their turn DM
            assert len(morning) == 1 and ("Only you see" in morning[0] or
                                          "Nur du siehst" in morning[0]), (who.name, morning)
        chens = "\n".join(m.text for m in fake.dms(chen.id))
        assert any(line.strip("- ") in chens for line in hand_lines), (hand_lines, chens)


async def test_a_held_hand_outlives_turning_reminders_off(tmp_path, monkeypatch) -> None:
    """The hand held for a player not to act is no turn reminder: /remind off in the night
    leaves it to come when their quiet hours end."""
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        clock = install_clock(bot, NOON)
        bert, chen = await _troedler_asleep(bot)
        await bert.command("game start", order="joined")
        [held] = [row for row in await bot.client.store.reminders() if row.kind == "hand"]
        idle = bert if held.user_id == bert.id else chen
        await idle.command("remind off")
        assert not [m for m in fake.dms(idle.id) if "siehst" in m.text or "see" in m.text]
        clock.now = NOON + 2 * 3600
        await reminders_settle(bot, clock)
        assert [m for m in fake.dms(idle.id) if "Nur du siehst" in m.text
                or "Only you see" in m.text]
