"""A discard typed while cards are played says when one discards: "discard 1 2 3" (or
"abwerfen 1 2 3") with a hand not over the limit was answered "Now cards are played: move,
take, extra, deliver, feed or end.", which left the player guessing why."""

from __future__ import annotations

from discord_standin import Member, running_bot
from discord_standin.table import open_table, row_of

from tests.test_troedler_ascii_umlauts import _in_play


async def test_a_discard_while_cards_are_played_says_when_one_discards(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=4) as bot:
        channel = bot.stand_in.channel
        people = [Member(bot, "Anna", locale="de"), Member(bot, "Bert", locale="en-US")]
        await open_table(bot, "troedler", people, language="de")
        mover, state, seat = await _in_play(bot, people)
        german = mover is people[0]
        cards = " ".join(str(card) for card in state["hands"][seat][:3])
        typed = f"abwerfen {cards}" if german else f"discard {cards}"
        version = (await row_of(bot, channel)).version
        record = await mover.command("play", channel, move=typed)
        [said] = [m.text for m in record.private]
        assert (await row_of(bot, channel)).version == version
        expected = ("Abgeworfen wird nur am Ende deines Zugs, wenn du mehr als 4 Karten auf "
                    "der Hand hast" if german else
                    "You discard only at the end of your turn, when your hand holds more "
                    "than 4 cards")
        assert expected in said, said
