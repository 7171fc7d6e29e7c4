"""Texts in English and German: flat catalogues in ``bot/locales/<lang>.json``.

``t(key, locale, **kw)`` looks the key up in the language of ``locale`` (any Discord locale
string, e.g. ``"de"``, ``"en-US"``), falls back to English, and fills ``{name}`` placeholders.
Keys are dotted names grouped by where the text is used (``cmd.`` slash command names and
descriptions, ``svc.`` service replies, ``rem.`` reminders, ...).
"""

from __future__ import annotations

import functools
import json
import logging
import re
import string
from importlib import resources
from typing import Any

log = logging.getLogger(__name__)

LANGUAGES = ("en", "de")
DEFAULT = "en"


def language(locale: object) -> str:
    """The catalogue language for a Discord locale (``"de"``, ``"en-GB"``, a Locale enum...)."""
    text = str(getattr(locale, "value", locale) or "").strip().lower().replace("_", "-")
    base = text.split("-")[0]
    return base if base in LANGUAGES else DEFAULT


@functools.cache
def catalogue(lang: str) -> dict[str, str]:
    text = resources.files("bot.locales").joinpath(f"{lang}.json").read_text(encoding="utf-8")
    return json.loads(text)


def has(key: str) -> bool:
    return key in catalogue(DEFAULT)


def t(key: str, locale: object = DEFAULT, /, **kw: Any) -> str:
    """The text ``key`` in the language of ``locale`` with ``{placeholders}`` filled in."""
    lang = language(locale)
    template = catalogue(lang).get(key)
    if template is None:
        template = catalogue(DEFAULT).get(key)
        if template is None:
            log.warning("missing text key %r", key)
            return key
    try:
        return template.format(**kw)
    except (KeyError, IndexError, ValueError):
        log.warning("text %r (%s) does not fit its arguments %s", key, lang, sorted(kw))
        return catalogue(DEFAULT).get(key, key).format_map(_Lenient(kw))


def placeholders(template: str) -> set[str]:
    """The ``{names}`` a template uses (for the catalogue completeness test)."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


class _Lenient(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


@functools.cache
def _move_words() -> dict[str, dict[str, dict[str, str]]]:
    text = resources.files("bot.locales").joinpath("moves.json").read_text(encoding="utf-8")
    return {lang: table for lang, table in json.loads(text).items() if lang in LANGUAGES}


def english_move(game_key: str, text: str) -> str:
    """``text`` with German move keywords swapped for the engine's English ones
    (``"nehmen 17"`` -> ``"take 17"``); words it does not know stay as they are."""
    words = {}
    for table in _move_words().values():
        words.update(table.get("*", {}))
        words.update(table.get(game_key, {}))
    return " ".join(words.get(word.lower(), word) for word in text.split())


def colour_name(colour: str, locale: object) -> str:
    """A player colour in the reader's language (``"red"`` -> ``"rot"``)."""
    key = f"choice.{colour.lower()}"
    return catalogue(language(locale)).get(key, colour) if has(key) else colour


@functools.cache
def _rule_patterns(lang: str) -> list[tuple[re.Pattern[str], str]]:
    name = f"rules_{lang}.json"
    try:
        text = resources.files("bot.locales").joinpath(name).read_text(encoding="utf-8")
    except FileNotFoundError:
        return []
    return [(re.compile(pattern), german) for pattern, german in json.loads(text)["patterns"]]


def rule_text(message: str, locale: object) -> str:
    """An engine's (English) rule message in the reader's language where the translation
    table knows it; otherwise the English message."""
    lang = language(locale)
    if lang == DEFAULT:
        return message
    for pattern, template in _rule_patterns(lang):
        found = pattern.fullmatch(message)
        if found:
            return found.expand(template)
    return message


def board_labels(game_key: str, locale: object) -> dict[str, str]:
    """The board picture's labels for a game in a language (keys ``board.<game>.<label>``),
    handed to the renderer in the view; empty for English, which renderers draw by default."""
    lang = language(locale)
    if lang == DEFAULT:
        return {}
    prefix = f"board.{game_key}."
    return {key[len(prefix):]: text for key, text in catalogue(lang).items()
            if key.startswith(prefix)}
