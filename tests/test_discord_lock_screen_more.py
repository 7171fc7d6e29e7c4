"""What a phone's lock screen shows of a DM (its content, never the embed), through the
Discord stand-in. A review found a hand held through its owner's quiet hours sent in the
morning with "Hand: 24, 38, 43 / Coins: 0" as the push content, and warnings that pushed
a bare title."""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime

from discord_standin.clock import install_clock, reminders_settle
from discord_standin.driver import Member, running_bot
from discord_standin.server import StandIn
from discord_standin.table import Played, open_table, play_turn, to_move
from test_discord_lock_screen_timing import bert_to_move_in_quiet_hours

NOON = datetime(2026, 3, 2, 12, 0, tzinfo=UTC).timestamp()
QUIET = {"from": 10, "to": 14, "tz": "UTC"}  # noon is in the middle of the night
HAND = re.compile(r"Hand:|#\d+ ")  # Trödler's hand lines: "Hand: #99 request 2 anvils (3)"


async def test_a_hand_held_through_quiet_hours_keeps_it_off_the_lock_screen(
        tmp_path, monkeypatch) -> None:
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        clock = install_clock(bot, NOON)
        bert, chen = Member(bot, "Bert", "de"), Member(bot, "Chen")
        for member in (bert, chen):
            await member.command("remind quiet", **QUIET)
        await bert.command("game new", game="troedler", language="en")
        await chen.command("game join")
        await bert.command("game start", order="joined")
        [held] = [row for row in await bot.client.store.reminders() if row.kind == "hand"]
        idle = bert if held.user_id == bert.id else chen
        before = {m.id for m in fake.dms(idle.id)}
        clock.now = NOON + 2 * 3600  # 14:00: their quiet hours end
        await reminders_settle(bot, clock)
        [morning] = [m for m in fake.dms(idle.id) if m.id not in before]
        assert morning.embeds, morning.content  # the hand in the embed its owner opens
        assert "Troedler" in morning.content or "Trödler" in morning.content, morning.content
        assert "#" in morning.content and "<#" not in morning.content, morning.content
        assert not HAND.search(morning.content), morning.content
        assert HAND.search(morning.text), morning.text
        # in its reader's language, as at the deal
        assert ("siehst" in morning.content) == (idle is bert), morning.content


def _plain(content: str) -> bool:
    """Whether a push's content reads as plain words: no markdown, no raw channel id."""
    return bool(content.strip()) and "**" not in content and "<#" not in content


async def _clocked(bot) -> tuple[Member, Member]:
    """Rhein on a 24 h move clock: the player to move, and the other."""
    bert, anna = Member(bot, "Bert", "de"), Member(bot, "Anna")
    await bert.command("game new", game="rhein", pace="24h", language="en")
    await anna.command("game join")
    await bert.command("game start", order="joined")
    stalled = await to_move(bot, [bert, anna])
    return stalled, anna if stalled is bert else bert


async def test_move_clock_warnings_and_the_morning_choice_push_words(
        tmp_path, monkeypatch) -> None:
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        clock = install_clock(bot, NOON)
        stalled, decider = await _clocked(bot)
        await decider.command("remind quiet", **QUIET)
        for step in range(1, 24 * 4 + 1):  # the 24 h clock runs out at noon the next day
            clock.now = NOON + step * 900
            await reminders_settle(bot, clock)
        warned = [m for m in fake.dms(stalled.id) if m.embeds and
                  m.embeds[0].get("title") in ("Move clock", "Zugzeit")]
        assert len(warned) >= 2, [m.text for m in fake.dms(stalled.id)]
        for message in warned:
            assert _plain(message.content), message.text
            assert "Rhein" in message.content and "#games" in message.content, message.content
        assert any(m.content.startswith(("Last call", "Letzte")) for m in warned), \
            [m.content for m in warned]
        clock.now = NOON + 86400 + 2 * 3600  # 14:00: the decider's quiet hours end
        await reminders_settle(bot, clock)
        [told] = [m for m in fake.dms(decider.id) if "quiet hours" in m.text
                  or "Ruhezeit" in m.text]
        assert _plain(told.content) and stalled.name in told.content, told.content
        assert "#games" in told.content, told.content


async def test_the_daily_digest_pushes_the_games_waiting(tmp_path, monkeypatch) -> None:
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        clock = install_clock(bot, NOON)
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert")
        for member in (anna, bert):
            await member.command("remind digest", mode="on")
        await open_table(bot, "rheinlaender", [anna, bert], bots=1, language="en")
        for _ in range(2 * 24):
            clock.now += 3600
            await reminders_settle(bot, clock)
        digests = [m for who in (anna, bert) for m in fake.dms(who.id)
                   if m.embeds and m.embeds[0].get("title") == "Your games"]
        assert digests
        for message in digests:
            assert _plain(message.content), message.text
            assert message.content.startswith("Your turn in: Rheinländer (#games)"), \
                message.content


async def test_the_dm_of_a_seat_handed_to_an_ai_pushes_plain_words(
        tmp_path, monkeypatch) -> None:
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        install_clock(bot, NOON)
        anna, bert, chen = Member(bot, "Anna"), Member(bot, "Bert", "de"), Member(bot, "Chen")
        mona = Member(bot, "Mona", manage=True)
        await open_table(bot, "rheinlaender", [anna, bert, chen], language="en")
        before = {m.id for m in fake.dms(bert.id)}
        kicked = await mona.command("game kick", fake.channel, player=bert.id)
        assert kicked.visible_posts and not kicked.errors
        [told] = [m for m in fake.dms(bert.id) if m.id not in before]
        assert _plain(told.content), told.text
        assert told.content.startswith("Deinen Platz in Rheinländer (#games) spielt jetzt"), \
            told.content


async def test_a_ping_held_for_quiet_hours_says_the_task_before_why(
        tmp_path, monkeypatch) -> None:
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        clock, bert = await bert_to_move_in_quiet_hours(bot, fake, "de")
        clock.now = NOON + 2 * 3600 + 60  # 14:01: quiet hours over
        await reminders_settle(bot, clock)
        [ping] = [m.content for m in fake.posts() if bert.id in m.pinged]
        head = f"<@{bert.id}>: du bist dran in Rheinländer ("
        assert ping.startswith(head), ping
        task, why = ping.index("). ") + 3, ping.index("Dein Zug begann in deiner Ruhezeit")
        assert why > task + 5, ping  # the task between the phase and the why
        assert ping.endswith("daher kommt dieser Ping erst jetzt."), ping


async def test_the_german_undo_push_calls_the_vote_first_and_names_the_game(
        tmp_path, monkeypatch) -> None:
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=3) as bot:
        install_clock(bot, NOON)
        people = [Member(bot, name, "de") for name in ("Anna", "Bert", "Cara")]
        await open_table(bot, "rheinlaender", people, language="de")
        rng, played = random.Random(3), Played()
        mover = await to_move(bot, people)
        while await to_move(bot, people) is mover:  # the whole turn: its undo needs votes
            await play_turn(bot, mover, fake.channel, rng, played)
        await mover.command("game undo")
        [request] = [m for m in fake.posts() if "zurücknehmen" in m.content]
        shown = re.sub(r"<@\d+>", "@Bert", request.content)[:100]
        assert re.match(r"(@Bert )*@Bert: stimmt zu oder lehnt ab, einen Zug in Rheinländer",
                        shown), request.content
        assert "**" not in shown, request.content
