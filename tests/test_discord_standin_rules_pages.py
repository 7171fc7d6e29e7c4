"""Through the Discord stand-in: a /rules topic is read whole. One over a message's limit was
cut at 1,900 characters mid-word with "..." (18Rhl's privates in German came within 15
characters of it: its last privates would have vanished); now it goes out as several private
messages, split between lines, every line whole."""

from __future__ import annotations

import pytest
from discord_standin import Member, running_bot

from bot.service.base import TEXT_LIMIT
from engine import GAMES
from engine.text import say


def grown(lang: str):
    """18Rhl's privates topic twice over, as a topic that outgrew one message would be."""
    once = say(GAMES["18rhl"].rules("privates"), lang)
    return lambda topic: f"{once}\n\n{once}"


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_a_topic_over_the_limit_is_shown_whole_in_several_messages(
        tmp_path, monkeypatch, lang: str) -> None:
    topic = grown(lang)("privates")
    assert len(topic) > 2 * 1700
    monkeypatch.setattr(GAMES["18rhl"], "rules", grown(lang))
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        nora = Member(bot, "Nora", locale="de" if lang == "de" else "en-US")
        answers = (await nora.command("rules", game="18rhl", topic="privates")).private
        assert len(answers) >= 2
        assert all(len(a.text) <= TEXT_LIMIT and a.ephemeral for a in answers)
        shown = [line for a in answers for line in a.text.split("\n")]
        assert [line for line in shown if line] == [line for line in topic.split("\n") if line]
        assert not [a.text for a in answers if a.text.endswith(("...", "…"))]


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_the_privates_topic_names_every_private(tmp_path, monkeypatch,
                                                      lang: str) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        nora = Member(bot, "Nora", locale="de" if lang == "de" else "en-US")
        answers = (await nora.command("rules", game="18rhl", topic="privates")).private
        text = "\n".join(a.text for a in answers)
        assert text == say(GAMES["18rhl"].rules("privates"), lang)
