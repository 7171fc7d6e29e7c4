"""An AI seat whose turn it is when its run stops (the process died in it, or the run ended on
an error) plays it: at the next start, after the catch-up, and, in a running bot, once the turn
has sat untouched for a while. An AI moved only when a human's change set it off, and a restart
never did: the game stood still for good (crash review: the bot killed during an AI's turn).
Through the stand-in, on both backends."""

from __future__ import annotations

import asyncio

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import BUTTON, open_table, row_of, seat_users

from bot.discord import app as discord_app
from bot.service.ai_seats import AiSeats


def use_backend(monkeypatch, target: str) -> None:
    if target.startswith("postgresql://"):
        monkeypatch.setenv("DATABASE_URL", target)
    else:
        monkeypatch.delenv("DATABASE_URL", raising=False)


async def ai_to_move(bot) -> bool:
    row = await row_of(bot, bot.stand_in.channel)
    ai = {s.seat for s in await bot.client.store.seats(row.id) if s.is_ai}
    return row.status == "active" and any(seat in ai for seat in row.active_seats)


async def anna_until_ai(bot, anna: Member) -> None:
    """Anna plays her first listed move until an AI seat is to move."""
    fake = bot.stand_in
    for _ in range(20):
        if await ai_to_move(bot):
            return
        choices = await anna.autocomplete("play", "move", "", fake.channel)
        await anna.command("play", fake.channel, move=choices[0]["value"])
    raise AssertionError("no AI turn came")


def prompted(fake, row, user_id: int) -> bool:
    """A channel prompt naming ``user_id`` with buttons of the game as it stands."""
    return any(f"<@{user_id}>: your turn" in m.text and
               any(c.startswith(f"{BUTTON}{row.id}:{row.state_version}:") for c in m.custom_ids)
               for m in fake.posts())


async def no_ai_run(self, table, board_due=False):
    return []  # the run died with the process: nothing of it happened


@pytest.mark.parametrize("game", ["troedler", "rhein"])
async def test_an_ai_turn_left_by_a_dead_run_is_played_at_the_next_start(
        tmp_path, monkeypatch, store_target, game) -> None:
    use_backend(monkeypatch, store_target)
    monkeypatch.setattr(AiSeats, "_run_ai", no_ai_run)
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        anna = Member(bot, "Anna")
        await open_table(bot, game, [anna], bots=1)
        await anna_until_ai(bot, anna)
        stuck = await row_of(bot, bot.stand_in.channel)
    monkeypatch.undo()
    use_backend(monkeypatch, store_target)
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:  # the same database
        fake = bot.stand_in
        anna = Member(bot, "Anna")
        await bot.client.catch_up_task
        row = await row_of(bot, fake.channel)
        assert row.version > stuck.version, "the AI seat never moved"
        assert not await ai_to_move(bot)
        users = await seat_users(bot, row.id)
        assert [users[s] for s in row.active_seats] == [anna.id]
        said = "\n".join(m.text for m in fake.posts())
        assert "Bot" in said, said  # the AI's moves are told
        assert prompted(fake, row, anna.id), [m.text[:80] for m in fake.posts()]
    monkeypatch.undo()
    use_backend(monkeypatch, store_target)
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:  # nothing to do again
        await bot.client.catch_up_task
        assert (await row_of(bot, bot.stand_in.channel)).version == row.version
        assert bot.stand_in.posts() == []


async def test_an_ai_run_that_failed_is_taken_up_by_the_sweep(
        tmp_path, monkeypatch, store_target) -> None:
    use_backend(monkeypatch, store_target)
    failed: list[int] = []
    real = AiSeats._run_ai

    async def fails_once(self, table, board_due=False):
        game, state = table.game, table.state
        if not failed and any(table.by_seat(s).is_ai for s in game.active(state)):
            failed.append(table.row.version)
            raise RuntimeError("an AI run stopped on an error")
        return await real(self, table, board_due)
    monkeypatch.setattr(AiSeats, "_run_ai", fails_once)
    monkeypatch.setattr(discord_app, "UPKEEP_SECONDS", 0.05, raising=False)
    monkeypatch.setattr(discord_app, "AI_STUCK_SECONDS", -1.0, raising=False)
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        anna = Member(bot, "Anna")
        await open_table(bot, "troedler", [anna], bots=1)
        for _ in range(20):  # Anna plays until an AI run fails ("trouble")
            if failed:
                break
            choices = await anna.autocomplete("play", "move", "", fake.channel)
            await anna.command("play", fake.channel, move=choices[0]["value"])
        assert failed
        row = await row_of(bot, fake.channel)
        for _ in range(100):  # the sweep plays the AI's turn and prompts Anna
            row = await row_of(bot, fake.channel)
            if not await ai_to_move(bot) and prompted(fake, row, anna.id):
                break
            await asyncio.sleep(0.05)
        assert row.version > failed[0], "the AI seat never moved"
        assert prompted(fake, row, anna.id), [m.text[:80] for m in fake.posts()]
