"""Through the Discord stand-in: /game repair, a moderator's way out of a game whose saved
state an engine bug left wrong. The check is told to the moderator alone; the switch is
said in the channel, with the board and the turn's prompt, and no move is lost."""

from __future__ import annotations

import dataclasses
import random

from discord_standin.driver import Member, running_bot
from discord_standin.table import Played, open_table, play_turn, row_of, to_move


async def test_a_moderator_checks_then_repairs_a_wrong_saved_state(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        people = [Member(bot, name) for name in ("Anna", "Bert", "Cora")]
        await open_table(bot, "rheinlaender", people)
        ch, service = bot.stand_in.channel, bot.client.adapter.service
        start = await row_of(bot, ch)
        await play_turn(bot, await to_move(bot, people), ch, random.Random(3), Played())
        played = await row_of(bot, ch)
        moves = len(await service.store.actions(played.id))
        assert moves == 1  # Rheinländer's turn: one move
        mod = Member(bot, "Mod", manage=True)
        fine = await mod.command("game repair", ch)
        assert fine.visible_posts == [] and "nothing to repair" in fine.private[0].text
        # an engine bug's snapshot: the game as it stood before the turn, its log after it
        table, _ = await service._load(played)
        wrong = dataclasses.replace(service._snapshot(table, table.game.load(start.state)),
                                    state=start.state)
        await service.store.save_snapshot(played.id, played.version, wrong, 0.0)
        refused = await people[0].command("game repair", ch, confirm=True)
        assert refused.visible_posts == [] and "Manage Channels" in refused.private[0].text
        checked = await mod.command("game repair", ch)
        assert checked.visible_posts == []
        assert "replayed this game's 1 move with" in checked.private[0].text
        assert (await row_of(bot, ch)).state == start.state  # a check changes nothing
        done = await mod.command("game repair", ch, confirm=True)
        said = "\n".join(m.text for m in done.visible_posts)
        assert "**Mod** repaired this game: its 1 move was replayed" in said, said
        assert any(m.files for m in done.visible_posts), "the board as it stands now"
        repaired = await row_of(bot, ch)
        assert repaired.state == played.state
        assert len(await service.store.actions(played.id)) == moves
