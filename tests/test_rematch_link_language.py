"""The post leading to a rematch's thread is in the table's language: a German member's
/game rematch of an English table put "Revanche eröffnet: <#…>" in the English channel
(the post took the asker's language)."""

from __future__ import annotations

from discord_standin import Member, running_bot
from discord_standin.table import row_of


async def test_the_rematch_link_speaks_the_tables_language(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert", locale="de")
        await anna.command("game new", game="rhein")
        await bert.command("game join")
        await anna.command("game start", order="joined")
        # a whole game is long: the store records it over, as its last move would
        row = await row_of(bot, fake.channel)
        await bot.client.store.set_status(row.id, row.version, "finished", 0.0)

        asked = await bert.command("game rematch")
        assert asked.errors == []
        texts = [m.text for m in asked.visible_posts]
        assert any(text.startswith("Rematch opened: <#") for text in texts), texts
        assert not any("Revanche" in text for text in texts), texts
