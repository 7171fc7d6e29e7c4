"""A new table speaks its creator's language. Discord gives every server that is not a
Community server the locale en-US, so an admin review found German members of an ordinary
German server got English tables unless each /game new said language:de. Now: the
language: option, else the creator's own Discord language when the bot has it, else the
server's. Each player's DMs stay in their own language."""

from __future__ import annotations

from discord_standin import Member, running_bot
from discord_standin.table import open_table, row_of, to_move


async def test_a_german_member_opens_a_german_table_on_an_ordinary_server(tmp_path,
                                                                          monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        anna, bert = Member(bot, "Anna", locale="de"), Member(bot, "Bert")
        await open_table(bot, "troedler", [anna, bert])
        assert (await row_of(bot, fake.channel)).language == "de"
        assert any("eröffnet" in m.text for m in fake.posts())
        # each player's DMs in their own language: Anna's hand in German, the English
        # player's turn reminder in English
        assert fake.dms(anna.id)[0].embed_text.startswith("Nur du siehst\n**Nur du siehst**")
        assert await to_move(bot, [anna, bert]) is bert
        [turn] = [r for r in await bot.client.store.reminders() if r.user_id == bert.id]
        assert turn.payload["language"] == "en"

async def test_the_option_first_then_the_creator_then_the_server(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        real = fake.dispatch

        async def german_server(event, data):
            if event == "INTERACTION_CREATE":
                data["guild_locale"] = "de"
            return await real(event, data)

        fake.dispatch = german_server
        chosen, english, french = (fake.add_channel(n) for n in ("chosen", "en", "fr"))
        await Member(bot, "Dora", locale="de").command("game new", chosen, game="rhein",
                                                       language="en")
        await Member(bot, "Emil", locale="en-GB").command("game new", english, game="rhein")
        await Member(bot, "Fanny", locale="fr").command("game new", french, game="rhein")
        assert (await row_of(bot, chosen)).language == "en"
        assert (await row_of(bot, english)).language == "en"
        assert (await row_of(bot, french)).language == "de"  # no French: the server's
