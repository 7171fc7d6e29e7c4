"""Anna plays against an AI seat on a slow machine. Her move is committed and the AI seat
is thinking when she takes the move back with /game undo (nobody to ask). A race review
found the undo applied at once, the AI's commit losing to it, and the move's answer, built
before, posted after the undo's: the channel ended on the undone move and a board of a
position that never stood, and Anna got her hand as it was after the undone move. Each
channel's changes now run one after the other, through the delivery of their posts."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable

from discord_standin import running_bot
from discord_standin.table import BUTTON, row_of
from race_helpers import anna_against_an_ai, slowed_ai

import bot.service.ai as ai_module
from bot.discord.commands import ChannelLocks


def undo_queued(monkeypatch) -> Callable[[], bool]:
    """Whether a change has come to its channel's lock while another holds it (the undo,
    behind the move whose AI seat thinks)."""
    real = ChannelLocks.held
    waiting = 0

    @contextlib.asynccontextmanager
    async def held(self: ChannelLocks, channel_id: int) -> AsyncIterator[None]:
        nonlocal waiting
        waiting += 1
        async with real(self, channel_id):
            waiting -= 1
            yield

    monkeypatch.setattr(ChannelLocks, "held", held)
    return lambda: waiting > 0


def one_line(message) -> str:
    return message.text.replace("\n", " ")[:300]


async def test_an_undo_while_the_ai_seat_thinks_comes_after_the_move(tmp_path,
                                                                      monkeypatch) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        anna, row, mine, choices = await anna_against_an_ai(bot)
        slowed = slowed_ai(monkeypatch, 10)  # a hard AI on a loaded machine
        queued = undo_queued(monkeypatch)
        before = len(fake.posts())
        move = await fake.interact(2, anna.id, fake.channel,
                                   anna._command_data("play", {"move": choices[0]["value"]}))
        await asyncio.wait_for(slowed.thinking.wait(), 10)
        fake.current = None
        undo = await fake.interact(2, anna.id, fake.channel, anna._command_data("game undo", {}))
        fake.current = None
        # the AI thinks on until the undo waits for the move, or has been done without waiting
        while not (queued() or any("takes back" in m.text for m in fake.posts()[before:])
                   or slowed.done.is_set()):
            await asyncio.sleep(0.005)
        slowed.release()
        await asyncio.gather(bot.settle(move), bot.settle(undo))
        monkeypatch.setattr(ai_module, "choose", slowed.real)

        actions = await bot.client.store.actions(row.id)
        assert all(a.seat != mine for a in actions), "Anna's move is taken back"
        new = fake.posts()[before:]
        texts = [one_line(m) for m in new]
        took = [i for i, m in enumerate(new) if "**Anna** (orange) takes pile" in m.text]
        back = [i for i, m in enumerate(new) if "takes back" in m.text]
        assert took and back and max(took) < min(back), texts
        # the channel ends on the prompt of the game as it stands: Anna's turn again
        with_buttons = [m for m in new if any(c.startswith(BUTTON) for c in m.custom_ids)]
        assert with_buttons and with_buttons[-1] is new[-1], texts
        assert f"<@{anna.id}>" in new[-1].content, texts
        version = (await row_of(bot, fake.channel)).version
        assert all(f":{version}:" in c for c in new[-1].custom_ids if c.startswith(BUTTON))
        # nothing the move told Anna privately (her hand after it) comes after the undo
        taken_back = new[min(back)].id
        assert all(m.id < taken_back for m in move.private)
