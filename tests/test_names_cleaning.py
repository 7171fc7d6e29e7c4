"""bot/discord/names.py: what a display name becomes in the bot's texts, and back in its
pictures. Ordinary names of any script stay as they are; pranks lose their effect."""

from __future__ import annotations

import re
import unicodedata

import pytest

from bot.discord.names import clean, escaped, text_name
from render.player_names import plain_name


@pytest.mark.parametrize("name", ["Anna", "Jean-Luc", "O'Brien", "Zoë 2", "Nguyễn Văn Đức",
                                  "กิ่งแก้ว", "Åsa Öberg", "李小龍", "Влад", "محمد",
                                  "👨\u200d👩\u200d👧 family", "❤\ufe0f", "🇩🇪"])
def test_an_ordinary_name_stays_as_it_is(name: str) -> None:
    assert clean(name) == name
    assert plain_name(escaped(name)) == name


@pytest.mark.parametrize("name", ["||", "Cora\\", "**Bold**", "[nitro](http://x.io)",
                                  "<@123>", "<#5>", "<t:1:R>", "@everyone", "~~s~~ `t` _u_",
                                  "# Heading", "-# small", "> quote", "1. first", ":skull:"])
def test_a_prank_shows_as_written(name: str) -> None:
    said = escaped(name)
    assert plain_name(said) == name  # as Discord shows it, and as the pictures draw it
    unescaped = re.sub(r"\\.", "", said)  # what Discord reads as markdown
    for mark in ("||", "**", "~~", "`", "](", "<", "@", "_"):  # "#" acts only first
        assert mark not in unescaped, (name, said)


def test_direction_controls_line_breaks_and_stacked_marks_go() -> None:
    assert clean("\u202eDirk\u202c") == "Dirk"
    assert clean("\u2067Anna\u2069 \u200fB") == "Anna B"
    assert clean("Ann\na\tB") == "Ann a B"
    zalgo = clean("a" + "\u0301\u0302\u0303\u0304" * 10 + "b")
    assert zalgo == unicodedata.normalize("NFC", "a\u0301\u0302b")


def test_a_name_with_nothing_visible_falls_back() -> None:
    for blank in ["", "   ", "\u200b\u200c\u200d", "\u2060\ufeff", "\u3164", "\u202e"]:
        assert clean(blank) == ""
        assert text_name(blank, "zed_42", 930000000000001234) == "zed\\_42"
        assert text_name(blank, "\u200b", 930000000000001234) == "\\#1234"
    assert text_name(None, None, 7) == "\\#7"
