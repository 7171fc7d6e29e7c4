"""Through the Discord stand-in: an AI seat's level is said where players look, in /game
status ("- Bot 1 (Himmelblau) [KI, schwer]") and in the result post's lines ("1\\. **Bot 2**
(orange) [AI, normal]: 68 · …"), in the reader's language. It was said only in the line
the seat joined with, so "Bot 3 wins" read the same whether an easy or a hard AI won."""

from __future__ import annotations

import re

from discord_standin import Member, running_bot
from discord_standin.table import open_table, row_of


def seat_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("- ")]


async def test_status_and_the_result_say_each_ai_seats_level(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        # a lobby's status, read in German and in English
        lobby = fake.add_channel("lobby")
        anke = Member(bot, "Anke", locale="de")
        await anke.command("game new", lobby, game="rheinlaender")
        for level in ("hard", "easy"):
            await anke.command("game add-bot", lobby, level=level)
        [german] = (await anke.command("game status", lobby)).private
        assert [line for line in seat_lines(german.text) if "Bot" in line] == [
            "- Bot 1 [KI, schwer]", "- Bot 2 [KI, leicht]"], german.text  # colour: at the start
        assert "- Anke" in german.text and "[KI" not in seat_lines(german.text)[0]
        bert = Member(bot, "Bert")
        [english] = (await bert.command("game status", lobby)).private
        assert "- Bot 1 [AI, hard]" in seat_lines(english.text), english.text

        # the result post of a game the AI seats finish, the seat its player left too
        anna = Member(bot, "Anna")
        await open_table(bot, "rheinlaender", [anna], bots=2, level="normal")
        left = await anna.command("game leave")
        assert (await row_of(bot, fake.channel)).status == "finished"
        [result] = [post.text for post in left.visible_posts if "final result" in post.text]
        ranked = [line for line in result.splitlines() if re.match(r"\d\\\. ", line)]
        assert len(ranked) == 3, result
        assert all(re.match(r"\d\\\. \*\*Bot \d\*\* \([a-z ]+\) \[AI, normal\]: \d+ ", line)
                   for line in ranked), result


# An AI seat added as hard to a game without a hard level (18Rhl) plays normal, as the line
# it joined with says; status and the result said "[AI, hard]" for it.


async def test_a_hard_seat_in_18rhl_is_shown_as_the_normal_it_plays(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        lobby = fake.add_channel("lobby")
        anke = Member(bot, "Anke", locale="de")
        await anke.command("game new", lobby, game="18rhl")
        joined = await anke.command("game add-bot", lobby, level="hard")
        assert "normal" in " ".join(m.text for m in joined.visible_posts + joined.private)
        [german] = (await anke.command("game status", lobby)).private
        assert [line for line in seat_lines(german.text) if "Bot" in line] == [
            "- Bot 1 (Himmelblau) [KI, normal]"], german.text
        [english] = (await Member(bot, "Bert").command("game status", lobby)).private
        assert "- Bot 1 (sky blue) [AI, normal]" in seat_lines(english.text), english.text
        assert "hard" not in english.text and "schwer" not in german.text

        anna = Member(bot, "Anna")
        await open_table(bot, "18rhl", [anna], bots=2, level="hard")
        [status] = (await anna.command("game status")).private
        assert sum("[AI, normal]" in line for line in seat_lines(status.text)) == 2, status.text
        left = await anna.command("game leave")
        assert (await row_of(bot, fake.channel)).status == "finished"
        [result] = [post.text for post in left.visible_posts if "final result" in post.text]
        ranked = [line for line in result.splitlines() if re.match(r"\d\\\. ", line)]
        assert ranked and all("[AI, normal]" in line for line in ranked
                              if "Bot" in line), result
        assert "[AI, hard]" not in result, result
