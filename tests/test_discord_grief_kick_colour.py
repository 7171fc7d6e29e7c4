"""Through the Discord stand-in: /game kick seat: with a word that is a name and a colour.

A member nicknamed "Blue" sat on green; the host typed seat:blue for Bert's blue seat and
the bot removed "Blue", matching names before colours. Either guess removes the wrong
player for some host, so a word that is one seat's player's name and another seat's colour
is refused, naming both seats, and nothing changes; the seat list's "Bert (blue)" or an
unambiguous word still kicks at once."""

from __future__ import annotations

from discord_standin.driver import Member, running_bot
from discord_standin.table import open_table, row_of


async def _seated(bot) -> set[str]:
    row = await row_of(bot, bot.stand_in.channel)
    return {s.name for s in await bot.client.store.seats(row.id)}


async def test_a_name_that_is_another_seats_colour_is_asked_about(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        ch = bot.stand_in.channel
        anna, prank, bert = Member(bot, "Anna"), Member(bot, "Blue"), Member(bot, "Bert")
        await anna.command("game new", ch, game="rhein")
        await prank.command("game join", ch, colour="green")
        await bert.command("game join", ch, colour="blue")
        posts = len(bot.stand_in.posts(ch))
        asked = await anna.command("game kick", ch, seat="blue")
        assert asked.visible_posts == [] and len(bot.stand_in.posts(ch)) == posts
        (told,) = asked.private
        assert "'blue' is one player's name and another seat's colour" in told.text, told.text
        assert "Blue (green)" in told.text and "Bert (blue)" in told.text, told.text
        assert await _seated(bot) == {"Anna", "Blue", "Bert"}
        # said in the asker's language (a channel manager's German client)
        gast = await Member(bot, "Gast", "de", manage=True).command("game kick", ch,
                                                                    seat="Blue")
        assert "Blue (Grün)" in gast.private[0].text and "Bert (Blau)" in gast.private[0].text
        # the seat as the list shows it, or a word naming one seat only, kicks at once
        assert (await anna.command("game kick", ch, seat="Bert (blue)")).visible_posts
        assert await _seated(bot) == {"Anna", "Blue"}


async def test_a_name_and_colour_of_the_same_seat_is_that_seat(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        ch = bot.stand_in.channel
        anna, blue, cora = Member(bot, "Anna"), Member(bot, "Blue"), Member(bot, "Cora")
        await open_table(bot, "rhein", [anna, blue, cora])
        row = await row_of(bot, ch)
        seats = {s.name: s.colour for s in await bot.client.store.seats(row.id)}
        word = seats["Blue"]  # Blue's own colour: both readings are Blue's seat
        kicked = await anna.command("game kick", ch, seat=word)
        assert kicked.visible_posts, [m.text for m in kicked.private]
        assert "Blue" not in await _seated(bot)
