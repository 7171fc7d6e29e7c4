"""A move /play cannot read was answered with the engine's words alone ("I could not read
that move. Moves now start with: bid, pass."; Trödler: "Moves look like: take-pile N, …"),
where the empty move's answer points to the list and the buttons. Now every such answer ends
so, and names the game's rules topic on how moves are written, which /rules finds in the
reader's language (Rheinländer had no such topic)."""

from __future__ import annotations

import pytest
from discord_standin import running_bot
from discord_standin.table import pair_at_table

POINTER = {"en": ("The list of /play move: shows your moves, or press a button of your turn "
                  "prompt. How moves are written: /rules topic:"),
           "de": ("Die Liste bei /zug zug: zeigt deine Spielzüge, oder drücke einen Knopf "
                  "deiner Zugaufforderung. Wie Spielzüge geschrieben werden: /regeln thema:")}
NO_TOPIC = {"en": "No topic", "de": "Kein Thema"}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", ["rhein", "rheinlaender", "troedler", "18rhl"])
async def test_an_unread_move_points_to_the_list_and_the_notation(tmp_path, monkeypatch,
                                                                  game: str, lang: str) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        anna, bert, first = await pair_at_table(bot, game, lang, bots=1)
        before = len(bot.stand_in.posts())
        answer = "\n".join(m.content for m in (await first.command(
            "play", bot.stand_in.channel, move="xyzzy qwerty")).private)
        assert len(bot.stand_in.posts()) == before  # nothing played, nothing posted
        assert POINTER[lang] in answer, answer
        topic = answer.rsplit(":", 1)[1].strip()
        rules = "\n".join(m.content for m in (await first.command(
            "rules", game=game, topic=topic)).private)
        assert rules and NO_TOPIC[lang] not in rules, rules
