"""Texts players read, kept in catalogue files per language and said in the reader's language.

The engines stay free of any language: a rule refusal, a log line, a move label or a help
topic is a :class:`Msg` — a catalogue key with its placeholder values. A ``Msg`` *is* a ``str``
(its English wording), so tests, logs and anything that only needs English keep working; the
bot says it again in a player's or a table's language with :func:`say`.

Catalogues are JSON files ``<package>/<lang>/<area>.json`` (flat ``key: template`` maps with
``{name}`` placeholders). The engine's live in ``engine/locales``; the bot and the renderers
:func:`register` their own packages, and all of them form one catalogue per language, so a key
means the same everywhere and one test checks that every key exists in every language.
"""

from __future__ import annotations

import functools
import json
import logging
import string
from collections.abc import Iterable, Mapping
from importlib import resources
from typing import Any, NamedTuple

log = logging.getLogger(__name__)

LANGUAGES = ("en", "de")
DEFAULT = "en"

_PACKAGES: list[str] = ["engine.locales"]
# Bumped whenever the catalogues change (a package registered): a ``Msg`` made before then
# may have worded its English from fewer texts, so it is said afresh, not from its value.
_generation = 0


def register(package: str) -> None:
    """Add a package's ``<lang>/*.json`` catalogues (the bot's, the renderers')."""
    global _generation
    if package not in _PACKAGES:
        _PACKAGES.append(package)
        catalogue.cache_clear()
        _templates_for.cache_clear()
        _generation += 1


def packages() -> tuple[str, ...]:
    return tuple(_PACKAGES)


def catalogue_files(package: str, lang: str) -> dict[str, dict[str, str]]:
    """Each area file of one package and language: ``{area: {key: template}}``."""
    folder = resources.files(package).joinpath(lang)
    if not folder.is_dir():
        return {}
    files = sorted((entry for entry in folder.iterdir() if entry.name.endswith(".json")),
                   key=lambda entry: entry.name)
    return {entry.name[:-5]: json.loads(entry.read_text(encoding="utf-8")) for entry in files}


@functools.cache
def catalogue(lang: str) -> dict[str, str]:
    """Every key of every registered package in one language."""
    merged: dict[str, str] = {}
    for package in _PACKAGES:
        for table in catalogue_files(package, lang).values():
            merged.update(table)
    return merged


def language(locale: object) -> str:
    """The catalogue language for a locale (``"de"``, ``"en-GB"``, a discord.Locale...)."""
    if type(locale) is str and locale in LANGUAGES:
        return locale  # already a catalogue language: every nested text is said with one
    text = str(getattr(locale, "value", locale) or "").strip().lower().replace("_", "-")
    base = text.split("-")[0]
    return base if base in LANGUAGES else DEFAULT


def has(key: str) -> bool:
    return key in catalogue(DEFAULT)


class Msg(str):
    """A catalogue text: its value is the English wording, ``key`` and ``params`` let
    :func:`say` word it in another language. Immutable, like the ``str`` it is."""

    key: str
    params: dict[str, Any]
    generation: int

    def __new__(cls, key: str, params: dict[str, Any] | None = None) -> Msg:
        params = dict(params or {})
        obj = super().__new__(cls, render(key, params, DEFAULT))
        obj.key = key
        obj.params = params
        obj.generation = _generation
        return obj

    def english(self) -> str | None:
        """Its English as worded when it was made, while the catalogues are still those it
        was worded from: a text nested in another is then not worded again, level by level."""
        return str.__str__(self) if self.generation == _generation else None

    def __reduce__(self) -> tuple[Any, ...]:
        return (Msg, (self.key, self.params))

    def __copy__(self) -> Msg:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Msg:
        return self

    def __repr__(self) -> str:
        return f"Msg({self.key!r}, {self.params!r})"


class Reason(NamedTuple):
    """A text not yet worded: its key and values (nested ``Reason``s too). Rule checks that
    legal() runs over hundreds of candidates return these, and :func:`worded` makes the
    ``Msg`` only for the one a player is told about (a ``Msg`` formats its English at once)."""

    key: str
    params: dict[str, Any]


