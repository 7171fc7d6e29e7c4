"""Bert's move clock ran out; Cara presses "let an AI play his turn". The AI makes a step
of his turn and is choosing the next when Bert, back at last, moves himself. A race review
found the AI's next commit losing the version race and the error throwing the whole answer
away: the AI's step stood in the log, but the channel never heard of it, nor that Cara let
an AI play, and Cara read "The game moved on: nothing was played". In one process the two
now run one after the other; where they still race (another process, the terminal) the
steps made are said, and that the AI stopped."""

from __future__ import annotations

import asyncio
import time

import pytest
from discord_standin import Member, running_bot
from discord_standin.clock import install_clock, reminders_settle
from discord_standin.table import row_of, seat_users
from race_helpers import private_text, unserialized

import bot.service.ai as ai_module

HOUR = 3600.0


@pytest.mark.parametrize("one_process", [True, False])
async def test_an_ai_step_then_the_late_player_moves(tmp_path, monkeypatch,
                                                     one_process) -> None:
    if not one_process:
        unserialized(monkeypatch)
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        people = [Member(bot, n) for n in ("Anna", "Bert", "Cara")]
        clock = install_clock(bot, time.time())
        await people[0].command("game new", game="rheinlaender", pace="24h")
        for member in people[1:]:
            await member.command("game join")
        await people[0].command("game start", order="joined")
        row = await row_of(bot, fake.channel)
        users = await seat_users(bot, row.id)
        late = next(p for p in people if p.id == users[row.active_seats[0]])
        presser = next(p for p in people if p is not late)
        clock.now += 24.1 * HOUR
        await reminders_settle(bot, clock)
        notice = next(m for m in reversed(fake.posts())
                      if any(":clock-ai-" in c for c in m.custom_ids))
        button = next(c for c in notice.custom_ids if ":clock-ai-" in c)

        calls = {"n": 0}
        second_think = asyncio.Event()
        real = ai_module.choose
        loop = asyncio.get_running_loop()

        def choose(*args, **kwargs):  # the AI's second step takes a while
            calls["n"] += 1
            if calls["n"] == 2:
                loop.call_soon_threadsafe(second_think.set)
                time.sleep(1.0)
            return real(*args, **kwargs)

        monkeypatch.setattr(ai_module, "choose", choose)
        version = (await row_of(bot, fake.channel)).version
        pressed = await fake.interact(3, presser.id, fake.channel,
                                      {"custom_id": button, "component_type": 2},
                                      message=notice)
        await asyncio.wait_for(second_think.wait(), 10)  # (seed 5: a turn of two steps)
        fake.current = None
        assert (await row_of(bot, fake.channel)).version == version + 1  # its first step
        asked = await fake.interact(4, late.id, fake.channel, late._command_data(
            "play", {"move": ""}, focused="move"))  # the list does not wait on the AI
        for _ in range(2500):
            if asked.choices is not None:
                break
            await asyncio.sleep(0.002)
        choices = asked.choices
        assert choices and choices[0]["value"] != "wait", choices
        own = await fake.interact(2, late.id, fake.channel,
                                  late._command_data("play", {"move": choices[0]["value"]}))
        fake.current = None
        await asyncio.gather(bot.settle(pressed), bot.settle(own))

        actions = await bot.client.store.actions(row.id)
        assert [a for a in actions if a.user_id is None], "the AI's step is in the log"
        assert "nothing was played" not in private_text(pressed), private_text(pressed)
        said = "\n".join(m.text for m in fake.posts())
        assert "lets an AI play" in said
        if one_process:  # the AI played the turn out; Bert's move came after it
            assert "moved meanwhile" not in said
        else:  # Bert's move won the race for the AI's second step
            assert f"**{late.name}** moved meanwhile: the AI stopped after 1 move" in said, \
                said[-600:]
            assert [a for a in actions if a.user_id == late.id], "Bert's own move stands"
