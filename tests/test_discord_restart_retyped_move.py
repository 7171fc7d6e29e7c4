"""A typed move stored just before the bot died, its answer lost ("The application did not
respond"), typed again after the restart by the same player: asked about, not played a second
time; the question's button plays it again; another move is played as usual. The same move
was accepted twice (crash review: 23 of 234 Rhein moves could be repeated so). Through the
stand-in, on both backends."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator

import pytest
from discord_standin import Member, running_bot
from discord_standin.driver import HANDLER_TASKS
from discord_standin.table import open_table, row_of, seat_users


def use_backend(monkeypatch, target: str) -> None:
    if target.startswith("postgresql://"):
        monkeypatch.setenv("DATABASE_URL", target)
    else:
        monkeypatch.delenv("DATABASE_URL", raising=False)


async def repeatable_move(bot) -> tuple[int, str] | None:
    """(the mover's seat, a move after which the same player may type it again)."""
    service = bot.client.adapter.service
    table, _ = await service._load(await row_of(bot, bot.stand_in.channel))
    game, state = table.game, table.state
    seat = game.active(state)[0]
    for action in game.legal(state, seat):
        text = game.format(state, action)
        work = json.loads(json.dumps(state))
        game.apply(work, seat, action)
        if seat in game.active(work):
            try:
                if game.parse(work, seat, text) in game.legal(work, seat):
                    return seat, text
            except Exception:  # noqa: S112 - not this one
                continue
    return None


async def until_repeatable(bot, people: list[Member]) -> tuple[Member, str]:
    """The players make their first listed moves until the one to move has a move they
    could type twice: (that player, the move)."""
    fake = bot.stand_in
    for _ in range(60):
        row = await row_of(bot, fake.channel)
        users = await seat_users(bot, row.id)
        found = await repeatable_move(bot)
        if found is not None:
            return next(p for p in people if p.id == users[found[0]]), found[1]
        member = next(p for p in people if p.id == users[row.active_seats[0]])
        choices = await member.autocomplete("play", "move", "", fake.channel)
        await member.command("play", fake.channel, move=choices[0]["value"])
    raise AssertionError("no move may be typed twice")


async def typed_then_died(bot, monkeypatch, member: Member, move: str) -> None:
    """``member`` types ``move``; the process dies once it is stored, before any answer."""
    fake = bot.stand_in
    row = await row_of(bot, fake.channel)

    async def hang(*args, **kwargs):
        await asyncio.Event().wait()
    monkeypatch.setattr(bot.client.delivery, "deliver", hang)
    await fake.interact(2, member.id, fake.channel, member._command_data("play", {"move": move}))
    for _ in range(2000):
        if (await row_of(bot, fake.channel)).version > row.version:
            break
        await asyncio.sleep(0.005)
    assert (await row_of(bot, fake.channel)).version > row.version, "the move was not stored"
    for task in asyncio.all_tasks():  # the kill
        if task.get_name().startswith(HANDLER_TASKS):
            task.cancel()
    await asyncio.sleep(0.05)


@contextlib.asynccontextmanager
async def restarted_after_a_lost_answer(tmp_path, monkeypatch, store_target: str,
                                        game: str = "rhein", locale: str = "en-US",
                                        language: str | None = None) -> AsyncIterator[tuple]:
    """Anna and Bert at a table of ``game``; one of them types a move that may be typed
    twice, and the process dies once it is stored, before any answer; then a new process
    on the same database has caught up: (the bot, the mover, their move, the stored row)."""
    use_backend(monkeypatch, store_target)
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        people = [Member(bot, "Anna", locale), Member(bot, "Bert", locale)]
        await open_table(bot, game, people, language=language)
        mover, move = await until_repeatable(bot, people)
        await typed_then_died(bot, monkeypatch, mover, move)
        stored = await row_of(bot, bot.stand_in.channel)
    monkeypatch.undo()
    use_backend(monkeypatch, store_target)
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:  # the same database
        people = [Member(bot, "Anna", locale), Member(bot, "Bert", locale)]
        await bot.client.catch_up_task
        yield bot, next(m for m in people if m.name == mover.name), move, stored


@pytest.mark.parametrize("game", ["rhein"])
async def test_a_move_typed_again_after_a_lost_answer_is_asked_about(
        tmp_path, monkeypatch, store_target, game) -> None:
    async with restarted_after_a_lost_answer(tmp_path, monkeypatch, store_target,
                                             game) as (bot, mover, move, stored):
        fake = bot.stand_in
        again = await mover.command("play", fake.channel, move=move)
        assert (await row_of(bot, fake.channel)).version == stored.version, "played twice"
        said = "\n".join(m.text for m in again.private)
        assert f"Your move `{move}` was already played before the bot restarted" in said, said
        assert not again.visible_posts
        question = again.private[-1]
        button = next(c for c in question.custom_ids if c.startswith("rb:"))
        await mover.press(question, button)  # they mean it: played again
        assert (await row_of(bot, fake.channel)).version > stored.version
        actions = await bot.client.store.actions(stored.id)
        assert [a.notation for a in actions[-2:]] == [move, move]


async def test_only_the_same_move_of_the_same_player_is_asked_about(
        tmp_path, monkeypatch, store_target) -> None:
    async with restarted_after_a_lost_answer(tmp_path, monkeypatch,
                                             store_target) as (bot, mover, move, stored):
        fake = bot.stand_in
        service = bot.client.adapter.service
        table, _ = await service._load(await row_of(bot, fake.channel))
        seat = table.seat_of(mover.id).seat
        other = next(table.game.format(table.state, a)
                     for a in table.game.legal(table.state, seat)
                     if table.game.format(table.state, a) != move)
        await mover.command("play", fake.channel, move=other)  # another move: played
        assert (await row_of(bot, fake.channel)).version > stored.version
        assert service._unanswered == {}  # the note is used up
