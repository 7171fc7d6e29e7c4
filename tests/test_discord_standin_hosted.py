"""A hosted lobby through the Discord stand-in: Anna opens a table and gives up her seat to
host it; Bert joins and leaves. Anna keeps running it all along, and Bert's leaving does not
close it; the post names Anna without pinging her."""

from __future__ import annotations

from discord_standin import Member, running_bot
from discord_standin.table import row_of


async def test_a_guest_leaving_a_hosted_lobby_leaves_it_open_and_its_hosts(tmp_path,
                                                                           monkeypatch) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert", locale="de")
        records = [await anna.command("game new", game="rhein")]
        hosting = await anna.command("game leave")
        records.append(hosting)
        assert "**Anna** still runs the table without a seat" in hosting.visible_posts[0].text
        records.append(await anna.command("game add-bot", level="easy"))
        records.append(await bert.command("game join"))

        started = await bert.command("game start")  # seated, Bert does not run the table
        records.append(started)
        assert not started.visible_posts and started.private
        # in Bert's language, naming the host by a mention that pings her not
        assert started.private[0].text.startswith(f"Nur wer den Tisch führt (<@{anna.id}>)")
        assert not started.private[0].pinged

        left = await bert.command("game leave")
        records.append(left)
        [post] = left.visible_posts
        assert post.text == "**Bert** leaves the table.\n" \
            f"The table stays open: <@{anna.id}> runs it without a seat."
        assert anna.id not in post.pinged
        row = await row_of(bot, fake.channel)
        assert row.status == "lobby" and row.hosted

        added = await anna.command("game add-bot", level="easy")  # still Anna's to run
        records.append(added)
        assert "Bot 2" in added.visible_posts[0].text
        assert all(record.errors == [] for record in records)