def reason(key: str, /, **params: Any) -> Reason:
    return Reason(key, params)


def worded(text: Reason | Msg | str) -> Msg | str:
    """A ``Reason`` as the ``Msg`` a player reads; a text already worded stays as it is."""
    if isinstance(text, Reason):
        return Msg(text.key, {name: worded(value) if isinstance(value, Reason) else value
                              for name, value in text.params.items()})
    return text


def msg(key: str, /, **params: Any) -> Msg:
    """The text ``key`` with its placeholder values (numbers, names, other ``Msg``s, lists)."""
    return Msg(key, params)


PLAYER = "core.player"
# 18Rhl's log lines stored before the shared key existed name players with its own.
_PLAYER_KEYS = (PLAYER, "rhl18.player")


def player(seat: int) -> Msg:
    """A player named by seat ("Player 2") in an engine's log line. The engine does not know
    who sits there (a seat can change hands mid-game); the bot says the table's name for
    that seat instead, with :func:`naming`."""
    return Msg(PLAYER, {"n": seat + 1})


def seats_named(text: Any, keyed: Mapping[str, int] | None = None) -> list[int]:
    """The seats a text names with :func:`player` or, ``keyed``, by a catalogue key that
    names a seat's colour ("rhein.player.blue" -> its seat), in the order it names them."""
    if isinstance(text, Msg):
        if text.key in _PLAYER_KEYS:
            return [text.params.get("n", 0) - 1]
        if keyed and text.key in keyed:
            return [keyed[text.key]]
        return [seat for value in text.params.values() for seat in seats_named(value, keyed)]
    if isinstance(text, list | tuple):
        return [seat for item in text for seat in seats_named(item, keyed)]
    return []


def naming(text: Any, names: Mapping[int, str], keyed: Mapping[str, str] | None = None
           ) -> Any:
    """``text`` with every :func:`player` reference in it replaced by that seat's name from
    ``names`` (seat -> name); a seat without a name stays "Player N". ``keyed``: catalogue
    keys that name a seat by its colour ("troedler.player.green") -> that seat's name."""
    if isinstance(text, Msg):
        if text.key in _PLAYER_KEYS:
            return names.get(text.params.get("n", 0) - 1, text)
        if keyed and text.key in keyed:
            return keyed[text.key]
        return Msg(text.key, {k: naming(v, names, keyed) for k, v in text.params.items()})
    if isinstance(text, list | tuple):
        return [naming(item, names, keyed) for item in text]
    return text


def say(text: Any, locale: object = DEFAULT) -> str:
    """``text`` in the language of ``locale``: a ``Msg`` (or its JSON form) is worded from
    the catalogue; a list is said item by item and joined; anything else is its ``str``."""
    lang = language(locale)
    if isinstance(text, Msg):
        said = text.english() if lang == DEFAULT else None
        return said if said is not None else render(text.key, text.params, lang)
    if isinstance(text, dict) and "key" in text:
        return say(from_json(text), lang)
    if isinstance(text, list | tuple):
        return ", ".join(say(item, lang) for item in text)
    return str(text)


def render(key: str, params: dict[str, Any], lang: str) -> str:
    # a caller may pass a member's locale ("en-US", "de-DE"): its catalogue is its language's,
    # else its singulars were missed ("Discard 1 cards") and German read English
    lang = language(lang)
    values = {name: _value(value, lang) for name, value in params.items()}
    first = None
    for tongue in dict.fromkeys((lang, DEFAULT)):
        for template, past in _templates(key, params, tongue):
            said = _filled(template, values)
            if said is not None:
                if past:  # an old line's values, or a live call missing one: say which
                    log.debug("text %r (%s) said in a past wording for %s", key, tongue,
                              sorted(values))
                return said
            first = first or template
    if first is None:
        log.warning("missing text key %r", key)
        return key
    log.warning("text %r (%s) does not fit its arguments %s", key, lang, sorted(values))
    return first.format_map(_Lenient(values))


def _filled(template: str, values: dict[str, Any]) -> str | None:
    """``template`` with ``values``, or None if they do not fill it."""
    if not placeholders(template) <= values.keys():
        return None
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):
        return None


