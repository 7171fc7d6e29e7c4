"""/rules in both languages: topics listed by their display names, and found by name or by
display name in either language."""

from __future__ import annotations

import pytest

import engine
from engine.text import say


@pytest.mark.parametrize("key", ["rhein", "rheinlaender", "troedler", "18rhl"])
def test_topics_are_listed_by_display_name_and_found_in_both_languages(key):
    game = engine.get_game(key)
    for name in game.topics:
        german = say(game.topic_title(name), "de")
        english = say(game.topic_title(name), "en")
        assert game.topic_named(name) == name
        assert game.topic_named(german.upper()) == name
        assert game.topic_named(f"  {english} ") == name
        assert say(game.rules(german), "de") == say(game.topics[name], "de")
    listing = say(game.rules(), "de")
    assert "Themen sind" in listing
    assert all(say(game.topic_title(name), "de") in listing for name in game.topics)


def test_an_unknown_topic_lists_the_topics():
    game = engine.get_game("rhein")
    assert game.topic_named("no such thing") is None
    # said to be unknown first: the bare list read as if the topic had been ignored
    assert say(game.rules("no such thing"), "en").startswith(
        f"No topic 'no such thing'. {game.title}: topics are")
    assert say(game.rules("xyz"), "de").startswith(f"Kein Thema „xyz“. {game.title}: Themen")
