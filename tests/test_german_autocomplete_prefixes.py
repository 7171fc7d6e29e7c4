"""A German player's /play autocomplete finds a move by the first letters of its German
typed form, through the Discord stand-in. In a German Rheinländer game "sp", "spi" listed
nothing where "spiel" listed the cards, and "fe", "fer", "fert" nothing where "fertig"
listed "Zug ohne Bastion beenden"; the English "pla" and "do" found them at once."""

from __future__ import annotations

from discord_standin import Member, running_bot
from discord_standin.table import open_table, row_of, seat_users


async def test_german_typed_forms_are_found_by_their_first_letters(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        channel = bot.stand_in.channel
        people = [Member(bot, name, locale="de") for name in ("Anna", "Bert", "Carla")]
        await open_table(bot, "rheinlaender", people, language="de")
        row = await row_of(bot, channel)
        mover_id = (await seat_users(bot, row.id))[row.active_seats[0]]
        mover = next(m for m in people if m.id == mover_id)
        for typed in ("sp", "spi", "spiel"):
            choices = await mover.autocomplete("play", "move", typed)
            assert choices and all(c["value"].startswith("play ") for c in choices), \
                (typed, choices)
        await mover.command("play", channel, move=choices[0]["value"])
        assert (await row_of(bot, channel)).version > row.version
        for typed in ("fe", "fer", "fert", "fertig"):
            choices = await mover.autocomplete("play", "move", typed)
            assert "done" in [c["value"] for c in choices], (typed, choices)
