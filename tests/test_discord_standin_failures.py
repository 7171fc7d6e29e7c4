"""The bot against what Discord does on a bad day, through the stand-in: a slow or hostile
upload, an interaction token that ran out, rate limits, a channel it may not post in, a
player whose DMs are closed, old buttons and two clicks at once."""

from __future__ import annotations

import asyncio
import gzip
import json
import random
import time
from pathlib import Path

from discord_standin import Member, running_bot
from discord_standin.server import ANSWER_WINDOW, CHANNEL_MESSAGE, DEFERRED_MESSAGE
from discord_standin.table import Played, open_table, play_turn, row_of, seat_users

from bot.imports import MAX_DEPTH, MAX_INFLATED, MAX_UPLOAD

EXPORT = Path(__file__).parent / "fixtures" / "18rhl" / "rhl_gen_3p_31001.json.gz"


def private_text(record) -> str:
    return "\n".join(m.text for m in record.private)


# --- /game import ----------------------------------------------------------------------------

async def test_a_slow_download_is_deferred_first(tmp_path, monkeypatch) -> None:
    async with running_bot(tmp_path, monkeypatch) as bot:
        fake = bot.stand_in
        anna = Member(bot, "Anna")
        fake.download_delay = 5.0  # the stand-in's clock: longer than the answer window
        upload = fake.attachment("game.json.gz", EXPORT.read_bytes())
        record = await anna.command("game import", file=upload)
        assert record.errors == []
        assert record.answered == DEFERRED_MESSAGE and record.answered_after < ANSWER_WINDOW
        assert fake.downloads == 1
        assert "imported from 18xx.games game" in fake.posts()[-1].text
        row = await row_of(bot, fake.channel)
        assert row.game_key == "18rhl" and row.status == "lobby"


async def test_an_upload_over_the_limit_is_not_downloaded(tmp_path, monkeypatch) -> None:
    async with running_bot(tmp_path, monkeypatch) as bot:
        fake = bot.stand_in
        anna = Member(bot, "Anna", locale="de")
        upload = fake.attachment("huge.json", b"{}", size=MAX_UPLOAD + 1)
        record = await anna.command("game import", file=upload)
        assert fake.downloads == 0
        assert record.answered == CHANNEL_MESSAGE and record.answer_ephemeral
        assert "höchstens 8 MiB" in private_text(record)
        assert await row_of(bot, fake.channel) is None


async def test_a_gzip_that_inflates_too_far_and_json_too_deep(tmp_path, monkeypatch) -> None:
    bomb = gzip.compress(b'{"title": "18Rhl", "pad": "' + b" " * MAX_INFLATED + b'"}', 1)
    deep = json.dumps({"title": "18Rhl", "players": [], "actions": []})[:-1] + \
        ', "x": ' + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "}"
    assert len(bomb) < MAX_UPLOAD
    async with running_bot(tmp_path, monkeypatch) as bot:
        fake = bot.stand_in
        anna = Member(bot, "Anna")
        record = await anna.command("game import", file=fake.attachment("a.json.gz", bomb))
        assert record.answered == DEFERRED_MESSAGE and record.errors == []
        assert "unpacks to more than 32 MiB" in private_text(record)
        record = await anna.command("game import", file=fake.attachment("b.json",
                                                                        deep.encode()))
        assert f"more than {MAX_DEPTH} levels" in private_text(record)
        assert await row_of(bot, fake.channel) is None


# --- the interaction token ran out -----------------------------------------------------------

async def test_after_fifteen_minutes_private_replies_go_by_dm(tmp_path, monkeypatch) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert")
        await open_table(bot, "troedler", [anna, bert], bots=0, played=Played())
        row = await row_of(bot, fake.channel)
        users = await seat_users(bot, row.id)
        waiting = anna if users[row.active_seats[0]] == anna.id else bert
        other = bert if waiting is anna else anna
        dms_before = len(fake.dms(other.id))
        fake.expire_on_answer = True
        record = await other.command("play", move="end")  # not their turn: a private refusal
        assert any(code == 50027 for _, code, _ in record.errors)
        dms = fake.dms(other.id)[dms_before:]
        assert len(dms) == 1 and "not your turn" in dms[0].text.lower(), [m.text for m in dms]
        # A public reply still goes to the channel.
        fake.expire_on_answer = True
        posts_before = len(fake.posts())
        move = await play_turn(bot, waiting, fake.channel, __import__("random").Random(1),
                               Played())
        assert (await row_of(bot, fake.channel)).version > row.version
        assert len(fake.posts()) > posts_before and move.answered is not None


# --- Discord refuses or slows down -----------------------------------------------------------

async def test_rate_limited_posts_arrive_once(tmp_path, monkeypatch) -> None:
    async with running_bot(tmp_path, monkeypatch) as bot:
        fake = bot.stand_in
        anna = Member(bot, "Anna")
        fake.inject("POST", rf"channels/{fake.channel}/messages", 429, retry_after=0.2)
        record = await anna.command("game new", game="rhein")
        assert any(status == 429 for status, _, _ in record.errors)
        opened = [m for m in fake.posts() if "opened a table" in m.text]
        assert len(opened) == 1
        assert record.answered_after < ANSWER_WINDOW


