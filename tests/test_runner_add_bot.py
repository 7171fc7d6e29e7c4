"""/game add-bot refused names who runs the table, as a refused start, abandon or kick does:
the one refused wants to know whom to ask. Who may add an AI seat is as before: anyone
seated at the lobby, whoever runs it (seated or hosting without a seat), and members with
Manage Channels."""

from __future__ import annotations

from discord_standin import Member, running_bot
from discord_standin.table import row_of


async def seat_names(bot) -> list[str]:
    row = await row_of(bot, bot.stand_in.channel)
    return [s.name for s in await bot.client.store.seats(row.id)]


async def test_a_refused_add_bot_names_the_host_without_pinging_her(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert", locale="de")
        records = [await anna.command("game new", game="rhein"),
                   await anna.command("game leave")]  # Anna hosts it without a seat
        refused = await bert.command("game add-bot", level="easy")  # not seated
        records.append(refused)
        assert not refused.visible_posts
        [note] = refused.private
        assert note.text == f"Nur wer den Tisch führt (<@{anna.id}>), wer an ihm sitzt oder " \
            "Kanäle verwalten darf, kann eine KI dazusetzen."
        assert not note.pinged
        assert await seat_names(bot) == []

        records.append(await bert.command("game join"))
        added = await bert.command("game add-bot", level="easy")  # seated, he may
        records.append(added)
        assert "Bot 1" in added.visible_posts[0].text
        assert all(record.errors == [] for record in records)


async def test_a_refused_add_bot_names_a_seated_runner(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        anna, cora = Member(bot, "Anna"), Member(bot, "Cora")
        mod = Member(bot, "Mod", manage=True)
        await anna.command("game new", game="rhein")
        refused = await cora.command("game add-bot", level="easy")
        assert not refused.visible_posts
        assert refused.private[0].text == "Only **Anna**, who runs this table, someone " \
            "seated at it or someone with Manage Channels can add an AI seat."
        added = await mod.command("game add-bot", level="easy")  # an admin, not seated
        assert "Bot 1" in added.visible_posts[0].text
        assert await seat_names(bot) == ["Anna", "Bot 1"]
