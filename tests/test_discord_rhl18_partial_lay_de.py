"""A German 18Rhl player who types the step her turn DM teaches (`legen F5`) is told how to
finish the lay, in her words and with a whole lay on that hex as the example. It was refused
as unreadable, while the English `lay F5` got the hint, and the hint's example (`lay F5 1`)
was itself only part of a lay."""

from __future__ import annotations

from discord_standin import Member, running_bot
from discord_standin.table import normal_moves_until, open_table, row_of

import engine


def _lays(game, state, seat) -> list:
    return [m for m in game.legal(state, seat) if m["type"] == "lay_tile"]


async def test_a_german_lay_step_typed_gets_a_whole_german_example(tmp_path, monkeypatch):
    game = engine.get_game("18rhl")
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        members = [Member(bot, name, "de") for name in ("Anna", "Bert", "Cora")]
        await open_table(bot, "18rhl", members, language="de")
        _, state, seat, member = await normal_moves_until(
            bot, members, game, lambda row, state, seat, member: bool(_lays(game, state, seat)))
        where = _lays(game, state, seat)[0]["hex"]
        before = (await row_of(bot, bot.stand_in.channel)).version
        reply = await member.command("play", bot.stand_in.channel, move=f"legen {where}")
        [said] = [m.text for m in reply.private]
        assert said.startswith(f"`legen {where}` ist erst ein Teil einer Plättchenlegung"), said
        example = said.split("z. B. `", 1)[1].split("`", 1)[0]
        assert example.startswith("legen ") and f" {where} " in example, said
        assert (await row_of(bot, bot.stand_in.channel)).version == before  # nothing played
        # the example is a whole move: typed, it is played
        await member.command("play", bot.stand_in.channel, move=example)
        assert (await row_of(bot, bot.stand_in.channel)).version > before