async def test_missing_permission_keeps_the_move_and_says_so(tmp_path, monkeypatch) -> None:
    async with running_bot(tmp_path, monkeypatch) as bot:
        fake = bot.stand_in
        anna = Member(bot, "Anna")
        fake.denied.add(fake.channel)
        record = await anna.command("game new", game="rhein")
        # (the stand-in's interactions in a denied channel grant nothing: all are named)
        assert "I lack the **View Channel**, **Send Messages**, **Embed Links** and " \
            "**Attach Files** permissions here. Your action was saved." in private_text(record)
        # The table exists and its announcement reached the channel through the interaction.
        assert (await row_of(bot, fake.channel)) is not None
        public = [m for m in record.visible_posts if "opened a table" in m.text]
        assert len(public) == 1 and public[0].via == "followup"


async def reminders_done(bot, timeout: float = 20.0) -> None:
    """Wait until the reminder task has sent everything due (it runs beside interactions)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while await bot.client.store.reminders(due_before=time.time()):
        assert loop.time() < deadline, "reminders stayed due"
        await asyncio.sleep(0.01)


def turn_notices(fake, user_id: int) -> list:
    """What told ``user_id`` that it is their turn: a turn DM, or a post that pinged them
    (hand news by DM after a new deal is not a turn notice)."""
    return [m for m in fake.notices(user_id)
            if m.via != "dm" or any(e.get("title") == "Your turn" for e in m.embeds)]


async def waiting_users(bot, channel: int) -> set[int]:
    row = await row_of(bot, channel)
    users = await seat_users(bot, row.id)
    return {users[s] for s in row.active_seats}


async def test_closed_dms_over_ten_turns(tmp_path, monkeypatch) -> None:
    """One notice per turn: Anna by DM (never pinged), Bert, whose DMs are closed, by one
    ping; his first refused DM is remembered, so it is the only failing request."""
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert")
        people = {anna.id: anna, bert.id: bert}
        fake.closed_dms.add(bert.id)
        played = Played()
        await open_table(bot, "troedler", [anna, bert], bots=0, played=played)
        await reminders_done(bot)
        assert [len(turn_notices(fake, u)) for u in await waiting_users(bot, fake.channel)] \
            == [1]
        rng = random.Random(3)
        turns = {anna.id: 0, bert.id: 0}
        while turns[bert.id] < 10:
            before_waiting = await waiting_users(bot, fake.channel)
            before = {user: len(turn_notices(fake, user)) for user in people}
            await play_turn(bot, people[min(before_waiting)], fake.channel, rng, played)
            await reminders_done(bot)
            now_waiting = await waiting_users(bot, fake.channel)
            for user in people:
                new_turn = user in now_waiting - before_waiting
                turns[user] += new_turn
                assert len(turn_notices(fake, user)) - before[user] == int(new_turn), \
                    (people[user].name, turns)
        assert turns[anna.id] >= 10
        dm_channel = fake.dm_channels.get(bert.id)
        refused = [r for r in fake.requests if r.status == 403 and
                   r.path == f"channels/{dm_channel}/messages"]
        assert len(refused) == 1
        assert fake.dms(bert.id) == []
        # Anna's notices were all DMs: the turn prompts named her without pinging her.
        assert not [m for m in fake.notices(anna.id) if m.via != "dm"]
        assert (await bot.client.store.settings(bert.id)).dms_closed
        # Changing /remind forgets the closed DMs: the next turn tries a DM again.
        fake.closed_dms.discard(bert.id)
        await bert.command("remind on")
        assert not (await bot.client.store.settings(bert.id)).dms_closed
        while bert.id not in await waiting_users(bot, fake.channel):
            await play_turn(bot, anna, fake.channel, rng, played)
        await reminders_done(bot)
        assert fake.dms(bert.id)


# --- buttons ----------------------------------------------------------------------------------

async def test_old_buttons_and_two_clicks_at_once(tmp_path, monkeypatch) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert")
        await open_table(bot, "rhein", [anna, bert], bots=1, played=Played())
        prompt = next(m for m in reversed(fake.posts()) if
                      any(c.startswith("rb:") for c in m.custom_ids))
        row = await row_of(bot, fake.channel)
        users = await seat_users(bot, row.id)
        player = anna if users[row.active_seats[0]] == anna.id else bert
        button = next(c for c in prompt.custom_ids if c.startswith("rb:"))
        # The same click twice at once (a double tap): one move, one stale notice.
        first = await fake.interact(3, player.id, fake.channel,
                                    {"custom_id": button, "component_type": 2}, message=prompt)
        second = await fake.interact(3, player.id, fake.channel,
                                     {"custom_id": button, "component_type": 2},
                                     message=prompt)
        fake.current = None
        await asyncio.gather(bot.settle(first), bot.settle(second))
        after = await row_of(bot, fake.channel)
        assert after.version > row.version
        moves = await bot.client.store.actions(row.id)
        assert len([a for a in moves if a.user_id == player.id]) >= 1
        assert first.errors == [] and second.errors == []
        stale = [r for r in (first, second) if "old" in private_text(r).lower() or
                 "moved on" in private_text(r).lower()]
        assert len(stale) == 1, (private_text(first), private_text(second))
        # The pressed prompt lost its buttons once the move was posted.
        assert [c for c in fake.messages[prompt.id].custom_ids if c == button] == []