def _templates(key: str, params: dict[str, Any], lang: str) -> tuple[tuple[str, bool], ...]:
    """The wordings that may say ``key`` in ``lang``, best first, each with whether it is a
    past one: today's, then those kept for lines an older bot stored (:func:`legacy`), those
    filling the most values first."""
    count = params.get("count")
    # a text with a ``count`` of exactly 1 may have its own wording, ``<key>.one``
    # ("discards 1 card"), so no text needs "card(s)"
    one = type(count) is int and count == 1
    return _templates_for(key, one, frozenset(params), lang)


@functools.lru_cache(maxsize=8192)
def _templates_for(key: str, one: bool, names_given: frozenset[str], lang: str
                   ) -> tuple[tuple[str, bool], ...]:
    # the same few thousand texts are said over and over with the same value names
    names = [f"{key}.one", key] if one else [key]
    found: list[tuple[str, bool]] = []
    for name in names:
        today = catalogue(lang).get(name)
        past = sorted(legacy(lang).get(name, ()),
                      key=lambda template: -len(placeholders(template) & names_given))
        found += ([(today, False)] if today is not None else []) + [(t, True) for t in past]
    return tuple(found)


@functools.cache
def legacy(lang: str) -> dict[str, list[str]]:
    """Past wordings of engine texts whose placeholders changed or which were removed, newest
    first (``engine/locales/legacy.json``). A move log stores a text's key and values, so a
    line an older bot stored has the values of its time: today's wording would show
    "{percent}" or the bare key, a past one reads as the line did when it was written."""
    data = json.loads(resources.files("engine.locales").joinpath("legacy.json")
                      .read_text(encoding="utf-8"))
    return data.get(lang, {})


def _value(value: Any, lang: str) -> Any:
    # numbers stay numbers so templates may format them ({amount:,}); texts are said
    if isinstance(value, bool) or not isinstance(value, int | float):
        return say(value, lang)
    return value


class _Lenient(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


@functools.cache
def placeholders(template: str) -> frozenset[str]:
    """The ``{names}`` a template uses (for the catalogue completeness tests)."""
    return frozenset(name for _, name, _, _ in string.Formatter().parse(template) if name)


def to_json(text: Any) -> Any:
    """A text as JSON data: a ``Msg`` keeps its key so it can be said in any language later
    (log lines are stored this way); plain strings stay strings."""
    if isinstance(text, Msg):
        return {"key": text.key, "params": {k: to_json(v) for k, v in text.params.items()}}
    if isinstance(text, list | tuple):
        return [to_json(item) for item in text]
    return text


def from_json(data: Any) -> Any:
    """The inverse of :func:`to_json`."""
    if isinstance(data, dict) and "key" in data:
        params = {k: from_json(v) for k, v in dict(data.get("params") or {}).items()}
        return Msg(str(data["key"]), params)
    if isinstance(data, list):
        return [from_json(item) for item in data]
    return data


def encode(text: Any) -> str:
    """A text for a plain TEXT column: a ``Msg`` as its JSON form, a string as itself."""
    return json.dumps(to_json(text), ensure_ascii=False) if isinstance(text, Msg) else str(text)


def decode(stored: str) -> str:
    """The inverse of :func:`encode` (an ordinary string stays as it is)."""
    if stored.startswith('{"key"'):
        try:
            return from_json(json.loads(stored))
        except (ValueError, TypeError):
            pass
    return stored


def text_of(error: BaseException) -> str:
    """An exception's message as raised: a ``Msg`` stays one (``str(error)`` flattens it)."""
    first = error.args[0] if error.args else ""
    return first if isinstance(first, str) else str(error)


def keys_used(texts: Iterable[Any]) -> set[str]:
    """Every catalogue key a collection of texts refers to, nested ones included."""
    found: set[str] = set()
    for text in texts:
        if isinstance(text, Msg):
            found.add(text.key)
            found |= keys_used(text.params.values())
        elif isinstance(text, list | tuple):
            found |= keys_used(text)
    return found
