"""Unloading at a stop, through the Discord stand-in: with 5 containers aboard the buttons
offered "Unload 1" to "Unload 4" and "Done: keep the rest aboard", so unloading them all
took five taps, and the channel then read "unloads 1 in Strasbourg · unloads 1 in Strasbourg
· …" five times. The buttons now start with the whole load, and one player's unloads in one
city in a row are said as one ("unloads 5 in Strasbourg")."""

from __future__ import annotations

from discord_standin import Member, running_bot
from discord_standin.table import row_of, seat_users, turn_prompt

from tests.rhein_helpers import StopRhein

BUTTON = "move:"


async def stop_table(bot):
    service = bot.client.adapter.service
    service.games = {**service.games, "rhein": StopRhein()}
    channel = bot.stand_in.channel
    people = [Member(bot, "Anna"), Member(bot, "Bert")]
    await people[0].command("game new", channel, game="rhein")
    await people[1].command("game join", channel)
    await people[0].command("game start", channel, order="joined")
    row = await row_of(bot, channel)
    mover = (await seat_users(bot, row.id))[row.active_seats[0]]
    return next(m for m in people if m.id == mover), row


def unload_buttons(prompt) -> dict[str, str]:
    return {label: custom for custom, label in prompt.labels.items()
            if label.startswith("Unload")}


async def test_the_buttons_unload_everything_aboard_in_one_tap(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        mover, row = await stop_table(bot)
        channel = bot.stand_in.channel
        prompt = turn_prompt(bot, channel, mover, row.version)
        assert prompt is not None
        buttons = unload_buttons(prompt)
        whole = "Unload 5 from the red Train · +5 storage in Phase 6"
        assert list(buttons)[0] == whole, list(prompt.labels.values())
        await mover.press(prompt, buttons[whole])
        said = "\n".join(m.text for m in bot.stand_in.posts(channel))
        assert "unloads 5 in Strasbourg" in said, said


async def test_unloads_in_a_row_are_one_line(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        mover, row = await stop_table(bot)
        channel = bot.stand_in.channel
        for count in (1, 1, 3):
            await mover.command("play", channel, move=f"unload red-train {count}")
        said = "\n".join(m.text for m in bot.stand_in.posts(channel))
        assert "unloads 5 in Strasbourg" in said, said
        assert "unloads 1 in Strasbourg" not in said, said
