"""The bot dies after accepting a move (committed) and before its posts went out. After a
restart on the same database the channel learns of the move, gets a prompt that works, and
the reminders are about the right player; a later restart says nothing again.

Two moments of the kill: as soon as the move is committed (the service still building its
answer: AI seats, pictures, reminders), and once delivery has begun (nothing posted yet).
Both backends: the mark of what was announced is a store row (migration 020).
(From the race review's test_race_restart_lost_posts.py.)"""

from __future__ import annotations

import asyncio
import time

import pytest
from discord_standin import Member, running_bot
from discord_standin.clock import install_clock, reminders_settle
from discord_standin.driver import HANDLER_TASKS
from discord_standin.table import BUTTON, open_table, row_of, seat_users

from bot.service.base import _private_part, _secret_lines


def live_versions(fake, channel) -> list[int]:
    return [int(ids[0].split(":")[2]) for m in fake.posts(channel)
            if (ids := [c for c in m.custom_ids if c.startswith(BUTTON)])]


def use_backend(monkeypatch, target: str) -> None:
    if target.startswith("postgresql://"):
        monkeypatch.setenv("DATABASE_URL", target)
    else:
        monkeypatch.delenv("DATABASE_URL", raising=False)


async def hand_cards(bot) -> list[str]:
    """The cards in the players' hands, as /game hand names them."""
    service = bot.client.adapter.service
    table, _ = await service._load(await row_of(bot, bot.stand_in.channel))
    game, state = table.game, table.state
    lines = []
    for seat in [s.seat for s in table.seats if s.seat is not None]:
        lines += _secret_lines(_private_part(game.view(state, seat), game.view(state, None)),
                               "en")
    cards = [card for line in lines if line.startswith("Hand: ")
             for card in line.removeprefix("Hand: ").split("; ")]
    assert cards  # Trödler's players hold cards from the deal on
    return cards


async def crash_after_a_move(tmp_path, monkeypatch, moment: str, target: str):
    """Anna and Bert at Trödler; the one to move types a move; the process dies at
    ``moment``. Returns (mover's name, the game row after the move)."""
    use_backend(monkeypatch, target)
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert")
        await open_table(bot, "troedler", [anna, bert])
        row = await row_of(bot, fake.channel)
        users = await seat_users(bot, row.id)
        mover = anna if users[row.active_seats[0]] == anna.id else bert
        choices = await mover.autocomplete("play", "move", "", fake.channel)
        data = mover._command_data("play", {"move": choices[0]["value"]})
        delivering = asyncio.Event()

        async def hang(*args, **kwargs):
            delivering.set()
            await asyncio.Event().wait()
        monkeypatch.setattr(bot.client.delivery, "deliver", hang)
        posts_before = len(fake.posts())
        await fake.interact(2, mover.id, fake.channel, data)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 20
        while loop.time() < deadline:
            if moment == "committed" and \
                    (await row_of(bot, fake.channel)).version > row.version:
                break
            if moment == "delivering" and delivering.is_set():
                break
            await asyncio.sleep(0.001)
        moved = await row_of(bot, fake.channel)
        assert moved.version > row.version, "the move was not committed"
        for task in asyncio.all_tasks():  # the kill
            if task.get_name().startswith(HANDLER_TASKS):
                task.cancel()
        await asyncio.sleep(0.05)
        assert len(fake.posts()) == posts_before  # nothing of the move reached the channel
        return mover.name, moved


@pytest.mark.parametrize("moment", ["committed", "delivering"])
async def test_an_accepted_move_reaches_the_table_after_a_restart(
        tmp_path, monkeypatch, moment, store_target) -> None:
    mover, moved = await crash_after_a_move(tmp_path, monkeypatch, moment, store_target)
    monkeypatch.undo()
    use_backend(monkeypatch, store_target)
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:  # the same database
        fake = bot.stand_in
        people = {"Anna": Member(bot, "Anna"), "Bert": Member(bot, "Bert")}
        waiting = people["Anna" if mover == "Bert" else "Bert"]
        clock = install_clock(bot, time.time())
        for _ in range(8):  # two days: every notice of the new turn is due
            clock.now += 6 * 3600
            await reminders_settle(bot, clock)
        await bot.client.delivery.flush_kept()
        row = await row_of(bot, fake.channel)
        assert row.version == moved.version
        told_mover = [m.text for m in fake.dms(people[mover].id) if "your turn" in m.text]
        # The one who moved is not told, for two days, that it is still their turn ...
        assert told_mover == [], told_mover
        # ... the one now to move hears of it ...
        assert fake.notices(waiting.id), "the player to move was never told"
        # ... and the channel learns of the move and gets a prompt that works.
        posts = fake.posts()
        said = "\n".join(m.text for m in posts)
        assert "What you missed (1 move)" in said, said
        assert f"1\\. {mover}" in said, said  # the move's line, numbered as /game log does
        assert row.version in live_versions(fake, fake.channel), [m.text[:80] for m in posts]
        for card in await hand_cards(bot):  # no hand reaches the channel
            assert card not in said, card
        # the new prompt's buttons play (the old one's said "the newest prompt has your
        # moves now", and there was none)
        prompt = next(m for m in reversed(posts) if any(
            c.startswith(f"{BUTTON}{row.id}:{row.version}:") for c in m.custom_ids))
        button = next(c for c in prompt.custom_ids if c.startswith(BUTTON))
        await waiting.press(prompt, button)
        assert (await row_of(bot, fake.channel)).version > row.version
    monkeypatch.undo()
    use_backend(monkeypatch, store_target)
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:  # announced: said once
        assert await bot.client.catch_up_task == 0
        assert bot.stand_in.posts() == []
