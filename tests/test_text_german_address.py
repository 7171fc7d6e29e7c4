"""German texts say "du" throughout: in Discord replies, channel posts, pictures and the
terminal alike. Every German catalogue (engine, render, bot) is searched for the formal
address (Sie, Ihnen, Ihr, Ihre ...). "sie" for "they" or "it" is written in lower case (also
after a colon), so a capital "Sie" is always read as the formal "you"; "Ihr" is allowed only
as the plural "you" of a group ("Ihr seid dran")."""

from __future__ import annotations

import re

import pytest

from engine.text import catalogue_files

PACKAGES = ("engine.locales", "render.locales", "bot.locales")
FORMAL = re.compile(r"\b(Sie|Ihnen|Ihre[mnrs]?|Ihr)\b(?=(\s+\w+)?)")
# the plural informal "ihr" takes verbs in -t: seid, habt, könnt, spielt, nehmt ...
PLURAL_VERB = re.compile(r"\s+(seid|\w+t)$")


def formal_address(text: str) -> list[str]:
    found = []
    for match in FORMAL.finditer(text):
        word, following = match.group(1), match.group(2) or ""
        if word == "Ihr" and PLURAL_VERB.match(following):
            continue
        found.append(word)
    return found


@pytest.mark.parametrize("package", PACKAGES)
def test_german_catalogues_use_du_never_the_formal_address(package):
    offending = {key: formal_address(text)
                 for table in catalogue_files(package, "de").values()
                 for key, text in table.items() if formal_address(text)}
    assert offending == {}


def test_the_check_finds_the_formal_address():
    assert formal_address("Bitte geben Sie Ihren Zug ein.") == ["Sie", "Ihren"]
    assert formal_address("Wir schicken Ihnen eine DM.")
    assert formal_address("Ihre Karten: 3")
    assert formal_address("Sie sind dran.")
    assert formal_address("Du bist dran; ihre Karten sind verdeckt.") == []
    assert formal_address("Ihr seid dran (Phase 2).") == []
    assert formal_address("Bastionen sind neutral: sie gehören zu keinem Herzogtum.") == []
