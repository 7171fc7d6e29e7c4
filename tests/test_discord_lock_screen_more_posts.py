"""One order for every channel post, whoever it pings (through the Discord stand-in): a
call to act (the turn prompt) leads, and every other line keeps its place. A review found a
pinged alert moved above the lines before it (Phase 6's bankruptcy over Phase 2's moves),
and the turn prompt first in a post that pinged its player but last in the next one, which
pinged nobody. At a game's last move nobody is pinged for an alert: the end DM tells each
player, and a player knocked out by that move got two pushes."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from discord_standin.clock import install_clock, reminders_settle
from discord_standin.driver import Member, running_bot
from discord_standin.server import StandIn
from discord_standin.table import Played, play_turn, row_of, seat_users

NOON = datetime(2026, 3, 2, 12, 0, tzinfo=UTC).timestamp()
CALL = re.compile(r"^(?:<@!?\d+>\s*)+:\s")


async def _rhein(bot) -> tuple[Member, Member, Member]:
    anna, bert, chen = (Member(bot, name) for name in ("Anna", "Bert", "Chen"))
    await anna.command("remind off")  # pinged in the channel for her turns, not DMed
    await anna.command("game new", game="rhein", language="en")
    for member in (bert, chen):
        await member.command("game join")
    await anna.command("game start", order="joined")
    return anna, bert, chen


async def test_the_turn_line_leads_every_post_and_nothing_else_moves(
        tmp_path, monkeypatch) -> None:
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=1) as bot:
        install_clock(bot, NOON)
        anna, bert, chen = await _rhein(bot)
        rng, played = random.Random(1), Played()
        by_id = {m.id: m for m in (anna, bert, chen)}
        pinging = quiet = 0
        for _ in range(40):
            row = await row_of(bot, fake.channel)
            if row.status != "active":
                break
            users = await seat_users(bot, row.id)
            mover = by_id[users[row.active_seats[0]]]
            record = await play_turn(bot, mover, fake.channel, rng, played)
            for post in record.visible_posts:
                lines = (post.content or "").split("\n")
                calls = [n for n, line in enumerate(lines) if CALL.match(line)]
                if not calls:
                    continue
                assert calls[0] == 0, post.content  # pinging or not, the call leads
                pinging += bool(post.pinged)
                quiet += not post.pinged
        assert pinging and quiet, (pinging, quiet)  # both kinds of post were read


async def test_the_last_move_pings_nobody_and_keeps_its_order(tmp_path, monkeypatch) -> None:
    """Seed 1: the end of round 2 bankrupts Chen (who moves) and Anna (/remind off, so she
    was pinged for it) and ends the game."""
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=1) as bot:
        clock = install_clock(bot, NOON)
        anna, bert, chen = await _rhein(bot)
        last, seen = await _to_the_end(bot, fake, (anna, bert, chen))
        assert (await row_of(bot, fake.channel)).status == "finished"
        assert last is not None
        text = "\n".join(post.text for post in last.visible_posts)
        assert "Anna cannot pay" in text, text
        assert not [post.text[:200] for post in last.visible_posts if post.pinged]
        alert = next(post.content for post in last.visible_posts
                     if "Anna cannot pay" in post.content)
        lines = alert.split("\n")
        heading = next(n for n, line in enumerate(lines) if "Phase 6" in line)
        struck = next(n for n, line in enumerate(lines) if "Anna cannot pay" in line)
        assert lines[0].startswith("__") and heading < struck, alert
        # Anna: one push for the end, her end DM (sent after the last move's posts)
        await reminders_settle(bot, clock)
        pushes = [m for m in fake.dms(anna.id) if m.id not in seen]
        assert len(pushes) == 1 and "over" in pushes[0].text, [m.text for m in pushes]


async def _to_the_end(bot, fake: StandIn, members) -> tuple[Any, set[int]]:
    """Seed 1's Rhein played on to its end (300 turns at most): the last turn's record, and
    the ids of the messages there were before it."""
    rng, played = random.Random(1), Played()
    by_id = {m.id: m for m in members}
    last, seen = None, set()
    for _ in range(300):
        row = await row_of(bot, fake.channel)
        if row.status != "active":
            break
        users = await seat_users(bot, row.id)
        seen = {m.id for m in fake.messages.values()}
        last = await play_turn(bot, by_id[users[row.active_seats[0]]], fake.channel, rng,
                               played)
    return last, seen


async def _played_out(bot, fake: StandIn, clock) -> dict[str, str]:
    """Seed 1's Rhein to its end; each player's end DM content by name."""
    anna, bert, chen = await _rhein(bot)
    await _to_the_end(bot, fake, (anna, bert, chen))
    await reminders_settle(bot, clock)
    return {m.name: next(d.content for d in fake.dms(m.id) if "is over" in d.content)
            for m in (anna, bert, chen)}


async def test_the_end_dm_says_the_score_note(tmp_path, monkeypatch) -> None:
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=1) as bot:
        clock = install_clock(bot, NOON)
        ends = await _played_out(bot, fake, clock)
        assert ends["Anna"].endswith("you placed 2 of 3 (0 · bankrupt in round 2)."), ends
        assert "you won (" in ends["Bert"], ends


async def test_a_shared_first_place_is_said_as_shared(tmp_path, monkeypatch) -> None:
    """Every seat first (as an 18Rhl table all bankrupt at once): each is told whom they
    share the win with; they read "you won" each, as if alone."""
    import engine

    rhein = type(engine.GAMES["rhein"])
    ranked = rhein.result

    def all_first(self, state):
        standings = ranked(self, state)
        return None if standings is None else [replace(s, rank=1) for s in standings]

    monkeypatch.setattr(rhein, "result", all_first)
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=1) as bot:
        clock = install_clock(bot, NOON)
        ends = await _played_out(bot, fake, clock)
        assert ends["Anna"].endswith(
            "is over: you share the win with Bert and Chen (0 · bankrupt in round 2)."), ends
        assert "share the win with Anna and Chen (" in ends["Bert"], ends


async def test_an_abandoned_game_is_one_dm_to_each_other_player(tmp_path, monkeypatch) -> None:
    """Anna abandons: Bert is told at once, Chen when his quiet hours end, Anna not at all
    (their turn reminders had just stopped without a word)."""
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=5) as bot:
        clock = install_clock(bot, NOON)
        anna, bert, chen = Member(bot, "Anna"), Member(bot, "Bert"), Member(bot, "Chen", "de")
        await chen.command("remind quiet", **{"from": 10, "to": 14, "tz": "UTC"})
        await anna.command("game new", game="rheinlaender", language="en")
        for member in (bert, chen):
            await member.command("game join")
        await anna.command("game start", order="joined")
        await reminders_settle(bot, clock)
        seen = {m.id for m in fake.messages.values()}
        done = await anna.command("game abandon", fake.channel)
        assert done.visible_posts and not done.errors
        await reminders_settle(bot, clock)

        def told(member: Member) -> list[str]:
            return [m.content for m in fake.dms(member.id) if m.id not in seen]

        assert told(bert) == ["Rheinländer (#games) was abandoned by Anna."], told(bert)
        assert told(anna) == [] and told(chen) == []
        clock.now = NOON + 2 * 3600  # Chen's quiet hours end
        await reminders_settle(bot, clock)
        assert told(chen) == ["Rheinländer (#games) wurde von Anna abgebrochen."], told(chen)
        clock.now += 86400
        await reminders_settle(bot, clock)
        assert len(told(bert)) == len(told(chen)) == 1 and told(anna) == []


async def test_a_player_with_closed_dms_is_pinged_by_the_result_post(
        tmp_path, monkeypatch) -> None:
    """No end DM can reach Anna: the result post pings her (and nobody else)."""
    fake = StandIn()
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=1) as bot:
        clock = install_clock(bot, NOON)
        store = bot.client.store
        anna, bert, chen = await _rhein(bot)
        fake.closed_dms.add(anna.id)
        await store.save_settings(replace(await store.settings(anna.id), dms_closed=True),
                                  clock.now)
        last, _ = await _to_the_end(bot, fake, (anna, bert, chen))
        assert last is not None
        result = next(post for post in last.visible_posts if "final result" in post.text)
        assert result.pinged == {anna.id}, (result.pinged, result.text)
        assert f"<@{anna.id}>: the game is over" in result.text
