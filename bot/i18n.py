"""The bot's texts in English and German: catalogues in ``bot/locales/<lang>/*.json``, part of
the one catalogue per language of :mod:`engine.text`.

``t(key, locale, **kw)`` looks the key up in the language of ``locale`` (any Discord locale
string, e.g. ``"de"``, ``"en-US"``), falls back to English, and fills ``{name}`` placeholders.
Keys are dotted names grouped by where the text is used (``cmd.`` slash command names and
descriptions, ``svc.`` service replies, ``rem.`` reminders, ...).
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

from engine import text as texts
from engine.text import DEFAULT, LANGUAGES, catalogue, has, language, placeholders, say

__all__ = ["DEFAULT", "LANGUAGES", "catalogue", "has", "language", "placeholders", "say", "t"]

texts.register("bot.locales")


def t(key: str, locale: object = DEFAULT, /, **kw: Any) -> str:
    """The text ``key`` in the language of ``locale`` with ``{placeholders}`` filled in."""
    return texts.render(key, kw, language(locale))


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
    # a word the notation does without ("Zug" in "Zug beenden") swaps for nothing
    return " ".join(swapped for word in text.split() if (swapped := words.get(word.lower(), word)))


def colour_name(colour: str, locale: object) -> str:
    """A player colour in the reader's language (``"red"`` -> ``"rot"``)."""
    key = f"choice.{colour.lower()}"
    return catalogue(language(locale)).get(key, colour) if has(key) else colour
