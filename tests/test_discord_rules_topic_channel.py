"""Through the Discord stand-in: ``/rules topic:`` typed in a game's channel lists that game's
topics, in its own order with the overview first. A phone player's review typed
``/regeln thema:`` in an 18Rhl channel and got 25 topics of every game sorted by their English
key ("Erzbischof (archbishop)", "Kraftfutter (feed)", ...), without 18Rhl's own privates or
trains; picking "Erzbischof" answered "Kein Thema „archbishop“"."""

from __future__ import annotations

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import open_table

from engine import GAMES
from engine.text import say


def _in_order(game: str) -> list[str]:
    return sorted(GAMES[game].topics, key=lambda name: name != "overview")


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_the_topic_list_in_an_18rhl_channel_is_18rhl_s_in_its_order(
        tmp_path, monkeypatch, lang: str) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        nora = Member(bot, "Nora", locale="de" if lang == "de" else "en-US")
        await open_table(bot, "18rhl", [nora], bots=2, language=lang)
        choices = await nora.autocomplete("rules", "topic", "")
        expected = _in_order("18rhl")[:25]
        assert [c["value"] for c in choices] == expected
        assert choices[0]["value"] == "overview"
        assert "archbishop" not in {c["value"] for c in choices}
        # what the list offers, picked, answers with the topic
        record = await nora.command("rules", topic=choices[1]["value"])
        [answer] = record.private
        topic = GAMES["18rhl"].topics[choices[1]["value"]]
        assert answer.text.startswith(say(topic, lang)[:200])


async def test_a_game_picked_lists_its_topics_in_its_order_not_by_key(tmp_path,
                                                                      monkeypatch) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        nora = Member(bot, "Nora")
        await open_table(bot, "18rhl", [nora], bots=2)
        # the option picked wins over the channel's game
        choices = await nora.autocomplete("rules", "topic", "", game="rheinlaender")
        assert [c["value"] for c in choices] == _in_order("rheinlaender")[:25]


async def test_outside_a_game_s_channel_every_game_s_topics_are_offered(tmp_path,
                                                                        monkeypatch) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        nora = Member(bot, "Nora")
        values = {c["value"] for c in await nora.autocomplete("rules", "topic", "o")}
        assert "overview" in values and "orders" in values
