"""The bot against what Discord does on a bad day, through the stand-in: a slow or hostile
upload, an interaction token that ran out, rate limits, a channel it may not post in, a
player whose DMs are closed, old buttons and two clicks at once."""

from __future__ import annotations

import asyncio
import gzip
import json
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
        assert "missing a permission" in private_text(record)
        # The table exists and its announcement reached the channel through the interaction.
        assert (await row_of(bot, fake.channel)) is not None
        public = [m for m in record.visible_posts if "opened a table" in m.text]
        assert len(public) == 1 and public[0].via == "followup"


async def test_closed_dms_over_ten_turns(tmp_path, monkeypatch) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert")
        fake.closed_dms.add(bert.id)
        played = Played()
        await open_table(bot, "troedler", [anna, bert], bots=0, played=played)
        rng = __import__("random").Random(3)
        turns_of_bert = 0
        last_active: int | None = None
        while turns_of_bert < 10:
            row = await row_of(bot, fake.channel)
            users = await seat_users(bot, row.id)
            active = users[row.active_seats[0]]
            if active != last_active and active == bert.id:
                turns_of_bert += 1
                # Bert cannot get a DM, so the channel pings him.
                assert f"<@{bert.id}>" in "\n".join(m.text for m in fake.posts()[-3:])
            last_active = active
            await play_turn(bot, anna if active == anna.id else bert, fake.channel, rng,
                            played)
        refused = [r for r in fake.requests if r.status == 403 and
                   r.path == f"channels/{fake.dm_channels.get(bert.id)}/messages"]
        # Recorded for the closing notes; bounded once the service remembers 50007.
        assert len(refused) >= 1
        assert not [m for m in fake.dms(anna.id) if f"<@{bert.id}>" in m.text]


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
