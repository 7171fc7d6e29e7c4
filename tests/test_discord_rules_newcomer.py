"""Through the Discord stand-in: a newcomer who never read a rulebook is pointed to the rules.
A review's player opened a table and played seven turns without learning /rules existed (the
start post never named it); asked, ``/rules game:rheinlaender`` answered only topic names,
and the topic list under the option mixed bare keys ("archbishop", "reinforcement") with
titled ones ("Duke figures (dukes)"). Now the start post says where the overview is, a
topic-less /rules begins with it, and every topic is listed by its title."""

from __future__ import annotations

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import open_table
from test_i18n_catalogue import translated_payloads

from engine import GAMES
from engine.text import say

HINT = {"en": "New to the game? /rules topic:overview",
        "de": "Neu im Spiel? /regeln thema:Überblick"}


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_the_start_post_points_to_the_overview(tmp_path, monkeypatch, lang: str) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        cora = Member(bot, "Cora", locale="de" if lang == "de" else "en-US")
        await open_table(bot, "troedler", [cora], bots=2, language=lang)
        [start] = [m.text for m in bot.stand_in.posts() if "Sitzreihenfolge" in m.text
                   or "Seat order" in m.text]
        assert HINT[lang] in start, start
        # the hint, typed as it reads, answers with the overview
        typed = HINT[lang].rsplit(":", 1)[1]
        record = await cora.command("rules", topic=typed)
        [answer] = record.private
        assert answer.text == say(GAMES["troedler"].topics["overview"], lang)


@pytest.mark.parametrize("game", ["rheinlaender", "troedler", "rhein", "18rhl"])
async def test_rules_without_a_topic_is_the_overview_then_the_topics(tmp_path, monkeypatch,
                                                                      game: str) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        nora = Member(bot, "Nora")
        [answer] = (await nora.command("rules", game=game)).private
        overview = say(GAMES[game].topics["overview"], "en")
        assert answer.text.startswith(overview), answer.text
        assert "topics are" in answer.text and "Overview" in answer.text
        assert len(answer.text) <= 2000


async def test_every_topic_under_the_option_has_its_title(tmp_path, monkeypatch) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        nora = Member(bot, "Nora")
        for game in ("rheinlaender", "troedler", "rhein", "18rhl"):
            choices = await nora.autocomplete("rules", "topic", "", game=game)
            bare = [c["name"] for c in choices if not c["name"][:1].isupper()]
            assert bare == [], (game, bare)
        named = {c["value"]: c["name"]
                 for c in await nora.autocomplete("rules", "topic", "", game="rheinlaender")}
        assert named["archbishop"] == "Archbishop"
        assert named["dukes"] == "Duke figures (dukes)"


async def test_the_topic_option_gives_overview_as_its_example() -> None:
    [rules] = [p for p in await translated_payloads() if p["name"] == "rules"]
    [topic] = [o for o in rules["options"] if o["name"] == "topic"]
    assert "e.g. overview" in topic["description"]
    assert "z. B. Überblick" in topic["description_localizations"]["de"]
