"""Every text in every language: the catalogues of the engine, the renderers and the bot have
the same keys with the same placeholders in English and German, keys live in the area file
named after them, and every key the source code names exists."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

import bot.i18n  # noqa: F401  (registers the bot's catalogue)
import render  # noqa: F401  (registers the renderers' catalogue)
from engine import text
from engine.text import LANGUAGES, catalogue, catalogue_files, msg, placeholders, say

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("package", text.packages())
def test_every_area_has_the_same_keys_and_placeholders_in_every_language(package):
    english = catalogue_files(package, "en")
    assert english, f"{package} has no English catalogue"
    for lang in LANGUAGES:
        other = catalogue_files(package, lang)
        assert set(other) == set(english), (package, lang, set(other) ^ set(english))
        for area, table in english.items():
            theirs = other[area]
            assert set(theirs) == set(table), (package, lang, area, set(theirs) ^ set(table))
            for key, template in table.items():
                assert isinstance(theirs[key], str) and theirs[key].strip(), (lang, key)
                assert placeholders(theirs[key]) == placeholders(template), (lang, key)


def test_a_key_is_defined_once_across_all_areas():
    seen: dict[str, str] = {}
    for package in text.packages():
        for area, table in catalogue_files(package, "en").items():
            for key in table:
                assert key not in seen, f"{key} is in {seen.get(key)} and {package}/{area}"
                seen[key] = f"{package}/{area}"


TEXT_CALLS = ("msg", "Msg", "reason", "Reason")  # the calls that name a catalogue key


@cache
def _literal_keys() -> tuple[tuple[str, str, bool], ...]:
    """(file, key or key prefix, is_prefix) for every text call in the source (parsed once
    per module: the test reads the list twice)."""
    found = []
    for folder in ("engine", "render", "bot"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                        and node.func.id in TEXT_CALLS and node.args):
                    first = node.args[0]
                    if isinstance(first, ast.Constant) and isinstance(first.value, str):
                        found.append((str(path.relative_to(ROOT)), first.value, False))
                    elif isinstance(first, ast.JoinedStr) and first.values and isinstance(
                            first.values[0], ast.Constant):
                        found.append((str(path.relative_to(ROOT)), first.values[0].value, True))
    return tuple(found)


def test_every_key_named_in_the_source_exists():
    keys = set(catalogue("en"))
    assert len(_literal_keys()) > 500  # the scan sees the source (a guard against an empty walk)
    missing = [(file, key) for file, key, prefix in _literal_keys()
               if (not any(k.startswith(key) for k in keys) if prefix else key not in keys)]
    assert not missing, missing


def test_german_is_german():
    """A German catalogue entry that is the English one verbatim is usually a forgotten
    translation; a few are the same in both (names, "Start", "Bank"), so a handful may be."""
    en, de = catalogue("en"), catalogue("de")
    same = sorted(key for key in en if en[key] == de[key] and re.search(r"[a-z]{4}", en[key]))
    assert len(same) <= max(5, len(en) // 25), same


def test_a_msg_is_its_english_and_says_itself_in_german():
    line = msg("core.rules.topics", title="Rhein", topics=["a", "b"])
    assert line == "Rhein: topics are a, b."
    assert say(line, "de") == "Rhein: Themen sind a, b."
    assert say(line, "fr") == line
    assert text.from_json(text.to_json(line)).params == line.params


def test_a_count_of_one_takes_the_singular_wording():
    """No text needs "card(s)": ``<key>.one`` words a count of exactly 1."""
    line = msg("troedler.log.must_discard", name="Green", count=1)
    assert str(line) == "Green must discard 1 card to keep 4."
    assert say(line, "de") == "Green muss 1 Karte abwerfen und behält 4."
    two = msg("troedler.log.must_discard", name="Green", count=2)
    assert str(two) == "Green must discard 2 cards to keep 4."
    assert say(two, "de") == "Green muss 2 Karten abwerfen und behält 4."
    assert str(msg("troedler.log.must_discard", name="Green", count=True)).endswith("cards to keep 4.")
    assert str(msg("rhein.pay.storage", count=1)) == "storing 1 container"
    assert say(msg("render.card.earlier", count=1), "de") == "+ 1 früherer Spielzug"
    assert say(msg("render.card.earlier", count=3), "de") == "+ 3 frühere Spielzüge"
    for lang in LANGUAGES:
        words = catalogue(lang)
        for key in (k for k in words if k.endswith(".one")):
            assert key[:-4] in words, key  # the singular of a text that has a plural


def test_a_members_locale_finds_its_languages_singulars_and_texts():
    """The turn prompt passes a member's locale ("en-US") to the card's task text: its
    singular was missed ("Discard 1 cards: the hand limit is 4"), and "de-DE" read English."""
    from engine import text as texts

    key, params = "render.card.task.troedler.limit", {"count": 1, "limit": 4}
    for locale, lang in (("en-US", "en"), ("en-GB", "en"), ("de-DE", "de"), ("de", "de")):
        said = texts.render(key, params, locale)
        assert said == texts.render(key, params, lang), locale
        assert said == texts.catalogue(lang)[f"{key}.one"].format(**params), locale
